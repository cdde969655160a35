package dev.vtbench.engine.results.history;

import dev.vtbench.engine.results.figures.FigureCanvas;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryTable;
import dev.vtbench.engine.results.verdict.CellEstimate;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code history.png}: how the cells moved over the runs, one panel per cell (the cells whose
 * verdict changed first, then the highest levels; at most {@link #MAX_PANELS}), each thread mode's
 * median throughput per run with its 95 % interval as a bar; x is the run's number, oldest first
 * (history.md names them).
 */
public final class HistoryFigure {

  public static final String FILE_NAME = "history.png";

  /** Panels in one figure: more would not be readable at its width. */
  static final int MAX_PANELS = 4;

  private static final int PANEL_HEIGHT = 330;

  private HistoryFigure() {}

  /** The cells drawn: those whose verdict changed first, then by level and pool, highest first. */
  static List<History.Series> chosen(List<History.Series> series) {
    return series.stream()
        .sorted(
            Comparator.comparing((History.Series s) -> s.verdictChanges() == 0)
                .thenComparing(s -> -s.key().concurrency())
                .thenComparing(s -> -s.key().hikariPool()))
        .limit(MAX_PANELS)
        .toList();
  }

  /**
   * Draws the figure.
   *
   * @throws IllegalArgumentException with fewer than two runs: there is no trend to draw
   */
  public static void draw(HistoryTable table, String heading, Path png) throws IOException {
    List<History.Series> cells = chosen(table.series());
    if (cells.stream().allMatch(s -> s.points().size() < 2)) {
      throw new IllegalArgumentException(
          "history.png needs two runs or more of one cell; each cell here has one");
    }
    FigureCanvas.headless();
    List<XYChart> charts = new ArrayList<>();
    for (History.Series s : cells) {
      charts.add(panel(s));
    }
    FigureCanvas.writeStacked(
        png,
        heading + ": throughput over runs",
        "median over each run's repetitions that count, bars its 95 % interval; x: run number,"
            + " oldest first (history.md names them)",
        charts);
  }

  private static XYChart panel(History.Series s) {
    XYChart c =
        new XYChartBuilder()
            .width(FigureCanvas.WIDTH)
            .height(PANEL_HEIGHT)
            .title(
                HistoryTable.title(s.key()) + (s.verdictChanges() > 0 ? " (verdict changed)" : ""))
            .xAxisTitle("run")
            .yAxisTitle("Throughput (req/s)")
            .build();
    XYStyler st = c.getStyler();
    FigureCanvas.style(st, true);
    st.setMarkerSize(9);
    st.setYAxisMin(0.0);
    st.setYAxisDecimalPattern("#,##0");
    st.setXAxisDecimalPattern("0");
    st.setXAxisMin(0.5);
    st.setXAxisMax(s.points().size() + 0.5);
    st.setXAxisTickMarkSpacingHint(60);
    Map<String, Function<SummaryTable.Line, SummaryTable.Side>> sides =
        Map.of(
            ResultRow.PLATFORM, SummaryTable.Line::platform,
            ResultRow.VIRTUAL, SummaryTable.Line::virtual,
            ResultRow.REACTIVE, SummaryTable.Line::reactive);
    for (FigureCanvas.Series mode : FigureCanvas.Series.ALL) {
      List<double[]> pts = new ArrayList<>(); // x, median, lower, upper
      for (int i = 0; i < s.points().size(); i++) {
        SummaryTable.Side side = sides.get(mode.mode()).apply(s.points().get(i).line());
        if (side == null || Double.isNaN(side.estimate().medianThroughputRps())) {
          continue;
        }
        CellEstimate e = side.estimate();
        pts.add(
            new double[] {
              i + 1,
              e.medianThroughputRps(),
              e.throughputCi() == null ? Double.NaN : e.throughputCi().lower(),
              e.throughputCi() == null ? Double.NaN : e.throughputCi().upper()
            });
      }
      if (pts.isEmpty()) {
        continue;
      }
      XYSeries line =
          c.addSeries(
              mode.name(),
              pts.stream().mapToDouble(p -> p[0]).toArray(),
              pts.stream().mapToDouble(p -> p[1]).toArray());
      style(line, mode.color());
      line.setMarker(mode.marker());
      line.setMarkerColor(mode.color());
      for (double[] p : pts) {
        if (Double.isNaN(p[2]) || p[3] - p[2] <= 0) {
          continue;
        }
        XYSeries bar =
            c.addSeries(
                mode.name() + " interval " + p[0],
                new double[] {p[0] - 0.05, p[0] + 0.05, p[0], p[0], p[0] - 0.05, p[0] + 0.05},
                new double[] {p[2], p[2], p[2], p[3], p[3], p[3]});
        bar.setLineColor(mode.color());
        bar.setMarker(SeriesMarkers.NONE);
        bar.setLineStyle(new BasicStroke(1.6f));
        bar.setShowInLegend(false);
      }
    }
    return c;
  }

  private static void style(XYSeries s, Color color) {
    s.setLineColor(color);
    s.setLineStyle(new BasicStroke(2.5f));
  }
}
