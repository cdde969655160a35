package dev.vtbench.operator.e2e;

import static dev.vtbench.operator.e2e.PlacementFixture.ID;
import static dev.vtbench.operator.e2e.PlacementFixture.RUN;
import static dev.vtbench.operator.e2e.PlacementFixture.database;
import static dev.vtbench.operator.e2e.PlacementFixture.pod;
import static dev.vtbench.operator.e2e.PlacementFixture.runner;
import static dev.vtbench.operator.e2e.PlacementFixture.tier;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunPodsTest {

  private static final String LOAD = RUN + "-load-0";
  private static final String WARM_UP = RUN + "-load-0-warmup";

  private static final List<PlacedPod> SEEN =
      List.of(
          database("two-core-placement-db-1-initdb-x", "vm-3", 0, "cnpg.io/jobRole", "initdb"),
          database("two-core-placement-db-1", "vm-3", 20, "cnpg.io/instanceRole", "primary"),
          tier("two-core-placement-stub-a", "vm-2", 21, "stub"),
          tier("two-core-placement-sut-b", "vm", 40, "sut"),
          runner("w-1", "vm-3", 60, WARM_UP, ID + "-jit-warmup"),
          runner("w-2", "vm-2", 60, WARM_UP, ID + "-jit-warmup"),
          runner("m-1", "vm-2", 90, LOAD, ID),
          runner("m-2", "vm-3", 91, LOAD, ID),
          // k6-operator's starter carries only the TestRun's name
          pod("m-starter", "vm-2", 92, "k6_cr", LOAD, "app", "k6"));

  @Test
  void theRunsPodsAreItsOwnItsDatabasesAndItsLoadsStarters() {
    assertThat(SEEN).allMatch(p -> RunPods.ofRun(p, RUN));
    assertThat(RunPods.ofRun(pod("x", "vm", 0, "vtbench.dev/run", "other"), RUN)).isFalse();
    assertThat(RunPods.ofRun(pod("x", "vm", 0, "cnpg.io/cluster", "other-db"), RUN)).isFalse();
    assertThat(RunPods.ofRun(pod("x", "vm", 0, "k6_cr", "other-load-0"), RUN)).isFalse();
    assertThat(RunPods.ofRun(pod("coredns", "vm", 0, "k8s-app", "kube-dns"), RUN)).isFalse();
  }

  @Test
  void tierNodesNamesEachTiersNodeAndTheMeasuredLoadsRunnersSortedAndDistinct() {
    assertThat(RunPods.expected(SEEN, ID).format())
        .isEqualTo("sut=vm;stub=vm-2;database=vm-3;load=vm-2+vm-3");
    List<PlacedPod> oneNode =
        List.of(
            tier("s", "vm", 0, "sut"),
            tier("t", "vm-2", 0, "stub"),
            database("d", "vm-2", 0, "role", "primary"),
            runner("a", "vm-2", 0, LOAD, ID),
            runner("b", "vm-2", 0, LOAD, ID));
    assertThat(RunPods.expected(oneNode, ID).format())
        .isEqualTo("sut=vm;stub=vm-2;database=vm-2;load=vm-2");
  }

  @Test
  void initializersStartersAndInitdbAreNotRunnersOrThePrimary() {
    PlacedPod initializer =
        pod("i", "vm-2", 0, "app.kubernetes.io/component", "load", "k6_cr", LOAD, "app", "k6");
    assertThat(RunPods.runner(initializer)).isFalse();
    assertThat(RunPods.runner(SEEN.get(6))).isTrue();
    assertThat(RunPods.primary(SEEN.get(0))).isFalse();
    assertThat(RunPods.primary(SEEN.get(1))).isTrue();
    // a Job's runner carries no k6-operator label
    assertThat(RunPods.runner(tier("job-runner", "vm-2", 0, "load"))).isTrue();
  }

  @Test
  void eachLoadsRunnersStartedTogetherAreOneAttemptAndARecreatedLoadAnother() {
    List<PlacedPod> pods =
        List.of(
            runner("m-1", "vm-2", 90, LOAD, ID),
            runner("m-2", "vm-3", 91, LOAD, ID),
            // created again after a stall (LoadRecreated), 30 s later
            runner("m-1b", "vm-3", 125, LOAD, ID),
            runner("m-2b", "vm-2", 125, LOAD, ID),
            runner("w-1", "vm-3", 60, WARM_UP, ID + "-jit-warmup"),
            runner("w-2", "vm-2", 61, WARM_UP, ID + "-jit-warmup"));
    List<RunPods.Attempt> attempts = RunPods.attempts(pods);
    assertThat(attempts).extracting(RunPods.Attempt::load).containsExactly(WARM_UP, LOAD, LOAD);
    assertThat(attempts)
        .extracting(a -> a.runners().stream().map(PlacedPod::name).toList())
        .containsExactly(List.of("w-1", "w-2"), List.of("m-1", "m-2"), List.of("m-1b", "m-2b"));
  }

  @Test
  void aWarmUpRoundIsALoadOfItsOwn() {
    PlacedPod r1 = runner("w-1", "vm-3", 60, WARM_UP, ID + "-jit-warmup");
    PlacedPod r2 = runner("w-1", "vm-2", 62, WARM_UP, ID + "-jit-warmup");
    r1 = withLabel(r1, "vtbench.dev/warm-up-from", "0");
    r2 = withLabel(r2, "vtbench.dev/warm-up-from", "9000");
    assertThat(RunPods.attempts(List.of(r1, r2))).hasSize(2);
  }

  @Test
  void aPodSeenAgainKeepsItsNodeAndEveryLabelItHad() {
    PlacedPod created = pod("db-1", "", 0, "cnpg.io/cluster", RUN + "-db");
    PlacedPod bound =
        pod("db-1", "vm-3", 0, "cnpg.io/cluster", RUN + "-db", "cnpg.io/instanceRole", "primary");
    PlacedPod deleted = pod("db-1", "", 0, "cnpg.io/cluster", RUN + "-db");
    PlacedPod merged = created.merge(bound).merge(deleted);
    assertThat(merged.node()).isEqualTo("vm-3");
    assertThat(RunPods.primary(merged)).isTrue();
    assertThat(created.scheduled()).isFalse();
  }

  private static PlacedPod withLabel(PlacedPod p, String key, String value) {
    return p.merge(new PlacedPod(p.uid(), p.name(), p.node(), Map.of(key, value), p.created()));
  }
}
