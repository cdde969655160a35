package dev.vtbench.operator;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plays the controllers a bare API server lacks, the way they would report: CloudNativePG marks its
 * Cluster Ready, the Deployment controller and kubelet make Deployments available, k6-operator
 * moves a TestRun to "finished", the Job controller completes a Job, and the kubelet records the k6
 * runner container's exit code and termination message.
 */
final class Controllers {

  private final KubernetesClient k8s;
  private final String ns;

  Controllers(KubernetesClient k8s, String ns) {
    this.k8s = k8s;
    this.ns = ns;
  }

  GenericKubernetesResource cluster(String name) {
    return k8s.genericKubernetesResources("postgresql.cnpg.io/v1", "Cluster")
        .inNamespace(ns)
        .withName(name)
        .get();
  }

  void clusterReady(String name) {
    GenericKubernetesResource c = cluster(name);
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", "Ready");
    condition.put("status", "True");
    condition.put("reason", "ClusterIsReady");
    condition.put("message", "Cluster is Ready");
    condition.put("lastTransitionTime", now());
    c.setAdditionalProperty(
        "status", Map.of("phase", "Cluster in healthy state", "conditions", List.of(condition)));
    k8s.genericKubernetesResources("postgresql.cnpg.io/v1", "Cluster")
        .inNamespace(ns)
        .resource(c)
        .updateStatus();
  }

  Deployment deployment(String name) {
    return k8s.apps().deployments().inNamespace(ns).withName(name).get();
  }

  void available(String name) {
    Deployment d = deployment(name);
    d.setStatus(
        new DeploymentStatusBuilder()
            .withObservedGeneration(d.getMetadata().getGeneration())
            .withReplicas(1)
            .withUpdatedReplicas(1)
            .withReadyReplicas(1)
            .withAvailableReplicas(1)
            .build());
    k8s.apps().deployments().inNamespace(ns).resource(d).updateStatus();
  }

  GenericKubernetesResource testRun(String name) {
    return k8s.genericKubernetesResources("k6.io/v1alpha1", "TestRun")
        .inNamespace(ns)
        .withName(name)
        .get();
  }

  Job job(String name) {
    return k8s.batch().v1().jobs().inNamespace(ns).withName(name).get();
  }

  /**
   * k6-operator starting a TestRun: it copies the runner's labels onto its own initializer and
   * runner Jobs (owned by the TestRun) and the initializer pod, which exits 0 with no summary.
   *
   * @return the runner Job's name
   */
  @SuppressWarnings("unchecked")
  String startTestRun(String name) {
    GenericKubernetesResource tr = testRun(name);
    Map<String, Object> spec = (Map<String, Object>) tr.getAdditionalProperties().get("spec");
    Map<String, Object> runner = (Map<String, Object>) spec.get("runner");
    Map<String, String> labels =
        new LinkedHashMap<>(
            (Map<String, String>) ((Map<String, Object>) runner.get("metadata")).get("labels"));
    labels.put("k6_cr", name);
    runnerPod(name + "-initializer-x1", labels, (String) runner.get("image"), 0, null);
    labels.put("runner", "true");
    String job = name + "-1";
    k8s.batch()
        .v1()
        .jobs()
        .inNamespace(ns)
        .resource(
            new io.fabric8.kubernetes.api.model.batch.v1.JobBuilder()
                .withNewMetadata()
                .withName(job)
                .withLabels(labels)
                .addNewOwnerReference()
                .withApiVersion("k6.io/v1alpha1")
                .withKind("TestRun")
                .withName(name)
                .withUid(tr.getMetadata().getUid())
                .withController(true)
                .endOwnerReference()
                .endMetadata()
                .withNewSpec()
                .withTemplate(k6Template(labels, (String) runner.get("image")))
                .endSpec()
                .build())
        .create();
    return job;
  }

  /** k6-operator: the runner pod ran and exited; the TestRun says "finished" either way. */
  @SuppressWarnings("unchecked")
  void finishTestRun(String name, int exitCode, String message) {
    GenericKubernetesResource tr = testRun(name);
    Map<String, Object> spec = (Map<String, Object>) tr.getAdditionalProperties().get("spec");
    Map<String, Object> runner = (Map<String, Object>) spec.get("runner");
    Map<String, String> labels =
        new LinkedHashMap<>(
            (Map<String, String>) ((Map<String, Object>) runner.get("metadata")).get("labels"));
    labels.put("k6_cr", name);
    labels.put("runner", "true");
    runnerPod(name + "-1-abcde", labels, (String) runner.get("image"), exitCode, message);
    tr.setAdditionalProperty("status", Map.of("stage", "finished"));
    try {
      k8s.genericKubernetesResources("k6.io/v1alpha1", "TestRun")
          .inNamespace(ns)
          .resource(tr)
          .updateStatus();
    } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
      // The operator may read the terminated pod and delete the TestRun before k6-operator
      // would have marked it finished.
      if (testRun(name) != null) {
        throw e;
      }
    }
  }

  /** The Job controller and kubelet: the runner pod exited, the Job completed or failed. */
  void finishJob(String name, int exitCode, String message) {
    finishJob(name, name + "-xyz12", exitCode, message);
  }

  /**
   * {@link #finishJob(String, int, String)} with the runner pod named {@code pod}: a later Job of
   * the same name gets another pod, while the earlier one stays (no garbage collector runs here).
   */
  void finishJob(String name, String pod, int exitCode, String message) {
    Job job = job(name);
    var template = job.getSpec().getTemplate();
    runnerPod(
        pod,
        template.getMetadata().getLabels(),
        template.getSpec().getContainers().getFirst().getImage(),
        exitCode,
        message);
    String now = now();
    job.getStatus().setStartTime(now);
    if (exitCode == 0) {
      job.getStatus().setSucceeded(1);
      job.getStatus().setCompletionTime(now);
      job.getStatus()
          .setConditions(List.of(condition("SuccessCriteriaMet", now), condition("Complete", now)));
    } else {
      job.getStatus().setFailed(1);
      job.getStatus()
          .setConditions(List.of(condition("FailureTarget", now), condition("Failed", now)));
    }
    k8s.batch().v1().jobs().inNamespace(ns).resource(job).updateStatus();
  }

  private static io.fabric8.kubernetes.api.model.batch.v1.JobCondition condition(
      String type, String now) {
    return new JobConditionBuilder()
        .withType(type)
        .withStatus("True")
        .withLastProbeTime(now)
        .withLastTransitionTime(now)
        .withReason(type)
        .build();
  }

  private void runnerPod(
      String name, Map<String, String> labels, String image, int exitCode, String message) {
    String now = now();
    pod(
        k6Template(labels, image),
        name,
        new PodStatusBuilder()
            .withPhase(exitCode == 0 ? "Succeeded" : "Failed")
            .withContainerStatuses(
                new ContainerStatusBuilder()
                    .withName("k6")
                    .withImage(image)
                    .withImageID("")
                    .withReady(false)
                    .withRestartCount(0)
                    .withNewState()
                    .withNewTerminated()
                    .withExitCode(exitCode)
                    .withReason(exitCode == 0 ? "Completed" : "Error")
                    .withMessage(message)
                    .withStartedAt(now)
                    .withFinishedAt(now)
                    .endTerminated()
                    .endState()
                    .build())
            .build());
  }

  /** A k6 runner's pod template, as k6-operator's runner Job has it. */
  private static PodTemplateSpec k6Template(Map<String, String> labels, String image) {
    return new PodTemplateSpecBuilder()
        .withNewMetadata()
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withRestartPolicy("Never")
        .addNewContainer()
        .withName("k6")
        .withImage(image)
        .endContainer()
        .endSpec()
        .build();
  }

  /**
   * The pod a ReplicaSet or Job controller makes from {@code template}, with the status the
   * scheduler and kubelet then write.
   */
  Pod pod(PodTemplateSpec template, String name, PodStatus status) {
    Pod pod =
        k8s.pods()
            .inNamespace(ns)
            .resource(
                new PodBuilder()
                    .withNewMetadata()
                    .withName(name)
                    .withLabels(template.getMetadata().getLabels())
                    .withAnnotations(template.getMetadata().getAnnotations())
                    .endMetadata()
                    .withSpec(template.getSpec())
                    .build())
            .create();
    pod.setStatus(status);
    return k8s.pods().inNamespace(ns).resource(pod).updateStatus();
  }

  /**
   * A running, ready pod of a Deployment, its container reporting the image digest the kubelet
   * resolved ({@code imageID}).
   */
  Pod runningPod(String deployment, String name, String imageId) {
    PodTemplateSpec template = deployment(deployment).getSpec().getTemplate();
    var c = template.getSpec().getContainers().getFirst();
    return pod(
        template,
        name,
        new PodStatusBuilder()
            .withPhase("Running")
            .withContainerStatuses(
                new ContainerStatusBuilder()
                    .withName(c.getName())
                    .withImage(c.getImage())
                    .withImageID(imageId)
                    .withReady(true)
                    .withRestartCount(0)
                    .withNewState()
                    .withNewRunning()
                    .withStartedAt(now())
                    .endRunning()
                    .endState()
                    .build())
            .build());
  }

  /** The scheduler finding no node for a pod of {@code template}, with its {@code message}. */
  Pod unschedulable(PodTemplateSpec template, String name, String message) {
    return pod(
        template,
        name,
        new PodStatusBuilder()
            .withPhase("Pending")
            .withConditions(
                new PodConditionBuilder()
                    .withType("PodScheduled")
                    .withStatus("False")
                    .withReason("Unschedulable")
                    .withMessage(message)
                    .withLastTransitionTime(now())
                    .build())
            .build());
  }

  /** The API server's timestamps: whole seconds. */
  static String now() {
    return Instant.now().toString().replaceAll("\\.\\d+Z$", "Z");
  }
}
