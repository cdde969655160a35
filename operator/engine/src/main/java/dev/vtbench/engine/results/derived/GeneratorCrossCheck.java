package dev.vtbench.engine.results.derived;

import java.util.List;
import java.util.Locale;

/**
 * k6 against an independent load generator at one scenario's level, on the same warm SUT in the
 * same configuration, right after k6's measured hold: whether the row measured the SUT or the
 * generator. wrk spends about a ninth of k6's CPU per request, so where both are given the same
 * cores and the SUT has room, wrk pushes it further; where they agree, k6 was not the limit.
 *
 * @param scenarioId the row k6 measured
 * @param threadMode the row's thread mode
 * @param concurrency its level: k6's VUs, the other generator's connections
 * @param generator the other generator's name, e.g. {@code wrk}
 * @param k6Rps k6's throughput over the row's hold
 * @param otherRps the other generator's over a hold of the same length
 * @param k6CoreBusyPct the generator's cores' mean busy share under k6 ({@code
 *     load_core_busy_pct}), null where unmeasured
 * @param otherCoreBusyPct the same under the other generator
 * @param otherP99Ms the other generator's 99th percentile latency, null where it gave none
 * @param otherErrors its failed requests: socket errors and non-2xx/3xx answers
 */
public record GeneratorCrossCheck(
    String scenarioId,
    String threadMode,
    int concurrency,
    String generator,
    double k6Rps,
    double otherRps,
    Double k6CoreBusyPct,
    Double otherCoreBusyPct,
    Double otherP99Ms,
    long otherErrors) {

  /**
   * k6 at or above this share of the other generator's throughput agrees with it: the two differ by
   * up to 3 % at levels where neither is the limit (results/README.md, "The generator").
   */
  public static final double AGREEMENT = 0.95;

  /** How many of the matrix's highest levels are cross-checked. */
  public static final int TOP_LEVELS = 2;

  /** k6's throughput ÷ the other generator's; NaN when the other measured nothing. */
  public double ratio() {
    return otherRps > 0 ? k6Rps / otherRps : Double.NaN;
  }

  /** Whether k6 fell short of the other generator: the row measured k6, not the SUT. */
  public boolean k6FellShort() {
    return ratio() < AGREEMENT;
  }

  /**
   * The levels a run cross-checks: the {@link #TOP_LEVELS} highest of {@code levels}, where the
   * generator works hardest.
   */
  public static List<Integer> levels(List<Integer> levels) {
    return levels.stream().distinct().sorted((a, b) -> b - a).limit(TOP_LEVELS).toList();
  }

  /** The line summary.md and the console give it, e.g. {@code Generator cross-check, ...}. */
  public String sentence() {
    return String.format(
        Locale.ROOT,
        "Generator cross-check, %s at %d (%s): k6 %,.0f req/s, %s %,.0f req/s over the same hold"
            + " on the same cores, k6 ÷ %s = %.2f (generator cores %s busy under k6, %s under %s;"
            + " %s p99 %s, %d errors): %s.",
        threadMode,
        concurrency,
        scenarioId,
        k6Rps,
        generator,
        otherRps,
        generator,
        ratio(),
        pct(k6CoreBusyPct),
        pct(otherCoreBusyPct),
        generator,
        generator,
        otherP99Ms == null ? "–" : String.format(Locale.ROOT, "%.0f ms", otherP99Ms),
        otherErrors,
        k6FellShort()
            ? "k6 fell short, so the row measured the generator"
            : String.format(Locale.ROOT, "they agree within %.0f %%", 100 * (1 - AGREEMENT)));
  }

  /** Whether a summary line is one of these, for reading a committed summary back. */
  public static boolean isSentence(String line) {
    return line.startsWith("Generator cross-check, ");
  }

  private static String pct(Double v) {
    return v == null ? "–" : String.format(Locale.ROOT, "%.0f %%", v);
  }
}
