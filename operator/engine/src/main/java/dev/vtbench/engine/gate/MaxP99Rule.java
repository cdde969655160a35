package dev.vtbench.engine.gate;

import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.model.thresholds.MaxP99;
import java.util.List;

/** {@code maxP99[i]}: every matching cell's p99 at most this long. */
record MaxP99Rule(String name, MaxP99 spec, CellLimit limit) implements ThresholdRule {

  static MaxP99Rule of(int index, MaxP99 spec) {
    String name = "maxP99[" + index + "]";
    double ms = Durations.parse("spec.thresholds." + name + ".p99", spec.p99).toNanos() / 1e6;
    return new MaxP99Rule(name, spec, new CellLimit(Measure.P99, Bound.AT_MOST, ms));
  }

  @Override
  public Gate.Verdict apply(Cells run) {
    return new Gate.Verdict(limit.checkMatching(name, spec, run), List.of());
  }
}
