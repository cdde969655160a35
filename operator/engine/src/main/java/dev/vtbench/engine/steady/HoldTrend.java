package dev.vtbench.engine.steady;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * How far a hold moved from its first third to its last, read two ways that must agree: the
 * difference of the thirds (each added up into one window, {@link SteadyState#holdEnds}) and the
 * series' trend, the Theil–Sen slope (the median of the slopes between every pair of windows; Sen
 * 1968) times the distance between the thirds' centres. The move is the smaller of the two, and
 * none when they point opposite ways.
 *
 * <p>For a series that climbs or sinks steadily the two are equal. Each alone is fooled by a shape
 * that is not drift: the thirds by one odd window at either end, the trend by a hump in the middle
 * that falls back. On a 2-vCPU AMD EPYC VM (crossover, 16 ms of CPU per request, 2026-11-29) a
 * virtual hold's last 5 s window served 360 requests against 271-282 in the five before, at 13 ms
 * of CPU each against 17: the host ran the SUT's vCPU faster for 5 s. Its thirds differed by 14 %,
 * its trend by 3 %. A byo-clinic hold (same VM, 15:13 UTC) whose CPU per request rose for two
 * windows and fell back had a trend of 17 % and thirds 5 % apart.
 */
final class HoldTrend {

  private HoldTrend() {}

  /**
   * The move of {@code value} over the hold {@code windows}, as a share of the thirds' mean: 0 for
   * fewer than two windows, NaN when a value is unknown (null) in a window or a third, infinite
   * when the thirds' mean is zero and they differ.
   */
  static double share(List<LoadWindow> windows, Function<LoadWindow, Double> value) {
    if (windows.size() < 2) {
      return 0;
    }
    List<LoadWindow> ends = SteadyState.holdEnds(windows);
    Double first = value.apply(ends.getFirst());
    Double last = value.apply(ends.getLast());
    double moved = Math.abs(move(windows, value));
    if (first == null || last == null || Double.isNaN(moved)) {
      return Double.NaN;
    }
    double level = (first + last) / 2;
    return level == 0 ? (moved == 0 ? 0 : Double.POSITIVE_INFINITY) : moved / Math.abs(level);
  }

  /**
   * The move itself, in the value's unit: the smaller of the thirds' difference and the trend's
   * move, 0 when they have opposite signs, NaN when a value is unknown.
   */
  static double move(List<LoadWindow> windows, Function<LoadWindow, Double> value) {
    int n = windows.size();
    if (n < 2) {
      return 0;
    }
    List<LoadWindow> ends = SteadyState.holdEnds(windows);
    Double first = value.apply(ends.getFirst());
    Double last = value.apply(ends.getLast());
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      Double v = value.apply(windows.get(i));
      if (v == null) {
        return Double.NaN;
      }
      y[i] = v;
    }
    if (first == null || last == null) {
      return Double.NaN;
    }
    double thirds = last - first;
    double trend = slope(y) * (n - thirdLength(n));
    if (Math.signum(thirds) != Math.signum(trend)) {
      return 0;
    }
    return Math.abs(thirds) <= Math.abs(trend) ? thirds : trend;
  }

  /** Windows in a third of a hold of {@code n}: at least one. */
  static int thirdLength(int n) {
    return Math.max(1, n / 3);
  }

  /** The Theil–Sen slope of {@code y} against its index. */
  static double slope(double[] y) {
    int n = y.length;
    double[] slopes = new double[n * (n - 1) / 2];
    int m = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        slopes[m++] = (y[j] - y[i]) / (j - i);
      }
    }
    return Changepoints.median(Arrays.copyOf(slopes, m));
  }
}
