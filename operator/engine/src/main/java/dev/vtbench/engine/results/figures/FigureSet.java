package dev.vtbench.engine.results.figures;

import dev.vtbench.engine.results.row.ResultRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which figures a run's rows make, in one place for both platforms (local results/&lt;name&gt;/ and
 * the cluster's &lt;run&gt;-figures ConfigMap): hero.png when they sweep concurrency,
 * bottleneck.png when they sweep held-mode pool sizes, modes.png when they compare thread modes at
 * one concurrency level, reactive.png (seed 002) when they have reactive rows, crossover.png when
 * they sweep CPU per request (which then replaces modes.png and reactive.png: their bars would mix
 * the amounts).
 */
public final class FigureSet {

  /** How a figure is drawn from the rows into a PNG file. */
  public interface Drawing {
    void draw(Collection<ResultRow> rows, Path png) throws IOException;
  }

  /** One figure: its file name, whether the rows make it, and how it is drawn. */
  public record Figure(
      String fileName, Predicate<Collection<ResultRow>> applies, Drawing drawing) {}

  public static final List<Figure> ALL =
      List.of(
          new Figure("hero.png", FigureSet::sweepsConcurrency, Figures::hero),
          new Figure("bottleneck.png", FigureSet::sweepsHeldPools, Figures::bottleneck),
          new Figure(ModesFigure.FILE_NAME, ModesFigure::applies, ModesFigure::draw),
          new Figure(
              ReactiveFigure.FILE_NAME,
              rows -> rows.stream().anyMatch(ResultRow::isReactive) && !Crossover.applies(rows),
              ReactiveFigure::draw),
          new Figure(CrossoverFigure.FILE_NAME, Crossover::applies, CrossoverFigure::draw));

  private FigureSet() {}

  /** The figures {@code rows} make, in {@link #ALL}'s order. */
  public static List<Figure> of(Collection<ResultRow> rows) {
    return ALL.stream().filter(f -> f.applies().test(rows)).toList();
  }

  static boolean sweepsConcurrency(Collection<ResultRow> rows) {
    return rows.stream().map(ResultRow::concurrency).distinct().count() > 1;
  }

  static boolean sweepsHeldPools(Collection<ResultRow> rows) {
    return rows.stream().filter(ResultRow::isHeld).map(ResultRow::hikariPool).distinct().count()
        > 1;
  }
}
