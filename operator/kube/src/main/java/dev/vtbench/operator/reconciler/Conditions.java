package dev.vtbench.operator.reconciler;

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
    Finished,
    Failed,
    /** Every scenario is recorded but spec.thresholds are missed; the message lists which. */
    ThresholdsNotMet,
    /** spec.thresholds.baseline names a ConfigMap or key that is missing or not a matrix.csv. */
    BaselineUnavailable,
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
            .withReason(reason.name())
            .withMessage(message)
            .withObservedGeneration(generation)
            .withLastTransitionTime(since)
            .build());
    all.sort(
        java.util.Comparator.comparingInt(
            c ->
                List.of(SUCCEEDED, PROGRESSING, DATABASE_READY, SUT_READY, LOAD_RUNNING)
                    .indexOf(c.getType())));
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
