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
 * Seed 002's figure: what each thread mode pays for its throughput. Four panels of bars, one bar
 * per mode at each concurrency level: throughput, the SUT's CPU time per request ({@link
 * ResultRow#sutCpuMsPerRequest}), its peak heap in use ({@code heap_mb_max}, the seed's heap graph)
 * and its peak resident set ({@code rss_mb_max}: the heap, the threads' stacks and the event loop's
 * buffers). Each bar is the median over the cell's {@linkplain VerdictRows eligible} repetitions.
 *
 * <p>Uses released-mode rows if there are any, normal-path rows if there are any and the most
 * common pool size of the reactive rows, so that every bar of a level is the same cell but for the
 * thread mode.
 */
public final class ReactiveFigure {

  /** The figure's file name beside hero.png and bottleneck.png. */
  public static final String FILE_NAME = "reactive.png";

  private ReactiveFigure() {}

  private static final List<ModeBars.Panel> PANELS =
      List.of(
          ModeBars.THROUGHPUT,
          ModeBars.CPU_PER_REQUEST,
          ModeBars.HEAP,
          new ModeBars.Panel("SUT peak RSS (MiB)", ResultRow::rssMbMax));

  /**
   * Draws the figure.
   *
   * @throws IllegalArgumentException if no row is reactive, or none of the reactive rows counts
   *     ({@link VerdictRows}: all measured before steady state)
   */
  public static void draw(Collection<ResultRow> rows, Path png) throws IOException {
    FigureCanvas.headless();
    List<ResultRow> sel = FigureRows.threadModeRows(rows);
    sel = FigureRows.preferring(sel, r -> ResultRow.RELEASED.equals(r.connMode()));
    sel = FigureRows.preferring(sel, r -> ResultRow.NORMAL.equals(r.pathMode()));
    List<ResultRow> reactive = sel.stream().filter(ResultRow::isReactive).toList();
    if (reactive.isEmpty()) {
      throw new IllegalArgumentException("no reactive rows to compare");
    }
    int pool = FigureRows.mostCommon(reactive, ResultRow::hikariPool);
    List<ResultRow> cell = sel.stream().filter(r -> r.hikariPool() == pool).toList();
    List<Integer> levels =
        reactive.stream()
            .filter(r -> r.hikariPool() == pool)
            .map(ResultRow::concurrency)
            .distinct()
            .sorted()
            .toList();

    if (VerdictRows.of(reactive).isEmpty()) {
      throw new IllegalArgumentException(
          "every reactive row was " + VerdictRows.ALL_LEFT_OUT + ": nothing to compare");
    }
    List<ModeBars.Category> categories =
        levels.stream()
            .map(
                l ->
                    new ModeBars.Category(
                        String.format(Locale.ROOT, "%,d", l), r -> r.concurrency() == l))
            .toList();
    List<CategoryChart> charts =
        ModeBars.panels(PANELS, cell, categories, FigureRows.levelAxis(cell));
    long overloaded = cell.stream().filter(Overload::labelled).count();
    FigureCanvas.writeStacked(
        png,
        "Seed 002: throughput and what it costs, platform vs virtual threads vs reactive",
        cell.getFirst().connMode()
            + " connection, pool "
            + pool
            + ", medians over repetitions"
            + (overloaded == 0 ? "" : ", " + overloaded + " overloaded rows")
            + "; CPU per request = SUT CPU ÷ throughput",
        charts);
  }
}
