package dev.vtbench.engine.gate;

import dev.vtbench.engine.model.thresholds.Percent;
import java.util.List;

/** {@code maxErrorRate}: every recorded cell's failed requests at most this percentage. */
record MaxErrorRateRule(CellLimit limit) implements ThresholdRule {

  static final String NAME = "maxErrorRate";

  static MaxErrorRateRule of(String percent) {
    return new MaxErrorRateRule(
        new CellLimit(
            Measure.ERROR_RATE, Bound.AT_MOST, Percent.parse("spec.thresholds." + NAME, percent)));
  }

  @Override
  public Gate.Verdict apply(Cells run) {
    return new Gate.Verdict(
        run.all().stream().map(c -> limit.check(NAME, c, run)).toList(), List.of());
  }
}
