package dev.vtbench.engine.results.figures;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The rows a line figure's medians leave out ({@link VerdictRows}: unsteady, sut-throttled,
 * sut-core-shared, load-generator), drawn one hollow marker per row in its thread mode's colour,
 * beside the filled medians of the rows that count, with the reasons in the legend: a reader sees
 * what was measured and that it does not count, and why.
 */
final class LeftOutPoints {

  private LeftOutPoints() {}

  /**
   * Adds to {@code chart} a series of {@code rows}' left-out rows (those of one thread mode, drawn
   * as {@code series}) at ({@code x}, {@code y}); nothing when every row counts.
   */
  static void plot(
      XYChart chart,
      FigureCanvas.Series series,
      List<ResultRow> rows,
      ToDoubleFunction<ResultRow> x,
      Function<ResultRow, Double> y) {
    List<ResultRow> left =
        rows.stream()
            .filter(r -> !VerdictRows.eligible(r))
            .filter(r -> y.apply(r) != null && Double.isFinite(y.apply(r)))
            .toList();
    if (left.isEmpty()) {
      return;
    }
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (ResultRow r : left) {
      xs.add(x.applyAsDouble(r));
      ys.add(y.apply(r));
    }
    XYSeries s =
        chart.addSeries(
            legend(series, left),
            xs.stream().mapToDouble(Double::doubleValue).toArray(),
            ys.stream().mapToDouble(Double::doubleValue).toArray());
    s.setMarker(hollow(series.marker()));
    s.setMarkerColor(series.color());
    s.setLineStyle(SeriesLines.NONE);
  }

  /** e.g. {@code Virtual threads, left out (hollow): 2 load-generator, 1 unsteady}. */
  static String legend(FigureCanvas.Series series, List<ResultRow> left) {
    return series.name() + ", left out (hollow): " + String.join(", ", VerdictRows.leftOut(left));
  }

  /** The outline of {@code filled}'s shape: a circle, a diamond or a square. */
  static Marker hollow(Marker filled) {
    Shapes shape =
        Objects.equals(filled, SeriesMarkers.DIAMOND)
            ? Shapes.DIAMOND
            : Objects.equals(filled, SeriesMarkers.SQUARE) ? Shapes.SQUARE : Shapes.CIRCLE;
    return new Outline(shape);
  }

  private enum Shapes {
    CIRCLE,
    DIAMOND,
    SQUARE
  }

  /** A marker drawn as an outline, so that it reads apart from the filled ones. */
  private static final class Outline extends Marker {
    private final Shapes shape;

    Outline(Shapes shape) {
      this.shape = shape;
    }

    @Override
    public void paint(Graphics2D g, double x, double y, int size) {
      double h = size / 2.0 + 1;
      Shape s =
          switch (shape) {
            case CIRCLE -> new Ellipse2D.Double(x - h, y - h, 2 * h, 2 * h);
            case SQUARE -> new Rectangle2D.Double(x - h, y - h, 2 * h, 2 * h);
            case DIAMOND -> {
              Path2D.Double d = new Path2D.Double();
              d.moveTo(x, y - h - 1);
              d.lineTo(x + h + 1, y);
              d.lineTo(x, y + h + 1);
              d.lineTo(x - h - 1, y);
              d.closePath();
              yield d;
            }
          };
      g.setStroke(new BasicStroke(2f));
      g.draw(s);
    }
  }
}
