package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.gate.Gate;
import dev.vtbench.engine.model.ThresholdsSpec;
import dev.vtbench.engine.results.ResultRow;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.EventReason;
import dev.vtbench.operator.reconciler.status.Events;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.resources.NameConflict;
import dev.vtbench.operator.results.FiguresConfigMap;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every scenario recorded: the figures, the gate on spec.thresholds, Succeeded (or
 * ThresholdsNotMet), and the workloads released so the cores and the database are free.
 */
public final class FinishStep implements Step {

  private static final Logger LOG = LoggerFactory.getLogger(FinishStep.class);

  /** Threshold violations named in the Succeeded condition and Event; status lists more. */
  public static final int MESSAGE_VIOLATIONS = 5;

  private final OwnedObjects owned;
  private final Baseline baseline;
  private final Events events;

  public FinishStep(OwnedObjects owned, Baseline baseline, Events events) {
    this.owned = owned;
    this.baseline = baseline;
    this.events = events;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    if (view.nextLoad().isPresent()) {
      return Result.waitForChange();
    }
    var run = view.run();
    List<ResultRow> rows = view.recorded().rows();
    try {
      owned.apply(run, FiguresConfigMap.of(run, rows));
    } catch (NameConflict e) {
      throw e;
    } catch (RuntimeException e) {
      LOG.warn("figures for {} not written: {}", run.getMetadata().getName(), e.toString());
    }
    String recorded =
        "all "
            + view.cursor().total()
            + " scenarios recorded in ConfigMap "
            + String.join(", ", status.status.resultsConfigMaps);
    ThresholdsSpec thresholds = view.spec().thresholds;
    if (thresholds != null) {
      Gate.Verdict verdict;
      try {
        verdict = Gate.evaluate(thresholds, rows, baseline.rows(run));
      } catch (IllegalStateException e) {
        return Result.fail(Reason.BaselineUnavailable, recorded + "; " + e.getMessage());
      }
      status.thresholds(verdict);
      if (!verdict.met()) {
        return Result.fail(
            Reason.ThresholdsNotMet, verdict.summary(MESSAGE_VIOLATIONS) + " (" + recorded + ")");
      }
      events.normal(run, EventReason.ThresholdsMet, verdict.headline());
      recorded += "; " + verdict.headline();
    }
    status.succeeded(recorded);
    events.normal(
        run,
        EventReason.RunSucceeded,
        view.cursor().total() + " scenarios; " + status.status.summary);
    owned.release(run, false);
    return Result.waitForChange();
  }
}
