package dev.vtbench.engine.results.figures;

import dev.vtbench.engine.results.derived.Overload;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.CategoryChart;

/**
 * The figure of a run at one concurrency level (seed 001's bars, seeds 003 and 004): the thread
 * modes side by side in four panels of bars, throughput, mean response time, the SUT's CPU time per
 * request and its peak heap, one group of bars per Hikari pool size when the run sweeps pools (seed
 * 001's pg_sleep at pools 10 and 20), else one group. Each bar is the median over the cell's
 * {@linkplain VerdictRows eligible} repetitions. A run that sweeps concurrency gets hero.png
 * instead ({@link FigureSet}).
 */
public final class ModesFigure {

  /** The figure's file name beside hero.png and bottleneck.png. */
  public static final String FILE_NAME = "modes.png";

  private static final List<ModeBars.Panel> PANELS =
      List.of(
          ModeBars.THROUGHPUT,
          new ModeBars.Panel("Mean response time (ms)", ResultRow::meanMs),
          ModeBars.CPU_PER_REQUEST,
          ModeBars.HEAP);

  private ModesFigure() {}

  /**
   * Whether {@code rows} make this figure: two thread modes or more, at one concurrency level and
   * one CPU per request (a sweep of it is {@link CrossoverFigure}'s).
   */
  public static boolean applies(Collection<ResultRow> rows) {
    List<ResultRow> sel =
        rows.stream().filter(r -> ResultRow.THREAD_MODES.contains(r.threadMode())).toList();
    return sel.stream().map(ResultRow::threadMode).distinct().count() >= 2
        && !FigureSet.sweepsConcurrency(sel)
        && !Crossover.applies(sel);
  }

  /**
   * Draws the figure.
   *
   * @throws IllegalArgumentException if the rows do not make it ({@link #applies}), or none of them
   *     counts ({@link VerdictRows}: all measured before steady state)
   */
  public static void draw(Collection<ResultRow> rows, Path png) throws IOException {
    if (!applies(rows)) {
      throw new IllegalArgumentException(
          "the modes figure needs two thread modes or more at one concurrency level");
    }
    FigureCanvas.headless();
    List<ResultRow> sel = FigureRows.threadModeRows(rows);
    if (VerdictRows.of(sel).isEmpty()) {
      throw new IllegalArgumentException(
          "every row was " + VerdictRows.ALL_LEFT_OUT + ": nothing to compare");
    }
    int level = sel.getFirst().concurrency();
    List<Integer> pools = sel.stream().map(ResultRow::hikariPool).distinct().sorted().toList();
    String levelText =
        String.format(
            Locale.ROOT,
            sel.getFirst().isOpenModel() ? "target %,d req/s" : "%,d concurrent users",
            level);
    List<ModeBars.Category> categories =
        pools.size() > 1
            ? pools.stream()
                .map(p -> new ModeBars.Category("pool " + p, r -> r.hikariPool() == p))
                .toList()
            : List.of(new ModeBars.Category(levelText, r -> true));
    String xTitle =
        pools.size() > 1 ? "HikariCP pool size, " + levelText : FigureRows.levelAxis(sel);
    List<CategoryChart> charts = ModeBars.panels(PANELS, sel, categories, xTitle);
    long overloaded = sel.stream().filter(Overload::labelled).count();
    List<String> leftOut = VerdictRows.leftOut(sel);
    ResultRow first = sel.getFirst();
    FigureCanvas.writeStacked(
        png,
        "Thread modes side by side: throughput, response time and what they cost",
        (first.workload() == null ? "" : first.workload() + ", ")
            + first.connMode()
            + " connection, "
            + (pools.size() > 1 ? levelText : "pool " + pools.getFirst())
            + ", medians over repetitions"
            + (leftOut.isEmpty() ? "" : ", " + String.join(", ", leftOut) + " rows left out")
            + (overloaded == 0 ? "" : ", " + overloaded + " overloaded rows")
            + "; CPU per request = SUT CPU ÷ throughput",
        charts);
  }
}
