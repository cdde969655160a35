package dev.vtbench.operator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuListTest {

  @Test
  void readsTheKernelsListsAndRanges() {
    assertThat(CpuList.parse("0,2-3\n").cpus()).containsExactlyInAnyOrder(0, 2, 3);
    assertThat(CpuList.parse("").cpus()).isEmpty();
  }

  @Test
  void overlapsWhenACpuIsShared() {
    assertThat(CpuList.parse("1").overlaps(CpuList.parse("0-1"))).isTrue();
    assertThat(CpuList.parse("1").overlaps(CpuList.parse("0,2-3"))).isFalse();
    assertThat(CpuList.parse("").overlaps(CpuList.parse("0-3"))).isFalse();
  }
}
