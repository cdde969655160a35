package dev.vtbench.engine.gate;

import dev.vtbench.engine.gate.Gate.Check;
import dev.vtbench.engine.model.thresholds.CellFilter;
import java.util.ArrayList;
import java.util.List;

/** A limit on one measure's median per cell: what maxP99, minThroughput and maxErrorRate share. */
record CellLimit(Measure measure, Bound bound, double limit) {

  /** One check per cell {@code filter} matches; a single failed check when it matches none. */
  List<Check> checkMatching(String rule, CellFilter filter, Cells run) {
    List<Cell> matched = run.matching(filter);
    if (matched.isEmpty()) {
      // A rule that checks nothing must not pass.
      String where = Cells.describe(filter);
      return List.of(
          new Check(
              rule, where, null, limit, false, rule + " matched no recorded cell (" + where + ")"));
    }
    List<Check> checks = new ArrayList<>();
    for (Cell c : matched) {
      checks.add(check(rule, c, run));
    }
    return checks;
  }

  /** The cell's median against the limit; a failure when no repetition measured it. */
  Check check(String rule, Cell cell, Cells run) {
    Double v = measure.median(run, cell);
    if (v == null) {
      return new Check(
          rule, cell.label(), null, limit, false, measure.at(cell) + " was not measured");
    }
    boolean ok = bound.holds(v, limit);
    return new Check(
        rule,
        cell.label(),
        v,
        limit,
        ok,
        measure.at(cell) + " was " + measure.format(v) + bound.verdict(ok) + measure.format(limit));
  }
}
