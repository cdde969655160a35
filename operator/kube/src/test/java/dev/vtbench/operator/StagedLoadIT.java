package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.resources.LoadTier;
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
    String ns = KubeApi.namespace("staged");
    Operator operator = OperatorIT.startOperator(ns);
    try {
      Controllers play = new Controllers(OperatorIT.k8s, ns);
      BenchmarkRunResource run = OperatorIT.create(ns, "staged", SPEC);
      List<Scenario> plan = Planner.plan(run.getSpec());
      String load = OperatorIT.firstLoadName(play, run);
      Job job = await(load, WAIT, () -> play.job(load));

      assertThat(LoadTier.stages(job)).containsExactlyElementsOf(ids(plan));
      assertThat(job.getSpec().getTemplate().getSpec().getInitContainers())
          .extracting(Container::getName)
          .containsExactly("k6-stage-1", "k6-stage-2");
      // each stage's script loads the SUT at its own level
      ConfigMap scripts = OperatorIT.k8s.configMaps().inNamespace(ns).withName(load).get();
      for (int i = 0; i < plan.size(); i++) {
        assertThat(scripts.getData().get(LoadTier.scriptKey(i, plan.size())))
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
    } finally {
      operator.stop();
    }
  }

  @Test
  void aFailedStageFailsTheRunNamingItsContainerAndKeepsTheRowsBefore() throws Exception {
    String ns = KubeApi.namespace("staged-fail");
    Operator operator = OperatorIT.startOperator(ns);
    try {
      Controllers play = new Controllers(OperatorIT.k8s, ns);
      BenchmarkRunResource run = OperatorIT.create(ns, "halfway", SPEC);
      List<Scenario> plan = Planner.plan(run.getSpec());
      String load = OperatorIT.firstLoadName(play, run);
      await(load, WAIT, () -> play.job(load));
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
      assertThat(ResourceNames.load(run, plan.get(0).index(), false)).isEqualTo(load);
    } finally {
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
