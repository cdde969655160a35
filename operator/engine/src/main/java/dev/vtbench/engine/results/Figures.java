package dev.vtbench.engine.results;

import dev.vtbench.engine.stats.Interval;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
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
 * error bars are symmetric, which would misstate a skewed interval).
 */
public final class Figures {

  static {
    // Rendering to an image needs no display; without this a server or CI JVM may try to open one.
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  // Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
  private static final Color PLATFORM_COLOR = new Color(0xD5, 0x5E, 0x00);
  private static final Color VIRTUAL_COLOR = new Color(0x00, 0x72, 0xB2);
  private static final Color REACTIVE_COLOR = new Color(0x00, 0x9E, 0x73);
  private static final Color CEILING_COLOR = new Color(0x55, 0x55, 0x55);

  static final int WIDTH = 1100;
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
    List<ResultRow> sel = threadModeRows(rows);
    sel = preferring(sel, r -> ResultRow.RELEASED.equals(r.connMode()));
    sel = preferring(sel, r -> ResultRow.NORMAL.equals(r.pathMode()));
    int pool = mostCommon(sel, ResultRow::hikariPool);
    sel = sel.stream().filter(r -> r.hikariPool() == pool).toList();

    String conn = sel.getFirst().connMode();
    String subtitle = conn + " connection, Hikari pool " + pool + ", " + repsNote(sel);

    String level = levelAxis(sel);
    XYChart tp = chart("Throughput", level, "Throughput (req/s)");
    plotModes(tp, sel, r -> r.concurrency(), Metric.THROUGHPUT);
    Double delay = commonServiceFloor(sel);
    if (delay != null && sel.stream().anyMatch(ResultRow::isPlatform)) {
      int threads = threadsOf(sel);
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

    writeStacked(
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
    List<ResultRow> sel =
        rows.stream()
            .filter(r -> r.isHeld() && ResultRow.THREAD_MODES.contains(r.threadMode()))
            .toList();
    if (sel.isEmpty()) {
      throw new IllegalArgumentException("no held-mode rows (conn_mode=held) to plot");
    }
    sel = preferring(sel, r -> ResultRow.NORMAL.equals(r.pathMode()));
    int vus = mostCommon(sel, ResultRow::concurrency);
    sel = sel.stream().filter(r -> r.concurrency() == vus).toList();

    XYChart c = chart(null, "HikariCP maximum pool size", "Throughput (req/s)");
    plotModes(c, sel, r -> r.hikariPool(), Metric.THROUGHPUT);
    Double delay = commonServiceFloor(sel);
    if (delay != null) {
      double[] pools =
          sel.stream().mapToDouble(ResultRow::hikariPool).distinct().sorted().toArray();
      double[] ceiling = new double[pools.length];
      for (int i = 0; i < pools.length; i++) {
        ceiling[i] = Math.min(pools[i], vus) / (delay / 1000.0);
      }
      dotted(c, "Pool ceiling: pool ÷ " + trim(delay) + " ms", pools, ceiling);
      if (sel.stream().anyMatch(ResultRow::isPlatform)) {
        int threads = threadsOf(sel);
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
    writeStacked(
        png,
        "Throughput vs HikariCP pool size, connection held across the downstream call",
        String.format(Locale.ROOT, "%,d concurrent users, %s", vus, repsNote(sel)),
        List.of(c));
  }

  // --- data selection --------------------------------------------------------------------------

  static List<ResultRow> threadModeRows(Collection<ResultRow> rows) {
    List<ResultRow> sel =
        rows.stream().filter(r -> ResultRow.THREAD_MODES.contains(r.threadMode())).toList();
    if (sel.isEmpty()) {
      throw new IllegalArgumentException("no platform, virtual or reactive rows to plot");
    }
    return sel;
  }

  /** "Platform vs virtual threads", and "vs reactive" when the rows have reactive ones. */
  private static String modesTitle(List<ResultRow> rows) {
    return "Platform vs virtual threads"
        + (rows.stream().anyMatch(ResultRow::isReactive) ? " vs reactive" : "");
  }

  static List<ResultRow> preferring(List<ResultRow> rows, Predicate<ResultRow> p) {
    List<ResultRow> matching = rows.stream().filter(p).toList();
    return matching.isEmpty() ? rows : matching;
  }

  static <T extends Comparable<T>> T mostCommon(List<ResultRow> rows, Function<ResultRow, T> f) {
    Map<T, Long> counts =
        rows.stream().collect(Collectors.groupingBy(f, TreeMap::new, Collectors.counting()));
    // Ties go to the smallest value: TreeMap order plus max() keeping the first maximum.
    return counts.entrySet().stream()
        .max(
            Comparator.<Map.Entry<T, Long>>comparingLong(Map.Entry::getValue)
                .thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
        .orElseThrow()
        .getKey();
  }

  /**
   * The service-time floor all {@code rows} share ({@link ResultRow#serviceFloor()}: the same one
   * the CSV's Little's-law bound divides by), or null when they do not share one.
   */
  static Double commonServiceFloor(List<ResultRow> rows) {
    List<Double> delays =
        rows.stream().map(ResultRow::serviceFloor).filter(Objects::nonNull).distinct().toList();
    return delays.size() == 1 && delays.getFirst() > 0 ? delays.getFirst() : null;
  }

  private static int threadsOf(List<ResultRow> rows) {
    List<ResultRow> platform = rows.stream().filter(ResultRow::isPlatform).toList();
    return mostCommon(
        platform,
        r ->
            r.tomcatThreads() == null
                ? ConcurrencyLimits.TOMCAT_DEFAULT_MAX_THREADS
                : r.tomcatThreads());
  }

  /** The level axis's title: VUs in the closed model, the target rate in the open model. */
  static String levelAxis(List<ResultRow> rows) {
    return rows.stream().allMatch(ResultRow::isOpenModel)
        ? "Target rate (req/s, k6 arrival rate)"
        : "Concurrent users (k6 VUs)";
  }

  static String repsNote(List<ResultRow> rows) {
    int maxRep = rows.stream().mapToInt(ResultRow::rep).max().orElse(1);
    long unsteady = rows.stream().filter(r -> !VerdictRows.eligible(r)).count();
    long overloaded = rows.stream().filter(Overload::labelled).count();
    String left =
        (unsteady == 0 ? "" : ", " + unsteady + " unsteady rows left out")
            + (overloaded == 0 ? "" : ", " + overloaded + " overloaded rows");
    if (maxRep <= 1) {
      return "single run" + left;
    }
    return "median of "
        + maxRep
        + " reps"
        + (maxRep >= CellEstimate.MIN_REPETITIONS ? ", bars: 95% bootstrap interval" : "")
        + left;
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
  }

  /** A plotted point; {@code interval} null when the cell has too few repetitions for one. */
  private record Point(double x, double median, Interval interval) {}

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
  private static XYChart chart(String title, String xTitle, String yTitle) {
    XYChart c =
        new XYChartBuilder()
            .width(WIDTH)
            .height(PANEL_HEIGHT)
            .title(title == null ? "" : title)
            .xAxisTitle(xTitle)
            .yAxisTitle(yTitle)
            .build();
    XYStyler s = c.getStyler();
    style(s, title != null);
    s.setMarkerSize(9);
    return c;
  }

  /** Every panel's look, line or bar: fonts, white background, legend top left. */
  static void style(AxesChartStyler s, boolean titled) {
    s.setChartTitleVisible(titled);
    s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
    s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 16));
    s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
    s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
    s.setLegendPosition(Styler.LegendPosition.InsideNW);
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setPlotGridLinesColor(new Color(0xDD, 0xDD, 0xDD));
    s.setChartTitleBoxVisible(false);
    s.setPlotBorderVisible(true);
    s.setLocale(Locale.ROOT);
    s.setChartPadding(14);
  }

  /** How a thread mode is drawn in every figure: its legend name, colour (Okabe–Ito) and marker. */
  record Series(String mode, String name, Color color, Marker marker) {

    static final List<Series> ALL =
        List.of(
            new Series(
                ResultRow.PLATFORM, "Platform threads", PLATFORM_COLOR, SeriesMarkers.CIRCLE),
            new Series(ResultRow.VIRTUAL, "Virtual threads", VIRTUAL_COLOR, SeriesMarkers.DIAMOND),
            new Series(
                ResultRow.REACTIVE,
                "Reactive (WebFlux + R2DBC)",
                REACTIVE_COLOR,
                SeriesMarkers.SQUARE));
  }

  private static void plotModes(
      XYChart c, List<ResultRow> rows, ToDoubleFunction<ResultRow> x, Metric y) {
    for (Series s : Series.ALL) {
      plotMode(c, s, rows, x, y);
    }
  }

  private static void plotMode(
      XYChart c, Series series, List<ResultRow> rows, ToDoubleFunction<ResultRow> x, Metric y) {
    String name = series.name();
    Color color = series.color();
    Marker marker = series.marker();
    List<Point> pts =
        aggregate(rows.stream().filter(r -> r.threadMode().equals(series.mode())).toList(), x, y);
    if (pts.isEmpty()) {
      return;
    }
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

  private static void dashed(XYChart c, String name, double[] xs, double[] ys) {
    ceiling(c, name, xs, ys, CEILING_COLOR, new float[] {9f, 6f});
  }

  private static void dotted(XYChart c, String name, double[] xs, double[] ys) {
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

  // XChart titles are one line; the figure's title and subtitle go in a header band above.
  private static final int HEADER_HEIGHT = 74;

  static void writeStacked(
      Path png, String title, String subtitle, List<? extends Chart<?, ?>> charts)
      throws IOException {
    List<BufferedImage> images =
        charts.stream().map(c -> BitmapEncoder.getBufferedImage(c)).toList();
    int height = HEADER_HEIGHT + images.stream().mapToInt(BufferedImage::getHeight).sum();
    BufferedImage out = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = out.createGraphics();
    try {
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, WIDTH, height);
      g.setRenderingHint(
          RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
      g.setColor(Color.BLACK);
      centred(g, title, new Font(Font.SANS_SERIF, Font.BOLD, 21), 34);
      g.setColor(new Color(0x44, 0x44, 0x44));
      centred(g, subtitle, new Font(Font.SANS_SERIF, Font.PLAIN, 16), 60);
      int y = HEADER_HEIGHT;
      for (BufferedImage img : images) {
        g.drawImage(img, 0, y, null);
        y += img.getHeight();
      }
    } finally {
      g.dispose();
    }
    Path abs = png.toAbsolutePath();
    Files.createDirectories(abs.getParent());
    // Written beside the target and moved, so a reader never sees half a PNG.
    Path tmp = ResultsCsv.siblingTemp(abs);
    try {
      try (OutputStream os = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW)) {
        if (!ImageIO.write(out, "png", os)) {
          throw new IOException("no PNG writer available");
        }
      }
      Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  private static void centred(Graphics2D g, String text, Font font, int baseline) {
    g.setFont(font);
    int w = g.getFontMetrics().stringWidth(text);
    g.drawString(text, Math.max(8, (WIDTH - w) / 2), baseline);
  }
}
