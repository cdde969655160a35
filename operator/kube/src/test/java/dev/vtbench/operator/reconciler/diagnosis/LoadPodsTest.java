package dev.vtbench.operator.reconciler.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.load.LoadPods;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which pods labelled as a load's the operator believes: only those whose controller chain ends at
 * the load, by UID; labels, names and look-alike owners count for nothing.
 */
class LoadPodsTest {

  static final String RUN_UID = "run-uid";

  @Test
  void aPlainJobsOwnPodIsTrustedAnUnownedOneIsNot() {
    Job load = job("r-load-0", "job-uid", ref("BenchmarkRun", "r", RUN_UID));
    Pod runner = pod("r-load-0-x1", ref("batch/v1", "Job", "r-load-0", "job-uid"));
    Pod forged = pod("r-load-0-x2", null);

    LoadPods pods = LoadPods.of(load, List.of(load), List.of(runner, forged));

    assertThat(pods.trusted()).containsExactly(runner);
    assertThat(pods.ignored()).containsExactly(forged);
  }

  @Test
  void aTestRunsJobsPodsAreTrustedThoseOfAnotherTestRunOrALookAlikeJobAreNot() {
    GenericKubernetesResource load = testRun("r-load-0", "tr-uid");
    Job initializer = job("r-load-0-initializer", "init-uid", ref("TestRun", "r-load-0", "tr-uid"));
    Job runnerJob = job("r-load-0-1", "runner-job-uid", ref("TestRun", "r-load-0", "tr-uid"));
    // The same names and labels, made by someone else: a Job of another TestRun, and one of none.
    Job otherTestRuns = job("r-load-0-1", "other-uid", ref("TestRun", "r-load-0", "other-tr"));
    Job ownerless = job("r-load-0-2", "ownerless-uid", null);
    Pod init = pod("r-load-0-initializer-a", ref("batch/v1", "Job", "x", "init-uid"));
    Pod runner = pod("r-load-0-1-b", ref("batch/v1", "Job", "r-load-0-1", "runner-job-uid"));
    Pod ofOther = pod("r-load-0-1-c", ref("batch/v1", "Job", "r-load-0-1", "other-uid"));
    Pod ofOwnerless = pod("r-load-0-2-d", ref("batch/v1", "Job", "r-load-0-2", "ownerless-uid"));
    // The right UID under another kind, or a non-controller reference: not the Job controller's.
    Pod wrongKind =
        pod("r-load-0-1-e", ref("apps/v1", "ReplicaSet", "r-load-0-1", "runner-job-uid"));
    Pod notController =
        pod(
            "r-load-0-1-f",
            new OwnerReferenceBuilder(ref("batch/v1", "Job", "r-load-0-1", "runner-job-uid"))
                .withController(false)
                .build());
    // The load itself as the pod's controller: a TestRun runs no pod of its own.
    Pod ofTheTestRun = pod("r-load-0-g", ref("k6.io/v1alpha1", "TestRun", "r-load-0", "tr-uid"));

    LoadPods pods =
        LoadPods.of(
            load,
            List.of(initializer, runnerJob, otherTestRuns, ownerless),
            List.of(init, runner, ofOther, ofOwnerless, wrongKind, notController, ofTheTestRun));

    assertThat(pods.trusted()).containsExactly(init, runner);
    assertThat(pods.ignored())
        .containsExactly(ofOther, ofOwnerless, wrongKind, notController, ofTheTestRun);
  }

  /**
   * Found by make e2e on a loaded machine: k6-operator's runner pod reached the operator before its
   * Job did, and was reported as untrusted. A pod of a Job not seen yet waits to be judged.
   */
  @Test
  void aPodOfAJobNotSeenYetIsNeitherTrustedNorReported() {
    GenericKubernetesResource load = testRun("r-load-0", "tr-uid");
    Pod early = pod("r-load-0-1-b", ref("batch/v1", "Job", "r-load-0-1", "runner-job-uid"));

    LoadPods before = LoadPods.of(load, List.of(), List.of(early));
    Job runnerJob = job("r-load-0-1", "runner-job-uid", ref("TestRun", "r-load-0", "tr-uid"));
    LoadPods after = LoadPods.of(load, List.of(runnerJob), List.of(early));

    assertThat(before.trusted()).isEmpty();
    assertThat(before.ignored()).isEmpty();
    assertThat(after.trusted()).containsExactly(early);
  }

  @Test
  void anIgnoredPodsEventNamesItAndItsControllerNotWhatItCarries() {
    Pod forged = pod("r-load-0-x2", ref("batch/v1", "Job", "copy", "copy-uid"));
    forged.setStatus(
        new io.fabric8.kubernetes.api.model.PodStatusBuilder()
            .addNewContainerStatus()
            .withNewState()
            .withNewTerminated()
            .withExitCode(0)
            .withMessage("{\"forged\":true}")
            .endTerminated()
            .endState()
            .endContainerStatus()
            .build());
    assertThat(IgnoredPods.message("r-load-0", forged))
        .isEqualTo(
            "pod r-load-0-x2 carries the labels of r-load-0 but is not a pod of its Job (its"
                + " controller is Job copy (uid copy-uid)): ignored, nothing of it is read")
        .doesNotContain("forged");
    assertThat(IgnoredPods.message("r-load-0", pod("p", null))).contains("(it has no controller)");
  }

  static Job job(String name, String uid, OwnerReference owner) {
    return new JobBuilder()
        .withNewMetadata()
        .withName(name)
        .withUid(uid)
        .withOwnerReferences(owner == null ? List.of() : List.of(owner))
        .endMetadata()
        .build();
  }

  static GenericKubernetesResource testRun(String name, String uid) {
    GenericKubernetesResource t = new GenericKubernetesResource();
    t.setApiVersion("k6.io/v1alpha1");
    t.setKind("TestRun");
    t.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(name)
            .withUid(uid)
            .withOwnerReferences(ref("BenchmarkRun", "r", RUN_UID))
            .build());
    return t;
  }

  static Pod pod(String name, OwnerReference controller) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .withUid(name + "-uid")
        .withOwnerReferences(controller == null ? List.of() : List.of(controller))
        .endMetadata()
        .build();
  }

  static OwnerReference ref(String kind, String name, String uid) {
    return ref(kind.equals("TestRun") ? "k6.io/v1alpha1" : "vtbench.dev/v1alpha1", kind, name, uid);
  }

  static OwnerReference ref(String apiVersion, String kind, String name, String uid) {
    return new OwnerReferenceBuilder()
        .withApiVersion(apiVersion)
        .withKind(kind)
        .withName(name)
        .withUid(uid)
        .withController(true)
        .build();
  }
}
