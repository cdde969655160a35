package dev.vtbench.engine.results.figures;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.VerdictRows;
import dev.vtbench.engine.stats.Bootstrap;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/**
 * Bars of each thread mode side by side, one panel per quantity, one group of bars per category (a
 * concurrency level, a pool size): what {@link ReactiveFigure} and {@link ModesFigure} draw. Each
 * bar is the median over the category's {@linkplain VerdictRows eligible} repetitions.
 */
final class ModeBars {

  private static final int PANEL_HEIGHT = 430;

  private ModeBars() {}

  /** One panel: its axis title and what it reads from a row (null where the row has no value). */
  record Panel(String yTitle, Function<ResultRow, Double> value) {}

  /** One group of bars: its label on the x axis and the rows it holds. */
  record Category(String label, Predicate<ResultRow> holds) {}

  static final Panel THROUGHPUT = new Panel("Throughput (req/s)", ResultRow::throughputRps);
  static final Panel CPU_PER_REQUEST =
      new Panel("SUT CPU per request (ms)", ResultRow::sutCpuMsPerRequest);
  static final Panel HEAP = new Panel("SUT peak heap (MiB)", ResultRow::heapMbMax);

  /**
   * The panels that have a value in some row, stacked; only the first has the legend. A panel
   * without a value in any row (a CSV without the column) is left out.
   */
  static List<CategoryChart> panels(
      List<Panel> panels, List<ResultRow> rows, List<Category> categories, String xTitle) {
    List<CategoryChart> charts = new ArrayList<>();
    for (Panel p : panels) {
      panel(p, rows, categories, xTitle, charts.isEmpty()).ifPresent(charts::add);
    }
    return charts;
  }

  /** One panel, its legend below the plot where it hides no bar; empty when no mode has a value. */
  private static Optional<CategoryChart> panel(
      Panel panel, List<ResultRow> rows, List<Category> categories, String xTitle, boolean legend) {
    CategoryChart c =
        new CategoryChartBuilder()
            .width(FigureCanvas.WIDTH)
            .height(PANEL_HEIGHT)
            .xAxisTitle(xTitle)
            .yAxisTitle(panel.yTitle())
            .build();
    CategoryStyler s = c.getStyler();
    FigureCanvas.style(s, false);
    s.setLegendVisible(legend);
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    s.setLegendLayout(Styler.LegendLayout.Horizontal);
    s.setYAxisMin(0.0);
    s.setYAxisDecimalPattern(panel.yTitle().contains("per request") ? "#,##0.###" : "#,##0");
    s.setAvailableSpaceFill(0.8);
    List<String> labels = categories.stream().map(Category::label).toList();
    for (FigureCanvas.Series mode : FigureCanvas.Series.ALL) {
      List<ResultRow> ofMode =
          rows.stream().filter(r -> r.threadMode().equals(mode.mode())).toList();
      if (ofMode.isEmpty()) {
        continue;
      }
      List<Double> medians = new ArrayList<>();
      for (Category cat : categories) {
        medians.add(median(ofMode.stream().filter(cat.holds()).toList(), panel));
      }
      if (medians.stream().allMatch(Objects::isNull)) {
        continue;
      }
      // a category this mode did not measure is an empty slot, not a bar of 0
      CategorySeries bars = c.addSeries(mode.name(), labels, medians);
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
