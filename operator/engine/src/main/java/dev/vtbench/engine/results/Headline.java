package dev.vtbench.engine.results;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

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
   * faster}, or {@code ...: no verdict (1 repetition, need 3)} without an interval. A level with an
   * overloaded row ({@link Overload}) is passed over for the highest one without, and the line ends
   * by naming the levels passed over; the latest row's headline until both thread modes have a
   * result for one cell. ASCII only ({@code x}, {@code -}): it ends up in terminals and Events of
   * any encoding.
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
    List<Map.Entry<SummaryTable.Key, SummaryTable.Rows>> hero =
        both.stream()
            .filter(
                e ->
                    e.getKey().connMode().equals(first.connMode())
                        && e.getKey().pathMode().equals(first.pathMode()))
            .toList();
    Comparator<Map.Entry<SummaryTable.Key, SummaryTable.Rows>> highest =
        Comparator.comparingInt(
                (Map.Entry<SummaryTable.Key, SummaryTable.Rows> e) -> e.getKey().concurrency())
            .thenComparingInt(e -> e.getKey().hikariPool());
    // the highest level none of whose rows is overloaded; the highest of all if every one is
    Map.Entry<SummaryTable.Key, SummaryTable.Rows> best =
        hero.stream()
            .filter(e -> e.getValue().overloaded() == 0)
            .max(highest)
            .orElseGet(() -> hero.stream().max(highest).orElseThrow());
    SummaryTable.Key key = best.getKey();
    String unit = best.getValue().unit();
    List<Integer> passedOver =
        hero.stream()
            .filter(e -> e.getValue().overloaded() > 0)
            .map(e -> e.getKey().concurrency())
            .filter(level -> level > key.concurrency())
            .distinct()
            .sorted()
            .toList();
    VirtualVsPlatform c =
        VirtualVsPlatform.of(best.getValue().platform(), best.getValue().virtual());
    return "virtual "
        + fmt(c.ratio(), 1)
        + "x platform"
        + (c.interval() == null ? "" : " [" + c.interval().format(1, "-") + "]")
        + " at "
        + key.concurrency()
        + " "
        + unit
        + ", pool "
        + key.hikariPool()
        + " ("
        + fmt(c.virtual().medianThroughputRps(), 0)
        + " vs "
        + fmt(c.platform().medianThroughputRps(), 0)
        + " req/s): "
        + (best.getValue().overloaded() > 0 ? "overloaded, " : "")
        + c.label()
        + (passedOver.isEmpty()
            ? ""
            : "; the highest level not overloaded (overloaded at "
                + passedOver.stream().map(String::valueOf).collect(Collectors.joining(", "))
                + " "
                + unit
                + ")");
  }

  /** One row in one line: mode, level, pool, throughput, p99, errors, and overload if labelled. */
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
        + "%"
        + (Overload.labelled(r) ? ", overloaded" : "");
  }

  private static String fmt(Double v, int decimals) {
    return v == null || v.isNaN() ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
