package dev.vtbench.engine.stats;

import java.util.Locale;

/**
 * A closed interval [lower, upper], e.g. a 95 % confidence interval.
 *
 * @param lower lower bound, at most {@code upper}
 * @param upper upper bound
 */
public record Interval(double lower, double upper) {

  public Interval {
    if (!(lower <= upper)) {
      throw new IllegalArgumentException("interval [" + lower + ", " + upper + "] is empty");
    }
  }

  /** True when the whole interval lies in [from, to]. */
  public boolean within(double from, double to) {
    return lower >= from && upper <= to;
  }

  /** "2.90–3.10" with the given number of decimals and {@code dash} between the bounds. */
  public String format(int decimals, String dash) {
    String f = "%." + decimals + "f";
    return String.format(Locale.ROOT, f, lower) + dash + String.format(Locale.ROOT, f, upper);
  }
}
