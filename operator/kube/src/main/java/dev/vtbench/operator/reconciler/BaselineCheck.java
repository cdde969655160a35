package dev.vtbench.operator.reconciler;

import dev.vtbench.operator.reconciler.Conditions.Reason;

/** Before the first measurement: a missing baseline should cost seconds, not the whole run. */
final class BaselineCheck implements Step {

  private final Baseline baseline;

  BaselineCheck(Baseline baseline) {
    this.baseline = baseline;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    if (!view.recorded().rows().isEmpty()) {
      return Result.next();
    }
    try {
      baseline.rows(view.run());
      return Result.next();
    } catch (IllegalStateException e) {
      return Result.fail(Reason.BaselineUnavailable, e.getMessage());
    }
  }
}
