package dev.vtbench.engine.gate;

import dev.vtbench.engine.gate.Gate.Check;
import dev.vtbench.engine.model.thresholds.BaselineSpec;
import dev.vtbench.engine.model.thresholds.Percent;
import dev.vtbench.engine.results.row.ResultRow;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code baseline}: every cell's throughput at most {@code maxRegression} lower, and its p99 at
 * most that much higher, than the same cell of an earlier run. Cells the baseline lacks, or values
 * either side lacks, are noted, not failed: a new concurrency level is not a regression.
 */
record BaselineRule(double allowed, Cells baseline) implements ThresholdRule {

  static BaselineRule of(BaselineSpec spec, List<ResultRow> baselineRows) {
    return new BaselineRule(
        Percent.parse("spec.thresholds.baseline.maxRegression", spec.maxRegression),
        Cells.of(baselineRows));
  }

  @Override
  public Gate.Verdict apply(Cells run) {
    List<Check> checks = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Cell c : run.all()) {
      Cell then = baseline.find(c);
      // a baseline run without an axis: the cell as it ran there (the JVM's defaults, the
      // service's own build)
      if (then == null && c.build() != null) {
        then = baseline.find(c.withoutBuild());
      }
      if (then == null && c.jvmOptions() != null) {
        then = baseline.find(c.withoutJvmOptions());
      }
      if (then == null && c.jvmOptions() != null && c.build() != null) {
        then = baseline.find(c.withoutJvmOptions().withoutBuild());
      }
      if (then == null) {
        notes.add(c.label() + " is not in the baseline; not compared");
        continue;
      }
      compare(Measure.THROUGHPUT, Bound.AT_LEAST, c, run, then, checks, notes);
      compare(Measure.P99, Bound.AT_MOST, c, run, then, checks, notes);
    }
    return new Gate.Verdict(checks, notes);
  }

  private void compare(
      Measure m,
      Bound bound,
      Cell cell,
      Cells run,
      Cell then,
      List<Check> checks,
      List<String> notes) {
    Double now = m.median(run, cell);
    Double before = m.median(baseline, then);
    if (now == null || before == null || before <= 0) {
      String q = m.quantity();
      notes.add(
          cell.label() + ": " + q + " missing here or in the baseline; " + q + " not compared");
      return;
    }
    double worse = bound.worsening(now, before);
    checks.add(
        new Check(
            "baseline." + m.quantity(),
            cell.label(),
            now,
            bound.worsened(before, allowed),
            worse <= allowed + 1e-9,
            m.at(cell)
                + " was "
                + m.format(now)
                + ", "
                + Measure.percent(Math.abs(worse))
                + " "
                + bound.direction(worse)
                + " the baseline's "
                + m.format(before)
                + " (allowed: "
                + Measure.percent(allowed)
                + " "
                + bound.worseComparative()
                + ")"));
  }
}
