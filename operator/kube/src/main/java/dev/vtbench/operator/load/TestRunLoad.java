package dev.vtbench.operator.load;

import dev.vtbench.engine.model.spec.LoadSpec;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.Ownership;
import dev.vtbench.operator.resources.Placement;
import dev.vtbench.operator.resources.PodHardening;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A load as a k6-operator TestRun: one scenario per TestRun (its runner's init containers get no
 * resources, so stages would cost the pod its Guaranteed QoS), spec.load.parallelism runners
 * started together by k6-operator's starter; a TestRun k6-operator leaves unstarted is nudged, then
 * created again ({@link TestRunNudge}).
 */
public final class TestRunLoad implements LoadKind {

  public static final String API = "k6.io/v1alpha1";
  public static final String KIND = "TestRun";

  static final TestRunLoad INSTANCE = new TestRunLoad();

  private TestRunLoad() {}

  @Override
  public RunnerKind kind() {
    return RunnerKind.TESTRUN;
  }

  /**
   * spec.load.parallelism runners, each with its summary, Guaranteed unless spec.load.qos says
   * Burstable, and no {@code cleanup: post}, which would delete the runner pod and its summary
   * before the operator reads it. All three pods k6-operator creates from it (initializer, starter,
   * runner) get the restricted security context and no service-account token: none of them talks to
   * the API server, and k6-operator mounts the namespace's default token unless told otherwise. Its
   * pods are placed by {@link Placement}: runners spread, and off a dedicated SUT's nodes.
   */
  @Override
  public GenericKubernetesResource object(BenchmarkRunResource run, LoadRequest request) {
    if (request.stages().size() > 1) {
      throw new IllegalArgumentException(request.name() + ": a TestRun runs one scenario");
    }
    LoadSpec load = run.getSpec().load;
    Map<String, Object> runner = new LinkedHashMap<>();
    runner.put("image", load.image);
    runner.put("metadata", Map.of("labels", RunnerPod.labels(run, request)));
    runner.put("resources", RunnerPod.resourceMap(load));
    if (!load.nodeSelector.isEmpty()) {
      runner.put("nodeSelector", new TreeMap<>(load.nodeSelector));
    }
    // Not the TestRun's `separate`, which k6-operator makes a required anti-affinity against every
    // k6 runner of the namespace: N runners would then need N nodes.
    runner.put("affinity", Placement.asMap(Placement.runner(run, request.scenarioId())));
    harden(runner);
    List<Object> env = new ArrayList<>();
    RunnerPod.plainEnv(load, request.script().env())
        .forEach((k, v) -> env.add(Map.of("name", k, "value", v)));
    // TestRun's spec is plain maps: the same variables, spelled as the API writes them.
    RunnerPod.credentialEnv(load)
        .forEach(
            v ->
                env.add(
                    Map.of(
                        "name",
                        v.getName(),
                        "valueFrom",
                        Map.of(
                            "secretKeyRef",
                            Map.of(
                                "name", v.getValueFrom().getSecretKeyRef().getName(),
                                "key", v.getValueFrom().getSecretKeyRef().getKey())))));
    if (!env.isEmpty()) {
      runner.put("env", env);
    }
    List<String> args = new ArrayList<>(List.of("--no-usage-report", "--no-color"));
    args.addAll(RunnerPod.remoteWriteArgs(run, request.scenarioId()));
    Map<String, Object> spec = new LinkedHashMap<>();
    // k6-operator gives each runner its execution segment and starts them together
    spec.put("parallelism", load.parallelism);
    spec.put(
        "script",
        Map.of("configMap", Map.of("name", request.name(), "file", LoadScript.SCRIPT_KEY)));
    // k6-operator splits this string on spaces; no argument holds one.
    spec.put("arguments", String.join(" ", args));
    spec.put("runner", runner);
    // Spelled out: v0.0.19 copies the runner when the initializer is absent, later versions do not.
    spec.put("initializer", new LinkedHashMap<>(runner));
    // The starter only PATCHes the runner's REST API with curl: its own image and resources.
    Map<String, Object> starter = new LinkedHashMap<>();
    harden(starter);
    // A pod of the run too, though it carries none of the run's labels.
    var awayFromSut = Placement.awayFromSut(run);
    if (awayFromSut != null) {
      starter.put("affinity", Placement.asMap(awayFromSut));
    }
    spec.put("starter", starter);
    GenericKubernetesResource testRun = new GenericKubernetesResource();
    testRun.setApiVersion(API);
    testRun.setKind(KIND);
    testRun.setMetadata(RunnerPod.meta(run, request));
    testRun.setAdditionalProperty("spec", spec);
    return testRun;
  }

  /**
   * Restricted Pod Security and no service-account token on a TestRun pod ({@code runner}, {@code
   * initializer} or {@code starter}); k6-operator takes the token setting as a string.
   */
  private static void harden(Map<String, Object> pod) {
    pod.put("securityContext", PodHardening.runnerPodSecurity());
    pod.put("containerSecurityContext", PodHardening.runnerContainerSecurity());
    pod.put("automountServiceAccountToken", "false");
  }

  @Override
  public List<RunCursor.Load> stages(RunCursor cursor, int parallelism, RunCursor.Load load) {
    return List.of(load);
  }

  /**
   * The TestRun, after its own Jobs (k6-operator's initializer and runners): the garbage collector
   * would delete them with it, and without one they would be left behind, labelled as the run's, by
   * a run that no longer owns anything they belong to.
   */
  @Override
  public List<HasMetadata> parts(KubernetesClient client, BenchmarkRunResource run, String name) {
    String ns = run.getMetadata().getNamespace();
    HasMetadata testRun =
        client.genericKubernetesResources(API, KIND).inNamespace(ns).withName(name).get();
    if (testRun == null || !Ownership.owns(run, testRun)) {
      return List.of();
    }
    List<HasMetadata> parts = new ArrayList<>();
    client
        .batch()
        .v1()
        .jobs()
        .inNamespace(ns)
        .withLabelSelector(Labels.ofRun(run.getMetadata().getName()))
        .list()
        .getItems()
        .stream()
        .filter(j -> testRun.getMetadata().getUid().equals(Ownership.controllerUid(j)))
        .forEach(parts::add);
    parts.add(testRun);
    return parts;
  }

  /** k6-operator's runner Jobs retry nothing it would not: a lost runner fails the TestRun. */
  @Override
  public Optional<Remedy> lostRunner(Unfinished load) {
    return Optional.empty();
  }

  /** k6-operator moved the TestRun past creating its runners. */
  @Override
  public boolean runnerStarted(HasMetadata load) {
    return List.of("started", "stopped", "finished", "error").contains(progress(load));
  }

  @Override
  public String noPod(HasMetadata load) {
    return "k6-operator created no pod for TestRun "
        + load.getMetadata().getName()
        + " (status.stage "
        + progress(load)
        + "): is k6-operator running, and does it watch this namespace?";
  }

  /**
   * The TestRun's progress (k6-operator's status.stage) of {@code testRun}: initialization until
   * k6-operator says otherwise.
   */
  static String progress(HasMetadata testRun) {
    Object status =
        testRun instanceof GenericKubernetesResource g
            ? g.getAdditionalProperties().get("status")
            : null;
    return status instanceof Map<?, ?> m && m.get("stage") != null
        ? m.get("stage").toString()
        : "initialization";
  }

  /**
   * Nudges the TestRun while k6-operator waits out its back-off with every runner Ready ({@link
   * TestRunNudge}); a TestRun still not started, nudged, for {@link TestRunNudge#STUCK_AFTER} or
   * past spec.timeouts.loadStart is created again, up to {@link TestRunNudge#RECREATIONS} times:
   * k6-operator v0.0.19 can stay stuck on one TestRun until its process restarts while it starts
   * the next ones normally, and a TestRun created again started within seconds (docs/e2e.md).
   */
  @Override
  public Optional<Remedy> stalled(Unfinished load) {
    if (!(load.object() instanceof GenericKubernetesResource testRun)) {
      return Optional.empty();
    }
    if (testRun.getMetadata().getDeletionTimestamp() != null) {
      // the stalled one, going: then its successor
      return Optional.of(new Remedy.Wait(Duration.ofSeconds(1)));
    }
    Instant now = load.now();
    Optional<Instant> due = TestRunNudge.next(testRun, load.runners(), now);
    if (due.isEmpty()) {
      return Optional.empty();
    }
    Instant created = Instant.parse(testRun.getMetadata().getCreationTimestamp());
    boolean late = now.isAfter(created.plus(load.loadStart().duration()));
    int times = load.recreations();
    if (late
        || (times < TestRunNudge.RECREATIONS && TestRunNudge.stuck(testRun, load.runners(), now))) {
      return Optional.of(stalled(load, late, times));
    }
    if (due.get().isAfter(now)) {
      return Optional.of(new Remedy.Wait(Duration.between(now, due.get())));
    }
    return Optional.of(
        new Remedy.Nudge(
            !TestRunNudge.nudged(testRun),
            load.name()
                + ": its runner is Ready and k6-operator has not started it; asking k6-operator to"
                + " look again every "
                + TestRunNudge.EVERY.toSeconds()
                + " s instead of after its back-off"));
  }

  private static Remedy stalled(Unfinished load, boolean late, int times) {
    boolean spent = times >= TestRunNudge.RECREATIONS;
    String what =
        load.name()
            + ": k6-operator has not started its Ready runner "
            + (spent || late
                ? load.loadStart().within() + " of the TestRun's creation"
                : TestRunNudge.STUCK_AFTER.toSeconds() + " s after it was Ready, nudged");
    if (spent) {
      return new Remedy.GiveUp(
          true,
          what
              + ", though it was created again "
              + times
              + " times: k6-operator is stuck (restart it, e.g. kubectl rollout restart deployment"
              + " in its namespace, and create the run again), or set spec.load.runner: job to run"
              + " k6 without it",
          what + ", after " + times + " times created again");
    }
    return new Remedy.Recreate(
        what + "; deleted it to create it again",
        load.name(),
        times + 1,
        what + "; creating it again (" + (times + 1) + " of " + TestRunNudge.RECREATIONS + ")",
        Duration.ofSeconds(1));
  }
}
