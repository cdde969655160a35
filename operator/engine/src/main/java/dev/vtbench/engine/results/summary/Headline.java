package dev.vtbench.engine.results.summary;

import dev.vtbench.engine.results.derived.Neighbour;
import dev.vtbench.engine.results.derived.Overload;
import dev.vtbench.engine.results.derived.Throttling;
import dev.vtbench.engine.results.figures.Crossover;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.CellEstimate;
import dev.vtbench.engine.results.verdict.ModeComparison;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
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
   * overloaded row ({@link Overload}), or where a mode has no row that counts ({@link VerdictRows}:
   * none at steady state, or its SUT throttled), is passed over for the highest one without, and
   * the line ends by naming the levels passed over and why; with no level counted in both modes the
   * line says so; the latest row's headline until both thread modes have a result for one cell.
   * With reactive rows a second sentence says the same of reactive vs virtual, chosen by the same
   * rules from their rows, e.g. {@code . reactive 1.2x virtual [1.1-1.3] at 800 VUs, pool 50 (2300
   * vs 1924 req/s): reactive faster}. A run that sweeps CPU per request answers with the sweep
   * ({@link Crossover#headline}), not with its first step. ASCII only ({@code x}, {@code -}): it
   * ends up in terminals and Events of any encoding.
   *
   * <p>Only the chosen cells are bootstrapped: the operator computes this on every reconcile.
   */
  public static String of(List<ResultRow> rows) {
    if (Crossover.applies(rows)) {
      // a sweep of CPU per request answers with the sweep, not with its first step
      Optional<String> sweep = Crossover.of(rows).headline();
      if (sweep.isPresent()) {
        return sweep.get();
      }
    }
    Map<SummaryTable.Key, SummaryStats.Rows> grouped = SummaryStats.grouped(rows);
    String line =
        sentence(grouped, ResultRow.VIRTUAL, ResultRow.PLATFORM)
            .or(() -> axisSentence(rows))
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
      Map<SummaryTable.Key, SummaryStats.Rows> grouped, String mode, String baseline) {
    List<Map.Entry<SummaryTable.Key, SummaryStats.Rows>> both =
        grouped.entrySet().stream().filter(e -> e.getValue().both(mode, baseline)).toList();
    if (both.isEmpty()) {
      return Optional.empty();
    }
    SummaryTable.Key first = both.getFirst().getKey();
    List<Map.Entry<SummaryTable.Key, SummaryStats.Rows>> hero =
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
    Comparator<Map.Entry<SummaryTable.Key, SummaryStats.Rows>> highest =
        Comparator.comparingInt(
                (Map.Entry<SummaryTable.Key, SummaryStats.Rows> e) -> e.getKey().concurrency())
            .thenComparingInt(e -> e.getKey().hikariPool());
    // The highest level both modes measured at steady state and none of whose rows is overloaded;
    // else the highest with steady rows of both, overloaded or not; a level with no steady row of
    // one mode has no ratio to give.
    List<Map.Entry<SummaryTable.Key, SummaryStats.Rows>> steady =
        hero.stream().filter(e -> unsteadyMode(e.getValue(), mode, baseline).isEmpty()).toList();
    if (steady.isEmpty()) {
      return Optional.of(
          mode
              + " vs "
              + baseline
              + ": no answer, no level has a steady"
              + (hero.stream().anyMatch(e -> any(e.getValue(), mode, baseline, Throttling::sut))
                  ? ", unthrottled"
                  : "")
              + (hero.stream()
                      .anyMatch(e -> any(e.getValue(), mode, baseline, Neighbour::onSutCores))
                  ? ", neighbour-free"
                  : "")
              + (hero.stream()
                      .anyMatch(
                          e ->
                              any(
                                  e.getValue(),
                                  mode,
                                  baseline,
                                  r -> Boolean.TRUE.equals(r.generatorSaturated())))
                  ? ", generator-unsaturated"
                  : "")
              + " row of both ("
              + passedOver(hero, -1, mode, baseline)
              + ")");
    }
    Map.Entry<SummaryTable.Key, SummaryStats.Rows> best =
        steady.stream()
            .filter(e -> e.getValue().overloaded(mode, baseline) == 0)
            .max(highest)
            .orElseGet(() -> steady.stream().max(highest).orElseThrow());
    SummaryTable.Key key = best.getKey();
    SummaryStats.Rows cell = best.getValue();
    String unit = cell.unit();
    String passedOver = passedOver(hero, key.concurrency(), mode, baseline);
    ModeComparison c = ModeComparison.of(mode, cell.of(mode), baseline, cell.of(baseline));
    return Optional.of(
        compared(mode, baseline, c, 1, key, unit, "")
            + (cell.overloaded(mode, baseline) > 0 ? "overloaded, " : "")
            + c.label()
            + (passedOver.isEmpty() ? "" : "; the highest level counted (" + passedOver + ")"));
  }

  /**
   * "{@code virtual 3.8x platform [3.7-3.9] at 200 VUs, pool 50 (1859 vs 484 req/s): }": a
   * comparison's ratio, interval, cell and medians, as every sentence of the line begins.
   *
   * @param where what follows the pool, e.g. {@code ", virtual"}, or empty
   */
  private static String compared(
      String mode,
      String baseline,
      ModeComparison c,
      int decimals,
      SummaryTable.Key key,
      String unit,
      String where) {
    return mode
        + " "
        + fmt(c.ratio(), decimals)
        + "x "
        + baseline
        + (c.interval() == null ? "" : " [" + c.interval().format(decimals, "-") + "]")
        + " at "
        + key.concurrency()
        + " "
        + unit
        + ", pool "
        + key.hikariPool()
        + where
        + " ("
        + fmt(c.modeEstimate().medianThroughputRps(), 0)
        + " vs "
        + fmt(c.baselineEstimate().medianThroughputRps(), 0)
        + " req/s): ";
  }

  /**
   * A run over one thread mode that compares an axis ({@link AxisTable}: JVM options, builds): that
   * comparison at the highest level it has, e.g. {@code jvm options 2 1.00x jvm options 1
   * [0.99-1.01] at 200 VUs, pool 50, virtual (979 vs 979 req/s): no difference}; empty when the
   * rows compare no axis.
   */
  static Optional<String> axisSentence(List<ResultRow> rows) {
    return AxisTable.all(rows).stream()
        .filter(t -> !t.isEmpty())
        .findFirst()
        .flatMap(
            t ->
                t.lines().stream()
                    .filter(l -> !Double.isNaN(l.comparison().ratio()))
                    .max(
                        Comparator.comparingInt((AxisTable.Line l) -> l.key().concurrency())
                            .thenComparingInt(l -> l.key().hikariPool())))
        .map(
            l -> {
              ModeComparison c = l.comparison();
              // the axis's cells are Markdown code; the line is plain text
              return compared(
                      c.mode().replace("`", ""),
                      c.baseline().replace("`", ""),
                      c,
                      2,
                      l.key(),
                      rows.getFirst().levelUnit(),
                      ", " + l.threadMode())
                  + c.label();
            });
  }

  /**
   * The levels above {@code level} that do not count, each with why, e.g. {@code platform not
   * steady at 100 VUs; overloaded at 400, 800 VUs}; empty when none.
   */
  private static String passedOver(
      List<Map.Entry<SummaryTable.Key, SummaryStats.Rows>> cells,
      int level,
      String mode,
      String baseline) {
    Map<String, List<Integer>> why = new java.util.LinkedHashMap<>();
    Map<String, List<String>> measured = new java.util.LinkedHashMap<>();
    String unit = "";
    for (Map.Entry<SummaryTable.Key, SummaryStats.Rows> e :
        cells.stream()
            .filter(e -> e.getKey().concurrency() > level)
            .sorted(Comparator.comparingInt(e -> e.getKey().concurrency()))
            .toList()) {
      Optional<String> unsteady = unsteadyMode(e.getValue(), mode, baseline);
      String reason =
          unsteady.isPresent()
              ? unsteady.get()
                  + " "
                  + VerdictRows.whyNone(rowsOf(e.getValue(), unsteady.get(), mode, baseline))
              : e.getValue().overloaded(mode, baseline) > 0 ? "overloaded" : null;
      if (reason != null) {
        List<Integer> levels = why.computeIfAbsent(reason, r -> new java.util.ArrayList<>());
        if (!levels.contains(e.getKey().concurrency())) {
          levels.add(e.getKey().concurrency());
          measured
              .computeIfAbsent(reason, r -> new java.util.ArrayList<>())
              .add(
                  mode
                      + " "
                      + fmt(median(e.getValue().of(mode)), 0)
                      + " vs "
                      + baseline
                      + " "
                      + fmt(median(e.getValue().of(baseline)), 0));
        }
        unit = e.getValue().unit();
      }
    }
    String u = unit;
    return why.entrySet().stream()
        .map(
            e ->
                e.getKey()
                    + " at "
                    + e.getValue().stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + " "
                    + u
                    + " ("
                    + String.join(", ", measured.get(e.getKey()))
                    + " req/s)")
        .collect(Collectors.joining("; "));
  }

  /** The median throughput of {@code rows}, counted or not: what a level measured. */
  static Double median(List<ResultRow> rows) {
    return dev.vtbench.engine.stats.Bootstrap.median(
        rows.stream().mapToDouble(ResultRow::throughputRps).toArray());
  }

  /** The rows of {@code which} in {@code cell}: {@code mode}'s and {@code baseline}'s for both. */
  private static List<ResultRow> rowsOf(
      SummaryStats.Rows cell, String which, String mode, String baseline) {
    return "both".equals(which)
        ? java.util.stream.Stream.concat(cell.of(mode).stream(), cell.of(baseline).stream())
            .toList()
        : cell.of(which);
  }

  /** Whether a row of {@code mode} or {@code baseline} in {@code cell} had its SUT throttled. */
  private static boolean any(
      SummaryStats.Rows cell, String mode, String baseline, Predicate<ResultRow> which) {
    return rowsOf(cell, "both", mode, baseline).stream().anyMatch(which);
  }

  /**
   * The mode (or {@code "both"}) with no row that counts ({@link VerdictRows}: measured at steady
   * state, its SUT neither throttled nor sharing its cores) in {@code cell}, which then gives no
   * median; empty when both have one.
   */
  private static Optional<String> unsteadyMode(
      SummaryStats.Rows cell, String mode, String baseline) {
    boolean modeSteady = !VerdictRows.of(cell.of(mode)).isEmpty();
    boolean baselineSteady = !VerdictRows.of(cell.of(baseline)).isEmpty();
    if (modeSteady && baselineSteady) {
      return Optional.empty();
    }
    return Optional.of(modeSteady ? baseline : baselineSteady ? mode : "both");
  }

  /**
   * Why a run can give no verdict, and what gives one, for the end of {@code vtbench run}: e.g.
   * {@code no verdict with 1 repetition per thread mode (a verdict needs 3): set
   * spec.matrix.repetitions: 3 and run again}; when no row was steady, that first, since more
   * repetitions of unsteady rows give no verdict either; empty when the run had enough repetitions
   * and a steady row.
   */
  public static Optional<String> noVerdictHint(List<ResultRow> rows) {
    if (!rows.isEmpty() && rows.stream().noneMatch(r -> Boolean.TRUE.equals(r.steadyState()))) {
      return Optional.of(
          "no row was at steady state, so more repetitions alone give no verdict: each row's notes"
              + " say why (not steady: ...), and the run's warm-up lines name the spec.sut.cpu or"
              + " spec.load.sutWarmup that would let it pass");
    }
    int reps = rows.stream().mapToInt(ResultRow::rep).max().orElse(0);
    if (rows.isEmpty() || reps >= CellEstimate.MIN_REPETITIONS) {
      return Optional.empty();
    }
    return Optional.of(
        "no verdict with "
            + reps
            + (reps == 1 ? " repetition" : " repetitions")
            + " per thread mode (a verdict needs "
            + CellEstimate.MIN_REPETITIONS
            + "): set spec.matrix.repetitions: "
            + CellEstimate.MIN_REPETITIONS
            + " and run again");
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
