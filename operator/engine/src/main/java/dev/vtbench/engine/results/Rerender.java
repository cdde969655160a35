package dev.vtbench.engine.results;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.derived.GeneratorCrossCheck;
import dev.vtbench.engine.results.derived.Rederive;
import dev.vtbench.engine.results.figures.FigureSet;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A recorded run's summary.md and figures drawn again from its matrix.csv by today's code ({@code
 * vtbench rerender}, {@code make rerender}), and the test that a committed one is what today's code
 * draws. The rows' judgments are derived again on read ({@link Rederive}); what the rows cannot
 * give is taken from the run's own summary.md: its heading (the run's name, which a folder copied
 * elsewhere may not carry) and the facts measured beside the rows (the wall-clock line, the
 * generator cross-checks).
 */
public final class Rerender {

  /** The figures a run's rows may make, whether or not today's rows make each. */
  public static final Set<String> FIGURE_FILES =
      Set.copyOf(FigureSet.ALL.stream().map(FigureSet.Figure::fileName).toList());

  private Rerender() {}

  /**
   * What a folder draws today: summary.md's text and the figures' file names, in {@link FigureSet}
   * order.
   */
  public record Drawn(List<ResultRow> rows, String summary, List<FigureSet.Figure> figures) {}

  /**
   * What today's code draws from {@code dir}'s matrix.csv, with the heading and measured facts of
   * its summary.md.
   */
  public static Drawn of(Path dir) throws IOException {
    List<ResultRow> rows = ResultsCsv.read(dir.resolve("matrix.csv"));
    Path md = dir.resolve(SummaryReport.FILE_NAME);
    String committed = Files.exists(md) ? Files.readString(md) : "";
    String first = committed.lines().findFirst().orElse("");
    String heading = first.startsWith("# ") ? first.substring(2) : dir.getFileName().toString();
    String summary =
        SummaryReport.of(heading, rows, measuredFacts(committed).toArray(String[]::new))
            .toMarkdown();
    return new Drawn(rows, summary, FigureSet.of(rows));
  }

  /**
   * The lines of a summary.md that were measured beside its rows, not derived from them: the
   * wall-clock line and the generator cross-checks.
   */
  public static List<String> measuredFacts(String summaryMd) {
    return summaryMd
        .lines()
        .filter(l -> l.startsWith("Wall-clock ") || GeneratorCrossCheck.isSentence(l))
        .toList();
  }

  /**
   * Draws {@code dir}'s summary.md and figures again in place, and deletes a figure today's rows no
   * longer make; returns the files written. A figure that cannot be drawn is reported to {@code
   * log}.
   */
  public static List<Path> inPlace(Path dir, Consumer<String> log) throws IOException {
    Drawn drawn = of(dir);
    List<Path> written = new ArrayList<>();
    Path md = dir.resolve(SummaryReport.FILE_NAME);
    Files.writeString(md, drawn.summary());
    written.add(md);
    for (FigureSet.Figure f : drawn.figures()) {
      Path png = dir.resolve(f.fileName());
      try {
        f.drawing().draw(drawn.rows(), png);
        written.add(png);
      } catch (IOException | RuntimeException e) {
        log.accept(dir + ": " + f.fileName() + " not drawn (" + e.getMessage() + ")");
      }
    }
    List<String> drawnNames = drawn.figures().stream().map(FigureSet.Figure::fileName).toList();
    for (String name : FIGURE_FILES) {
      Path stale = dir.resolve(name);
      if (!drawnNames.contains(name) && Files.deleteIfExists(stale)) {
        log.accept(dir + ": " + name + " deleted: today's rows no longer make it");
      }
    }
    return written;
  }
}
