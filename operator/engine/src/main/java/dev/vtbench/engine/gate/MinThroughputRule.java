package dev.vtbench.engine.gate;

import dev.vtbench.engine.model.thresholds.MinThroughput;
import java.util.List;

/** {@code minThroughput[i]}: every matching cell's throughput at least this many requests/s. */
record MinThroughputRule(String name, MinThroughput spec, CellLimit limit)
    implements ThresholdRule {

  static MinThroughputRule of(int index, MinThroughput spec) {
    return new MinThroughputRule(
        "minThroughput[" + index + "]",
        spec,
        new CellLimit(Measure.THROUGHPUT, Bound.AT_LEAST, spec.rps));
  }

  @Override
  public Gate.Verdict apply(Cells run) {
    return new Gate.Verdict(limit.checkMatching(name, spec, run), List.of());
  }
}
