package dev.vtbench.engine.results.figures;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
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
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * What every figure ({@link Figures}, {@link ModesFigure}, {@link ReactiveFigure}) looks like and
 * how it reaches its file: headless rendering, the width, the panels' fonts and background, each
 * thread mode's colour and marker, and the PNG of stacked panels under a title band, written so
 * that a reader never sees half of it, with what it plots as text inside ({@link FigureData}).
 */
public final class FigureCanvas {

  public static final int WIDTH = 1100;

  // Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
  private static final Color PLATFORM_COLOR = new Color(0xD5, 0x5E, 0x00);
  private static final Color VIRTUAL_COLOR = new Color(0x00, 0x72, 0xB2);
  private static final Color REACTIVE_COLOR = new Color(0x00, 0x9E, 0x73);

  // XChart titles are one line; the figure's title and subtitle go in a header band above.
  private static final int HEADER_HEIGHT = 74;

  private FigureCanvas() {}

  /**
   * Rendering to an image needs no display; without this a server or CI JVM may try to open one.
   * Every figure calls it before it builds its first chart (a JVM that chose already keeps it).
   */
  public static void headless() {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  /** Every panel's look, line or bar: fonts, white background, legend top left. */
  public static void style(AxesChartStyler s, boolean titled) {
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
  public record Series(String mode, String name, Color color, Marker marker) {

    public static final List<Series> ALL =
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

  public static void writeStacked(
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
        FigureData.writePng(out, FigureData.of(title, subtitle, charts), os);
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
