package dev.vtbench.engine.results.verdict;

import dev.vtbench.engine.results.derived.DerivedMetrics;
import dev.vtbench.engine.results.derived.Neighbour;
import dev.vtbench.engine.results.derived.Throttling;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.stats.Bootstrap;
import dev.vtbench.engine.stats.Interval;
import java.util.Collection;
import java.util.Locale;

/**
 * One thread mode against another in one cell (pool × concurrency, same connection and path mode):
 * {@code mode} ÷ {@code baseline} throughput as the ratio of the two medians, its {@value
 * Bootstrap#CONFIDENCE} bootstrap interval and a verdict. The table compares virtual ÷ platform
 * ({@link #virtualVsPlatform}) and, with seed 002's reactive baseline, reactive ÷ virtual, both by
 * these rules.
 *
 * <p>The verdict reads the interval against a noise band of ±{@link #NOISE}:
 *
 * <ol>
 *   <li>{@code no difference}: the interval lies within [1 − NOISE, 1 + NOISE], so any difference
 *       is smaller than the noise this benchmark can resolve;
 *   <li>{@code <mode> faster} (e.g. {@code virtual faster}): otherwise, if the whole interval is
 *       above 1;
 *   <li>{@code <baseline> faster} (e.g. {@code platform faster}): otherwise, if the whole interval
 *       is below 1;
 *   <li>{@code inconclusive}: the interval contains 1 and reaches beyond the band.
 * </ol>
 *
 * With fewer than {@value CellEstimate#MIN_REPETITIONS} eligible repetitions in either thread mode
 * there is no interval and no verdict, and {@link #label()} says why.
 *
 * @param mode the thread mode in the numerator, e.g. virtual
 * @param baseline the thread mode in the denominator, e.g. platform
 * @param modeEstimate the numerator's estimate
 * @param baselineEstimate the denominator's estimate
 * @param ratio median mode ÷ median baseline throughput; NaN if a side has no repetition or the
 *     baseline's median is 0
 * @param interval the ratio's interval; null when there is no verdict
 * @param verdict the verdict; {@link Verdict#NONE} below the repetitions needed
 */
public record ModeComparison(
    String mode,
    String baseline,
    CellEstimate modeEstimate,
    CellEstimate baselineEstimate,
    double ratio,
    Interval interval,
    Verdict verdict) {

  /**
   * The noise band: ±3 %. Repetitions of one cell on a warm, pinned SUT agree within a few percent;
   * a smaller band would call ordinary run-to-run drift a difference, a wider one would hide the
   * 5–10 % effects worth reporting.
   */
  public static final double NOISE = 0.03;

  /** What the interval says. */
  public enum Verdict {
    MODE_FASTER,
    BASELINE_FASTER,
    NO_DIFFERENCE,
    INCONCLUSIVE,
    NONE;

    /** The verdict on an interval of mode ÷ baseline (the rules in the class comment). */
    public static Verdict of(Interval ratio) {
      if (ratio.within(1 - NOISE, 1 + NOISE)) {
        return NO_DIFFERENCE;
      }
      if (ratio.lower() > 1) {
        return MODE_FASTER;
      }
      if (ratio.upper() < 1) {
        return BASELINE_FASTER;
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
              + " steady state (steady_state=false, as the run judged it, counted as unsteady), with"
              + " their SUT held back"
              + " by its CPU limit (%s %% of the hold's CFS periods, counted as sut-throttled),"
              + " with a neighbour on the SUT's cores (%s, counted as sut-core-shared) or with the"
              + " load generator the limit (generator_saturated: its cores or its CPU ≥ %.0f %%,"
              + " counted as load-generator) are left out of medians, intervals and verdicts. See"
              + " results/README.md.",
          100 * Bootstrap.CONFIDENCE,
          Bootstrap.RESAMPLES,
          Bootstrap.SEED,
          100 * NOISE,
          CellEstimate.MIN_REPETITIONS,
          Throttling.sutRule(),
          Neighbour.rule(),
          100 * DerivedMetrics.GENERATOR_FRACTION);

  /** The method sentence's addition for a table with reactive rows. */
  public static final String REACTIVE_METHOD =
      "reactive ÷ virtual (seed 002's WebFlux + R2DBC baseline against virtual threads) is"
          + " computed and judged the same way: `reactive faster`, `virtual faster`, `no"
          + " difference` or `inconclusive`.";

  /** Virtual ÷ platform over one cell's platform rows and its virtual rows. */
  public static ModeComparison virtualVsPlatform(
      Collection<ResultRow> platformRows, Collection<ResultRow> virtualRows) {
    return of(ResultRow.VIRTUAL, virtualRows, ResultRow.PLATFORM, platformRows);
  }

  /** {@code mode} ÷ {@code baseline} over one cell's rows of each. */
  public static ModeComparison of(
      String mode,
      Collection<ResultRow> modeRows,
      String baseline,
      Collection<ResultRow> baselineRows) {
    return of(mode, CellEstimate.of(modeRows), baseline, CellEstimate.of(baselineRows));
  }

  /** {@code mode} ÷ {@code baseline} from their estimates. */
  public static ModeComparison of(
      String mode, CellEstimate modeEstimate, String baseline, CellEstimate baselineEstimate) {
    double ratio =
        baselineEstimate.medianThroughputRps() > 0
            ? modeEstimate.medianThroughputRps() / baselineEstimate.medianThroughputRps()
            : Double.NaN;
    int fewest = Math.min(baselineEstimate.reps(), modeEstimate.reps());
    if (fewest < CellEstimate.MIN_REPETITIONS || !Double.isFinite(ratio)) {
      return new ModeComparison(
          mode, baseline, modeEstimate, baselineEstimate, ratio, null, Verdict.NONE);
    }
    Interval interval =
        Bootstrap.standard()
            .ratioInterval(modeEstimate.throughputs(), baselineEstimate.throughputs());
    return new ModeComparison(
        mode, baseline, modeEstimate, baselineEstimate, ratio, interval, Verdict.of(interval));
  }

  /**
   * The verdict in words, e.g. {@code virtual faster}; without one, why: {@code no verdict (2
   * virtual repetitions, need 3)}, {@code no verdict (1 repetition, need 3)} when both modes fall
   * short alike.
   */
  public String label() {
    String judged =
        switch (verdict) {
          case MODE_FASTER -> mode + " faster";
          case BASELINE_FASTER -> baseline + " faster";
          case NO_DIFFERENCE -> "no difference";
          case INCONCLUSIVE -> "inconclusive";
          case NONE -> null;
        };
    if (judged != null) {
      return judged;
    }
    int b = baselineEstimate.reps();
    int m = modeEstimate.reps();
    int fewest = Math.min(b, m);
    if (fewest >= CellEstimate.MIN_REPETITIONS) {
      return "no verdict ("
          + baseline
          + " median "
          + Math.round(baselineEstimate.medianThroughputRps())
          + " req/s)";
    }
    String which = b == m ? "" : (b < m ? baseline + " " : mode + " ");
    return "no verdict ("
        + fewest
        + " "
        + which
        + (fewest == 1 ? "repetition" : "repetitions")
        + ", need "
        + CellEstimate.MIN_REPETITIONS
        + ")";
  }
}
