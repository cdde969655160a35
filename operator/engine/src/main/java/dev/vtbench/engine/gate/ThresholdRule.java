package dev.vtbench.engine.gate;

/** One rule of {@code spec.thresholds}, ready to check a run. */
interface ThresholdRule {

  /** The checks this rule makes on {@code run}'s cells, and any remarks that are not checks. */
  Gate.Verdict apply(Cells run);
}
