package dev.vtbench.engine.results.figures;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.w3c.dom.Node;

/**
 * What a figure shows, as text kept inside its PNG (an {@code iTXt} chunk, keyword {@value
 * #KEYWORD}): its title and caption, then every panel's series, legend name and points. Pixels
 * differ with the fonts of the machine that drew them; this text does not, so a test can tell a
 * committed figure that today's code would draw differently from one it would draw the same.
 */
public final class FigureData {

  /** The PNG text chunk's keyword. */
  public static final String KEYWORD = "vtbench-plotted";

  private static final String PNG_FORMAT = "javax_imageio_png_1.0";

  private FigureData() {}

  /** The text of a figure made of {@code charts} under {@code title} and {@code subtitle}. */
  static String of(String title, String subtitle, List<? extends Chart<?, ?>> charts) {
    StringBuilder sb = new StringBuilder();
    sb.append("title: ").append(title).append('\n');
    sb.append("caption: ").append(subtitle).append('\n');
    for (Chart<?, ?> chart : charts) {
      sb.append("panel: ").append(chart.getTitle()).append('\n');
      if (chart instanceof XYChart xy) {
        for (XYSeries s : xy.getSeriesMap().values()) {
          sb.append("  ").append(s.getName()).append(':');
          double[] xs = s.getXData();
          double[] ys = s.getYData();
          for (int i = 0; i < xs.length; i++) {
            sb.append(' ').append(num(xs[i])).append('=').append(num(ys[i]));
          }
          sb.append('\n');
        }
      } else if (chart instanceof CategoryChart cat) {
        for (CategorySeries s : cat.getSeriesMap().values()) {
          sb.append("  ").append(s.getName()).append(':');
          var xs = s.getXData().iterator();
          var ys = s.getYData().iterator();
          while (xs.hasNext() && ys.hasNext()) {
            Number y = ys.next();
            // a missing bar is null
            sb.append(' ')
                .append(xs.next())
                .append('=')
                .append(y == null ? "–" : num(y.doubleValue()));
          }
          sb.append('\n');
        }
      }
    }
    return sb.toString();
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }

  /** Writes {@code image} as a PNG to {@code out} with {@code data} in its text chunk. */
  static void writePng(BufferedImage image, String data, OutputStream out) throws IOException {
    ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
    try (ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
      IIOMetadata meta =
          writer.getDefaultImageMetadata(
              ImageTypeSpecifier.createFromRenderedImage(image), writer.getDefaultWriteParam());
      IIOMetadataNode entry = new IIOMetadataNode("iTXtEntry");
      entry.setAttribute("keyword", KEYWORD);
      entry.setAttribute("compressionFlag", "TRUE");
      entry.setAttribute("compressionMethod", "0");
      entry.setAttribute("languageTag", "");
      entry.setAttribute("translatedKeyword", "");
      entry.setAttribute("text", data);
      IIOMetadataNode itxt = new IIOMetadataNode("iTXt");
      itxt.appendChild(entry);
      IIOMetadataNode root = new IIOMetadataNode(PNG_FORMAT);
      root.appendChild(itxt);
      meta.mergeTree(PNG_FORMAT, root);
      writer.setOutput(ios);
      writer.write(new IIOImage(image, null, meta));
    } finally {
      writer.dispose();
    }
  }

  /**
   * The text kept in {@code png}, or null when it has none (a figure drawn before vtbench kept it).
   */
  public static String read(Path png) throws IOException {
    ImageReader reader = ImageIO.getImageReadersByFormatName("png").next();
    try (InputStream in = Files.newInputStream(png);
        ImageInputStream iis = ImageIO.createImageInputStream(in)) {
      reader.setInput(iis, true, false);
      Node root = reader.getImageMetadata(0).getAsTree(PNG_FORMAT);
      for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
        if (!"iTXt".equals(n.getNodeName())) {
          continue;
        }
        for (Node e = n.getFirstChild(); e != null; e = e.getNextSibling()) {
          IIOMetadataNode entry = (IIOMetadataNode) e;
          if (KEYWORD.equals(entry.getAttribute("keyword"))) {
            return entry.getAttribute("text");
          }
        }
      }
      return null;
    } finally {
      reader.dispose();
    }
  }
}
