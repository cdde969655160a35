package dev.vtbench.engine.results.derived;

import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import java.util.Locale;

/**
 * When a tier's CPU limit held it back enough to name it: the one threshold, the bottleneck labels
 * it gives ({@link Bottleneck#SUT_THROTTLED}, {@link Bottleneck#STUB_THROTTLED}, {@link
 * Bottleneck#DATABASE_THROTTLED}) and, for the SUT, the rows it keeps out of verdicts ({@link
 * dev.vtbench.engine.results.verdict.VerdictRows}).
 *
 * <p>The kernel's CFS bandwidth control gives a cgroup with a CPU limit a quota per period (100 ms
 * by default); a cgroup that spends it waits, every thread of it, for the next period. {@code
 * sut_throttled_pct}, {@code stub_throttled_pct}, {@code pg_throttled_pct} and {@code
 * load_throttled_pct} are the share of the hold's periods in which that happened. A tier can be
 * throttled while its CPU column shows it well under its limit (a burst of threads spends a
 * period's quota in a fraction of it), so the CPU columns alone do not show it; and a throttled SUT
 * measures its limit's accounting, not its threads, which is why such a row gives no verdict on
 * thread modes.
 */
public final class Throttling {

  /**
   * A tier counts as throttled when its CPU limit held it back in at least 5 % of the hold's CFS
   * periods: one period in 20, about every 2 s at the default 100 ms period, each a stall of every
   * request the tier holds for up to the rest of that period. Rarer throttling is the odd burst (a
   * GC, a JIT compilation) that every limited tier sees now and then; from here on the stalls are a
   * regular part of the tail and the throughput.
   */
  public static final double THRESHOLD_PCT = 5.0;

  private Throttling() {}

  /** Whether {@code row}'s SUT was throttled in at least {@link #THRESHOLD_PCT} of its periods. */
  public static boolean sut(ResultRow row) {
    return atThreshold(row.sutThrottledPct());
  }

  /** Whether {@code row}'s stub was throttled in at least {@link #THRESHOLD_PCT} of its periods. */
  public static boolean stub(ResultRow row) {
    return atThreshold(row.stubThrottledPct());
  }

  /**
   * Whether {@code row}'s database was throttled in at least {@link #THRESHOLD_PCT} of its periods.
   */
  public static boolean database(ResultRow row) {
    return atThreshold(row.pgThrottledPct());
  }

  /**
   * Whether {@code row}'s load generator was throttled in at least {@link #THRESHOLD_PCT} of its
   * periods: it then sent less than it was asked to, so the row measured k6's limit ({@link
   * DerivedMetrics} counts it as {@code generator_saturated}).
   */
  public static boolean load(ResultRow row) {
    return atThreshold(row.loadThrottledPct());
  }

  /** Unmeasured (null) is not throttled: unknown is not a finding. */
  private static boolean atThreshold(Double pct) {
    return pct != null && pct >= THRESHOLD_PCT;
  }

  /**
   * The bottleneck of {@code row} with throttling taken into account: {@link
   * Bottleneck#SUT_THROTTLED} for a throttled SUT, else {@link Bottleneck#STUB_THROTTLED} for a
   * throttled stub, else {@link Bottleneck#DATABASE_THROTTLED} for a throttled database, in place
   * of {@code derived}, the label the rest of the rules gave. A throttled tier is the root cause of
   * what those rules see (a SUT held back by its limit looks out of CPU, or short of its bound for
   * no reason they know; a stub held back stretches the downstream delay every bound is computed
   * from; a database held back holds every connection longer, which reads as a full pool), so it
   * goes first; only {@link Bottleneck#LOAD_GENERATOR} stays, since a row whose generator was the
   * limit says nothing of the tiers behind it.
   */
  public static Bottleneck label(ResultRow row, Bottleneck derived) {
    if (derived == Bottleneck.LOAD_GENERATOR) {
      return derived;
    }
    if (sut(row)) {
      return Bottleneck.SUT_THROTTLED;
    }
    if (stub(row)) {
      return Bottleneck.STUB_THROTTLED;
    }
    return database(row) ? Bottleneck.DATABASE_THROTTLED : derived;
  }

  /** The rule in words, for the summary's method sentence: {@code sut_throttled_pct ≥ 5}. */
  public static String sutRule() {
    return String.format(Locale.ROOT, "sut_throttled_pct ≥ %.0f", THRESHOLD_PCT);
  }
}
