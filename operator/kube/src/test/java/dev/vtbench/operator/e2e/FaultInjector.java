package dev.vtbench.operator.e2e;

import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Injects one fault into the measured load of each scenario given, {@link #INTO} after that load's
 * hold began (k6-operator's TestRun first seen {@code started}, plus ramp and warm-up), from a
 * thread of its own while the run is followed; and notes the uid and hold start of every measured
 * TestRun it sees per scenario, so a dropped hold shows as a second load of the same name and the
 * recorded row can be placed against the fault ({@link FaultTiming}).
 */
final class FaultInjector implements AutoCloseable {

  /** What is broken, and whether docs/cluster.md says the hold is then dropped. */
  enum Fault {
    SUT_POD("the SUT pod deleted", true),
    DATABASE_PRIMARY("the database's primary pod deleted", true),
    KUBELET("the kubelet restarted", false),
    API_SERVER("the API server restarted", false);

    final String what;
    final boolean drops;

    Fault(String what, boolean drops) {
      this.what = what;
      this.drops = drops;
    }
  }

  /**
   * A fault done: into which load, when it was injected, when that load's hold began, and what the
   * injection reported.
   */
  record Injected(
      Fault fault,
      String scenario,
      String load,
      String loadUid,
      Instant at,
      Instant holdStart,
      String detail) {}

  /** From the hold's start: half of FaultsE2E's 40 s hold, so it lands well inside it. */
  static final Duration INTO = Duration.ofSeconds(20);

  /** Seconds from the hold's start to inject instead of {@link #INTO}: -5 lands before the hold. */
  static final String INTO_ENV = "VTBENCH_E2E_FAULT_INTO_HOLD";

  /** The TestRun stages from k6's start on (k6-operator's status.stage). */
  private static final Set<String> STARTED = Set.of("started", "stopped", "finished");

  private static final Duration POLL = Duration.ofSeconds(1);

  private final E2eContext e2e;
  private final String run;
  private final Map<String, Fault> byScenario;
  private final List<Injected> injected = new CopyOnWriteArrayList<>();
  private final Map<String, Set<String>> measuredUids = new ConcurrentHashMap<>();
  private final Map<String, Instant> startedSeen = new ConcurrentHashMap<>();
  private final Duration toHold;
  private final Duration into;
  private final Thread thread;
  private volatile boolean closed;

  /**
   * @param toHold ramp + warm-up: from k6's start to its hold's
   * @param into from the hold's start to the fault
   */
  FaultInjector(
      E2eContext e2e, String run, Map<String, Fault> byScenario, Duration toHold, Duration into) {
    this.e2e = e2e;
    this.run = run;
    this.byScenario = Map.copyOf(byScenario);
    this.toHold = toHold;
    this.into = into;
    this.thread = Thread.ofPlatform().daemon().name("fault-injector").start(this::loop);
  }

  List<Injected> injected() {
    return List.copyOf(injected);
  }

  /** The uids of the measured TestRuns seen for {@code scenario}. */
  Set<String> measuredLoads(String scenario) {
    return new TreeSet<>(measuredUids.getOrDefault(scenario, Set.of()));
  }

  /** The measured loads of {@code scenario} and their holds' starts. */
  List<FaultTiming.LoadHold> holds(String scenario) {
    return measuredLoads(scenario).stream()
        .map(uid -> new FaultTiming.LoadHold(uid, holdStart(uid)))
        .toList();
  }

  /** {@link #INTO}, or the seconds {@link #INTO_ENV} gives. */
  static Duration into(String env) {
    if (env == null || env.isBlank()) {
      return INTO;
    }
    try {
      return Duration.ofSeconds(Long.parseLong(env.trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          INTO_ENV + " must be whole seconds from the hold's start (e.g. -5); got '" + env + "'");
    }
  }

  private Instant holdStart(String uid) {
    Instant started = startedSeen.get(uid);
    return started == null ? null : started.plus(toHold);
  }

  private void loop() {
    while (!closed) {
      try {
        step();
      } catch (KubernetesClientException e) {
        // the API server restarting, by this injector's own hand: look again
      }
      E2eContext.sleep(POLL);
    }
  }

  private void step() {
    for (GenericKubernetesResource t : measuredTestRuns()) {
      String scenario = t.getMetadata().getLabels().get(Labels.SCENARIO);
      String uid = t.getMetadata().getUid();
      measuredUids.computeIfAbsent(scenario, k -> ConcurrentHashMap.newKeySet()).add(uid);
      Object stage = t.get("status", "stage");
      if (stage != null && STARTED.contains(stage.toString())) {
        startedSeen.putIfAbsent(uid, Instant.now());
      }
      Fault fault = byScenario.get(scenario);
      Instant holdStart = holdStart(uid);
      if (fault == null
          || holdStart == null
          || injected.stream().anyMatch(i -> i.scenario().equals(scenario))) {
        continue;
      }
      Instant at = Instant.now();
      if (!at.isBefore(holdStart.plus(into))) {
        System.out.printf(
            "  injecting: %s, %d s into the hold of %s (%s)%n",
            fault.what, into.toSeconds(), t.getMetadata().getName(), scenario);
        String detail = inject(fault);
        injected.add(
            new Injected(fault, scenario, t.getMetadata().getName(), uid, at, holdStart, detail));
        System.out.printf("  injected: %s: %s%n", fault.what, detail);
      }
    }
  }

  private List<GenericKubernetesResource> measuredTestRuns() {
    return e2e
        .k8s
        .genericKubernetesResources("k6.io/v1alpha1", "TestRun")
        .inNamespace(e2e.namespace())
        .withLabel(Labels.RUN, run)
        .withoutLabel(Labels.WARM_UP_FROM)
        .list()
        .getItems()
        .stream()
        .filter(t -> t.getMetadata().getDeletionTimestamp() == null)
        .toList();
  }

  private String inject(Fault fault) {
    return switch (fault) {
      case SUT_POD -> deleted(pods(Map.of(Labels.RUN, run, Labels.COMPONENT, "sut")));
      case DATABASE_PRIMARY ->
          deleted(
              pods(
                  Map.of(
                      "cnpg.io/cluster",
                      ResourceNames.database(run),
                      "cnpg.io/instanceRole",
                      "primary")));
      case KUBELET -> restart("kubelet");
      case API_SERVER -> restart("kube-apiserver");
    };
  }

  private List<Pod> pods(Map<String, String> labels) {
    return e2e.k8s.pods().inNamespace(e2e.namespace()).withLabels(labels).list().getItems();
  }

  private String deleted(List<Pod> pods) {
    List<String> names = new ArrayList<>();
    for (Pod p : pods) {
      e2e.k8s.pods().inNamespace(e2e.namespace()).resource(p).delete();
      names.add(p.getMetadata().getName() + " (uid " + p.getMetadata().getUid() + ")");
    }
    return names.isEmpty() ? "no pod to delete" : "deleted " + String.join(", ", names);
  }

  /** {@code local-cluster.sh restart component}: its last line, or why it failed. */
  private String restart(String component) {
    Path script = e2e.settings.repo().resolve("hack/offline/local-cluster.sh");
    Path log = e2e.settings.artifacts().resolve("restart-" + component + ".log");
    try {
      Process p =
          new ProcessBuilder("bash", script.toString(), "restart", component)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!p.waitFor(5, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        return "FAILED: local-cluster.sh restart "
            + component
            + " took over 5 minutes ("
            + log
            + ")";
      }
      List<String> lines = java.nio.file.Files.readAllLines(log);
      String last = lines.isEmpty() ? "" : lines.getLast();
      return p.exitValue() == 0
          ? last
          : "FAILED: local-cluster.sh restart "
              + component
              + " exited "
              + p.exitValue()
              + ": "
              + last;
    } catch (IOException e) {
      return "FAILED: " + e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "FAILED: interrupted";
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      thread.join(Duration.ofSeconds(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
