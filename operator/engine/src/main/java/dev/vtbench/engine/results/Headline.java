package dev.vtbench.engine.results;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A run's answer in one line, shared by both platforms: the operator's {@code status.summary} (the
 * Headline column of {@code kubectl get}) and Events, and {@code vtbench run}'s last line.
 */
public final class Headline {

  private Headline() {}

  /**
   * The run's answer so far in one line, for {@code kubectl get}: virtual vs platform at the
   * highest concurrency both have measured (repetitions averaged, the hero experiment's released
   * rows first), e.g. {@code virtual 3.9x platform at 800 VUs, pool 50: 1889 vs 482 req/s, p99 910
   * vs 1708 ms}; the latest row's headline until both thread modes have a result for one cell.
   */
  public static String of(List<ResultRow> rows) {
    List<SummaryTable.Line> both =
        SummaryTable.of(rows).lines().stream()
            .filter(l -> Double.isFinite(l.virtualToPlatform()))
            .toList();
    if (both.isEmpty()) {
      return of(rows.getLast());
    }
    SummaryTable.Key first = both.getFirst().key();
    SummaryTable.Line best =
        both.stream()
            .filter(
                l ->
                    l.key().connMode().equals(first.connMode())
                        && l.key().pathMode().equals(first.pathMode()))
            .max(
                Comparator.comparingInt((SummaryTable.Line l) -> l.key().concurrency())
                    .thenComparingInt(l -> l.key().hikariPool()))
            .orElseThrow();
    return "virtual "
        + fmt(best.virtualToPlatform(), 1)
        + "x platform at "
        + best.key().concurrency()
        + " VUs, pool "
        + best.key().hikariPool()
        + ": "
        + fmt(best.virtual().meanThroughputRps(), 0)
        + " vs "
        + fmt(best.platform().meanThroughputRps(), 0)
        + " req/s, p99 "
        + fmt(best.virtual().meanP99Ms(), 0)
        + " vs "
        + fmt(best.platform().meanP99Ms(), 0)
        + " ms";
  }

  /** One row in one line: mode, concurrency, pool, throughput, p99, errors. */
  public static String of(ResultRow r) {
    return r.threadMode()
        + " c"
        + r.concurrency()
        + " pool "
        + r.hikariPool()
        + ": "
        + fmt(r.throughputRps(), 0)
        + " req/s, p99 "
        + fmt(r.p99Ms(), 0)
        + " ms, errors "
        + fmt(r.errorRate() == null ? null : r.errorRate() * 100, 2)
        + "%";
  }

  private static String fmt(Double v, int decimals) {
    return v == null || v.isNaN() ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
