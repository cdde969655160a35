package dev.vtbench.engine.results.figures;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.CellEstimate;
import dev.vtbench.engine.results.verdict.VerdictRows;
import dev.vtbench.engine.stats.Interval;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The two reference figures, rendered to PNG with XChart, headless.
 *
 * <ul>
 *   <li>{@link #hero}: throughput and p99 vs concurrency, platform vs virtual (the released-mode
 *       sweep);
 *   <li>{@link #bottleneck}: throughput vs Hikari pool size in held mode, platform vs virtual.
 * </ul>
 *
 * Reactive rows (seed 002's baseline) are a third series in both; {@link ReactiveFigure} draws seed
 * 002's own comparison.
 *
 * <p>Points are the median over repetitions; a vertical bar with caps spans its 95 % bootstrap
 * interval ({@link CellEstimate}), drawn where a cell has the repetitions for one (XChart's own
 * error bars are symmetric, which would misstate a skewed interval). Rows left out of the medians
 * ({@link VerdictRows}) are hollow markers of their own, the reasons in the legend ({@link
 * LeftOutPoints}).
 *
 * <p>{@link FigureRows} picks the rows and {@link FigureCanvas} gives every figure its look and
 * writes the PNG; this class draws the two line charts.
 */
public final class Figures {

  private static final Color CEILING_COLOR = new Color(0x55, 0x55, 0x55);

  private static final int PANEL_HEIGHT = 560;

  private Figures() {}

  /**
   * Throughput (top) and p99 latency (bottom) vs concurrency, platform vs virtual, stacked in one
   * PNG.
   *
   * <p>Uses the released-mode rows if there are any (the hero experiment), else all rows;
   * normal-path rows if there are any; and, if several pool sizes remain, the most common one, so
   * that one curve never mixes configurations. When the rows share a service-time floor (the stub's
   * delay or the endpoint's own wait, as in the CSV's bound), the platform thread wall (Tomcat
   * threads ÷ floor) is drawn as a dashed line. The x axis is logarithmic when concurrency spans
   * more than 10×; so is the p99 axis when p99 does.
   *
   * @throws IllegalArgumentException if no row is platform, virtual or reactive
   */
  public static void hero(Collection<ResultRow> rows, Path png) throws IOException {
    FigureCanvas.headless();
    List<ResultRow> sel = FigureRows.threadModeRows(rows);
    sel = FigureRows.preferring(sel, r -> ResultRow.RELEASED.equals(r.connMode()));
    sel = FigureRows.preferring(sel, r -> ResultRow.NORMAL.equals(r.pathMode()));
    int pool = FigureRows.mostCommon(sel, ResultRow::hikariPool);
    sel = sel.stream().filter(r -> r.hikariPool() == pool).toList();

    String conn = sel.getFirst().connMode();
    String subtitle = conn + " connection, Hikari pool " + pool + ", " + FigureRows.repsNote(sel);

    String level = FigureRows.levelAxis(sel);
    XYChart tp = chart("Throughput", level, "Throughput (req/s)");
    plotModes(tp, sel, r -> r.concurrency(), Metric.THROUGHPUT);
    Double delay = FigureRows.commonServiceFloor(sel);
    if (delay != null && sel.stream().anyMatch(ResultRow::isPlatform)) {
      int threads = FigureRows.threadsOf(sel);
      double wall = threads / (delay / 1000.0);
      double[] xs = xRange(sel, ResultRow::concurrency);
      dashed(
          tp,
          String.format(
              Locale.ROOT,
              "Tomcat thread wall: %d threads ÷ %s ms = %,.0f req/s",
              threads,
              trim(delay),
              wall),
          xs,
          new double[] {wall, wall});
    }
    axes(tp, sel, ResultRow::concurrency, r -> r.throughputRps(), true);

    XYChart lat = chart("p99 latency", level, "p99 latency (ms)");
    List<ResultRow> withP99 = sel.stream().filter(r -> r.p99Ms() != null).toList();
    if (!withP99.isEmpty()) {
      plotModes(lat, withP99, r -> r.concurrency(), Metric.P99);
      axes(lat, withP99, ResultRow::concurrency, r -> r.p99Ms(), false);
    }

    FigureCanvas.writeStacked(
        png,
        modesTitle(sel) + ": throughput and p99 latency vs concurrency",
        subtitle,
        withP99.isEmpty() ? List.of(tp) : List.of(tp, lat));
  }

  /**
   * Throughput vs Hikari pool size with the connection held across the downstream call, platform vs
   * virtual. Uses held-mode rows, normal-path rows if there are any, and the most common
   * concurrency. When the rows share a service-time floor, the pool ceiling (pool ÷ floor, dotted)
   * and, for platform threads, the thread wall (dashed) are drawn too. The x axis is logarithmic
   * when pool sizes span more than 10×, which spaces the usual doubling sweep evenly.
   *
   * @throws IllegalArgumentException if no held-mode platform, virtual or reactive row exists
   */
  public static void bottleneck(Collection<ResultRow> rows, Path png) throws IOException {
    FigureCanvas.headless();
    List<ResultRow> sel =
        rows.stream()
            .filter(r -> r.isHeld() && ResultRow.THREAD_MODES.contains(r.threadMode()))
            .toList();
    if (sel.isEmpty()) {
      throw new IllegalArgumentException("no held-mode rows (conn_mode=held) to plot");
    }
    sel = FigureRows.preferring(sel, r -> ResultRow.NORMAL.equals(r.pathMode()));
    int vus = FigureRows.mostCommon(sel, ResultRow::concurrency);
    sel = sel.stream().filter(r -> r.concurrency() == vus).toList();

    XYChart c = chart(null, "HikariCP maximum pool size", "Throughput (req/s)");
    plotModes(c, sel, r -> r.hikariPool(), Metric.THROUGHPUT);
    Double delay = FigureRows.commonServiceFloor(sel);
    if (delay != null) {
      double[] pools =
          sel.stream().mapToDouble(ResultRow::hikariPool).distinct().sorted().toArray();
      double[] ceiling = new double[pools.length];
      for (int i = 0; i < pools.length; i++) {
        ceiling[i] = Math.min(pools[i], vus) / (delay / 1000.0);
      }
      dotted(c, "Pool ceiling: pool ÷ " + trim(delay) + " ms", pools, ceiling);
      if (sel.stream().anyMatch(ResultRow::isPlatform)) {
        int threads = FigureRows.threadsOf(sel);
        double wall = threads / (delay / 1000.0);
        dashed(
            c,
            String.format(
                Locale.ROOT, "Tomcat thread wall: %d threads ÷ %s ms", threads, trim(delay)),
            new double[] {pools[0], pools[pools.length - 1]},
            new double[] {wall, wall});
      }
    }
    axes(c, sel, ResultRow::hikariPool, r -> r.throughputRps(), true);
    FigureCanvas.writeStacked(
        png,
        "Throughput vs HikariCP pool size, connection held across the downstream call",
        String.format(Locale.ROOT, "%,d concurrent users, %s", vus, FigureRows.repsNote(sel)),
        List.of(c));
  }

  // --- titles and points -----------------------------------------------------------------------

  /** "Platform vs virtual threads", and "vs reactive" when the rows have reactive ones. */
  private static String modesTitle(List<ResultRow> rows) {
    return "Platform vs virtual threads"
        + (rows.stream().anyMatch(ResultRow::isReactive) ? " vs reactive" : "");
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  /** What a panel plots from a cell's estimate: its median and the median's interval. */
  private enum Metric {
    THROUGHPUT,
    P99;

    double median(CellEstimate e) {
      return this == THROUGHPUT ? e.medianThroughputRps() : e.medianP99Ms();
    }

    Interval interval(CellEstimate e) {
      return this == THROUGHPUT ? e.throughputCi() : e.p99Ci();
    }

    /** One row's value, for a row drawn on its own (a left-out row); null where unmeasured. */
    Double of(ResultRow r) {
      return this == THROUGHPUT ? r.throughputRps() : r.p99Ms();
    }
  }

  /** A plotted point; {@code interval} null when the cell has too few repetitions for one. */
  record Point(double x, double median, Interval interval) {}

  private static List<Point> aggregate(
      List<ResultRow> rows, ToDoubleFunction<ResultRow> x, Metric metric) {
    Map<Double, List<ResultRow>> byX = new TreeMap<>();
    for (ResultRow r : rows) {
      byX.computeIfAbsent(x.applyAsDouble(r), k -> new ArrayList<>()).add(r);
    }
    List<Point> out = new ArrayList<>();
    byX.forEach(
        (xv, cell) -> {
          CellEstimate e = CellEstimate.of(cell);
          if (Double.isFinite(metric.median(e))) {
            out.add(new Point(xv, metric.median(e), metric.interval(e)));
          }
        });
    return out;
  }

  // --- drawing ---------------------------------------------------------------------------------

  /** A panel; {@code title} null for a figure with one panel, whose header says it all. */
  static XYChart chart(String title, String xTitle, String yTitle) {
    XYChart c =
        new XYChartBuilder()
            .width(FigureCanvas.WIDTH)
            .height(PANEL_HEIGHT)
            .title(title == null ? "" : title)
            .xAxisTitle(xTitle)
            .yAxisTitle(yTitle)
            .build();
    XYStyler s = c.getStyler();
    FigureCanvas.style(s, title != null);
    s.setMarkerSize(9);
    return c;
  }

  private static void plotModes(
      XYChart c, List<ResultRow> rows, ToDoubleFunction<ResultRow> x, Metric y) {
    for (FigureCanvas.Series s : FigureCanvas.Series.ALL) {
      plotMode(c, s, rows, x, y);
    }
  }

  private static void plotMode(
      XYChart c,
      FigureCanvas.Series series,
      List<ResultRow> rows,
      ToDoubleFunction<ResultRow> x,
      Metric y) {
    List<ResultRow> modeRows =
        rows.stream().filter(r -> r.threadMode().equals(series.mode())).toList();
    List<Point> pts = aggregate(modeRows, x, y);
    if (!pts.isEmpty()) {
      plotMedians(c, series, pts);
    }
    LeftOutPoints.plot(c, series, modeRows, x, y::of);
  }

  /** The medians of the rows that count, a line through them and a bar for each interval. */
  static void plotMedians(XYChart c, FigureCanvas.Series series, List<Point> pts) {
    String name = series.name();
    Color color = series.color();
    Marker marker = series.marker();
    XYSeries s =
        c.addSeries(
            name,
            pts.stream().mapToDouble(Point::x).toArray(),
            pts.stream().mapToDouble(Point::median).toArray());
    s.setLineColor(color);
    s.setMarkerColor(color);
    s.setMarker(marker);
    s.setLineStyle(new BasicStroke(2.5f));

    double[] span = spanOf(pts.stream().mapToDouble(Point::x).toArray());
    for (Point p : pts) {
      if (p.interval() == null || p.interval().upper() - p.interval().lower() <= 0) {
        continue;
      }
      double bottom = p.interval().lower();
      double top = p.interval().upper();
      double lo = capLeft(p.x(), span);
      double hi = capRight(p.x(), span);
      // One polyline per bar: bottom cap, stem, top cap. XChart draws points in the given order.
      XYSeries bar =
          c.addSeries(
              name + " interval " + p.x(),
              new double[] {lo, hi, p.x(), p.x(), lo, hi},
              new double[] {bottom, bottom, bottom, top, top, top});
      bar.setLineColor(color);
      bar.setMarker(SeriesMarkers.NONE);
      bar.setLineStyle(new BasicStroke(1.6f));
      bar.setShowInLegend(false);
    }
  }

  private static double[] spanOf(double[] xs) {
    return new double[] {
      Arrays.stream(xs).min().orElse(Double.NaN), Arrays.stream(xs).max().orElse(Double.NaN)
    };
  }

  // Caps are a fixed share of the axis: multiplicative on a log axis, additive on a linear one.
  private static double capLeft(double x, double[] span) {
    return LogAxis.logScale(span) ? x / 1.06 : x - 0.008 * Math.max(span[1] - span[0], 1);
  }

  private static double capRight(double x, double[] span) {
    return LogAxis.logScale(span) ? x * 1.06 : x + 0.008 * Math.max(span[1] - span[0], 1);
  }

  static void dashed(XYChart c, String name, double[] xs, double[] ys) {
    ceiling(c, name, xs, ys, CEILING_COLOR, new float[] {9f, 6f});
  }

  static void dotted(XYChart c, String name, double[] xs, double[] ys) {
    ceiling(c, name, xs, ys, Color.BLACK, new float[] {2f, 4f});
  }

  private static void ceiling(
      XYChart c, String name, double[] xs, double[] ys, Color color, float[] dash) {
    XYSeries s = c.addSeries(name, xs, ys);
    s.setLineColor(color);
    s.setMarker(SeriesMarkers.NONE);
    s.setLineStyle(
        new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, dash, 0f));
  }

  private static double[] xRange(List<ResultRow> rows, ToDoubleFunction<ResultRow> x) {
    return spanOf(rows.stream().mapToDouble(x).toArray());
  }

  private static void axes(
      XYChart c,
      List<ResultRow> rows,
      ToDoubleFunction<ResultRow> x,
      ToDoubleFunction<ResultRow> y,
      boolean throughput) {
    XYStyler s = c.getStyler();
    double[] xs = xRange(rows, x);
    // Decimal patterns, not custom tick formatters: XChart's custom formatters ignore log axes.
    LogAxis.applyX(s, xs);
    s.setXAxisDecimalPattern("#,##0");
    double[] ys = rows.stream().mapToDouble(y).filter(Double::isFinite).toArray();
    if (throughput || ys.length == 0 || !LogAxis.applyY(s, spanOf(ys))) {
      s.setYAxisMin(0.0);
    }
    s.setYAxisDecimalPattern("#,##0");
  }
}
