package dev.vtbench.engine.gate;

import dev.vtbench.engine.gate.Gate.Check;
import dev.vtbench.engine.model.thresholds.MinRatio;
import dev.vtbench.engine.results.row.ResultRow;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code minVirtualToPlatformRatio[i]}: in every matching pool and concurrency measured with both
 * thread modes, virtual throughput ÷ platform throughput at least this.
 */
record MinRatioRule(String name, MinRatio spec) implements ThresholdRule {

  static MinRatioRule of(int index, MinRatio spec) {
    return new MinRatioRule("minVirtualToPlatformRatio[" + index + "]", spec);
  }

  @Override
  public Gate.Verdict apply(Cells run) {
    List<Check> checks = new ArrayList<>();
    for (Cell virtual : run.matching(spec)) {
      if (!ResultRow.VIRTUAL.equals(virtual.threadMode())) {
        continue;
      }
      Cell platform = run.find(virtual.withThreadMode(ResultRow.PLATFORM));
      if (platform != null) {
        checks.add(check(virtual, platform, run));
      }
    }
    if (checks.isEmpty()) {
      // Nothing to pair is a failure, not a pass.
      String where = Cells.describe(spec);
      checks.add(
          new Check(
              name,
              where,
              null,
              spec.ratio,
              false,
              name
                  + " found no cell measured with both platform and virtual threads ("
                  + where
                  + ")"));
    }
    return new Gate.Verdict(checks, List.of());
  }

  private Check check(Cell virtual, Cell platform, Cells run) {
    double vr = Measure.THROUGHPUT.median(run, virtual);
    double pr = Measure.THROUGHPUT.median(run, platform);
    double ratio = pr > 0 ? vr / pr : Double.POSITIVE_INFINITY;
    boolean ok = Bound.AT_LEAST.holds(ratio, spec.ratio);
    String where = virtual.pairLabel();
    return new Check(
        name,
        where,
        ratio,
        spec.ratio,
        ok,
        "virtual/platform throughput at "
            + where
            + " was "
            + Measure.number(ratio, 2)
            + " ("
            + Measure.rps(vr)
            + " ÷ "
            + Measure.rps(pr)
            + ")"
            + Bound.AT_LEAST.verdict(ok)
            + Measure.number(spec.ratio, 2));
  }
}
