package dev.vtbench.operator;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
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
 * moves a TestRun to "finished", the Job controller completes a Job (its pods controlled by it),
 * and the kubelet records the k6 runner container's exit code and termination message, or a volume
 * it cannot mount.
 */
public final class Controllers {

  private final KubernetesClient k8s;
  private final String ns;

  /** The node the scheduler puts the next pods on ({@code spec.nodeName}); null: none named. */
  private String node;

  public Controllers(KubernetesClient k8s, String ns) {
    this.k8s = k8s;
    this.ns = ns;
  }

  /** The scheduler binding the pods created from now on to {@code node}. */
  Controllers onNode(String node) {
    this.node = node;
    return this;
  }

  public GenericKubernetesResource cluster(String name) {
    return k8s.genericKubernetesResources("postgresql.cnpg.io/v1", "Cluster")
        .inNamespace(ns)
        .withName(name)
        .get();
  }

  public void clusterReady(String name) {
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

  public Deployment deployment(String name) {
    return k8s.apps().deployments().inNamespace(ns).withName(name).get();
  }

  public void available(String name) {
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

  public Job job(String name) {
    return k8s.batch().v1().jobs().inNamespace(ns).withName(name).get();
  }

  /**
   * k6-operator starting a TestRun: it copies the runner's labels onto its own initializer and
   * runner Jobs (controlled by the TestRun) and their pods (controlled by their Job); the
   * initializer pod exits 0 with no summary.
   *
   * @return the runner Job's name
   */
  String startTestRun(String name) {
    Map<String, String> labels = testRunLabels(name);
    Job initializer = testRunJob(name, name + "-initializer", labels);
    runnerPod(initializer, name + "-initializer-x1", 0, null);
    return runnerJob(name).getMetadata().getName();
  }

  /** k6-operator: the runner pod ran and exited; the TestRun says "finished" either way. */
  void finishTestRun(String name, int exitCode, String message) {
    runnerPod(runnerJob(name), name + "-1-abcde", exitCode, message);
    try {
      progress(name, "finished");
    } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
      // The operator may read the terminated pod and delete the TestRun before k6-operator
      // would have marked it finished.
      if (testRun(name) != null) {
        throw e;
      }
    }
  }

  /**
   * k6-operator's runner {@code index} (from 1) of a TestRun with several (spec.parallelism): its
   * own Job {@code <name>-<index>} and pod, exited; the TestRun's stage is left alone.
   */
  void finishTestRunner(String name, int index, int exitCode, String message) {
    runnerPod(runnerJob(name, index), name + "-" + index + "-abcde", exitCode, message);
  }

  /**
   * The Job controller and kubelet for an Indexed Job of one pod per message: each pod exited 0
   * with its message, the Job complete.
   */
  void finishIndexedJob(String name, List<String> messages) {
    Job job = job(name);
    String now = now();
    job.getStatus().setStartTime(now);
    job.getStatus().setSucceeded(messages.size());
    job.getStatus().setCompletedIndexes("0-" + (messages.size() - 1));
    job.getStatus().setCompletionTime(now);
    job.getStatus()
        .setConditions(List.of(condition("SuccessCriteriaMet", now), condition("Complete", now)));
    k8s.batch().v1().jobs().inNamespace(ns).resource(job).updateStatus();
    for (int i = 0; i < messages.size(); i++) {
      runnerPod(job, name + "-" + i + "-xyz12", 0, messages.get(i));
    }
  }

  /**
   * The Job controller's pod {@code pod} of the staged load Job {@code name} (one init container
   * per stage but the last, LoadScript.stageContainer), as the kubelet reports it once the first
   * {@code messages.size()} stages exited 0 with those summaries: the next stage runs, or, after
   * the last, the pod succeeded (and then the Job completed). Created on the first call, its status
   * rewritten on the next.
   */
  Pod stagedPod(String name, String pod, List<String> messages) {
    Job job = job(name);
    var spec = job.getSpec().getTemplate().getSpec();
    List<io.fabric8.kubernetes.api.model.Container> stages = new java.util.ArrayList<>();
    stages.addAll(spec.getInitContainers());
    stages.addAll(spec.getContainers());
    String now = now();
    List<io.fabric8.kubernetes.api.model.ContainerStatus> statuses = new java.util.ArrayList<>();
    for (int i = 0; i < stages.size(); i++) {
      var c = stages.get(i);
      var b =
          new ContainerStatusBuilder()
              .withName(c.getName())
              .withImage(c.getImage())
              .withImageID("")
              .withReady(false)
              .withRestartCount(0);
      if (i < messages.size()) {
        b.withNewState()
            .withNewTerminated()
            .withExitCode(0)
            .withReason("Completed")
            .withMessage(messages.get(i))
            .withStartedAt(now)
            .withFinishedAt(now)
            .endTerminated()
            .endState();
      } else if (i == messages.size()) {
        b.withNewState().withNewRunning().withStartedAt(now).endRunning().endState();
      } else {
        b.withNewState().withNewWaiting().withReason("PodInitializing").endWaiting().endState();
      }
      statuses.add(b.build());
    }
    int inits = spec.getInitContainers().size();
    boolean done = messages.size() == stages.size();
    PodStatus status =
        new PodStatusBuilder()
            .withPhase(done ? "Succeeded" : messages.size() < inits ? "Pending" : "Running")
            .withInitContainerStatuses(statuses.subList(0, inits))
            .withContainerStatuses(statuses.subList(inits, statuses.size()))
            .build();
    Pod existing = k8s.pods().inNamespace(ns).withName(pod).get();
    if (existing == null) {
      return pod(job.getSpec().getTemplate(), pod, controller(job), status);
    }
    if (done) {
      finishJobStatus(job, 0);
    }
    existing.setStatus(status);
    return k8s.pods().inNamespace(ns).resource(existing).updateStatus();
  }

  /**
   * The kubelet: the running stage {@code container} of the staged pod {@code pod} exited with
   * {@code exitCode} and {@code message}; no later container runs, the pod failed (and its Job).
   */
  Pod failStage(String pod, String container, int exitCode, String message) {
    Pod p = k8s.pods().inNamespace(ns).withName(pod).get();
    String now = now();
    List<io.fabric8.kubernetes.api.model.ContainerStatus> all = new java.util.ArrayList<>();
    all.addAll(p.getStatus().getInitContainerStatuses());
    all.addAll(p.getStatus().getContainerStatuses());
    all.stream()
        .filter(cs -> cs.getName().equals(container))
        .forEach(
            cs ->
                cs.setState(
                    new io.fabric8.kubernetes.api.model.ContainerStateBuilder()
                        .withNewTerminated()
                        .withExitCode(exitCode)
                        .withReason("Error")
                        .withMessage(message)
                        .withStartedAt(now)
                        .withFinishedAt(now)
                        .endTerminated()
                        .build()));
    String job = p.getMetadata().getOwnerReferences().getFirst().getName();
    finishJobStatus(job(job), exitCode);
    p.getStatus().setPhase("Failed");
    return k8s.pods().inNamespace(ns).resource(p).updateStatus();
  }

  /**
   * The runner pod {@code pod} of Job {@code name} deleted mid-run (by hand, or evicted), and the
   * Job controller counting that a failure of a Job that retries nothing.
   */
  void loseRunner(String name, String pod) {
    k8s.pods().inNamespace(ns).withName(pod).withGracePeriod(0).delete();
    finishJobStatus(job(name), 137);
  }

  /** k6-operator's status write: the TestRun's progress (its status.stage). */
  void progress(String testRun, String progress) {
    GenericKubernetesResource tr = testRun(testRun);
    tr.setAdditionalProperty("status", Map.of("stage", progress));
    k8s.genericKubernetesResources("k6.io/v1alpha1", "TestRun")
        .inNamespace(ns)
        .resource(tr)
        .updateStatus();
  }

  /** k6-operator's runner Job {@code <name>-1} of the TestRun. */
  private Job runnerJob(String name) {
    return runnerJob(name, 1);
  }

  /** k6-operator's runner Job {@code <name>-<index>}, created if it is not there yet. */
  private Job runnerJob(String name, int index) {
    Job existing = job(name + "-" + index);
    if (existing != null) {
      return existing;
    }
    Map<String, String> labels = testRunLabels(name);
    labels.put("runner", "true");
    return testRunJob(name, name + "-" + index, labels);
  }

  /** The runner's labels as k6-operator copies them: the TestRun's runner labels and k6_cr. */
  @SuppressWarnings("unchecked")
  private Map<String, String> testRunLabels(String name) {
    Map<String, Object> spec =
        (Map<String, Object>) testRun(name).getAdditionalProperties().get("spec");
    Map<String, Object> runner = (Map<String, Object>) spec.get("runner");
    Map<String, String> labels =
        new LinkedHashMap<>(
            (Map<String, String>) ((Map<String, Object>) runner.get("metadata")).get("labels"));
    labels.put("k6_cr", name);
    return labels;
  }

  /** A Job k6-operator creates for TestRun {@code testRun}, which controls it. */
  @SuppressWarnings("unchecked")
  private Job testRunJob(String testRun, String name, Map<String, String> labels) {
    GenericKubernetesResource tr = testRun(testRun);
    Map<String, Object> spec = (Map<String, Object>) tr.getAdditionalProperties().get("spec");
    String image = (String) ((Map<String, Object>) spec.get("runner")).get("image");
    return k8s.batch()
        .v1()
        .jobs()
        .inNamespace(ns)
        .resource(
            new io.fabric8.kubernetes.api.model.batch.v1.JobBuilder()
                .withNewMetadata()
                .withName(name)
                .withLabels(labels)
                .addNewOwnerReference()
                .withApiVersion("k6.io/v1alpha1")
                .withKind("TestRun")
                .withName(testRun)
                .withUid(tr.getMetadata().getUid())
                .withController(true)
                .endOwnerReference()
                .endMetadata()
                .withNewSpec()
                .withTemplate(k6Template(labels, image))
                .endSpec()
                .build())
        .create();
  }

  /** The Job controller and kubelet: the runner pod exited, the Job completed or failed. */
  public void finishJob(String name, int exitCode, String message) {
    finishJob(name, name + "-xyz12", exitCode, message);
  }

  /**
   * {@link #finishJob(String, int, String)} with the runner pod named {@code pod}: a later Job of
   * the same name gets another pod, while the earlier one stays (no garbage collector runs here).
   */
  void finishJob(String name, String pod, int exitCode, String message) {
    Job job = job(name);
    // The Job's status first, then its pod: once the operator reads the pod's exit it may delete
    // the Job (a warm-up round makes way for the next one), and a status write would then fail.
    finishJobStatus(job, exitCode);
    runnerPod(job, pod, exitCode, message);
  }

  /** The Job controller: {@code job} completed ({@code exitCode} 0) or failed. */
  private void finishJobStatus(Job job, int exitCode) {
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

  /** The Job controller's pod of {@code job}, run by the kubelet to its exit. */
  private void runnerPod(Job job, String name, int exitCode, String message) {
    String now = now();
    pod(
        job.getSpec().getTemplate(),
        name,
        controller(job),
        new PodStatusBuilder()
            .withPhase(exitCode == 0 ? "Succeeded" : "Failed")
            .withContainerStatuses(
                new ContainerStatusBuilder()
                    .withName("k6")
                    .withImage(
                        job.getSpec().getTemplate().getSpec().getContainers().getFirst().getImage())
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

  /** The controller reference the Job controller puts on the pods it creates. */
  static OwnerReference controller(Job job) {
    return new OwnerReferenceBuilder()
        .withApiVersion("batch/v1")
        .withKind("Job")
        .withName(job.getMetadata().getName())
        .withUid(job.getMetadata().getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
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
    return pod(template, name, null, status);
  }

  /** A pod of {@code template} controlled by {@code owner} (none if null), with that status. */
  Pod pod(PodTemplateSpec template, String name, OwnerReference owner, PodStatus status) {
    Pod pod =
        k8s.pods()
            .inNamespace(ns)
            .resource(
                new PodBuilder()
                    .withNewMetadata()
                    .withName(name)
                    .withLabels(template.getMetadata().getLabels())
                    .withAnnotations(template.getMetadata().getAnnotations())
                    .withOwnerReferences(owner == null ? List.of() : List.of(owner))
                    .endMetadata()
                    .withSpec(
                        new io.fabric8.kubernetes.api.model.PodSpecBuilder(template.getSpec())
                            .withNodeName(node)
                            .build())
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
    return runningPod(deployment(deployment).getSpec().getTemplate(), name, imageId);
  }

  /** {@link #runningPod(String, String, String)} of a template no Deployment holds. */
  Pod runningPod(PodTemplateSpec template, String name, String imageId) {
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

  /**
   * {@link #runningPod} whose init container {@code init} ran first and ended with {@code message}
   * as its termination message (a user's service's cpuset probe).
   */
  Pod runningPodAfterInit(
      String deployment, String name, String imageId, String init, String message) {
    Pod running = runningPod(deployment, name, imageId);
    running
        .getStatus()
        .setInitContainerStatuses(
            List.of(
                new ContainerStatusBuilder()
                    .withName(init)
                    .withImage(running.getSpec().getInitContainers().getFirst().getImage())
                    .withReady(false)
                    .withRestartCount(0)
                    .withNewState()
                    .withNewTerminated()
                    .withExitCode(0)
                    .withReason("Completed")
                    .withMessage(message)
                    .endTerminated()
                    .endState()
                    .build()));
    return k8s.pods().inNamespace(ns).resource(running).updateStatus();
  }

  /** The scheduler finding no node for a pod of {@code template}, with its {@code message}. */
  Pod unschedulable(PodTemplateSpec template, String name, String message) {
    return unschedulable(template, name, null, message);
  }

  /** The scheduler finding no node for {@code job}'s pod, which the Job controller created. */
  Pod unschedulable(Job job, String name, String message) {
    return unschedulable(job.getSpec().getTemplate(), name, controller(job), message);
  }

  private Pod unschedulable(
      PodTemplateSpec template, String name, OwnerReference owner, String message) {
    return pod(
        template,
        name,
        owner,
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

  /**
   * The kubelet failing to set up a volume of a pod of {@code deployment}: the pod stays Pending,
   * every container waiting to be created, and the only word of why is the kubelet's FailedMount
   * Event on the pod with {@code message}.
   */
  Pod failedMount(String deployment, String name, String message) {
    PodTemplateSpec template = deployment(deployment).getSpec().getTemplate();
    List<io.fabric8.kubernetes.api.model.ContainerStatus> inits =
        template.getSpec().getInitContainers().stream()
            .map(c -> waiting(c.getName(), c.getImage(), "PodInitializing"))
            .toList();
    List<io.fabric8.kubernetes.api.model.ContainerStatus> containers =
        template.getSpec().getContainers().stream()
            .map(
                c ->
                    waiting(
                        c.getName(),
                        c.getImage(),
                        inits.isEmpty() ? "ContainerCreating" : "PodInitializing"))
            .toList();
    Pod pod =
        pod(
            template,
            name,
            new PodStatusBuilder()
                .withPhase("Pending")
                .withInitContainerStatuses(inits)
                .withContainerStatuses(containers)
                .build());
    String now = now();
    k8s.v1()
        .events()
        .inNamespace(ns)
        .resource(
            new io.fabric8.kubernetes.api.model.EventBuilder()
                .withNewMetadata()
                .withName(name + ".failedmount")
                .endMetadata()
                .withNewInvolvedObject()
                .withApiVersion("v1")
                .withKind("Pod")
                .withName(name)
                .withNamespace(ns)
                .withUid(pod.getMetadata().getUid())
                .endInvolvedObject()
                .withType("Warning")
                .withReason("FailedMount")
                .withMessage(message)
                .withNewSource("kubelet", node)
                .withFirstTimestamp(now)
                .withLastTimestamp(now)
                .withCount(1)
                .build())
        .create();
    return pod;
  }

  private static io.fabric8.kubernetes.api.model.ContainerStatus waiting(
      String name, String image, String reason) {
    return new ContainerStatusBuilder()
        .withName(name)
        .withImage(image)
        .withImageID("")
        .withReady(false)
        .withRestartCount(0)
        .withNewState()
        .withNewWaiting()
        .withReason(reason)
        .endWaiting()
        .endState()
        .build();
  }

  /** The API server's timestamps: whole seconds. */
  static String now() {
    return Instant.now().toString().replaceAll("\\.\\d+Z$", "Z");
  }
}
