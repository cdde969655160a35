package dev.vtbench.engine.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.figures.FigureData;
import dev.vtbench.engine.results.figures.FigureSet;
import dev.vtbench.engine.results.summary.SummaryReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every committed result under results/reference/ is what today's code draws from its matrix.csv:
 * its summary.md, text for text, and each figure's caption, legend and plotted points (the text
 * {@link FigureData} keeps in the PNG; pixels differ with a machine's fonts). A rule, a threshold
 * or a table that changed fails here until {@code make rerender} has drawn them again.
 */
class CommittedResultsDriftTest {

  static final Path REFERENCE = Path.of("../../results/reference");

  static List<Path> runs() throws IOException {
    try (var list = Files.list(REFERENCE)) {
      return list.filter(d -> Files.isRegularFile(d.resolve("matrix.csv"))).sorted().toList();
    }
  }

  @Test
  void everyCommittedSummaryIsWhatTodaysCodeDraws() throws IOException {
    List<Path> runs = runs();
    assertThat(runs).isNotEmpty();
    for (Path dir : runs) {
      assertThat(Files.readString(dir.resolve(SummaryReport.FILE_NAME)))
          .as(dir + "/summary.md differs from what today's code draws: run make rerender")
          .isEqualTo(Rerender.of(dir).summary());
    }
  }

  @Test
  void everyCommittedFigureShowsWhatTodaysCodeDraws(@TempDir Path tmp) throws IOException {
    for (Path dir : runs()) {
      Rerender.Drawn drawn = Rerender.of(dir);
      List<String> names = drawn.figures().stream().map(FigureSet.Figure::fileName).toList();
      for (String name : Rerender.FIGURE_FILES) {
        assertThat(Files.exists(dir.resolve(name)))
            .as(dir + "/" + name + (names.contains(name) ? " missing" : " is no longer drawn"))
            .isEqualTo(names.contains(name));
      }
      for (FigureSet.Figure f : drawn.figures()) {
        Path today = tmp.resolve(dir.getFileName() + "-" + f.fileName());
        f.drawing().draw(drawn.rows(), today);
        assertThat(FigureData.read(dir.resolve(f.fileName())))
            .as(
                dir
                    + "/"
                    + f.fileName()
                    + " shows other than today's code draws: run make rerender")
            .isEqualTo(FigureData.read(today));
      }
    }
  }
}
