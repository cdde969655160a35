package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.create;
import static dev.vtbench.operator.OperatorIT.get;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Steady state detected on a cluster, against a real kube-apiserver: warm-up rounds judged on the
 * SUT's windows in the runner's summary, one after the other under the same load name, until the
 * SUT is steady; then the measurement, whose row says so.
 */
class WarmUpIT {

  static final KubernetesClient k8s = KubeApi.client();

  static String cold;
  static String warm;

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  /** The real runner summary with six 5 s windows of a JVM still compiling, or of a warm one. */
  @BeforeAll
  static void summaries() throws Exception {
    String summary = OperatorIT.runnerSummary();
    cold = OperatorIT.withWindows(summary, "[5,2000,4.9,4.0,3.92]");
    warm = OperatorIT.withWindows(summary, "[5,5000,1.5,0.01,0.003]");
  }

  @Test
  void warmUpRoundsFollowUnderOneNameUntilTheSutIsSteadyThenTheRowSaysSo() {
    String ns = operator.startInNewNamespace("steady");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run = upToTheSut(play, ns, "warm");
    Scenario s = Planner.plan(run.getSpec()).getFirst();
    play.available("warm-sut");
    play.available("warm-stub");
    String name = ResourceNames.load(run, s.index(), true);

    // Round 1: still compiling after 20 s.
    Job first = await(name, WAIT, () -> play.job(name));
    assertThat(first.getMetadata().getLabels()).containsEntry(Labels.WARM_UP_FROM, "0");
    awaitStatus(
        ns,
        "warm",
        "round 1 announced",
        st ->
            OperatorIT.conditionOf(st, "LoadRunning") != null
                && OperatorIT.conditionOf(st, "LoadRunning")
                    .getMessage()
                    .startsWith("JIT warm-up round 1 (0 s so far, at most 90 s) before " + s.id()));
    play.finishJob(name, name + "-round1", 0, cold);
    BenchmarkRunStatus status =
        awaitStatus(ns, "warm", "round 1 judged", st -> underLoad(st, 20.0));
    assertThat(status.warmUp.steady).isFalse();
    assertThat(status.warmedUp).isEqualTo(s.sut().key());

    // Round 2: a new Job under the same name, read from its own pod, not round 1's finished one.
    Job second =
        await(
            name + " of round 2",
            WAIT,
            () -> {
              Job j = play.job(name);
              return j != null
                      && "20000".equals(j.getMetadata().getLabels().get(Labels.WARM_UP_FROM))
                  ? j
                  : null;
            });
    assertThat(second.getMetadata().getUid()).isNotEqualTo(first.getMetadata().getUid());
    assertThat(k8s.pods().inNamespace(ns).withName(name + "-round1").get())
        .as("round 1's runner pod is still there")
        .isNotNull();
    status =
        awaitStatus(
            ns,
            "warm",
            "round 2 announced",
            st ->
                OperatorIT.conditionOf(st, "LoadRunning")
                    .getMessage()
                    .startsWith("JIT warm-up round 2 (20 s so far, at most 90 s)"));
    assertThat(status.warmUp.underLoadSeconds)
        .as("round 2 not judged on round 1's pod")
        .isEqualTo(20.0);
    play.finishJob(name, name + "-round2", 0, warm);
    status = awaitStatus(ns, "warm", "steady", st -> underLoad(st, 40.0));
    assertThat(status.warmUp.steady).isTrue();

    // Steady before the cap: measured at once, and the row carries the warm-up.
    String measured = ResourceNames.load(run, s.index(), false);
    await(measured, WAIT, () -> play.job(measured));
    play.finishJob(measured, 0, warm);
    status = awaitStatus(ns, "warm", "recorded", st -> Objects.equals(st.scenariosDone, 1));
    List<ResultRow> rows = new ResultsStore(k8s).rows(get(ns, "warm"));
    assertThat(rows).hasSize(1);
    assertThat(rows.getFirst().warmupS()).isEqualTo(40.0);
    assertThat(rows.getFirst().steadyState()).isTrue();
    assertThat(
            k8s.v1().events().inNamespace(ns).list().getItems().stream()
                .filter(e -> "WarmUpFinished".equals(e.getReason()))
                .map(e -> e.getMessage()))
        .contains(
            name + ": SUT not steady after 20 s of load (at most 90 s)",
            name + ": SUT steady after 40 s of load");
  }

  /**
   * The SUT pod replaced while a scenario is measured: a new JVM, so the measurement is dropped,
   * the warm-up starts again from 0 s under a new round label (the old SUT's first round left its
   * runner pod behind), and the row counts only the new JVM's load.
   */
  @Test
  void aSutRestartedMidMeasurementIsWarmedUpAgainAndTheMeasurementDropped() {
    String ns = operator.startInNewNamespace("restarted");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run = upToTheSut(play, ns, "cold");
    Scenario s = Planner.plan(run.getSpec()).getFirst();
    String a = play.runningPod("cold-sut", "cold-sut-a", "sut@sha256:a").getMetadata().getUid();
    play.available("cold-sut");
    play.available("cold-stub");
    String name = ResourceNames.load(run, s.index(), true);
    String measured = ResourceNames.load(run, s.index(), false);

    Job first = await(name, WAIT, () -> play.job(name));
    String firstRound = first.getMetadata().getLabels().get(Labels.WARM_UP_FROM);
    assertThat(firstRound).startsWith("0-");
    play.finishJob(name, name + "-a", 0, warm);
    BenchmarkRunStatus status = awaitStatus(ns, "cold", "steady", st -> underLoad(st, 20.0));
    assertThat(status.warmUp.steady).isTrue();
    assertThat(status.warmUp.sutStart).isEqualTo(a + "/0");
    await(measured, WAIT, () -> play.job(measured));

    // evicted, say: the ReplicaSet's new pod is another JVM
    k8s.pods().inNamespace(ns).withName("cold-sut-a").delete();
    play.runningPod("cold-sut", "cold-sut-b", "sut@sha256:a");
    await(measured + " dropped", WAIT, () -> play.job(measured) == null ? true : null);
    Job again =
        await(
            name + " for the new JVM",
            WAIT,
            () -> {
              Job j = play.job(name);
              return j != null
                      && !firstRound.equals(j.getMetadata().getLabels().get(Labels.WARM_UP_FROM))
                  ? j
                  : null;
            });
    assertThat(again.getMetadata().getLabels().get(Labels.WARM_UP_FROM)).startsWith("0-");
    assertThat(k8s.pods().inNamespace(ns).withName(name + "-a").get())
        .as("the old SUT's warm-up pod is still there, and not read")
        .isNotNull();
    assertThat(get(ns, "cold").getStatus().scenariosDone).isZero();
    play.finishJob(name, name + "-b", 0, warm);
    String b = k8s.pods().inNamespace(ns).withName("cold-sut-b").get().getMetadata().getUid();
    awaitStatus(
        ns,
        "cold",
        "the new JVM steady",
        st -> st.warmUp != null && (b + "/0").equals(st.warmUp.sutStart));

    await(measured + " again", WAIT, () -> play.job(measured));
    play.finishJob(measured, 0, warm);
    awaitStatus(ns, "cold", "recorded", st -> Objects.equals(st.scenariosDone, 1));
    List<ResultRow> rows = new ResultsStore(k8s).rows(get(ns, "cold"));
    assertThat(rows).hasSize(1);
    assertThat(rows.getFirst().warmupS()).as("the new JVM's load only").isEqualTo(20.0);
    assertThat(rows.getFirst().steadyState()).isTrue();
  }

  /**
   * A one-scenario run through Jobs with a 90 s warm-up cap, played up to its SUT and stub
   * Deployments (not yet available).
   */
  static BenchmarkRunResource upToTheSut(Controllers play, String ns, String name) {
    BenchmarkRunResource run =
        create(
            ns,
            name,
            OperatorIT.SMALL.formatted("job", "90s")
                + "matrix: {threadModes: [virtual], hikariPoolSizes: [10], concurrency: [10],"
                + " repetitions: 1}\n");
    await("Cluster", WAIT, () -> play.cluster(name + "-db"));
    play.clusterReady(name + "-db");
    await("SUT", WAIT, () -> play.deployment(name + "-sut"));
    await("stub", WAIT, () -> play.deployment(name + "-stub"));
    return run;
  }

  private static boolean underLoad(BenchmarkRunStatus st, double seconds) {
    return st.warmUp != null && Objects.equals(st.warmUp.underLoadSeconds, seconds);
  }
}
