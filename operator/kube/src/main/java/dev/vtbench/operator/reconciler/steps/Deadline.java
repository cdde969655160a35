package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.model.spec.Timeout;
import java.time.Duration;
import java.time.Instant;

/** A wait with a deadline from spec.timeouts: since when it waits, and for how long it may. */
record Deadline(Instant since, Timeout timeout) {

  boolean passed(Instant now) {
    return now.isAfter(since.plus(timeout.duration()));
  }

  /** Come back when the deadline passes, if no informer event comes first. */
  Step.Result waitFor(Instant now) {
    Duration left = Duration.between(now, since.plus(timeout.duration())).plusSeconds(1);
    return Step.Result.waitFor(left.isNegative() ? Duration.ofSeconds(1) : left);
  }

  /** E.g. "within 5m (spec.timeouts.sutStart)". */
  String within() {
    return timeout.within();
  }
}
