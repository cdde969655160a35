package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The start-stall nudge against the real API server, the test playing k6-operator: a TestRun in
 * stage {@code created} whose runner pod is Running but not Ready is left alone; once the pod is
 * Ready the operator annotates the TestRun 3 s later and then every 5 s, without touching its spec
 * (its generation stays), says so in one Event, and stops once k6-operator has moved on.
 */
class TestRunNudgeIT {

  static final KubernetesClient k8s = KubeApi.client();
  static final String NUDGED_AT = "vtbench.dev/nudged-at";

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  @Test
  void aTestRunWhoseRunnerIsReadyIsNudgedEveryFiveSecondsUntilItStarts() throws Exception {
    String ns = operator.startInNewNamespace("nudge");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run = OperatorIT.oneScenario(ns, "nudge");
    String load = OperatorIT.firstTestRun(play, run);
    Job runnerJob = play.job(play.startTestRun(load));
    play.progress(load, "created");
    Pod pod =
        play.pod(
            runnerJob.getSpec().getTemplate(),
            load + "-1-abcde",
            Controllers.controller(runnerJob),
            running(false));

    // Running, not Ready: k6-operator's own wait (RequeueAfter 1 s), nothing to nudge
    Thread.sleep(6_000);
    assertThat(annotation(play, load)).isNull();

    Instant ready = Instant.parse(Controllers.now());
    pod.setStatus(running(true));
    k8s.pods().inNamespace(ns).resource(pod).updateStatus();
    long generation = play.testRun(load).getMetadata().getGeneration();

    String first = await("the first nudge", WAIT, () -> annotation(play, load));
    assertThat(Instant.parse(first)).isAfterOrEqualTo(ready.plusSeconds(3));
    String second =
        await(
            "the second nudge",
            WAIT,
            () -> {
              String now = annotation(play, load);
              return now != null && !now.equals(first) ? now : null;
            });
    assertThat(Duration.between(Instant.parse(first), Instant.parse(second)))
        .isGreaterThanOrEqualTo(Duration.ofSeconds(5))
        .isLessThan(Duration.ofSeconds(12));
    assertThat(play.testRun(load).getMetadata().getGeneration()).isEqualTo(generation);
    assertThat(nudgedEvents(ns))
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.getInvolvedObject().getName()).isEqualTo("nudge");
              assertThat(e.getMessage()).startsWith(load + ": its runner is Ready");
            });

    // k6-operator started the runners: no more nudges
    play.progress(load, "started");
    Thread.sleep(1_000);
    String last = annotation(play, load);
    Thread.sleep(7_000);
    assertThat(annotation(play, load)).isEqualTo(last);
    assertThat(nudgedEvents(ns)).hasSize(1);
  }

  /**
   * k6-operator v0.0.19 stuck on one TestRun (docs/e2e.md): its runner Ready, the stage still
   * {@code created} when spec.timeouts.loadStart has passed since the TestRun's creation, nudges or
   * not. The operator deletes the TestRun and creates it again, up to three times; stuck again, the
   * run fails saying what to do, instead of waiting out the load's deadline.
   */
  @Test
  void aTestRunStuckPastTheStartDeadlineIsCreatedAgainThreeTimesThenTheRunFails() throws Exception {
    String ns = operator.startInNewNamespace("stall");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run = withLoadStart(ns, "stall", "8s");
    String load = OperatorIT.firstTestRun(play, run);
    for (int times = 1; times <= 3; times++) {
      String uid = play.testRun(load).getMetadata().getUid();
      Pod pod = stuck(play, load);
      await(
          "the TestRun created again, time " + times,
          WAIT,
          () -> {
            var tr = play.testRun(load);
            return tr != null && !tr.getMetadata().getUid().equals(uid) ? true : null;
          });
      var status = OperatorIT.get(ns, "stall").getStatus();
      assertThat(status.recreatedLoad).isEqualTo(load);
      assertThat(status.loadRecreations).isEqualTo(times);
      assertThat(events(ns, "LoadRecreated")).hasSize(times);
      String counted = "creating it again (" + times + " of 3)";
      assertThat(events(ns, "LoadRecreated"))
          .extracting(Event::getMessage)
          .allMatch(m -> m.startsWith(load + ": k6-operator has not started its Ready runner"))
          .anyMatch(m -> m.endsWith(counted));
      // the garbage collector a bare API server lacks: the last TestRun's pods go with its Jobs
      k8s.pods().inNamespace(ns).resource(pod).delete();
      k8s.pods().inNamespace(ns).withName(load + "-initializer-x1").delete();
      await(
          "the last TestRun's pods gone",
          WAIT,
          () ->
              k8s.pods().inNamespace(ns).withName(pod.getMetadata().getName()).get() == null
                      && k8s.pods().inNamespace(ns).withName(load + "-initializer-x1").get() == null
                  ? true
                  : null);
    }

    stuck(play, load);
    var status =
        OperatorIT.awaitStatus(
            ns, "stall", "Failed", OperatorIT.condition("Succeeded", "False", "LoadStartTimedOut"));
    assertThat(OperatorIT.conditionOf(status, "Succeeded").getMessage())
        .contains(load + ": k6-operator has not started its Ready runner")
        .contains("though it was created again 3 times")
        .contains("spec.load.runner: job");
    assertThat(events(ns, "LoadRecreated")).hasSize(3);
  }

  /**
   * The same stall long before spec.timeouts.loadStart: once its runner has been Ready, nudged, for
   * 30 s (TestRunNudge.STUCK_AFTER), the TestRun is created again, not 5 minutes after its
   * creation.
   */
  @Test
  void aTestRunStuckWithItsRunnerReadyIsCreatedAgainAfterThirtySeconds() throws Exception {
    String ns = operator.startInNewNamespace("stuck");
    Controllers play = new Controllers(k8s, ns);
    BenchmarkRunResource run = withLoadStart(ns, "stuck", "5m");
    String load = OperatorIT.firstTestRun(play, run);
    String firstUid = play.testRun(load).getMetadata().getUid();
    stuck(play, load);
    Instant ready = Instant.now();

    await(
        "the TestRun created again",
        Duration.ofSeconds(90),
        () -> {
          var tr = play.testRun(load);
          return tr != null && !tr.getMetadata().getUid().equals(firstUid) ? true : null;
        });
    assertThat(Duration.between(ready, Instant.now()))
        .isGreaterThanOrEqualTo(Duration.ofSeconds(29))
        .isLessThan(Duration.ofSeconds(60));
    assertThat(events(ns, "LoadRecreated"))
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.getMessage())
                    .startsWith(load + ": k6-operator has not started its Ready runner 30 s after")
                    .endsWith("creating it again (1 of 3)"));
  }

  /** A one-scenario run through TestRuns whose loads must start within {@code loadStart}. */
  private static BenchmarkRunResource withLoadStart(String ns, String name, String loadStart) {
    return OperatorIT.create(
        ns,
        name,
        OperatorIT.SMALL.formatted("testrun", "0s")
            + "timeouts: {loadStart: "
            + loadStart
            + "}\n"
            + "matrix: {threadModes: [virtual], hikariPoolSizes: [10], concurrency: [10],"
            + " repetitions: 1}\n");
  }

  /** k6-operator creating {@code load}'s runner and then never starting it, the pod Ready. */
  private static Pod stuck(Controllers play, String load) {
    Job runnerJob = play.job(play.startTestRun(load));
    play.progress(load, "created");
    return play.pod(
        runnerJob.getSpec().getTemplate(),
        load + "-1-" + Long.toString(System.nanoTime() % 100_000, 36),
        Controllers.controller(runnerJob),
        running(true));
  }

  static List<Event> events(String ns, String reason) {
    return k8s.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> reason.equals(e.getReason()))
        .toList();
  }

  static String annotation(Controllers play, String testRun) {
    Map<String, String> a = play.testRun(testRun).getMetadata().getAnnotations();
    return a == null ? null : a.get(NUDGED_AT);
  }

  static List<Event> nudgedEvents(String ns) {
    return events(ns, "LoadNudged");
  }

  /** A k6 runner pod the kubelet started, its readiness probe passed or not. */
  static PodStatus running(boolean ready) {
    String now = Controllers.now();
    return new PodStatusBuilder()
        .withPhase("Running")
        .addNewCondition()
        .withType("Ready")
        .withStatus(ready ? "True" : "False")
        .withLastTransitionTime(now)
        .endCondition()
        .addNewContainerStatus()
        .withName("k6")
        .withImage("grafana/k6")
        .withImageID("")
        .withReady(ready)
        .withRestartCount(0)
        .withNewState()
        .withNewRunning()
        .withStartedAt(now)
        .endRunning()
        .endState()
        .endContainerStatus()
        .build();
  }
}
