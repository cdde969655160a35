package dev.vtbench.engine.results;

import dev.vtbench.engine.stats.Bootstrap;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

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

  private static final int PANEL_HEIGHT = 430;

  private ReactiveFigure() {}

  /** One panel: its axis title and what it reads from a row (null where the row has no value). */
  private record Panel(String yTitle, Function<ResultRow, Double> value) {}

  private static final List<Panel> PANELS =
      List.of(
          new Panel("Throughput (req/s)", ResultRow::throughputRps),
          new Panel("SUT CPU per request (ms)", ResultRow::sutCpuMsPerRequest),
          new Panel("SUT peak heap (MiB)", ResultRow::heapMbMax),
          new Panel("SUT peak RSS (MiB)", ResultRow::rssMbMax));

  /**
   * Draws the figure.
   *
   * @throws IllegalArgumentException if no row is reactive, or none of the reactive rows counts
   *     ({@link VerdictRows}: all measured before steady state)
   */
  public static void draw(Collection<ResultRow> rows, Path png) throws IOException {
    List<ResultRow> sel = Figures.threadModeRows(rows);
    sel = Figures.preferring(sel, r -> ResultRow.RELEASED.equals(r.connMode()));
    sel = Figures.preferring(sel, r -> ResultRow.NORMAL.equals(r.pathMode()));
    List<ResultRow> reactive = sel.stream().filter(ResultRow::isReactive).toList();
    if (reactive.isEmpty()) {
      throw new IllegalArgumentException("no reactive rows to compare");
    }
    int pool = Figures.mostCommon(reactive, ResultRow::hikariPool);
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
          "every reactive row was measured before steady state (steady_state=false): nothing to"
              + " compare");
    }
    List<CategoryChart> charts = new ArrayList<>();
    for (Panel p : PANELS) {
      // a panel without a value in any row (a CSV without the column) is left out
      panel(p, cell, levels, Figures.levelAxis(cell), charts.isEmpty()).ifPresent(charts::add);
    }
    long overloaded = cell.stream().filter(Overload::labelled).count();
    Figures.writeStacked(
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

  /**
   * One panel; only the first has the legend, below its plot, where it hides no bar. Empty when no
   * mode has a value for it.
   */
  private static Optional<CategoryChart> panel(
      Panel panel, List<ResultRow> rows, List<Integer> levels, String xTitle, boolean legend) {
    CategoryChart c =
        new CategoryChartBuilder()
            .width(Figures.WIDTH)
            .height(PANEL_HEIGHT)
            .xAxisTitle(xTitle)
            .yAxisTitle(panel.yTitle())
            .build();
    CategoryStyler s = c.getStyler();
    Figures.style(s, false);
    s.setLegendVisible(legend);
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    s.setLegendLayout(Styler.LegendLayout.Horizontal);
    s.setYAxisMin(0.0);
    s.setYAxisDecimalPattern(panel.yTitle().contains("per request") ? "#,##0.###" : "#,##0");
    s.setAvailableSpaceFill(0.8);
    List<String> categories =
        levels.stream().map(l -> String.format(Locale.ROOT, "%,d", l)).toList();
    for (Figures.Series mode : Figures.Series.ALL) {
      List<ResultRow> ofMode =
          rows.stream().filter(r -> r.threadMode().equals(mode.mode())).toList();
      if (ofMode.isEmpty()) {
        continue;
      }
      List<Double> medians = new ArrayList<>();
      for (int level : levels) {
        medians.add(median(ofMode.stream().filter(r -> r.concurrency() == level).toList(), panel));
      }
      if (medians.stream().allMatch(Objects::isNull)) {
        continue;
      }
      // a level this mode did not measure is an empty slot, not a bar of 0
      CategorySeries bars = c.addSeries(mode.name(), categories, medians);
      bars.setFillColor(mode.color());
    }
    return c.getSeriesMap().isEmpty() ? Optional.empty() : Optional.of(c);
  }

  /** The median of {@code panel}'s value over the eligible rows that have one; null if none has. */
  private static Double median(List<ResultRow> cell, Panel panel) {
    double[] xs =
        VerdictRows.of(cell).stream()
            .map(panel.value())
            .filter(Objects::nonNull)
            .mapToDouble(Double::doubleValue)
            .filter(Double::isFinite)
            .toArray();
    return xs.length == 0 ? null : Bootstrap.median(xs);
  }
}
