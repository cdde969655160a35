package dev.vtbench.engine.results.figures;

import org.knowm.xchart.style.XYStyler;

/** When a figure's axis is logarithmic, and which of its ticks carry a label. */
final class LogAxis {

  /** Past this ratio of largest to smallest value an axis is logarithmic. */
  static final double LOG_SPAN = 10;

  /**
   * Past this ratio (1.7 decades) only the powers of ten are labelled: the 2..9 labels of each
   * decade overlap at a 560-pixel panel. Below it they fit and are what makes a value readable:
   * bench-hero's p99 (114 to 1,716 ms) labelled only at 1,000 could not be read off the axis.
   */
  static final double DECADES_ONLY_SPAN = 50;

  private LogAxis() {}

  /** Whether values from {@code span[0]} to {@code span[1]} are drawn on a log axis. */
  static boolean logScale(double[] span) {
    return span[0] > 0 && span[1] / span[0] > LOG_SPAN;
  }

  /** Whether a log axis over {@code span} labels only 10, 100, 1,000, … rather than 1..9 × 10ⁿ. */
  static boolean decadesOnly(double[] span) {
    return span[1] / span[0] >= DECADES_ONLY_SPAN;
  }

  /** Makes the x axis logarithmic over {@code span} if it should be; true if it did. */
  static boolean applyX(XYStyler s, double[] span) {
    if (!logScale(span)) {
      return false;
    }
    s.setXAxisLogarithmic(true);
    s.setXAxisLogarithmicDecadeOnly(decadesOnly(span));
    return true;
  }

  /**
   * Makes the y axis logarithmic over {@code span} if it should be, its ends on labelled ticks so
   * the largest and smallest values can be read (1,716 ms under a 2,000 label); true if it did.
   */
  static boolean applyY(XYStyler s, double[] span) {
    if (!logScale(span)) {
      return false;
    }
    boolean decades = decadesOnly(span);
    s.setYAxisLogarithmic(true);
    s.setYAxisLogarithmicDecadeOnly(decades);
    s.setYAxisMin(labelAtOrBelow(span[0], decades));
    s.setYAxisMax(labelAtOrAbove(span[1], decades));
    return true;
  }

  /** The largest labelled tick at or below {@code v}: d × 10ⁿ (d in 1..9), or 10ⁿ for decades. */
  static double labelAtOrBelow(double v, boolean decades) {
    double decade = Math.pow(10, Math.floor(Math.log10(v)));
    return decades ? decade : Math.floor(v / decade) * decade;
  }

  /** The smallest labelled tick at or above {@code v}: d × 10ⁿ (d in 1..10), or 10ⁿ for decades. */
  static double labelAtOrAbove(double v, boolean decades) {
    double decade = Math.pow(10, Math.floor(Math.log10(v)));
    if (decades) {
      return v <= decade ? decade : decade * 10;
    }
    return Math.ceil(v / decade) * decade;
  }
}
