package dev.vtbench.engine.steady;

import java.util.List;
import java.util.Locale;

/**
 * The shape of a load series since the SUT started, in the classes of Barrett et al., "Virtual
 * machine warmup blows hot and cold" (OOPSLA 2017): {@link Kind#FLAT}, {@link Kind#WARM_UP}, {@link
 * Kind#SLOWDOWN} or {@link Kind#NO_STEADY_STATE}, judged on throughput and on CPU per request
 * separately ({@link Changepoints}), the worse of the two.
 *
 * <p>As there, the segment that ends the series is the steady one, and an earlier segment counts as
 * the same level when its mean lies within the last one's standard deviation (or within {@value
 * #SAME_LEVEL} of it, or, for CPU per request, within {@link SteadyState#CPU_NOISE_CORES} of a core
 * at the series' rate). A noisy but flat series is flat: its noise is what {@code hold_cv} and the
 * interval report. A series whose level still moves ends in a short segment: no steady state yet.
 *
 * @param kind the class
 * @param steadyWindows how many windows the steady (last, merged) segment spans, the shorter of the
 *     two series'
 * @param throughputNoise the throughput's noise ({@link Changepoints#noise}) as a share of its last
 *     level; 0 when unknown
 * @param cpuNoise the same for CPU per request; 0 when unknown
 */
public record Shape(Kind kind, int steadyWindows, double throughputNoise, double cpuNoise) {

  /** Barrett et al.'s classes. */
  public enum Kind {
    /** One level from the first window to the last. */
    FLAT("flat"),
    /** A slower (or costlier) start, then a level. */
    WARM_UP("warm-up"),
    /** A faster (or cheaper) start, then a lower level. */
    SLOWDOWN("slowdown"),
    /** The last level is too short to be one yet. */
    NO_STEADY_STATE("no steady state yet");

    private final String words;

    Kind(String words) {
      this.words = words;
    }

    @Override
    public String toString() {
      return words;
    }
  }

  /**
   * A level whose fitted slope would move it by less than this share in {@link
   * Changepoints#PACE_WINDOWS} windows is not drifting, however significant the slope: half the
   * tolerance, as {@link WarmUpTrend} counts improvement. The recorded Intel warm-up's CPU per
   * request sank 0.6 % a window over its last 50 s (3.7 % in 30 s): a level; a series climbing 3 %
   * a window (18 % in 30 s) is not.
   */
  static final double DRIFT = SteadyState.TOLERANCE / 2;

  /** Two levels this close (a share of the last) are the same, whatever their spread. */
  static final double SAME_LEVEL = 0.01;

  /** The shape of {@code series}, each window one point of each series. */
  public static Shape of(List<LoadWindow> series) {
    double[] tp = series.stream().mapToDouble(LoadWindow::throughput).toArray();
    One t = One.of(tp, true, 0);
    long unknown = series.stream().filter(w -> w.appCpuMsPerRequest() == null).count();
    if (unknown == series.size()) {
      return new Shape(t.kind, t.steady, t.noise, 0);
    }
    if (unknown > 0) {
      // CPU read in some windows and not others: nothing to say it held still
      return new Shape(Kind.NO_STEADY_STATE, 0, t.noise, 0);
    }
    double[] cpu = series.stream().mapToDouble(LoadWindow::appCpuMsPerRequest).toArray();
    double rps = t.level;
    double slack = rps > 0 ? SteadyState.CPU_NOISE_CORES * 1000 / rps : 0;
    One c = One.of(cpu, false, slack);
    Kind kind = worse(t.kind, c.kind);
    return new Shape(kind, Math.min(t.steady, c.steady), t.noise, c.noise);
  }

  /** Whether its steady segment spans at least {@code windows} windows. */
  public boolean steadyFor(int windows) {
    return kind != Kind.NO_STEADY_STATE && steadyWindows >= windows;
  }

  /** "warm-up, level for the last 4 windows": for progress lines. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%s, one level for the last %d window%s",
        kind,
        steadyWindows,
        steadyWindows == 1 ? "" : "s");
  }

  private static Kind worse(Kind a, Kind b) {
    return a.ordinal() >= b.ordinal() ? a : b;
  }

  /** One series' shape. */
  private record One(Kind kind, int steady, double level, double noise) {

    static One of(double[] y, boolean higherIsBetter, double slack) {
      List<Changepoints.Segment> segments = Changepoints.of(y);
      if (segments.isEmpty()) {
        return new One(Kind.NO_STEADY_STATE, 0, 0, 0);
      }
      Changepoints.Segment last = segments.getLast();
      double tolerance = Math.max(Math.max(last.sd(), SAME_LEVEL * Math.abs(last.mean())), slack);
      int steady = last.length();
      int i = segments.size() - 2;
      while (i >= 0 && Math.abs(segments.get(i).mean() - last.mean()) <= tolerance) {
        steady += segments.get(i).length();
        i--;
      }
      double[] level = java.util.Arrays.copyOfRange(y, y.length - steady, y.length);
      double noise = last.mean() == 0 ? 0 : Changepoints.noise(level) / Math.abs(last.mean());
      Kind kind;
      if (i < 0) {
        kind = Kind.FLAT;
      } else {
        boolean before = segments.get(i).mean() < last.mean();
        kind = before == higherIsBetter ? Kind.WARM_UP : Kind.SLOWDOWN;
      }
      double sigma = Changepoints.noise(level);
      if (steady < SteadyState.WINDOWS
          || Changepoints.trending(y, y.length - steady, y.length, sigma, DRIFT, slack)) {
        kind = Kind.NO_STEADY_STATE;
      }
      return new One(kind, steady, last.mean(), noise);
    }
  }
}
