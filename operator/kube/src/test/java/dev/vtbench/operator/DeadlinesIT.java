package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.SMALL;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.condition;
import static dev.vtbench.operator.OperatorIT.conditionOf;
import static dev.vtbench.operator.OperatorIT.create;
import static dev.vtbench.operator.OperatorIT.gone;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every wait of a run ends, against a real kube-apiserver: the test plays the scheduler and the
 * kubelet by creating the pods a ReplicaSet or Job controller would and writing their status as
 * those components do (an unschedulable pod, an image pull error), plays CloudNativePG by writing a
 * Cluster's status that never turns Ready, and plays an admission policy refusing the SUT with a
 * real ValidatingAdmissionPolicy. Each run must end with a condition naming the cause and its
 * workloads released.
 */
class DeadlinesIT {

  static final KubernetesClient k8s = KubeApi.client();

  /** Longer than OperatorIT's wait: java-operator-sdk's retries take about half a minute. */
  static final Duration RETRIES = Duration.ofSeconds(120);

  static final String MATRIX =
      "matrix: {threadModes: [platform], hikariPoolSizes: [10], concurrency: [10],"
          + " repetitions: 1}\n";

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();
  String policy;

  @AfterEach
  void deletePolicy() {
    if (policy != null) {
      k8s.genericKubernetesResources(
              "admissionregistration.k8s.io/v1", "ValidatingAdmissionPolicyBinding")
          .withName(policy)
          .delete();
      k8s.genericKubernetesResources("admissionregistration.k8s.io/v1", "ValidatingAdmissionPolicy")
          .withName(policy)
          .delete();
    }
  }

  @Test
  void anUnschedulableSutFailsAtItsDeadlineWithTheSchedulersMessage() {
    String ns = operator.startInNewNamespace("unschedulable");
    Controllers play = new Controllers(k8s, ns);
    create(ns, "nocpu", SMALL.formatted("job", "0s") + MATRIX + "timeouts: {sutStart: 8s}\n");
    await("Cluster", OperatorIT.WAIT, () -> play.cluster("nocpu-db"));
    play.clusterReady("nocpu-db");
    Deployment sut = await("SUT", OperatorIT.WAIT, () -> play.deployment("nocpu-sut"));
    await("stub", OperatorIT.WAIT, () -> play.deployment("nocpu-stub"));
    play.available("nocpu-stub");
    String message =
        "0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No"
            + " preemption victims found for incoming pod.";
    play.unschedulable(sut.getSpec().getTemplate(), "nocpu-sut-7c9d8-x2k4q", message);

    BenchmarkRunStatus status =
        awaitStatus(ns, "nocpu", "failed", condition("Succeeded", "False", "SutStartTimedOut"));
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .contains("the SUT (Deployment nocpu-sut) was not available within 8s")
        .contains("spec.timeouts.sutStart")
        .contains("pod nocpu-sut-7c9d8-x2k4q cannot be scheduled (Unschedulable: " + message);
    assertThat(status.phase).isEqualTo("Failed");
    await("workloads released", OperatorIT.WAIT, () -> gone(ns, "nocpu") ? true : null);
  }

  @Test
  void anImageThatDoesNotExistFailsAtOnceNamingIt() {
    anUnpullableSutImageFailsAtOnce(
        "imagepull",
        "noimage",
        SMALL.formatted("job", "0s") + MATRIX,
        "vtbench/sut:test",
        "spec.sut.image");
  }

  /** A reactive row's SUT runs spec.sut.reactiveImage, and a bad one is named as that field. */
  @Test
  void aReactiveImageThatDoesNotExistFailsAtOnceNamingItsField() {
    String image = "registry.example/vtbench/sut-reactive:missing";
    String spec =
        SMALL
                .formatted("job", "0s")
                .replace(
                    "image: vtbench/sut:test", "image: vtbench/sut:test, reactiveImage: " + image)
            + MATRIX.replace("[platform]", "[reactive]");
    anUnpullableSutImageFailsAtOnce(
        "reactivepull", "noreactive", spec, image, "spec.sut.reactiveImage");
  }

  /**
   * The run {@code name} of {@code spec} starts its SUT from {@code image}; the pull of that image
   * fails and the run fails at once, naming {@code field}, where the spec sets that image.
   */
  void anUnpullableSutImageFailsAtOnce(
      String nsName, String name, String spec, String image, String field) {
    String ns = operator.startInNewNamespace(nsName);
    Controllers play = new Controllers(k8s, ns);
    // The default sutStart (5m): the run must not wait for it.
    create(ns, name, spec);
    await("Cluster", OperatorIT.WAIT, () -> play.cluster(name + "-db"));
    play.clusterReady(name + "-db");
    Deployment sut = await("SUT", OperatorIT.WAIT, () -> play.deployment(name + "-sut"));
    assertThat(sut.getSpec().getTemplate().getSpec().getContainers().getFirst().getImage())
        .isEqualTo(image);
    Instant started = Instant.now();
    play.pod(
        sut.getSpec().getTemplate(),
        name + "-sut-6f7b9-q8w2e",
        new PodStatusBuilder()
            .withPhase("Pending")
            .withContainerStatuses(
                new ContainerStatusBuilder()
                    .withName("sut")
                    .withImage(image)
                    .withImageID("")
                    .withReady(false)
                    .withRestartCount(0)
                    .withNewState()
                    .withNewWaiting()
                    .withReason("ErrImagePull")
                    .withMessage(
                        "rpc error: code = NotFound desc = failed to pull and unpack image"
                            + " \"docker.io/"
                            + image
                            + "\": failed to resolve reference \"docker.io/"
                            + image
                            + "\": docker.io/"
                            + image
                            + ": not found")
                    .endWaiting()
                    .endState()
                    .build())
            .build());

    BenchmarkRunStatus status =
        awaitStatus(ns, name, "failed", condition("Succeeded", "False", "ImagePullFailed"));
    assertThat(Duration.between(started, Instant.now())).isLessThan(Duration.ofMinutes(1));
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .contains("pod " + name + "-sut-6f7b9-q8w2e cannot pull image '" + image + "'")
        .contains("ErrImagePull")
        .contains("not found")
        .contains("fix " + field);
    await("workloads released", OperatorIT.WAIT, () -> gone(ns, name) ? true : null);
  }

  @Test
  void aDatabaseThatNeverBecomesReadyFailsNamingCloudNativePGsPhase() {
    String ns = operator.startInNewNamespace("nodb");
    Controllers play = new Controllers(k8s, ns);
    create(ns, "stuck", SMALL.formatted("job", "0s") + MATRIX + "timeouts: {database: 6s}\n");
    await("Cluster", OperatorIT.WAIT, () -> play.cluster("stuck-db"));
    var cluster = play.cluster("stuck-db");
    cluster.setAdditionalProperty(
        "status",
        Map.of(
            "phase",
            "Setting up primary",
            "phaseReason",
            "Creating primary instance stuck-db-1",
            "conditions",
            List.of(
                Map.of(
                    "type", "Ready",
                    "status", "False",
                    "reason", "ClusterIsNotReady",
                    "message", "Cluster Is Not Ready",
                    "lastTransitionTime", Controllers.now()))));
    k8s.genericKubernetesResources("postgresql.cnpg.io/v1", "Cluster")
        .inNamespace(ns)
        .resource(cluster)
        .updateStatus();

    BenchmarkRunStatus status =
        awaitStatus(ns, "stuck", "failed", condition("Succeeded", "False", "DatabaseTimedOut"));
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .contains("CloudNativePG Cluster stuck-db did not become Ready within 6s")
        .contains("spec.timeouts.database")
        .contains("phase 'Setting up primary' (Creating primary instance stuck-db-1)")
        .contains("Ready=False: Cluster Is Not Ready");
    // No SUT was ever started for a database that never came up.
    assertThat(play.deployment("stuck-sut")).isNull();
    await("workloads released", OperatorIT.WAIT, () -> gone(ns, "stuck") ? true : null);
  }

  @Test
  void aRunnerThatNeverStartsFailsAtItsDeadline() {
    String ns = operator.startInNewNamespace("norunner");
    Controllers play = new Controllers(k8s, ns);
    // A Job whose runner pod cannot be scheduled, and a TestRun k6-operator never acts on.
    BenchmarkRunResource job =
        create(ns, "viajob", SMALL.formatted("job", "0s") + MATRIX + "timeouts: {loadStart: 5s}\n");
    BenchmarkRunResource testRun =
        create(
            ns, "viatr", SMALL.formatted("testrun", "0s") + MATRIX + "timeouts: {loadStart: 5s}\n");
    for (String run : List.of("viajob", "viatr")) {
      await("Cluster", OperatorIT.WAIT, () -> play.cluster(run + "-db"));
      play.clusterReady(run + "-db");
      await("SUT", OperatorIT.WAIT, () -> play.deployment(run + "-sut"));
      await("stub", OperatorIT.WAIT, () -> play.deployment(run + "-stub"));
      play.available(run + "-sut");
      play.available(run + "-stub");
    }
    String jobName = loadName(job);
    Job runner = await(jobName, OperatorIT.WAIT, () -> play.job(jobName));
    String message =
        "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector.";
    play.unschedulable(runner, jobName + "-r7t2p", message);
    String testRunName = loadName(testRun);
    await(testRunName, OperatorIT.WAIT, () -> play.testRun(testRunName));

    BenchmarkRunStatus viaJob =
        awaitStatus(ns, "viajob", "failed", condition("Succeeded", "False", "LoadStartTimedOut"));
    assertThat(conditionOf(viaJob, "Succeeded").getMessage())
        .startsWith(jobName + ": no k6 runner started within 5s (spec.timeouts.loadStart)")
        .contains("pod " + jobName + "-r7t2p cannot be scheduled (Unschedulable: " + message);
    BenchmarkRunStatus viaTestRun =
        awaitStatus(ns, "viatr", "failed", condition("Succeeded", "False", "LoadStartTimedOut"));
    assertThat(conditionOf(viaTestRun, "Succeeded").getMessage())
        .contains("k6-operator created no pod for TestRun " + testRunName)
        .contains("stage initialization");
    await("workloads released", OperatorIT.WAIT, () -> gone(ns, "viajob") ? true : null);
    await("workloads released", OperatorIT.WAIT, () -> gone(ns, "viatr") ? true : null);
  }

  /**
   * An admission policy refuses the SUT's Deployment: the exception out of the step becomes
   * Progressing=ReconcileError while java-operator-sdk retries, then fails the run.
   */
  @Test
  void anExceptionInAStepBecomesAConditionThenFailsTheRun() {
    String ns = KubeApi.namespace("refused");
    policy = "no-sut-" + ns;
    refuseSutDeployments(ns, policy);
    operator.start(ns);
    Controllers play = new Controllers(k8s, ns);
    create(ns, "denied", SMALL.formatted("job", "0s") + MATRIX);
    await("Cluster", OperatorIT.WAIT, () -> play.cluster("denied-db"));
    play.clusterReady("denied-db");

    BenchmarkRunStatus retrying =
        awaitStatus(ns, "denied", "retrying", condition("Progressing", "True", "ReconcileError"));
    assertThat(conditionOf(retrying, "Succeeded").getStatus()).isEqualTo("Unknown");
    assertThat(conditionOf(retrying, "Progressing").getMessage())
        .contains("the operator failed")
        .contains("denied-sut")
        .contains("policy " + policy + ": SUT Deployments are not allowed here")
        .contains("HTTP 403");
    assertThat(conditionOf(retrying, "Reconciling").getReason()).isEqualTo("ReconcileError");

    BenchmarkRunStatus failed =
        await(
            "the run failed once the retries are spent",
            RETRIES,
            () -> {
              BenchmarkRunResource r = OperatorIT.get(ns, "denied");
              return r.getStatus() != null
                      && condition("Succeeded", "False", "ReconcileError").test(r.getStatus())
                  ? r.getStatus()
                  : null;
            });
    assertThat(conditionOf(failed, "Succeeded").getMessage())
        .contains("the operator gave up after")
        .contains("SUT Deployments are not allowed here");
    assertThat(failed.phase).isEqualTo("Failed");
    await("workloads released", OperatorIT.WAIT, () -> gone(ns, "denied") ? true : null);
  }

  /**
   * A ValidatingAdmissionPolicy, bound to {@code ns}, refusing Deployments of the SUT tier with 403
   * Forbidden; returns once the API server enforces it.
   */
  static void refuseSutDeployments(String ns, String name) {
    k8s.resource(
            """
            apiVersion: admissionregistration.k8s.io/v1
            kind: ValidatingAdmissionPolicy
            metadata: {name: %1$s}
            spec:
              failurePolicy: Fail
              matchConstraints:
                resourceRules:
                - apiGroups: [apps]
                  apiVersions: [v1]
                  operations: [CREATE, UPDATE]
                  resources: [deployments]
              validations:
              - expression: >-
                  !has(object.metadata.labels)
                  || !('app.kubernetes.io/component' in object.metadata.labels)
                  || object.metadata.labels['app.kubernetes.io/component'] != 'sut'
                message: "policy %1$s: SUT Deployments are not allowed here"
                reason: Forbidden
            """
                .formatted(name))
        .create();
    k8s.resource(
            """
            apiVersion: admissionregistration.k8s.io/v1
            kind: ValidatingAdmissionPolicyBinding
            metadata: {name: %1$s}
            spec:
              policyName: %1$s
              validationActions: [Deny]
              matchResources:
                namespaceSelector:
                  matchLabels: {kubernetes.io/metadata.name: %2$s}
            """
                .formatted(name, ns))
        .create();
    Deployment probe =
        new DeploymentBuilder()
            .withNewMetadata()
            .withName("probe")
            .withLabels(Map.of("app.kubernetes.io/component", "sut"))
            .endMetadata()
            .withNewSpec()
            .withNewSelector()
            .withMatchLabels(Map.of("app", "probe"))
            .endSelector()
            .withNewTemplate()
            .withNewMetadata()
            .withLabels(Map.of("app", "probe"))
            .endMetadata()
            .withNewSpec()
            .addNewContainer()
            .withName("c")
            .withImage("busybox")
            .endContainer()
            .endSpec()
            .endTemplate()
            .endSpec()
            .build();
    await(
        "the admission policy in force",
        OperatorIT.WAIT,
        () -> {
          try {
            k8s.apps().deployments().inNamespace(ns).resource(probe).dryRun().create();
            return null;
          } catch (KubernetesClientException e) {
            return e.getCode() == 403 ? true : null;
          }
        });
  }

  static String loadName(BenchmarkRunResource run) {
    return ResourceNames.load(run, Planner.plan(run.getSpec()).getFirst().index(), false);
  }
}
