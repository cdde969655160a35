package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.RunStatus;
import java.time.Duration;

/**
 * One step of a run (a check, database, app tiers, load, record, finish): given what was observed,
 * it changes what it owns and the status, and says whether the pass goes on to the next step.
 */
@FunctionalInterface
public interface Step {

  Result apply(RunView view, RunStatus status);

  /**
   * What a step says: go on to the next step; stop this pass (write status, come back after {@code
   * after}, or when an informer says something changed if null); or fail the run.
   */
  record Result(Kind kind, Duration after, Reason reason, String message) {

    public enum Kind {
      NEXT,
      STOP,
      FAIL
    }

    public static Result next() {
      return new Result(Kind.NEXT, null, null, null);
    }

    /** Stop this pass; an informer event wakes the next one. */
    public static Result waitForChange() {
      return new Result(Kind.STOP, null, null, null);
    }

    static Result waitFor(Duration after) {
      return new Result(Kind.STOP, after, null, null);
    }

    public static Result fail(Reason reason, String message) {
      return new Result(Kind.FAIL, null, reason, message);
    }
  }
}
