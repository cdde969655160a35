package dev.vtbench.operator.e2e;

import static dev.vtbench.operator.e2e.PlacementFixture.ID;
import static dev.vtbench.operator.e2e.PlacementFixture.ROLES;
import static dev.vtbench.operator.e2e.PlacementFixture.RUN;
import static dev.vtbench.operator.e2e.PlacementFixture.database;
import static dev.vtbench.operator.e2e.PlacementFixture.pod;
import static dev.vtbench.operator.e2e.PlacementFixture.runner;
import static dev.vtbench.operator.e2e.PlacementFixture.tier;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.Checks;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TierPlacementChecksTest {

  private static final String LOAD = RUN + "-load-0";
  private static final String AS_SEEN = "sut=vm;stub=vm-2;database=vm-3;load=vm-2+vm-3";

  private static List<PlacedPod> asPromised() {
    return new ArrayList<>(
        List.of(
            database(RUN + "-db-1", "vm-3", 20, "cnpg.io/instanceRole", "primary"),
            tier(RUN + "-stub-a", "vm-2", 21, "stub"),
            tier(RUN + "-sut-b", "vm", 40, "sut"),
            runner("m-1", "vm-2", 90, LOAD, ID),
            runner("m-2", "vm-3", 91, LOAD, ID),
            pod("m-starter", "vm-3", 92, "k6_cr", LOAD)));
  }

  private static List<ResultRow> rows(String cpuset) {
    return rows(cpuset, AS_SEEN);
  }

  private static List<ResultRow> rows(String cpuset, String tierNodes) {
    return List.of(
        ResultRow.builder()
            .ts(PlacementFixture.T0)
            .threadMode("virtual")
            .hikariPool(50)
            .pathMode("normal")
            .connMode("released")
            .concurrency(50)
            .rep(1)
            .throughputRps(120.0)
            .scenarioId(ID)
            .sutCpuset(cpuset)
            .tierNodes(tierNodes)
            .build());
  }

  private static Checks check(List<PlacedPod> pods, List<ResultRow> rows) {
    Checks c = new Checks();
    new TierPlacementChecks(c, RUN, ROLES, 2, "1").check(pods, rows, List.of(ID));
    return c;
  }

  @Test
  void aRunPlacedAsPromisedPassesEveryCheck() {
    assertThat(check(asPromised(), rows("1")).anyFailed()).isFalse();
  }

  @Test
  void aPodOfTheRunOnTheSutsNodeFailsEvenIfItCameAndWent() {
    List<PlacedPod> pods = asPromised();
    pods.add(pod("init-starter", "vm", 80, "k6_cr", RUN + "-load-0-warmup"));
    assertThat(check(pods, rows("1")).anyFailed()).isTrue();
  }

  @Test
  void runnersSharingANodeOrOnTheSutsFail() {
    List<PlacedPod> shared = asPromised();
    shared.set(4, runner("m-2", "vm-2", 91, LOAD, ID));
    assertThat(check(shared, rows("1", "sut=vm;stub=vm-2;database=vm-3;load=vm-2")).anyFailed())
        .isTrue();
    List<PlacedPod> onSut = asPromised();
    onSut.set(4, runner("m-2", "vm", 91, LOAD, ID));
    assertThat(check(onSut, rows("1")).anyFailed()).isTrue();
  }

  @Test
  void aTierOffItsNodeAWrongCpuOrAWrongRowFails() {
    List<PlacedPod> stubAway = asPromised();
    stubAway.set(1, tier(RUN + "-stub-a", "vm-3", 21, "stub"));
    assertThat(check(stubAway, rows("1")).anyFailed()).isTrue();
    assertThat(check(asPromised(), rows("0")).anyFailed()).isTrue();
    assertThat(check(asPromised(), List.of()).anyFailed()).isTrue();
    String other = AS_SEEN.replace("load=vm-2+vm-3", "load=vm-3");
    assertThat(check(asPromised(), rows("1", other)).anyFailed()).isTrue();
    assertThat(check(asPromised(), rows("1", null)).anyFailed()).isTrue();
  }

  @Test
  void noPodSeenIsNoPass() {
    assertThat(check(List.of(), rows("1")).anyFailed()).isTrue();
  }
}
