package dev.vtbench.engine.model.rules;

/**
 * The validation rules of {@code spec.thresholds} against {@code spec.matrix}: a threshold may only
 * name cells the matrix measures. CEL rules on {@link dev.vtbench.engine.model.BenchmarkRunSpec},
 * which {@link dev.vtbench.engine.model.SpecValidation} applies ({@link SpecRules} says where each
 * part's rules live).
 */
public final class ThresholdRules {

  private ThresholdRules() {}

  // A threshold may only name cells the matrix measures. Where the matrix leaves a list out, the
  // operator's default applies and SpecValidation checks it, defaults filled in, at the start.
  private static final String CELL_IN_MATRIX =
      "(!has(r.hikariPoolSize) || !has(self.matrix.hikariPoolSizes)"
          + " || r.hikariPoolSize in self.matrix.hikariPoolSizes)"
          + " && (!has(r.concurrency) || !has(self.matrix.concurrency)"
          + " || r.concurrency in self.matrix.concurrency)";
  private static final String MODE_IN_MATRIX =
      " && (!has(r.threadMode) || !has(self.matrix.threadModes)"
          + " || r.threadMode in self.matrix.threadModes)";
  public static final String P99_IN_MATRIX =
      "!has(self.thresholds) || !has(self.thresholds.maxP99) || !has(self.matrix)"
          + " || self.thresholds.maxP99.all(r, "
          + CELL_IN_MATRIX
          + MODE_IN_MATRIX
          + ")";
  public static final String THROUGHPUT_IN_MATRIX =
      "!has(self.thresholds) || !has(self.thresholds.minThroughput) || !has(self.matrix)"
          + " || self.thresholds.minThroughput.all(r, "
          + CELL_IN_MATRIX
          + MODE_IN_MATRIX
          + ")";
  public static final String IN_MATRIX_MESSAGE =
      "every threadMode, hikariPoolSize and concurrency a threshold names must be listed in"
          + " spec.matrix, or the threshold would check nothing";
  public static final String RATIO_IN_MATRIX =
      "!has(self.thresholds) || !has(self.thresholds.minVirtualToPlatformRatio)"
          + " || size(self.thresholds.minVirtualToPlatformRatio) == 0 || !has(self.matrix)"
          + " || ((!has(self.matrix.threadModes)"
          + " || ('platform' in self.matrix.threadModes && 'virtual' in self.matrix.threadModes))"
          + " && self.thresholds.minVirtualToPlatformRatio.all(r, "
          + CELL_IN_MATRIX
          + "))";
  public static final String RATIO_MESSAGE =
      "needs both platform and virtual in spec.matrix.threadModes, and every hikariPoolSize and"
          + " concurrency it names listed in spec.matrix";
}
