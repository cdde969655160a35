package dev.vtbench.operator.reconciler.status;

import dev.vtbench.operator.api.BenchmarkRunStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The condition types, their reasons, and how status changes: small functions on the status that
 * keep a condition's lastTransitionTime when its status does not change.
 */
public final class Conditions {

  /**
   * True: every scenario is recorded (and spec.thresholds, if any, are met). False: the run stopped
   * early, or missed its thresholds (reason ThresholdsNotMet); the reason and message say why and
   * what to fix. Unknown: still running.
   */
  public static final String SUCCEEDED = "Succeeded";

  /** True while the operator is working towards the next scenario; False once the run ended. */
  public static final String PROGRESSING = "Progressing";

  /**
   * True: the CloudNativePG Cluster is Ready (bootstrapped and seeded). False: provisioning or
   * failing; the message names the Cluster.
   */
  public static final String DATABASE_READY = "DatabaseReady";

  /**
   * True: the SUT and the stub run the configuration of the current scenario and are available.
   * False: (re)starting.
   */
  public static final String SUT_READY = "SutReady";

  /** True: k6 is running a scenario's load (or a JIT warm-up). False: between loads. */
  public static final String LOAD_RUNNING = "LoadRunning";

  // kstatus (sigs.k8s.io/cli-utils, which Flux's health checks use) and kubectl wait read the
  // three below; they are derived from Succeeded and Progressing in one place, derive(), so any
  // reason a run ends with, present or future, maps the same way.

  /**
   * True: the run succeeded, every scenario is recorded (Succeeded's reason and message). False:
   * still running (reason Running, with the progress) or failed (Succeeded's reason and message).
   * Never Unknown. What {@code kubectl wait --for=condition=Ready} and a Flux health check wait
   * for.
   */
  public static final String READY = "Ready";

  /**
   * True: the operator is still working on the run (Progressing's reason and message); kstatus
   * reports InProgress. False: the run ended, successfully (reason Finished) or not (reason Failed,
   * with the failure). Never Unknown.
   */
  public static final String RECONCILING = "Reconciling";

  /**
   * True: the run failed and will not go on by itself (Succeeded's reason and message, e.g.
   * LoadFailed or ThresholdsNotMet); kstatus reports Failed, so a Flux Kustomization with {@code
   * wait: true} fails. False: running or succeeded. Never Unknown.
   */
  public static final String STALLED = "Stalled";

  /**
   * How conditions are listed: the outcome first, then kstatus's, then the steps' (database, SUT,
   * load).
   */
  static final List<String> ORDER =
      List.of(
          SUCCEEDED,
          READY,
          PROGRESSING,
          RECONCILING,
          STALLED,
          DATABASE_READY,
          SUT_READY,
          LOAD_RUNNING);

  /** The reasons conditions carry: CamelCase, fixed. */
  public enum Reason {
    Running,
    AllScenariosRecorded,
    InvalidSpec,
    CloudNativePGMissing,
    K6OperatorMissing,
    DatabaseProvisioning,
    DatabaseBootstrapped,
    SutStarting,
    SutAvailable,
    WarmingUp,
    LoadStarted,
    LoadFinished,
    LoadFailed,
    LoadTimedOut,
    SummaryUnreadable,
    /**
     * A measured hold was dropped because a tier's pod was replaced or restarted under it; as a
     * failure: the same scenario's hold dropped {@code InterruptedHolds#MAX} times.
     */
    HoldInterrupted,
    /**
     * spec.sut.pinned asked for exclusive cores and the SUT's cpuset shows the kubelet did not
     * grant them (no static CPU manager policy); the message names the cpuset seen and the fix.
     */
    PinningNotGranted,
    Finished,
    Failed,
    /** Every scenario is recorded but spec.thresholds are missed; the message lists which. */
    ThresholdsNotMet,
    /** spec.thresholds.baseline names a ConfigMap or key that is missing or not a matrix.csv. */
    BaselineUnavailable,
    /**
     * spec.database.sql.configMap names a ConfigMap that is missing or lacks a file's key: nothing
     * was provisioned, the message says which ConfigMap to create.
     */
    SqlUnavailable,
    /**
     * spec.workload.script.configMap names a ConfigMap that is missing, lacks the key, or holds a
     * module vtbench cannot run (empty, too large): the message says what to create or fix.
     */
    ScriptUnavailable,
    /** spec.database.enabled is false: a user's service runs without one; nothing to wait for. */
    DatabaseDisabled,
    /**
     * spec.database.external: a user's service connects to its own database through the user's
     * Secret; vtbench creates, seeds and waits for none.
     */
    DatabaseExternal,
    /**
     * The kubelet cannot mount the Secret spec.database.external names (missing, or without url,
     * username or password): the SUT cannot start; the message names the Secret, the key and how to
     * create it.
     */
    DatabaseSecretUnavailable,
    /** The database did not become Ready within spec.timeouts.database; the message says why. */
    DatabaseTimedOut,
    /** The SUT or the stub was not available within spec.timeouts.sutStart. */
    SutStartTimedOut,
    /** No k6 runner pod started within spec.timeouts.loadStart. */
    LoadStartTimedOut,
    /** A pod's image cannot be pulled (missing, invalid, access denied): no wait can help. */
    ImagePullFailed,
    /**
     * A reconcile failed with an exception: Progressing carries it while the operator retries;
     * Succeeded=False once the retries are spent or the error cannot pass.
     */
    ReconcileError,
    /**
     * An object the run would create or read (a child's name, a results ConfigMap) exists and is
     * not the run's; the message names it and what to do. Nothing of it was touched.
     */
    NameConflict,
  }

  private Conditions() {}

  public static void set(
      BenchmarkRunStatus status,
      String type,
      String value,
      Reason reason,
      String message,
      Long generation,
      Instant now) {
    set(status, type, value, reason.name(), message, generation, now);
  }

  private static void set(
      BenchmarkRunStatus status,
      String type,
      String value,
      String reason,
      String message,
      Long generation,
      Instant now) {
    List<Condition> all = status.conditions;
    Optional<Condition> old = get(status, type);
    String since =
        old.filter(c -> value.equals(c.getStatus()))
            .map(Condition::getLastTransitionTime)
            .orElse(now.toString());
    all.removeIf(c -> type.equals(c.getType()));
    all.add(
        new ConditionBuilder()
            .withType(type)
            .withStatus(value)
            .withReason(reason)
            .withMessage(message)
            .withObservedGeneration(generation)
            .withLastTransitionTime(since)
            .build());
    all.sort(java.util.Comparator.comparingInt(c -> ORDER.indexOf(c.getType())));
  }

  /**
   * Sets Ready, Reconciling and Stalled from Succeeded and Progressing; each carries the
   * observedGeneration of the condition it comes from. Called before every status write, so the
   * three never disagree with Succeeded. Nothing happens before the operator set Succeeded.
   */
  public static void derive(BenchmarkRunStatus status, Instant now) {
    Condition succeeded = get(status, SUCCEEDED).orElse(null);
    if (succeeded == null) {
      return;
    }
    Long generation = succeeded.getObservedGeneration();
    String reason = succeeded.getReason();
    String message = succeeded.getMessage();
    switch (succeeded.getStatus()) {
      case "True" -> {
        set(status, READY, "True", reason, message, generation, now);
        set(
            status,
            RECONCILING,
            "False",
            Reason.Finished.name(),
            "the run is complete",
            generation,
            now);
        set(status, STALLED, "False", Reason.Finished.name(), "the run succeeded", generation, now);
      }
      case "False" -> {
        set(status, READY, "False", reason, message, generation, now);
        set(status, RECONCILING, "False", Reason.Failed.name(), message, generation, now);
        set(status, STALLED, "True", reason, message, generation, now);
      }
      default -> {
        Condition progressing = get(status, PROGRESSING).orElse(succeeded);
        String progress = status.progress == null ? "" : " (" + status.progress + " scenarios)";
        set(
            status,
            READY,
            "False",
            Reason.Running.name(),
            "the run is in progress" + progress,
            generation,
            now);
        set(
            status,
            RECONCILING,
            "True",
            progressing.getReason(),
            progressing.getMessage(),
            progressing.getObservedGeneration(),
            now);
        set(
            status,
            STALLED,
            "False",
            Reason.Running.name(),
            "the run is in progress",
            generation,
            now);
      }
    }
  }

  public static Optional<Condition> get(BenchmarkRunStatus status, String type) {
    return status.conditions.stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  public static boolean isTrue(BenchmarkRunStatus status, String type) {
    return get(status, type).map(c -> "True".equals(c.getStatus())).orElse(false);
  }

  /** Succeeded is True or False: the run ended and nothing more happens to it. */
  public static boolean ended(BenchmarkRunStatus status) {
    return get(status, SUCCEEDED).map(c -> !"Unknown".equals(c.getStatus())).orElse(false);
  }
}
