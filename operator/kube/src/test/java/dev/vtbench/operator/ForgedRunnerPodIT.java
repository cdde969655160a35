package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.condition;
import static dev.vtbench.operator.OperatorIT.create;
import static dev.vtbench.operator.OperatorIT.get;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStateBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A k6 runner's summary is believed only from a pod whose owner chain ends at the run's load,
 * against the real API server: pods with the load's labels but no owner, or owned by a look-alike
 * Job that is not the run's, finished with a forged summary or failing to pull their image, change
 * nothing. They are reported once each, without their content; the real runner's summary is the
 * row; the look-alike Job is left alone.
 */
class ForgedRunnerPodIT {

  static final KubernetesClient k8s = KubeApi.client();
  static String summary;

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  @BeforeAll
  static void summary() throws Exception {
    summary = OperatorIT.runnerSummary();
  }

  @Test
  void forgedRunnerPodsAreIgnoredReportedOnceAndTheRealSummaryIsRecorded() throws Exception {
    String ns = operator.startInNewNamespace("forgedpod");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run = create(ns, "fp", OwnershipIT.SPEC);
    await("Cluster", WAIT, () -> play.cluster("fp-db"));
    play.clusterReady("fp-db");
    await("SUT", WAIT, () -> play.deployment("fp-sut"));
    await("stub", WAIT, () -> play.deployment("fp-stub"));
    play.available("fp-sut");
    play.available("fp-stub");
    String load = ResourceNames.load(run, Planner.plan(run.getSpec()).getFirst().index(), false);
    Job job = await(load, WAIT, () -> play.job(load));

    // 999999 requests instead of the runner's 296: a row from this would show.
    String forged =
        summary.replace(
            "\"http_reqs{phase:hold}\":{\"values\":{\"count\":296",
            "\"http_reqs{phase:hold}\":{\"values\":{\"count\":999999");
    assertThat(forged).isNotEqualTo(summary);
    var template = job.getSpec().getTemplate();
    // No owner at all, with the load's labels and a forged summary.
    play.pod(template, load + "-forged", null, terminated(forged));
    // Owned by a Job someone else made with the same labels: a real Job, not the run's (the Job
    // controller's own labels, which the API server sets from the new Job, left out).
    var copied = new io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder(template).build();
    copied
        .getMetadata()
        .getLabels()
        .keySet()
        .removeIf(k -> k.contains("job-name") || k.contains("controller-uid"));
    Job lookAlike =
        k8s.batch()
            .v1()
            .jobs()
            .inNamespace(ns)
            .resource(
                new JobBuilder()
                    .withNewMetadata()
                    .withName(load + "-copy")
                    .withLabels(job.getMetadata().getLabels())
                    .endMetadata()
                    .withNewSpec()
                    .withTemplate(copied)
                    .endSpec()
                    .build())
            .create();
    play.pod(template, load + "-copy-x1", Controllers.controller(lookAlike), terminated(forged));
    // An image that cannot be pulled, which on the load's own pod fails the run at once.
    play.pod(template, load + "-nopull", null, imagePullDenied());

    await("three UntrustedPod Events", WAIT, () -> untrusted(ns).size() == 3 ? true : null);
    assertThat(untrusted(ns))
        .extracting(Event::getMessage)
        .allMatch(m -> m.contains("carries the labels of " + load) && m.contains("ignored"))
        .noneMatch(m -> m.contains("999999") || m.contains("metrics"))
        .anyMatch(m -> m.startsWith("pod " + load + "-forged ") && m.contains("no controller"))
        .anyMatch(
            m ->
                m.startsWith("pod " + load + "-copy-x1 ")
                    && m.contains(
                        "Job " + load + "-copy (uid " + lookAlike.getMetadata().getUid()));
    Thread.sleep(3_000); // passes that would have recorded a row or failed the run
    BenchmarkRunStatus status = get(ns, "fp").getStatus();
    assertThat(status.phase).isEqualTo("Running");
    assertThat(Objects.requireNonNullElse(status.scenariosDone, 0)).isZero();

    // The Job controller's pod: its summary, 296 requests, is the row.
    play.finishJob(load, 0, summary);
    awaitStatus(ns, "fp", "Succeeded", condition("Succeeded", "True", null));
    List<ResultRow> rows = new ResultsStore(k8s).rows(get(ns, "fp"));
    assertThat(rows).hasSize(1);
    assertThat(rows.getFirst().httpReqs()).isEqualTo(296);
    assertThat(untrusted(ns)).as("each reported once, however many passes saw it").hasSize(3);
    await(
        "the credentials deleted when the run ended",
        WAIT,
        () -> k8s.secrets().inNamespace(ns).withName("fp-db-app").get() == null ? true : null);
    // Released: the run's own Job went, the look-alike (not the run's) stays as it was.
    await("the run's Job deleted", WAIT, () -> play.job(load) == null ? true : null);
    HasMetadata kept = k8s.resource(lookAlike).get();
    assertThat(kept.getMetadata().getResourceVersion())
        .isEqualTo(lookAlike.getMetadata().getResourceVersion());
  }

  static List<Event> untrusted(String ns) {
    return k8s.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> "UntrustedPod".equals(e.getReason()))
        .toList();
  }

  static PodStatus terminated(String message) {
    return k6(
        new ContainerStateBuilder()
            .withNewTerminated()
            .withExitCode(0)
            .withReason("Completed")
            .withMessage(message)
            .withStartedAt(Controllers.now())
            .withFinishedAt(Controllers.now())
            .endTerminated()
            .build(),
        "Succeeded");
  }

  static PodStatus imagePullDenied() {
    return k6(
        new ContainerStateBuilder()
            .withNewWaiting()
            .withReason("ErrImagePull")
            .withMessage("pull access denied, repository does not exist")
            .endWaiting()
            .build(),
        "Pending");
  }

  /** A pod whose one container, k6, is in {@code state}. */
  static PodStatus k6(ContainerState state, String phase) {
    return new PodStatusBuilder()
        .withPhase(phase)
        .withContainerStatuses(
            new ContainerStatusBuilder()
                .withName("k6")
                .withImage("grafana/k6")
                .withImageID("")
                .withReady(false)
                .withRestartCount(0)
                .withState(state)
                .build())
        .build();
  }
}
