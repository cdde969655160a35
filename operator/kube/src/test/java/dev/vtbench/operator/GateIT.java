package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.condition;
import static dev.vtbench.operator.OperatorIT.conditionOf;
import static dev.vtbench.operator.OperatorIT.create;
import static dev.vtbench.operator.OperatorIT.gone;
import static dev.vtbench.operator.OperatorIT.k8s;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.gitops.ArgoHealth;
import dev.vtbench.operator.gitops.KStatus;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Event;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Benchmarks as a gate, with the operator in-process against a real kube-apiserver: a run that
 * misses spec.thresholds ends Succeeded=False, reason ThresholdsNotMet, naming the cell and the
 * numbers; a baseline comes from a ConfigMap, and a missing one fails before anything is measured.
 */
class GateIT {

  static String summary;
  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  @BeforeAll
  static void read() throws Exception {
    summary = OperatorIT.runnerSummary();
  }

  static final String SMALL = OperatorIT.SMALL.formatted("job", "0s");

  static List<Event> events(String ns, String reason) {
    return k8s.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> reason.equals(e.getReason()))
        .toList();
  }

  /** The whole path: a measured Job's row, then the verdict on it. */
  @Test
  void aRunMissingItsP99LimitEndsThresholdsNotMetNamingTheCellAndTheNumbers() throws Exception {
    String ns = operator.startInNewNamespace("gate");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run =
        create(
            ns,
            "slow",
            SMALL
                + "matrix: {threadModes: [virtual], hikariPoolSizes: [10], concurrency: [10],"
                + " repetitions: 1}\n"
                + "thresholds:\n"
                + "  maxP99: [{threadMode: virtual, concurrency: 10, p99: 50ms}]\n"
                + "  maxErrorRate: 1%\n");
    await("Cluster", WAIT, () -> play.cluster("slow-db"));
    play.clusterReady("slow-db");
    await("SUT", WAIT, () -> play.deployment("slow-sut"));
    await("stub", WAIT, () -> play.deployment("slow-stub"));
    play.available("slow-sut");
    play.available("slow-stub");
    Scenario only = Planner.plan(run.getSpec()).getFirst();
    String load = ResourceNames.load(run, only.index(), false);
    await(load, WAIT, () -> play.job(load));
    play.finishJob(load, 0, summary);

    BenchmarkRunStatus status =
        awaitStatus(
            ns, "slow", "ThresholdsNotMet", condition("Succeeded", "False", "ThresholdsNotMet"));
    ResultRow row = new ResultsStore(k8s).rows(OperatorIT.get(ns, "slow")).getFirst();
    String violation =
        "p99 at virtual, pool 10, 10 VUs was "
            + String.format(java.util.Locale.ROOT, "%.1f", row.p99Ms())
            + " ms, above 50.0 ms";
    assertThat(row.p99Ms()).isGreaterThan(50.0);
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .startsWith("1 of 2 threshold checks failed: " + violation)
        .contains("all 1 scenarios recorded in ConfigMap slow-results");
    assertThat(status.phase).isEqualTo("Failed");
    assertThat(conditionOf(status, "Progressing").getStatus()).isEqualTo("False");
    // A missed gate fails a pipeline: Flux (kstatus) reads Failed, Argo CD Degraded, both with
    // the violation in the message.
    Map<String, Object> obj =
        OperatorIT.gitOps(ns, "slow", KStatus.FAILED, "Degraded", "thresholds-not-met");
    assertThat(KStatus.compute(obj).message()).contains(violation);
    assertThat(ArgoHealth.of(obj).message()).startsWith("ThresholdsNotMet: ").contains(violation);
    assertThat(status.thresholds.met).isFalse();
    assertThat(status.thresholds.checks).isEqualTo(2);
    assertThat(status.thresholds.violated).isEqualTo(1);
    assertThat(status.thresholds.violations).containsExactly(violation);
    assertThat(status.finishedAt).isNotNull();
    assertThat(await("the Event", WAIT, () -> nonEmpty(events(ns, "ThresholdsNotMet"))))
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.getType()).isEqualTo("Warning");
              assertThat(e.getMessage()).contains(violation);
            });
    // Results kept, workloads released: as for any finished run.
    await("workloads released", WAIT, () -> gone(ns, "slow") ? true : null);
    assertThat(k8s.configMaps().inNamespace(ns).withName("slow-results").get()).isNotNull();
  }

  /**
   * Throughput against a baseline ConfigMap made the way the README says (kubectl create configmap
   * --from-file=matrix.csv=...): one cell regressed, one absent from the baseline and only noted.
   */
  @Test
  void aBaselineConfigMapGatesRegressionsAndNotesCellsItLacks() {
    String ns = KubeApi.namespace("baseline");
    BenchmarkRunResource run =
        create(
            ns,
            "regress",
            SMALL
                + "matrix: {threadModes: [platform, virtual], hikariPoolSizes: [10],"
                + " concurrency: [10, 20], repetitions: 1}\n"
                + "thresholds:\n"
                + "  baseline: {configMapRef: {name: last-release}, maxRegression: 10%}\n");
    ResultRow template = OperatorIT.summaryRow();
    List<ResultRow> baseline =
        List.of(
            template.toBuilder().threadMode("platform").scenarioId("a").build(),
            template.toBuilder()
                .threadMode("virtual")
                .throughputRps(200.0)
                .scenarioId("b")
                .build());
    k8s.configMaps()
        .inNamespace(ns)
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("last-release")
                .endMetadata()
                .withData(Map.of("matrix.csv", ResultsCsv.toCsv(baseline)))
                .build())
        .create();
    // Every scenario already recorded (as by an earlier operator): only the verdict is left.
    ResultsStore store = new ResultsStore(k8s);
    for (Scenario s : Planner.plan(run.getSpec())) {
      store.append(
          run,
          template.toBuilder()
              .scenarioId(s.id())
              .threadMode(s.threadMode())
              .hikariPool(s.hikariPool())
              .concurrency(s.concurrency())
              .rep(s.rep())
              .build());
    }
    operator.start(ns);
    Controllers play = new Controllers(k8s, ns);
    await("Cluster", WAIT, () -> play.cluster("regress-db"));
    play.clusterReady("regress-db");
    BenchmarkRunStatus status =
        awaitStatus(
            ns, "regress", "ThresholdsNotMet", condition("Succeeded", "False", "ThresholdsNotMet"));
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .startsWith(
            "1 of 4 threshold checks failed: throughput at virtual, pool 10, 10 VUs was 98.7"
                + " req/s, 50.65% below the baseline's 200.0 req/s (allowed: 10.00% lower)");
    assertThat(status.thresholds.notes)
        .containsExactly(
            "platform, pool 10, 20 VUs is not in the baseline; not compared",
            "virtual, pool 10, 20 VUs is not in the baseline; not compared");
  }

  /** Thresholds met: Succeeded=True, and the message says how many checks passed. */
  @Test
  void metThresholdsSucceed() {
    String ns = KubeApi.namespace("gate-met");
    BenchmarkRunResource run =
        create(
            ns,
            "fast",
            SMALL
                + "matrix: {threadModes: [platform, virtual], hikariPoolSizes: [10],"
                + " concurrency: [10], repetitions: 1}\n"
                + "thresholds:\n"
                + "  minThroughput: [{rps: 50}]\n"
                + "  minVirtualToPlatformRatio: [{concurrency: 10, ratio: 0.9}]\n");
    ResultsStore store = new ResultsStore(k8s);
    for (Scenario s : Planner.plan(run.getSpec())) {
      store.append(
          run,
          OperatorIT.summaryRow().toBuilder()
              .scenarioId(s.id())
              .threadMode(s.threadMode())
              .build());
    }
    operator.start(ns);
    Controllers play = new Controllers(k8s, ns);
    await("Cluster", WAIT, () -> play.cluster("fast-db"));
    play.clusterReady("fast-db");
    BenchmarkRunStatus status =
        awaitStatus(
            ns, "fast", "Succeeded", condition("Succeeded", "True", "AllScenariosRecorded"));
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .endsWith("; all 3 threshold checks passed");
    assertThat(status.phase).isEqualTo("Succeeded");
    assertThat(status.thresholds.met).isTrue();
    assertThat(status.thresholds.violations).isEmpty();
  }

  /** No baseline ConfigMap: the run fails at once, saying what to create, before any database. */
  @Test
  void aMissingBaselineFailsBeforeAnythingIsMeasuredSayingWhatToCreate() {
    String ns = operator.startInNewNamespace("nobase");
    create(
        ns,
        "orphan",
        SMALL
            + "thresholds:\n"
            + "  baseline: {configMapRef: {name: never-made, key: base.csv}}\n");
    BenchmarkRunStatus status =
        awaitStatus(
            ns,
            "orphan",
            "BaselineUnavailable",
            condition("Succeeded", "False", "BaselineUnavailable"));
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .startsWith(
            "baseline ConfigMap "
                + ns
                + "/never-made key base.csv not found: create it from an earlier run's CSV"
                + " (kubectl create configmap never-made -n "
                + ns
                + " --from-file=base.csv=results/<run>/matrix.csv)");
    assertThat(status.phase).isEqualTo("Failed");
    assertThat(new Controllers(k8s, ns).cluster("orphan-db")).isNull();
  }

  static <T> List<T> nonEmpty(List<T> list) {
    return list.isEmpty() ? null : list;
  }
}
