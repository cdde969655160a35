package dev.vtbench.engine.results;

import dev.vtbench.engine.stats.Bootstrap;
import dev.vtbench.engine.stats.Interval;
import java.util.Collection;
import java.util.Locale;

/**
 * Virtual ÷ platform throughput in one cell (pool × concurrency, same connection and path mode):
 * the ratio of the two medians, its {@value Bootstrap#CONFIDENCE} bootstrap interval and a verdict.
 *
 * <p>The verdict reads the interval against a noise band of ±{@link #NOISE}:
 *
 * <ol>
 *   <li>{@code no difference}: the interval lies within [1 − NOISE, 1 + NOISE], so any difference
 *       is smaller than the noise this benchmark can resolve;
 *   <li>{@code virtual faster}: otherwise, if the whole interval is above 1;
 *   <li>{@code platform faster}: otherwise, if the whole interval is below 1;
 *   <li>{@code inconclusive}: the interval contains 1 and reaches beyond the band.
 * </ol>
 *
 * With fewer than {@value CellEstimate#MIN_REPETITIONS} eligible repetitions in either thread mode
 * there is no interval and no verdict, and {@link #label()} says why.
 *
 * @param platform platform threads' estimate
 * @param virtual virtual threads' estimate
 * @param ratio median virtual ÷ median platform throughput; NaN if a side has no repetition or a
 *     platform median of 0
 * @param interval the ratio's interval; null when there is no verdict
 * @param verdict the verdict; {@link Verdict#NONE} below the repetitions needed
 */
public record VirtualVsPlatform(
    CellEstimate platform, CellEstimate virtual, double ratio, Interval interval, Verdict verdict) {

  /**
   * The noise band: ±3 %. Repetitions of one cell on a warm, pinned SUT agree within a few percent;
   * a smaller band would call ordinary run-to-run drift a difference, a wider one would hide the
   * 5–10 % effects worth reporting.
   */
  public static final double NOISE = 0.03;

  /** What the interval says. */
  public enum Verdict {
    VIRTUAL_FASTER("virtual faster"),
    PLATFORM_FASTER("platform faster"),
    NO_DIFFERENCE("no difference"),
    INCONCLUSIVE("inconclusive"),
    NONE("no verdict");

    private final String text;

    Verdict(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }

    /** The verdict on an interval of virtual ÷ platform (the rules in the class comment). */
    public static Verdict of(Interval ratio) {
      if (ratio.within(1 - NOISE, 1 + NOISE)) {
        return NO_DIFFERENCE;
      }
      if (ratio.lower() > 1) {
        return VIRTUAL_FASTER;
      }
      if (ratio.upper() < 1) {
        return PLATFORM_FASTER;
      }
      return INCONCLUSIVE;
    }
  }

  /** One sentence on the method, for under a table of verdicts. */
  public static final String METHOD =
      String.format(
          Locale.ROOT,
          "req/s and p99 are medians over repetitions; virtual ÷ platform is the ratio of the"
              + " medians, with its %.0f %% percentile bootstrap interval (%,d resamples of each"
              + " mode's repetitions, seed %d). Verdict: `no difference` if the interval lies"
              + " within ±%.0f %%, else `virtual faster` or `platform faster` if it excludes 1,"
              + " else `inconclusive`; none below %d repetitions per mode. Repetitions measured before"
              + " steady state (steady_state=false, counted as unsteady) are left out of medians,"
              + " intervals and verdicts. See results/README.md.",
          100 * Bootstrap.CONFIDENCE,
          Bootstrap.RESAMPLES,
          Bootstrap.SEED,
          100 * NOISE,
          CellEstimate.MIN_REPETITIONS);

  /** The comparison of one cell's platform rows with its virtual rows. */
  public static VirtualVsPlatform of(
      Collection<ResultRow> platformRows, Collection<ResultRow> virtualRows) {
    return of(CellEstimate.of(platformRows), CellEstimate.of(virtualRows));
  }

  static VirtualVsPlatform of(CellEstimate platform, CellEstimate virtual) {
    double ratio =
        platform.medianThroughputRps() > 0
            ? virtual.medianThroughputRps() / platform.medianThroughputRps()
            : Double.NaN;
    int fewest = Math.min(platform.reps(), virtual.reps());
    if (fewest < CellEstimate.MIN_REPETITIONS || !Double.isFinite(ratio)) {
      return new VirtualVsPlatform(platform, virtual, ratio, null, Verdict.NONE);
    }
    Interval interval =
        Bootstrap.standard().ratioInterval(virtual.throughputs(), platform.throughputs());
    return new VirtualVsPlatform(platform, virtual, ratio, interval, Verdict.of(interval));
  }

  /**
   * The verdict in words; without one, why: {@code no verdict (2 virtual repetitions, need 3)},
   * {@code no verdict (1 repetition, need 3)} when both modes fall short alike.
   */
  public String label() {
    if (verdict != Verdict.NONE) {
      return verdict.text();
    }
    int p = platform.reps();
    int v = virtual.reps();
    int fewest = Math.min(p, v);
    if (fewest >= CellEstimate.MIN_REPETITIONS) {
      return verdict.text()
          + " (platform median "
          + Math.round(platform.medianThroughputRps())
          + " req/s)";
    }
    String mode = p == v ? "" : (p < v ? "platform " : "virtual ");
    return verdict.text()
        + " ("
        + fewest
        + " "
        + mode
        + (fewest == 1 ? "repetition" : "repetitions")
        + ", need "
        + CellEstimate.MIN_REPETITIONS
        + ")";
  }
}
