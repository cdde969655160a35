package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.gate.Gate;
import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.EventReason;
import dev.vtbench.operator.reconciler.status.Events;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.resources.NameConflict;
import dev.vtbench.operator.results.Baseline;
import dev.vtbench.operator.results.FiguresConfigMap;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
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
    Runnable figures = () -> writeFigures(view, rows);
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
        figures.run();
        return Result.fail(Reason.BaselineUnavailable, recorded + "; " + e.getMessage());
      }
      status.thresholds(verdict);
      if (!verdict.met()) {
        figures.run();
        return Result.fail(
            Reason.ThresholdsNotMet, verdict.summary(MESSAGE_VIOLATIONS) + " (" + recorded + ")");
      }
      events.normal(run, EventReason.ThresholdsMet, verdict.headline());
      recorded += "; " + verdict.headline();
    }
    status.succeeded(recorded);
    String summary = view.cursor().total() + " scenarios; " + status.status.summary;
    // independent of each other: issued together (Together), the pass waits for the slowest
    AtomicBoolean released = new AtomicBoolean();
    Together.run(
        List.of(
            figures,
            () -> events.normal(run, EventReason.RunSucceeded, summary),
            () -> released.set(owned.release(run, false))));
    if (released.get()) {
      status.released();
    }
    return Result.waitForChange();
  }

  /** The figures ConfigMap; a name taken fails the run, any other refusal only loses figures. */
  private void writeFigures(RunView view, List<ResultRow> rows) {
    try {
      owned.apply(view.run(), FiguresConfigMap.of(view.run(), rows));
    } catch (NameConflict e) {
      throw e;
    } catch (RuntimeException e) {
      LOG.warn("figures for {} not written: {}", view.run().getMetadata().getName(), e.toString());
    }
  }
}
