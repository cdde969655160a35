package dev.vtbench.engine.results;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run's answer in one line, shared by both platforms: the operator's {@code status.summary} (the
 * Headline column of {@code kubectl get}) and Events, and {@code vtbench run}'s last line.
 */
public final class Headline {

  private Headline() {}

  /**
   * The run's answer so far in one line, for {@code kubectl get}: virtual vs platform at the
   * highest concurrency both have measured (the hero experiment's released rows first), as the
   * ratio of median throughputs with its 95 % interval and the verdict ({@link VirtualVsPlatform}),
   * e.g. {@code virtual 4.0x platform [3.4-4.3] at 800 VUs, pool 50 (1924 vs 482 req/s): virtual
   * faster}, or {@code ...: no verdict (1 repetition, need 3)} without an interval; the latest
   * row's headline until both thread modes have a result for one cell. ASCII only ({@code x},
   * {@code -}): it ends up in terminals and Events of any encoding.
   *
   * <p>Only the chosen cell is bootstrapped: the operator computes this on every reconcile.
   */
  public static String of(List<ResultRow> rows) {
    List<Map.Entry<SummaryTable.Key, SummaryTable.Rows>> both =
        SummaryTable.grouped(rows).entrySet().stream().filter(e -> e.getValue().both()).toList();
    if (both.isEmpty()) {
      return of(rows.getLast());
    }
    SummaryTable.Key first = both.getFirst().getKey();
    Map.Entry<SummaryTable.Key, SummaryTable.Rows> best =
        both.stream()
            .filter(
                e ->
                    e.getKey().connMode().equals(first.connMode())
                        && e.getKey().pathMode().equals(first.pathMode()))
            .max(
                Comparator.comparingInt(
                        (Map.Entry<SummaryTable.Key, SummaryTable.Rows> e) ->
                            e.getKey().concurrency())
                    .thenComparingInt(e -> e.getKey().hikariPool()))
            .orElseThrow();
    SummaryTable.Key key = best.getKey();
    VirtualVsPlatform c =
        VirtualVsPlatform.of(best.getValue().platform(), best.getValue().virtual());
    return "virtual "
        + fmt(c.ratio(), 1)
        + "x platform"
        + (c.interval() == null ? "" : " [" + c.interval().format(1, "-") + "]")
        + " at "
        + key.concurrency()
        + " VUs, pool "
        + key.hikariPool()
        + " ("
        + fmt(c.virtual().medianThroughputRps(), 0)
        + " vs "
        + fmt(c.platform().medianThroughputRps(), 0)
        + " req/s): "
        + c.label();
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
