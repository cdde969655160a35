package dev.vtbench.engine.results;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
   * ratio of median throughputs with its 95 % interval and the verdict ({@link ModeComparison}),
   * e.g. {@code virtual 4.0x platform [3.4-4.3] at 800 VUs, pool 50 (1924 vs 482 req/s): virtual
   * faster}, or {@code ...: no verdict (1 repetition, need 3)} without an interval. A level with an
   * overloaded row ({@link Overload}) is passed over for the highest one without, and the line ends
   * by naming the levels passed over; the latest row's headline until both thread modes have a
   * result for one cell. With reactive rows a second sentence says the same of reactive vs virtual,
   * chosen by the same rules from their rows, e.g. {@code . reactive 1.2x virtual [1.1-1.3] at 800
   * VUs, pool 50 (2300 vs 1924 req/s): reactive faster}. ASCII only ({@code x}, {@code -}): it ends
   * up in terminals and Events of any encoding.
   *
   * <p>Only the chosen cells are bootstrapped: the operator computes this on every reconcile.
   */
  public static String of(List<ResultRow> rows) {
    Map<SummaryTable.Key, SummaryTable.Rows> grouped = SummaryTable.grouped(rows);
    String line =
        sentence(grouped, ResultRow.VIRTUAL, ResultRow.PLATFORM)
            .orElseGet(() -> of(rows.getLast()));
    return sentence(grouped, ResultRow.REACTIVE, ResultRow.VIRTUAL)
        .map(reactive -> line + ". " + reactive)
        .orElse(line);
  }

  /**
   * {@code mode} vs {@code baseline} at the highest level both measured and neither overloaded (the
   * hero experiment's lines first); empty until both have a result for one cell.
   */
  private static Optional<String> sentence(
      Map<SummaryTable.Key, SummaryTable.Rows> grouped, String mode, String baseline) {
    List<Map.Entry<SummaryTable.Key, SummaryTable.Rows>> both =
        grouped.entrySet().stream().filter(e -> e.getValue().both(mode, baseline)).toList();
    if (both.isEmpty()) {
      return Optional.empty();
    }
    SummaryTable.Key first = both.getFirst().getKey();
    List<Map.Entry<SummaryTable.Key, SummaryTable.Rows>> hero =
        both.stream()
            .filter(
                e ->
                    e.getKey().connMode().equals(first.connMode())
                        && e.getKey().pathMode().equals(first.pathMode())
                        // the first JVM options value's and build's: the others are their
                        // comparisons'
                        && e.getKey().jvmOptions().equals(first.jvmOptions())
                        && e.getKey().build().equals(first.build()))
            .toList();
    Comparator<Map.Entry<SummaryTable.Key, SummaryTable.Rows>> highest =
        Comparator.comparingInt(
                (Map.Entry<SummaryTable.Key, SummaryTable.Rows> e) -> e.getKey().concurrency())
            .thenComparingInt(e -> e.getKey().hikariPool());
    // the highest level none of whose rows is overloaded; the highest of all if every one is
    Map.Entry<SummaryTable.Key, SummaryTable.Rows> best =
        hero.stream()
            .filter(e -> e.getValue().overloaded(mode, baseline) == 0)
            .max(highest)
            .orElseGet(() -> hero.stream().max(highest).orElseThrow());
    SummaryTable.Key key = best.getKey();
    SummaryTable.Rows cell = best.getValue();
    String unit = cell.unit();
    List<Integer> passedOver =
        hero.stream()
            .filter(e -> e.getValue().overloaded(mode, baseline) > 0)
            .map(e -> e.getKey().concurrency())
            .filter(level -> level > key.concurrency())
            .distinct()
            .sorted()
            .toList();
    ModeComparison c = ModeComparison.of(mode, cell.of(mode), baseline, cell.of(baseline));
    return Optional.of(
        mode
            + " "
            + fmt(c.ratio(), 1)
            + "x "
            + baseline
            + (c.interval() == null ? "" : " [" + c.interval().format(1, "-") + "]")
            + " at "
            + key.concurrency()
            + " "
            + unit
            + ", pool "
            + key.hikariPool()
            + " ("
            + fmt(c.modeEstimate().medianThroughputRps(), 0)
            + " vs "
            + fmt(c.baselineEstimate().medianThroughputRps(), 0)
            + " req/s): "
            + (cell.overloaded(mode, baseline) > 0 ? "overloaded, " : "")
            + c.label()
            + (passedOver.isEmpty()
                ? ""
                : "; the highest level not overloaded (overloaded at "
                    + passedOver.stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + " "
                    + unit
                    + ")"));
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
