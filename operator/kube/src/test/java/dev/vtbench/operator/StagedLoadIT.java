package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.javaoperatorsdk.operator.Operator;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * The scenarios of one SUT configuration as stages of one load, against the real API server: one
 * Job whose pod runs a k6 container per scenario one after another (the Job controller and kubelet
 * played), a row recorded as soon as each stage's container exits, the Job kept until the last; a
 * stage that fails fails the run naming its container, and the rows before it stay.
 */
class StagedLoadIT {

  /** One thread mode, one pool, three levels: one SUT configuration, one load of three stages. */
  static final String SPEC =
      OperatorIT.SMALL.formatted("job", "0s")
          + "matrix: {threadModes: [virtual], hikariPoolSizes: [10], concurrency: [10, 20, 30],"
          + " repetitions: 1}\n";

  @Test
  void oneJobRunsEveryLevelOfAConfigurationAndEachStageIsARowAsSoonAsItEnds() throws Exception {
    try (Staged r = Staged.start("staged")) {
      String ns = r.ns();
      Controllers play = r.play();
      List<Scenario> plan = r.plan();
      String load = r.load();
      Job job = play.job(load);

      assertThat(LoadScript.stages(job)).containsExactlyElementsOf(ids(plan));
      assertThat(job.getSpec().getTemplate().getSpec().getInitContainers())
          .extracting(Container::getName)
          .containsExactly("k6-stage-1", "k6-stage-2");
      // each stage's script loads the SUT at its own level
      ConfigMap scripts = OperatorIT.k8s.configMaps().inNamespace(ns).withName(load).get();
      for (int i = 0; i < plan.size(); i++) {
        assertThat(scripts.getData().get(LoadScript.scriptKey(i, plan.size())))
            .as("stage %d", i + 1)
            .contains("closed model (ramping-vus), " + plan.get(i).concurrency() + " VUs");
      }

      String pod = load + "-xyz12";
      play.stagedPod(load, pod, List.of());
      assertNoRowFor(ns, "staged");
      play.stagedPod(load, pod, List.of(OperatorIT.runnerSummary()));
      awaitDone(ns, "staged", 1);
      // the second stage runs in the same pod: no other load object
      assertThat(play.job(load)).isNotNull();
      assertThat(OperatorIT.k8s.batch().v1().jobs().inNamespace(ns).list().getItems()).hasSize(1);
      play.stagedPod(load, pod, List.of(OperatorIT.runnerSummary(), OperatorIT.runnerSummary()));
      awaitDone(ns, "staged", 2);
      play.stagedPod(
          load,
          pod,
          List.of(
              OperatorIT.runnerSummary(), OperatorIT.runnerSummary(), OperatorIT.runnerSummary()));

      List<ResultRow> rows = OperatorIT.succeededRows(ns, "staged");
      assertThat(rows).extracting(ResultRow::scenarioId).containsExactlyElementsOf(ids(plan));
      assertThat(rows).extracting(ResultRow::concurrency).containsExactly(10, 20, 30);
      await(
          load + " deleted after its last stage", WAIT, () -> play.job(load) == null ? true : null);
    }
  }

  @Test
  void aFailedStageFailsTheRunNamingItsContainerAndKeepsTheRowsBefore() throws Exception {
    try (Staged r = Staged.start("halfway")) {
      String ns = r.ns();
      Controllers play = r.play();
      List<Scenario> plan = r.plan();
      String load = r.load();
      String pod = load + "-xyz12";
      play.stagedPod(load, pod, List.of(OperatorIT.runnerSummary()));
      awaitDone(ns, "halfway", 1);
      // k6 of the second stage threw: the kubelet runs no later container
      play.failStage(pod, "k6-stage-2", 107, "ReferenceError: boom");

      BenchmarkRunStatus failed =
          OperatorIT.awaitStatus(
              ns, "halfway", "Failed", OperatorIT.condition("Succeeded", "False", "LoadFailed"));
      assertThat(OperatorIT.conditionOf(failed, "Succeeded").getMessage())
          .contains(pod + " (k6-stage-2) exited with 107")
          .contains("ReferenceError: boom")
          .contains("kubectl logs " + pod + " -c k6-stage-2");
      assertThat(new ResultsStore(OperatorIT.k8s).rows(OperatorIT.get(ns, "halfway")))
          .extracting(ResultRow::scenarioId)
          .containsExactly(plan.get(0).id());
      assertThat(ResourceNames.load(r.run(), plan.get(0).index(), false)).isEqualTo(load);
    }
  }

  @Test
  void aRunnerLostMidStageLosesOnlyTheStageInFlightOnceAndFailsTheRunTheSecondTime()
      throws Exception {
    try (Staged r = Staged.start("lost")) {
      String ns = r.ns();
      Controllers play = r.play();
      BenchmarkRunResource run = r.run();
      List<Scenario> plan = r.plan();
      String load = r.load();
      play.stagedPod(load, load + "-xyz12", List.of(OperatorIT.runnerSummary()));
      awaitDone(ns, "lost", 1);

      // the pod goes while the second stage runs: that stage is lost, not the first's row
      play.loseRunner(load, load + "-xyz12");
      String again = ResourceNames.load(run, plan.get(1).index(), false);
      Job second = await(again, WAIT, () -> play.job(again));
      assertThat(LoadScript.stages(second)).containsExactly(plan.get(1).id(), plan.get(2).id());
      await(load + " deleted", WAIT, () -> play.job(load) == null ? true : null);
      assertThat(OperatorIT.get(ns, "lost").getStatus().recreatedLoad).isEqualTo(again);
      play.stagedPod(again, again + "-abc34", List.of(OperatorIT.runnerSummary()));
      awaitDone(ns, "lost", 2);

      // and the new load's runner goes too: the run fails, its two rows kept, none repeated
      play.loseRunner(again, again + "-abc34");
      BenchmarkRunStatus failed =
          OperatorIT.awaitStatus(
              ns, "lost", "Failed", OperatorIT.condition("Succeeded", "False", "LoadFailed"));
      assertThat(OperatorIT.conditionOf(failed, "Succeeded").getMessage())
          .contains(again + ": its runner pod went away")
          .contains("though it was created again once");
      assertThat(new ResultsStore(OperatorIT.k8s).rows(OperatorIT.get(ns, "lost")))
          .extracting(ResultRow::scenarioId)
          .containsExactly(plan.get(0).id(), plan.get(1).id());
    }
  }

  /**
   * A run of {@link #SPEC} named {@code name} in a namespace of its own with its operator, its
   * tiers played ready and its first load's Job created; closing it stops the operator.
   */
  private record Staged(
      String ns,
      Operator operator,
      Controllers play,
      BenchmarkRunResource run,
      List<Scenario> plan,
      String load)
      implements AutoCloseable {

    static Staged start(String name) {
      String ns = KubeApi.namespace("staged-" + name);
      Operator operator = OperatorIT.startOperator(ns);
      Controllers play = new Controllers(OperatorIT.k8s, ns);
      BenchmarkRunResource run = OperatorIT.create(ns, name, SPEC);
      String load = OperatorIT.firstLoadName(play, run);
      await(load, WAIT, () -> play.job(load));
      return new Staged(ns, operator, play, run, Planner.plan(run.getSpec()), load);
    }

    @Override
    public void close() {
      operator.stop();
    }
  }

  private static List<String> ids(List<Scenario> plan) {
    return plan.stream().map(Scenario::id).toList();
  }

  private static void awaitDone(String ns, String name, int done) {
    OperatorIT.awaitStatus(ns, name, done + " rows", st -> Objects.equals(st.scenariosDone, done));
  }

  /** For a few seconds while the first stage runs: no row. */
  private static void assertNoRowFor(String ns, String name) throws InterruptedException {
    long until = System.nanoTime() + java.time.Duration.ofSeconds(3).toNanos();
    while (System.nanoTime() < until) {
      BenchmarkRunResource r = OperatorIT.get(ns, name);
      assertThat(r.getStatus() == null ? null : r.getStatus().scenariosDone)
          .as("rows recorded")
          .isIn(null, 0);
      Thread.sleep(250);
    }
  }
}
