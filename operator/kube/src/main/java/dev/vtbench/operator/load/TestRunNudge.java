package dev.vtbench.operator.load;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * When to ask k6-operator to look at a TestRun again, and when to give up on it. While a TestRun
 * sits in {@code created} with every runner pod Ready for {@link #READY_FOR}, the operator writes
 * the time into the annotation {@value #NUDGED_AT} every {@link #EVERY}: any update of the TestRun
 * queues k6-operator's reconcile at once, outside the back-off its failed first status check left.
 * One nudged for {@link #STUCK_AFTER} counts as stuck and is created again, at most {@link
 * #RECREATIONS} times; the load's deadline bounds it like any other wait. Why each figure is what
 * it is, with the runs that showed it: docs/e2e.md ("Recreated after 30 s") and docs/e2e-stalls.md.
 */
public final class TestRunNudge {

  /** The annotation the operator writes: an RFC 3339 time, the last nudge. */
  public static final String NUDGED_AT = "vtbench.dev/nudged-at";

  /** How long every runner must have been Ready before the first nudge. */
  static final Duration READY_FOR = Duration.ofSeconds(3);

  /** Time between nudges. */
  public static final Duration EVERY = Duration.ofSeconds(5);

  /**
   * How long every runner may be Ready, nudged, without k6-operator starting the TestRun before it
   * counts as stuck and is created again ({@link TestRunLoad#stalled}): a TestRun k6-operator is
   * merely slow with starts within a few nudges.
   */
  static final Duration STUCK_AFTER = Duration.ofSeconds(30);

  /** How often a stuck TestRun is created again before the run fails. */
  static final int RECREATIONS = 3;

  private TestRunNudge() {}

  /**
   * When to nudge {@code testRun} next, given its trusted runner pods {@code runners}: an instant
   * (at or before {@code now}: nudge now), or empty when it is not stuck waiting for its runners
   * (the TestRun at another progress, a runner missing or not Ready).
   */
  static Optional<Instant> next(GenericKubernetesResource testRun, List<Pod> runners, Instant now) {
    Optional<Instant> allReady = waitingSince(testRun, runners);
    if (allReady.isEmpty()) {
      return Optional.empty();
    }
    Instant due = allReady.get().plus(READY_FOR);
    Optional<Instant> last = lastNudge(testRun);
    if (last.isPresent() && last.get().plus(EVERY).isAfter(due)) {
      due = last.get().plus(EVERY);
    }
    return Optional.of(due);
  }

  /**
   * Since when {@code testRun} has waited for k6-operator with every runner Ready (progress {@code
   * created}, every runner it will start Ready): the latest of their Ready times; empty when it is
   * not waiting so.
   */
  static Optional<Instant> waitingSince(GenericKubernetesResource testRun, List<Pod> runners) {
    if (!"created".equals(TestRunLoad.progress(testRun))
        || runners.isEmpty()
        || runners.size() < parallelism(testRun)) {
      return Optional.empty();
    }
    Instant allReady = Instant.MIN;
    for (Pod pod : runners) {
      Optional<Instant> since = readySince(pod);
      if (since.isEmpty()) {
        return Optional.empty();
      }
      allReady = since.get().isAfter(allReady) ? since.get() : allReady;
    }
    return Optional.of(allReady);
  }

  /**
   * Whether {@code testRun} has waited {@link #STUCK_AFTER} with every runner Ready by {@code now}.
   */
  static boolean stuck(GenericKubernetesResource testRun, List<Pod> runners, Instant now) {
    return waitingSince(testRun, runners)
        .map(since -> !since.plus(STUCK_AFTER).isAfter(now))
        .orElse(false);
  }

  /** Whether the operator has nudged {@code testRun} before. */
  static boolean nudged(GenericKubernetesResource testRun) {
    return lastNudge(testRun).isPresent();
  }

  /**
   * The JSON merge patch that nudges {@code testRun} at {@code now}. It carries the TestRun's UID,
   * which the API server refuses to change: a TestRun of the same name that is not this one
   * (deleted and created again since it was read) is left as it is.
   */
  public static String patch(HasMetadata testRun, Instant now) {
    return "{\"metadata\":{\"uid\":\""
        + testRun.getMetadata().getUid()
        + "\",\"annotations\":{\""
        + NUDGED_AT
        + "\":\""
        + now
        + "\"}}}";
  }

  private static Optional<Instant> lastNudge(GenericKubernetesResource testRun) {
    Map<String, String> annotations = testRun.getMetadata().getAnnotations();
    String at = annotations == null ? null : annotations.get(NUDGED_AT);
    try {
      return at == null ? Optional.empty() : Optional.of(Instant.parse(at));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /** Runners k6-operator starts the test with ({@code spec.parallelism}, 1 if unset). */
  private static int parallelism(GenericKubernetesResource testRun) {
    Object spec = testRun.getAdditionalProperties().get("spec");
    return spec instanceof Map<?, ?> m && m.get("parallelism") instanceof Number n
        ? n.intValue()
        : 1;
  }

  /** Since when {@code pod} has been Ready, or empty if it is not. */
  private static Optional<Instant> readySince(Pod pod) {
    if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    for (PodCondition c : pod.getStatus().getConditions()) {
      if ("Ready".equals(c.getType()) && "True".equals(c.getStatus())) {
        try {
          return Optional.of(
              c.getLastTransitionTime() == null
                  ? Instant.MIN
                  : Instant.parse(c.getLastTransitionTime()));
        } catch (DateTimeParseException e) {
          return Optional.of(Instant.MIN);
        }
      }
    }
    return Optional.empty();
  }
}
