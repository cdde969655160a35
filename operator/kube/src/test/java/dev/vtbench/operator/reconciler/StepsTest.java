package dev.vtbench.operator.reconciler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.operator.resources.Desired;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reconciler's pure decisions, without a cluster. */
class StepsTest {

  @Test
  void thePhaseNeverMovesBackwards() {
    assertThat(Phase.forward(null, Phase.PENDING)).isEqualTo(Phase.PENDING);
    assertThat(Phase.forward(Phase.RUNNING, Phase.PROVISIONING)).isEqualTo(Phase.RUNNING);
    assertThat(Phase.forward(Phase.PROVISIONING, Phase.RUNNING)).isEqualTo(Phase.RUNNING);
    assertThat(Phase.forward(Phase.SUCCEEDED, Phase.FAILED)).isEqualTo(Phase.SUCCEEDED);
    assertThat(Phase.forward(Phase.FAILED, Phase.RUNNING)).isEqualTo(Phase.FAILED);
  }

  static Pod runner(Integer exitCode, String message) {
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
    LoadState ok = LoadState.fromRunnerPods("run-load-3", List.of(runner(0, "{\"metrics\":{}}")));
    assertThat(ok.finished()).isTrue();
    assertThat(ok.failure()).isNull();
    assertThat(ok.summary()).isEqualTo("{\"metrics\":{}}");

    LoadState failed =
        LoadState.fromRunnerPods("run-load-3", List.of(runner(107, "ReferenceError: x")));
    assertThat(failed.failure())
        .contains("run-load-3-1-abcde")
        .contains("exited with 107")
        .contains("ReferenceError")
        .contains("kubectl logs");

    LoadState silent = LoadState.fromRunnerPods("run-load-3", List.of(runner(0, "")));
    assertThat(silent.failure()).contains("left no summary");

    Pod running = new PodBuilder().withNewMetadata().withName("p").endMetadata().build();
    assertThat(LoadState.fromRunnerPods("run-load-3", List.of(running))).isNull();
  }

  @Test
  void equalSutConfigsShareAHashSoTheSutIsNotRestarted() {
    SutConfig a = new SutConfig(true, 50, "released", "normal", 200, Map.of("X", "1"));
    SutConfig same = new SutConfig(true, 50, "released", "normal", 200, Map.of("X", "1"));
    SutConfig platform = new SutConfig(false, 50, "released", "normal", 200, Map.of("X", "1"));
    assertThat(Desired.configHash(a)).isEqualTo(Desired.configHash(same));
    assertThat(Desired.configHash(a)).isNotEqualTo(Desired.configHash(platform));
  }

  static Deployment deployment(long generation, Long observed, int available, String hash) {
    return new DeploymentBuilder()
        .withNewMetadata()
        .withGeneration(generation)
        .endMetadata()
        .withNewSpec()
        .withNewTemplate()
        .withNewMetadata()
        .withAnnotations(Map.of(Desired.SUT_CONFIG_ANNOTATION, hash))
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
    assertThat(BenchmarkRunReconciler.available(deployment(2, 2L, 1, "abc"), "abc")).isTrue();
    assertThat(BenchmarkRunReconciler.available(deployment(2, 2L, 1, "abc"), "def"))
        .as("another config")
        .isFalse();
    assertThat(BenchmarkRunReconciler.available(deployment(3, 2L, 1, "abc"), "abc"))
        .as("controller has not seen the new spec")
        .isFalse();
    assertThat(BenchmarkRunReconciler.available(deployment(2, 2L, 0, "abc"), "abc"))
        .as("not ready")
        .isFalse();
    assertThat(BenchmarkRunReconciler.available(null, "abc")).isFalse();
  }
}
