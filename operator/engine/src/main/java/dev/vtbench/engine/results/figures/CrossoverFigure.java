package dev.vtbench.engine.results.figures;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.CellEstimate;
import dev.vtbench.engine.results.verdict.ModeComparison;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;

/**
 * crossover.png, the figure of a sweep over CPU per request ({@link Crossover}): throughput of each
 * thread mode against the CPU each request was asked to compute, with the platform thread wall
 * (dashed) and the SUT's CPU bound (dotted) drawn; below it virtual ÷ platform and reactive ÷
 * virtual with their intervals, the line at 1.0, and the first step whose virtual ÷ platform
 * interval contains 1.0 marked.
 */
public final class CrossoverFigure {

  public static final String FILE_NAME = "crossover.png";

  private CrossoverFigure() {}

  public static void draw(Collection<ResultRow> rows, Path png) throws IOException {
    if (!Crossover.applies(rows)) {
      throw new IllegalArgumentException("the crossover figure needs two CPU amounts or more");
    }
    FigureCanvas.headless();
    Crossover x = Crossover.of(rows);
    String xTitle = "CPU each request computes besides its own work (ms)";

    XYChart tp = Figures.chart("Throughput", xTitle, "Throughput (req/s)");
    for (FigureCanvas.Series s : FigureCanvas.Series.ALL) {
      List<Figures.Point> pts = new ArrayList<>();
      for (Crossover.Step step : x.steps()) {
        CellEstimate e = step.estimates().get(s.mode());
        if (e != null && Double.isFinite(e.medianThroughputRps())) {
          pts.add(new Figures.Point(msOf(step), e.medianThroughputRps(), e.throughputCi()));
        }
      }
      if (!pts.isEmpty()) {
        Figures.plotMedians(tp, s, pts);
      }
      // each row left out of the medians, hollow, its reason in the legend
      LeftOutPoints.plot(
          tp,
          s,
          x.cell().stream().filter(r -> r.threadMode().equals(s.mode())).toList(),
          r -> r.cpuWorkUs() / 1000.0,
          r -> r.throughputRps());
    }
    double[] xs = {0, msOf(x.steps().getLast())};
    if (x.threadWallRps() != null) {
      Figures.dashed(
          tp,
          String.format(
              Locale.ROOT,
              "Thread wall: %d threads ÷ %.0f ms = %,.0f req/s",
              x.threads(),
              x.floorMs(),
              x.threadWallRps()),
          xs,
          new double[] {x.threadWallRps(), x.threadWallRps()});
    }
    List<Crossover.Step> bound = x.steps().stream().filter(s -> s.cpuBoundRps() != null).toList();
    if (!bound.isEmpty()) {
      Figures.dotted(
          tp,
          "SUT CPU bound: cores ÷ measured CPU per request",
          bound.stream().mapToDouble(CrossoverFigure::msOf).toArray(),
          bound.stream().mapToDouble(Crossover.Step::cpuBoundRps).toArray());
    }
    tp.getStyler().setYAxisMin(0.0);

    XYChart ratio = Figures.chart("Ratios of median throughput", xTitle, "Ratio");
    ratioSeries(ratio, x, FigureCanvas.Series.ALL.get(1), Crossover.Step::virtualVsPlatform);
    ratioSeries(ratio, x, FigureCanvas.Series.ALL.get(2), Crossover.Step::reactiveVsVirtual);
    Figures.dashed(ratio, "1.0: no difference", xs, new double[] {1, 1});
    x.crossover()
        .ifPresent(
            s ->
                Figures.dotted(
                    ratio,
                    "virtual ÷ platform interval first contains 1.0 ("
                        + Crossover.ms(s.cpuWorkUs())
                        + ")",
                    new double[] {msOf(s), msOf(s)},
                    new double[] {0, maxRatio(x)}));
    ratio.getStyler().setYAxisMin(0.0);
    // throughput and ratios fall to the right: the legends go where the curves are not
    tp.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
    ratio.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
    // headroom above the highest ratio or interval, which the legend would hide otherwise
    ratio.getStyler().setYAxisMax(Math.max(1.2, maxRatio(x) * 1.15));

    FigureCanvas.writeStacked(
        png,
        "Where virtual threads stop helping: CPU per request swept",
        String.format(
            Locale.ROOT,
            "%d VUs, medians over repetitions with 95 %% bootstrap intervals; the bound uses the"
                + " SUT's measured CPU per request",
            x.level()),
        List.of(tp, ratio));
  }

  private static void ratioSeries(
      XYChart c,
      Crossover x,
      FigureCanvas.Series base,
      Function<Crossover.Step, ModeComparison> of) {
    List<Figures.Point> pts = new ArrayList<>();
    for (Crossover.Step s : x.steps()) {
      ModeComparison m = of.apply(s);
      if (m != null && Double.isFinite(m.ratio())) {
        pts.add(new Figures.Point(msOf(s), m.ratio(), m.interval()));
      }
    }
    if (pts.isEmpty()) {
      return;
    }
    String name =
        base.mode().equals(ResultRow.VIRTUAL) ? "virtual ÷ platform" : "reactive ÷ virtual";
    Figures.plotMedians(
        c, new FigureCanvas.Series(base.mode(), name, base.color(), base.marker()), pts);
  }

  private static double maxRatio(Crossover x) {
    return x.steps().stream()
        .flatMap(s -> java.util.stream.Stream.of(s.virtualVsPlatform(), s.reactiveVsVirtual()))
        .filter(m -> m != null && Double.isFinite(m.ratio()))
        .mapToDouble(m -> m.interval() == null ? m.ratio() : m.interval().upper())
        .max()
        .orElse(1.0);
  }

  private static double msOf(Crossover.Step s) {
    return s.cpuWorkUs() / 1000.0;
  }
}
