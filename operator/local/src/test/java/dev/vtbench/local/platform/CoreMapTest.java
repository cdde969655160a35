package dev.vtbench.local.platform;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CoreMapTest {

  @Test
  void onTwoCoresTheSutGetsOneToItself() {
    CoreMap m = CoreMap.plan(2, 4, 1);
    assertThat(m.sut()).isEqualTo("1");
    assertThat(m.load()).isEqualTo("0");
    assertThat(m.database()).isEqualTo("0");
    assertThat(m.count(m.sut())).isEqualTo(1);
  }

  @Test
  void onEightCoresTheReferenceSplit() {
    CoreMap m = CoreMap.plan(8, 4, 1);
    assertThat(m.sut()).isEqualTo("4-7");
    assertThat(m.database()).isEqualTo("3");
    assertThat(m.load()).isEqualTo("0-2");
    assertThat(m.count(m.load())).isEqualTo(3);
    assertThat(m.loadCores()).containsExactlyInAnyOrder(0, 1, 2);
  }

  @Test
  void oneCpuPinsNothing() {
    CoreMap m = CoreMap.plan(1, 4, 1);
    assertThat(m.sut()).isNull();
    assertThat(m.count(m.sut())).isEqualTo(1);
    assertThat(m.loadCores()).containsExactly(0);
  }

  @Test
  void aRunWithoutItsOwnPostgresqlGivesItsCoresToTheLoad() {
    CoreMap m = CoreMap.plan(8, 4, 0);
    assertThat(m.sut()).isEqualTo("4-7");
    assertThat(m.database()).isNull();
    assertThat(m.load()).isEqualTo("0-3");
    assertThat(m.toString()).isEqualTo("SUT 4-7 | PostgreSQL none | k6 + stub 0-3");
    assertThat(CoreMap.plan(2, 1, 0).load()).isEqualTo("0");
  }
}
