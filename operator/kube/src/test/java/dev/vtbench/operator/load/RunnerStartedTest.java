package dev.vtbench.operator.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * When the load object says its runner got going, spec.timeouts.loadStart no longer applies: a
 * runner pod that ran and went away is a stuck load (LoadTimedOut), not one that never started.
 */
class RunnerStartedTest {

  static GenericKubernetesResource testRun(String progress) {
    GenericKubernetesResource tr = new GenericKubernetesResource();
    if (progress != null) {
      tr.setAdditionalProperty("status", Map.of("stage", progress));
    }
    return tr;
  }

  @Test
  void aTestRunHasStartedOnceK6OperatorStartedItsRunners() {
    assertThat(TestRunLoad.INSTANCE.runnerStarted(testRun(null))).isFalse();
    assertThat(TestRunLoad.INSTANCE.runnerStarted(testRun("initialized"))).isFalse();
    assertThat(TestRunLoad.INSTANCE.runnerStarted(testRun("created"))).isFalse();
    assertThat(TestRunLoad.INSTANCE.runnerStarted(testRun("started"))).isTrue();
    assertThat(TestRunLoad.INSTANCE.runnerStarted(testRun("finished"))).isTrue();
  }

  @Test
  void aJobHasStartedOnceAPodWasReadyOrEnded() {
    Job created = new JobBuilder().withNewStatus().withActive(1).endStatus().build();
    assertThat(JobLoad.INSTANCE.runnerStarted(created)).as("active counts pending pods").isFalse();
    assertThat(JobLoad.INSTANCE.runnerStarted(new JobBuilder().build())).isFalse();
    assertThat(
            JobLoad.INSTANCE.runnerStarted(
                new JobBuilder().withNewStatus().withActive(1).withReady(1).endStatus().build()))
        .isTrue();
    assertThat(
            JobLoad.INSTANCE.runnerStarted(
                new JobBuilder().withNewStatus().withFailed(1).endStatus().build()))
        .isTrue();
  }
}
