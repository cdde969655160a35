package dev.vtbench.operator.reconciler.steps;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.load.LoadKind;
import dev.vtbench.operator.load.LoadState;
import dev.vtbench.operator.load.RunnerKind;
import dev.vtbench.operator.reconciler.status.Conditions;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.Phase;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reconciler's pure decisions, without a cluster. */
public class StepsTest {

  @Test
  void thePhaseNeverMovesBackwards() {
    assertThat(Phase.forward(null, Phase.Pending)).isEqualTo(Phase.Pending);
    assertThat(Phase.forward("Running", Phase.Provisioning)).isEqualTo(Phase.Running);
    assertThat(Phase.forward("Provisioning", Phase.Running)).isEqualTo(Phase.Running);
    assertThat(Phase.forward("Succeeded", Phase.Failed)).isEqualTo(Phase.Succeeded);
    assertThat(Phase.forward("Failed", Phase.Running)).isEqualTo(Phase.Failed);
  }

  @Test
  void thePhaseIsDerivedFromTheConditions() {
    BenchmarkRunStatus s = new BenchmarkRunStatus();
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    assertThat(Phase.of(s)).isEqualTo(Phase.Pending);
    Conditions.set(s, Conditions.SUCCEEDED, "Unknown", Reason.Running, "m", 1L, now);
    assertThat(Phase.of(s)).isEqualTo(Phase.Pending);
    Conditions.set(
        s, Conditions.DATABASE_READY, "False", Reason.DatabaseProvisioning, "m", 1L, now);
    assertThat(Phase.of(s)).isEqualTo(Phase.Provisioning);
    Conditions.set(s, Conditions.DATABASE_READY, "True", Reason.DatabaseBootstrapped, "m", 1L, now);
    assertThat(Phase.of(s)).isEqualTo(Phase.Running);
    Conditions.set(s, Conditions.SUCCEEDED, "False", Reason.LoadFailed, "m", 1L, now);
    assertThat(Phase.of(s)).isEqualTo(Phase.Failed);
    Conditions.set(s, Conditions.SUCCEEDED, "True", Reason.AllScenariosRecorded, "m", 1L, now);
    assertThat(Phase.of(s)).isEqualTo(Phase.Succeeded);
  }

  public static Pod runner(Integer exitCode, String message) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("run-load-3-1-abcde")
        .endMetadata()
        .withNewStatus()
        .addNewContainerStatus()
        .withName("k6")
        .withNewState()
        .withNewTerminated()
        .withExitCode(exitCode)
        .withReason(exitCode == 0 ? "Completed" : "Error")
        .withMessage(message)
        .endTerminated()
        .endState()
        .endContainerStatus()
        .endStatus()
        .build();
  }

  @Test
  void theRunnersExitCodeDecidesNotTheTestRunsStage() {
    LoadState ok =
        LoadState.fromRunnerPods("run-load-3", List.of(runner(0, "{\"metrics\":{}}")), 1);
    assertThat(ok.finished()).isTrue();
    assertThat(ok.failure()).isNull();
    assertThat(ok.summaries()).containsExactly("{\"metrics\":{}}");

    LoadState failed =
        LoadState.fromRunnerPods("run-load-3", List.of(runner(107, "ReferenceError: x")), 1);
    assertThat(failed.failure())
        .contains("run-load-3-1-abcde")
        .contains("exited with 107")
        .contains("ReferenceError")
        .contains("kubectl logs");

    LoadState silent = LoadState.fromRunnerPods("run-load-3", List.of(runner(0, "")), 1);
    assertThat(silent.failure()).contains("left no summary");

    Pod running = new PodBuilder().withNewMetadata().withName("p").endMetadata().build();
    assertThat(LoadState.fromRunnerPods("run-load-3", List.of(running), 1))
        .isEqualTo(LoadState.RUNNING);
  }

  /**
   * A staged load's pod: the first stage (init container k6-stage-1) exited with {@code exitCode},
   * the second runs, the last (k6) waits.
   */
  static Pod stagedRunner(int exitCode, String message) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("run-load-3-abcde")
        .endMetadata()
        .withNewStatus()
        .addNewInitContainerStatus()
        .withName("k6-stage-1")
        .withNewState()
        .withNewTerminated()
        .withExitCode(exitCode)
        .withReason(exitCode == 0 ? "Completed" : "Error")
        .withMessage(message)
        .endTerminated()
        .endState()
        .endInitContainerStatus()
        .addNewInitContainerStatus()
        .withName("k6-stage-2")
        .withNewState()
        .withNewRunning()
        .endRunning()
        .endState()
        .endInitContainerStatus()
        .addNewContainerStatus()
        .withName("k6")
        .withNewState()
        .withNewWaiting()
        .withReason("PodInitializing")
        .endWaiting()
        .endState()
        .endContainerStatus()
        .endStatus()
        .build();
  }

  @Test
  void eachStageOfAStagedLoadIsReadFromItsOwnContainer() {
    Pod pod = stagedRunner(0, "{\"metrics\":{\"c10\":{}}}");
    LoadState first = LoadState.fromRunnerPods("run-load-3", List.of(pod), 1, "k6-stage-1");
    assertThat(first.finished()).isTrue();
    assertThat(first.summaries()).containsExactly("{\"metrics\":{\"c10\":{}}}");
    // the second stage runs, the last waits: neither has ended, whatever the first left
    assertThat(LoadState.fromRunnerPods("run-load-3", List.of(pod), 1, "k6-stage-2"))
        .isEqualTo(LoadState.RUNNING);
    assertThat(LoadState.fromRunnerPods("run-load-3", List.of(pod), 1, "k6"))
        .isEqualTo(LoadState.RUNNING);

    LoadState failed =
        LoadState.fromRunnerPods(
            "run-load-3", List.of(stagedRunner(107, "ReferenceError: x")), 1, "k6-stage-1");
    assertThat(failed.failure())
        .contains("run-load-3-abcde (k6-stage-1) exited with 107")
        .contains("kubectl logs run-load-3-abcde -c k6-stage-1");
  }

  @Test
  void onlyAMeasurementByOneJobRunnerRunsTheFollowingScenariosAsStages() {
    var spec = new dev.vtbench.engine.model.BenchmarkRunSpec();
    spec.matrix.threadModes = List.of("virtual");
    spec.matrix.hikariPoolSizes = List.of(10);
    spec.matrix.concurrency = List.of(5, 10, 20);
    spec.matrix.repetitions = 1;
    var cursor = dev.vtbench.engine.run.RunCursor.of(spec, List.of());
    var first = cursor.nextScenario().orElseThrow();
    var measure = new dev.vtbench.engine.run.RunCursor.Measure(first);
    assertThat(RunnerKind.JOB.load().stages(cursor, 1, measure))
        .extracting(l -> l.scenario().concurrency())
        .containsExactly(5, 10, 20);
    assertThat(RunnerKind.TESTRUN.load().stages(cursor, 1, measure)).containsExactly(measure);
    assertThat(RunnerKind.JOB.load().stages(cursor, 2, measure)).containsExactly(measure);
    var warmUp = new dev.vtbench.engine.run.RunCursor.WarmUp(first, Duration.ofSeconds(20));
    assertThat(RunnerKind.JOB.load().stages(cursor, 1, warmUp)).containsExactly(warmUp);
    // each stage's deadline counts the stages before it
    var k6 = cursor.k6Plan(measure, "http://sut:8080", 1);
    assertThat(LoadKind.deadline(k6, 2).minus(LoadKind.deadline(k6, 0)))
        .isEqualTo(
            dev.vtbench.engine.k6.K6Script.totalDuration(k6)
                .plus(LoadKind.STAGE_START)
                .multipliedBy(2));
  }

  @Test
  void equalSutConfigsShareAHashSoTheSutIsNotRestarted() {
    SutConfig a =
        new SutConfig(
            "virtual", 50, "released", "normal", 200, Duration.ofSeconds(60), Map.of("X", "1"));
    SutConfig same =
        new SutConfig(
            "virtual", 50, "released", "normal", 200, Duration.ofSeconds(60), Map.of("X", "1"));
    SutConfig platform =
        new SutConfig(
            "platform", 50, "released", "normal", 200, Duration.ofSeconds(60), Map.of("X", "1"));
    assertThat(a.key()).isEqualTo(same.key());
    assertThat(a.key()).isNotEqualTo(platform.key());
  }

  static Deployment deployment(long generation, Long observed, int available, String hash) {
    return new DeploymentBuilder()
        .withNewMetadata()
        .withGeneration(generation)
        .endMetadata()
        .withNewSpec()
        .withNewTemplate()
        .withNewMetadata()
        .withAnnotations(Map.of(SutTier.CONFIG_ANNOTATION, hash))
        .endMetadata()
        .endTemplate()
        .endSpec()
        .withNewStatus()
        .withObservedGeneration(observed)
        .withReplicas(1)
        .withUpdatedReplicas(1)
        .withReadyReplicas(available)
        .withAvailableReplicas(available)
        .endStatus()
        .build();
  }

  @Test
  void theSutIsAvailableOnlyInTheWantedConfigAfterTheControllerSawIt() {
    assertThat(AppTiersStep.available(deployment(2, 2L, 1, "abc"), "abc")).isTrue();
    assertThat(AppTiersStep.available(deployment(2, 2L, 1, "abc"), "def"))
        .as("another config")
        .isFalse();
    assertThat(AppTiersStep.available(deployment(3, 2L, 1, "abc"), "abc"))
        .as("controller has not seen the new spec")
        .isFalse();
    assertThat(AppTiersStep.available(deployment(2, 2L, 0, "abc"), "abc"))
        .as("not ready")
        .isFalse();
    assertThat(AppTiersStep.available(null, "abc")).isFalse();
  }

  static String of(BenchmarkRunStatus s, String type) {
    Condition c = Conditions.get(s, type).orElseThrow();
    return c.getStatus() + " " + c.getReason() + " g" + c.getObservedGeneration();
  }

  @Test
  void readyReconcilingAndStalledFollowSucceededWhateverTheReason() {
    Instant t0 = Instant.parse("2026-11-22T00:00:00Z");
    BenchmarkRunStatus s = new BenchmarkRunStatus();
    Conditions.derive(s, t0);
    assertThat(s.conditions).as("nothing before the operator sets Succeeded").isEmpty();

    s.progress = "3/12";
    Conditions.set(s, Conditions.SUCCEEDED, "Unknown", Reason.Running, "in progress", 4L, t0);
    Conditions.set(
        s, Conditions.PROGRESSING, "True", Reason.Running, "working on scenario 4", 4L, t0);
    Conditions.derive(s, t0);
    assertThat(of(s, Conditions.READY)).isEqualTo("False Running g4");
    assertThat(Conditions.get(s, Conditions.READY).orElseThrow().getMessage()).contains("3/12");
    assertThat(of(s, Conditions.RECONCILING)).isEqualTo("True Running g4");
    assertThat(Conditions.get(s, Conditions.RECONCILING).orElseThrow().getMessage())
        .isEqualTo("working on scenario 4");
    assertThat(of(s, Conditions.STALLED)).isEqualTo("False Running g4");
    assertThat(s.conditions)
        .extracting(Condition::getType)
        .containsExactly("Succeeded", "Ready", "Progressing", "Reconciling", "Stalled");

    // A reason this class does not know (the gate's) maps like any other failure.
    Instant t1 = t0.plusSeconds(60);
    s.conditions.removeIf(c -> c.getType().equals(Conditions.SUCCEEDED));
    s.conditions.add(
        new io.fabric8.kubernetes.api.model.ConditionBuilder()
            .withType(Conditions.SUCCEEDED)
            .withStatus("False")
            .withReason("ThresholdsNotMet")
            .withMessage("p99 at c200 is 180 ms, above 150 ms")
            .withObservedGeneration(4L)
            .withLastTransitionTime(t1.toString())
            .build());
    Conditions.derive(s, t1);
    assertThat(of(s, Conditions.READY)).isEqualTo("False ThresholdsNotMet g4");
    assertThat(of(s, Conditions.STALLED)).isEqualTo("True ThresholdsNotMet g4");
    assertThat(Conditions.get(s, Conditions.STALLED).orElseThrow().getMessage())
        .isEqualTo("p99 at c200 is 180 ms, above 150 ms");
    assertThat(of(s, Conditions.RECONCILING)).isEqualTo("False Failed g4");
    assertThat(Conditions.get(s, Conditions.READY).orElseThrow().getLastTransitionTime())
        .as("Ready stayed False: its transition time stays")
        .isEqualTo(t0.toString());
    assertThat(Conditions.get(s, Conditions.STALLED).orElseThrow().getLastTransitionTime())
        .isEqualTo(t1.toString());

    BenchmarkRunStatus ok = new BenchmarkRunStatus();
    Conditions.set(ok, Conditions.SUCCEEDED, "True", Reason.AllScenariosRecorded, "all 12", 1L, t1);
    Conditions.derive(ok, t1);
    assertThat(of(ok, Conditions.READY)).isEqualTo("True AllScenariosRecorded g1");
    assertThat(of(ok, Conditions.RECONCILING)).isEqualTo("False Finished g1");
    assertThat(of(ok, Conditions.STALLED)).isEqualTo("False Finished g1");
  }

  @Test
  void theHeadlineComparesVirtualWithPlatformAtTheHighestConcurrencyBothMeasured()
      throws Exception {
    List<ResultRow> rows =
        ResultsCsv.read(Path.of("../../results/reference/bench-hero/matrix.csv"));
    // results/reference/bench-hero/summary.md: c200, medians 1,869 vs 485 req/s, 3.85×
    // [3.81–3.87]; c400 and c800's virtual rows are load-generator by today's rule
    assertThat(dev.vtbench.engine.results.summary.Headline.of(rows))
        .isEqualTo(
            "virtual 3.9x platform [3.8-3.9] at 200 VUs, pool 50 (1869 vs 485 req/s): virtual faster;"
                + " the highest level counted (virtual generator saturated at 400, 800 VUs (virtual 2737"
                + " vs platform 486, virtual 2961 vs platform 486 req/s))");
    // Until both thread modes have a result for one cell: the latest row.
    List<ResultRow> platformOnly = rows.stream().filter(ResultRow::isPlatform).toList();
    assertThat(dev.vtbench.engine.results.summary.Headline.of(platformOnly))
        .startsWith("platform c")
        .contains("req/s, p99 ");
  }
}
