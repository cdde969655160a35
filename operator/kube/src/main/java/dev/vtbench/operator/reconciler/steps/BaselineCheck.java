package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.results.Baseline;

/** Before the first measurement: a missing baseline should cost seconds, not the whole run. */
public final class BaselineCheck implements Step {

  private final Baseline baseline;

  public BaselineCheck(Baseline baseline) {
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
