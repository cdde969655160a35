package dev.vtbench.engine.steady;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where the mean of a short series changes: exact optimal partitioning (the search PELT prunes,
 * Killick et al. 2012; a warm-up has at most a few dozen windows, so nothing needs pruning) with a
 * Gaussian cost for a change in mean, the noise estimated from the series itself and a penalty of
 * {@value #PENALTY_PER_LOG_N}·σ²·ln n per segment.
 *
 * <p>The noise σ is read robustly ({@link #noise}) from the series' second half: a warm-up's first
 * windows move by far more than its noise, and would hide every later change. A noisy but flat
 * series therefore has a large σ and no changepoint; a series that steps or climbs has changepoints
 * wherever its level moved by more than its noise explains. σ is floored at {@value #NOISE_FLOOR}
 * of the series' median level, so a synthetic, noiseless series is not cut at every rounding.
 */
public final class Changepoints {

  /** Penalty per segment, in units of σ²·ln n (a BIC-like 2 ln n made a little stricter). */
  static final double PENALTY_PER_LOG_N = 3.0;

  /** Smallest segment, in windows: one odd window is an outlier, not a level. */
  static final int MIN_SEGMENT = 2;

  /** Smallest noise, as a share of the series' median level. */
  static final double NOISE_FLOOR = 0.005;

  private Changepoints() {}

  /** A segment {@code [from, to)} of the series, its mean and sample standard deviation. */
  public record Segment(int from, int to, double mean, double sd) {
    public int length() {
      return to - from;
    }
  }

  /**
   * The segments of {@code y}, in order; one segment when nothing changes or y is short. The noise
   * is estimated twice: first from second differences ({@link #noise}; the smaller of the whole
   * series' and its second half's, since a warm-up's first windows move by far more than its noise
   * and a short second half may hold a level shift), then from the residuals within the segments
   * that first pass found there (median absolute residual ÷ 0.6745), which a level shift no longer
   * inflates; the series is segmented again with it.
   */
  public static List<Segment> of(double[] y) {
    if (y.length == 0) {
      return List.of();
    }
    double floor = NOISE_FLOOR * Math.abs(median(y));
    double first =
        Math.min(noise(y), noise(java.util.Arrays.copyOfRange(y, y.length / 2, y.length)));
    List<Segment> pass = of(y, first);
    double[] residuals =
        pass.stream()
            .filter(seg -> seg.to() > y.length / 2 && seg.length() >= 2)
            .flatMapToDouble(
                seg ->
                    java.util.stream.IntStream.range(Math.max(seg.from(), y.length / 2), seg.to())
                        .mapToDouble(k -> Math.abs(y[k] - seg.mean())))
            .toArray();
    if (residuals.length < 3) {
      return pass;
    }
    return of(y, Math.max(floor, median(residuals) / 0.6745));
  }

  /** The segments of {@code y} for noise {@code sigma}. */
  static List<Segment> of(double[] y, double sigma) {
    int n = y.length;
    double beta = PENALTY_PER_LOG_N * sigma * sigma * Math.log(Math.max(n, 2));
    double[] sum = new double[n + 1];
    double[] sq = new double[n + 1];
    for (int i = 0; i < n; i++) {
      sum[i + 1] = sum[i] + y[i];
      sq[i + 1] = sq[i] + y[i] * y[i];
    }
    double[] best = new double[n + 1];
    int[] cut = new int[n + 1];
    Arrays.fill(best, Double.POSITIVE_INFINITY);
    best[0] = -beta;
    for (int t = MIN_SEGMENT; t <= n; t++) {
      for (int s = 0; s <= t - MIN_SEGMENT; s++) {
        if (!Double.isFinite(best[s])) {
          continue;
        }
        double v = best[s] + cost(sum, sq, s, t) + beta;
        if (v < best[t]) {
          best[t] = v;
          cut[t] = s;
        }
      }
    }
    if (!Double.isFinite(best[n])) {
      return List.of(segment(y, 0, n));
    }
    List<Segment> out = new ArrayList<>();
    for (int t = n; t > 0; t = cut[t]) {
      out.addFirst(segment(y, cut[t], t));
    }
    return List.copyOf(out);
  }

  /**
   * The noise of {@code y}: the median absolute second difference {@code |y[i+1] − 2y[i] + y[i−1]|}
   * ÷ (0.6745·√6), floored at {@link #NOISE_FLOOR} of the median level. Second differences cancel a
   * steady climb as well as a level, so a series that climbs a little every window is not mistaken
   * for a noisy one; a level shift moves only two of them.
   */
  public static double noise(double[] y) {
    double floor = NOISE_FLOOR * Math.abs(median(y));
    if (y.length < 3) {
      return floor;
    }
    double[] d = new double[y.length - 2];
    for (int i = 1; i + 1 < y.length; i++) {
      d[i - 1] = Math.abs(y[i + 1] - 2 * y[i] + y[i - 1]);
    }
    return Math.max(floor, median(d) / (0.6745 * Math.sqrt(6)));
  }

  /**
   * Whether {@code y[from, to)} still climbs or sinks: its least-squares slope is more than {@value
   * #TREND_SIGMAS} standard errors from zero for noise {@code sigma}, and at that pace the level
   * would move by more than {@code share} of its mean, and by more than {@code slack}, in {@link
   * #PACE_WINDOWS} windows.
   */
  public static boolean trending(
      double[] y, int from, int to, double sigma, double share, double slack) {
    int m = to - from;
    if (m < 3) {
      return false;
    }
    double xm = (m - 1) / 2.0;
    double ym = 0;
    for (int i = from; i < to; i++) {
      ym += y[i];
    }
    ym /= m;
    double sxy = 0;
    double sxx = 0;
    for (int i = 0; i < m; i++) {
      sxy += (i - xm) * (y[from + i] - ym);
      sxx += (i - xm) * (i - xm);
    }
    double slope = sxy / sxx;
    double se = sigma / Math.sqrt(sxx);
    double moved = Math.abs(slope) * PACE_WINDOWS;
    return Math.abs(slope) > TREND_SIGMAS * se && moved > Math.max(share * Math.abs(ym), slack);
  }

  /** Windows over which a slope's pace is judged ({@link #trending}): 30 s of 5 s windows. */
  public static final int PACE_WINDOWS = 6;

  /** Standard errors a segment's slope must exceed to count as a trend ({@link #trending}). */
  static final double TREND_SIGMAS = 2.0;

  /** Sum of squared deviations from the mean of {@code y[s, t)}. */
  private static double cost(double[] sum, double[] sq, int s, int t) {
    double m = t - s;
    double total = sum[t] - sum[s];
    return Math.max(0, (sq[t] - sq[s]) - total * total / m);
  }

  private static Segment segment(double[] y, int from, int to) {
    double mean = 0;
    for (int i = from; i < to; i++) {
      mean += y[i];
    }
    mean /= to - from;
    double ss = 0;
    for (int i = from; i < to; i++) {
      ss += (y[i] - mean) * (y[i] - mean);
    }
    double sd = to - from > 1 ? Math.sqrt(ss / (to - from - 1)) : 0;
    return new Segment(from, to, mean, sd);
  }

  static double median(double[] values) {
    if (values.length == 0) {
      return 0;
    }
    double[] v = values.clone();
    Arrays.sort(v);
    int m = v.length / 2;
    return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
  }
}
