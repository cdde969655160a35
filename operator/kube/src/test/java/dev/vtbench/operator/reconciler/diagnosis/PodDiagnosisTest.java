package dev.vtbench.operator.reconciler.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.reconciler.steps.StepsTest;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentConditionBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A pod's status, as the scheduler and kubelet write it, classified into a cause. */
class PodDiagnosisTest {

  static final String IMAGE = "registry.example/vtbench/sut:nope";

  static PodBuilder pod(String phase) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("r-sut-5d9f-abcde")
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName("sut")
        .withImage(IMAGE)
        .endContainer()
        .endSpec()
        .withNewStatus()
        .withPhase(phase)
        .endStatus();
  }

  static Pod waiting(String reason, String message) {
    return pod("Pending")
        .editStatus()
        .withContainerStatuses(
            new ContainerStatusBuilder()
                .withName("sut")
                .withImage(IMAGE)
                .withReady(false)
                .withRestartCount(0)
                .withNewState()
                .withNewWaiting(message, reason)
                .endState()
                .build())
        .endStatus()
        .build();
  }

  static ContainerStatus running(boolean ready) {
    return new ContainerStatusBuilder()
        .withName("sut")
        .withReady(ready)
        .withRestartCount(0)
        .withNewState()
        .withNewRunning()
        .endRunning()
        .endState()
        .build();
  }

  @Test
  void anUnschedulablePodCarriesTheSchedulersMessage() {
    Pod p =
        pod("Pending")
            .editStatus()
            .withConditions(
                new PodConditionBuilder()
                    .withType("PodScheduled")
                    .withStatus("False")
                    .withReason("Unschedulable")
                    .withMessage(
                        "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are"
                            + " available: 1 No preemption victims found for incoming pod.")
                    .build())
            .endStatus()
            .build();
    PodDiagnosis.Trouble t = PodDiagnosis.of(p).orElseThrow();
    assertThat(t.message())
        .isEqualTo(
            "pod r-sut-5d9f-abcde cannot be scheduled (Unschedulable: 0/1 nodes are available: 1"
                + " Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims"
                + " found for incoming pod.)");
    assertThat(t.permanent()).as("a node may still be added").isFalse();
    assertThat(PodDiagnosis.started(p)).isFalse();
  }

  @Test
  void aMissingImageIsPermanentAndNamesTheImage() {
    Pod p =
        waiting(
            "ErrImagePull",
            "failed to pull and unpack image \"" + IMAGE + "\": " + IMAGE + ": not found");
    PodDiagnosis.Trouble t = PodDiagnosis.of(p).orElseThrow();
    assertThat(t.permanent()).isTrue();
    assertThat(t.message())
        .startsWith("pod r-sut-5d9f-abcde cannot pull image '" + IMAGE + "' for container sut")
        .contains("ErrImagePull")
        .endsWith(": not found)");
    assertThat(PodDiagnosis.permanent(List.of(p))).contains(t);
  }

  @Test
  void backOffOnAnImageRefusedAccessIsPermanent() {
    assertThat(
            PodDiagnosis.of(
                    waiting(
                        "ImagePullBackOff",
                        "Back-off pulling image \""
                            + IMAGE
                            + "\": pull access denied, repository does not exist"))
                .orElseThrow()
                .permanent())
        .isTrue();
  }

  @Test
  void anInvalidImageNameIsPermanentWhateverTheMessage() {
    assertThat(
            PodDiagnosis.of(waiting("InvalidImageName", "couldn't parse image name"))
                .orElseThrow()
                .permanent())
        .isTrue();
  }

  @Test
  void aPullThatMayPassWaitsForTheDeadline() {
    PodDiagnosis.Trouble t =
        PodDiagnosis.of(
                waiting(
                    "ErrImagePull",
                    "failed to do request: Head \"https://registry.example/v2/\": dial tcp: i/o"
                        + " timeout"))
            .orElseThrow();
    assertThat(t.permanent()).isFalse();
    assertThat(t.message()).contains("i/o timeout");
    assertThat(PodDiagnosis.permanent(List.of(waiting("ContainerCreating", null)))).isEmpty();
  }

  @Test
  void aCrashLoopCarriesTheLastTermination() {
    ContainerStatus cs =
        new ContainerStatusBuilder()
            .withName("sut")
            .withImage(IMAGE)
            .withReady(false)
            .withRestartCount(4)
            .withNewState()
            .withNewWaiting("back-off 40s restarting failed container", "CrashLoopBackOff")
            .endState()
            .withNewLastState()
            .withNewTerminated()
            .withExitCode(1)
            .withReason("Error")
            .withMessage("HikariPool-1 - Exception during pool initialization")
            .endTerminated()
            .endLastState()
            .build();
    Pod p = pod("Running").editStatus().withContainerStatuses(cs).endStatus().build();
    PodDiagnosis.Trouble t = PodDiagnosis.of(p).orElseThrow();
    assertThat(t.permanent()).isFalse();
    assertThat(t.message())
        .isEqualTo(
            "container sut of pod r-sut-5d9f-abcde keeps crashing (CrashLoopBackOff, restarted 4"
                + " times); it last exited with 1 (Error): HikariPool-1 - Exception during pool"
                + " initialization; see kubectl logs --previous r-sut-5d9f-abcde");
  }

  @Test
  void runningButNotReadyAndPendingWithoutANodeAreNamed() {
    Pod unready =
        pod("Running").editStatus().withContainerStatuses(running(false)).endStatus().build();
    assertThat(PodDiagnosis.of(unready).orElseThrow().message())
        .startsWith("container sut of pod r-sut-5d9f-abcde runs but is not ready");
    assertThat(PodDiagnosis.started(unready)).isTrue();
    assertThat(PodDiagnosis.of(pod("Pending").build()).orElseThrow().message())
        .isEqualTo(
            "pod r-sut-5d9f-abcde is Pending: no node has been assigned and no container started");
  }

  @Test
  void aHealthyOrFinishedPodHasNoTrouble() {
    Pod ready =
        pod("Running").editStatus().withContainerStatuses(running(true)).endStatus().build();
    assertThat(PodDiagnosis.of(ready)).isEmpty();
    assertThat(PodDiagnosis.of(StepsTest.runner(0, "{}"))).isEmpty();
  }

  @Test
  void aPermanentTroubleComesFirst() {
    Pod unschedulable =
        pod("Pending")
            .editStatus()
            .withConditions(
                new PodConditionBuilder().withType("PodScheduled").withStatus("False").build())
            .endStatus()
            .build();
    Pod missing = waiting("InvalidImageName", "bad");
    assertThat(PodDiagnosis.first(List.of(unschedulable, missing)).orElseThrow().permanent())
        .isTrue();
  }

  @Test
  void aDeploymentWithoutPodsSaysWhatItsControllerReports() {
    Deployment refused =
        new DeploymentBuilder()
            .withNewMetadata()
            .withName("r-sut")
            .endMetadata()
            .withNewStatus()
            .withConditions(
                new DeploymentConditionBuilder()
                    .withType("ReplicaFailure")
                    .withStatus("True")
                    .withReason("FailedCreate")
                    .withMessage("pods \"r-sut-5d9f-x\" is forbidden: exceeded quota: cpu")
                    .build())
            .endStatus()
            .build();
    assertThat(PodDiagnosis.ofDeployment(refused, List.of()))
        .isEqualTo(
            "Deployment r-sut reports FailedCreate: pods \"r-sut-5d9f-x\" is forbidden: exceeded"
                + " quota: cpu");
    Deployment quiet =
        new DeploymentBuilder().withNewMetadata().withName("r-sut").endMetadata().build();
    assertThat(PodDiagnosis.ofDeployment(quiet, List.of()))
        .isEqualTo("Deployment r-sut has no pod (kubectl describe deployment r-sut)");
    assertThat(PodDiagnosis.ofDeployment(quiet, List.of(waiting("ErrImagePull", "not found"))))
        .startsWith("pod r-sut-5d9f-abcde cannot pull image");
  }
}
