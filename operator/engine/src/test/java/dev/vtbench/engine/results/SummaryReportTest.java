package dev.vtbench.engine.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryReportTest {

  private final List<ResultRow> rows =
      List.of(
          Rows.row("platform", "released", 50, 100, 450).build(),
          Rows.row("virtual", "released", 50, 100, 900).build());

  @Test
  void headingThenTableThenFactsEachOnALine() {
    String md = SummaryReport.of("quick", rows, "Wall-clock 1m.", "Second fact.").toMarkdown();
    String table = SummaryTable.of(rows).toMarkdown();
    assertThat(md)
        .isEqualTo(
            "# quick\n\n"
                + table
                + "\n"
                + ModeComparison.METHOD
                + "\n\n"
                + CpuPerRequestSpread.of(rows).sentence()
                + "\n\n\nWall-clock 1m.\nSecond fact.\n");
    assertThat(md).contains("2.00×");
  }

  @Test
  void withoutHeadingOrFactsItIsTheTableAndItsMethod() {
    assertThat(SummaryReport.of(null, rows).toMarkdown())
        .isEqualTo(
            SummaryTable.of(rows).toMarkdown()
                + "\n"
                + ModeComparison.METHOD
                + "\n\n"
                + CpuPerRequestSpread.of(rows).sentence()
                + "\n");
  }

  @Test
  void reproducesTheCommittedSummariesFromTheirMatrices() throws IOException {
    List<Path> dirs;
    try (var list = Files.list(Path.of("../../results/reference"))) {
      dirs = list.filter(d -> Files.isRegularFile(d.resolve(SummaryReport.FILE_NAME))).toList();
    }
    assertThat(dirs).isNotEmpty();
    for (Path dir : dirs) {
      String committed = Files.readString(dir.resolve(SummaryReport.FILE_NAME));
      // the wall-clock sentence and the generator cross-checks are measured, not computable from
      // the rows: take them as given (a local run writes them; a cluster run's summary, rendered
      // by vtbench figures, has none)
      String[] facts =
          committed
              .lines()
              .filter(l -> l.startsWith("Wall-clock ") || GeneratorCrossCheck.isSentence(l))
              .toArray(String[]::new);
      assertThat(committed.lines().filter(l -> l.startsWith("Wall-clock ")).count())
          .as(dir.toString())
          .isLessThanOrEqualTo(1);
      List<ResultRow> matrix = ResultsCsv.read(dir.resolve("matrix.csv"));
      // the heading is the run's name, which a folder copied into reference/ may not carry
      // (cluster-parity-local holds the run cluster-parity): take it as given too
      String heading = committed.lines().findFirst().orElse("");
      assertThat(heading).as(dir.toString()).startsWith("# ");
      String name = heading.substring(2);
      assertThat(SummaryReport.of(name, matrix, facts).toMarkdown())
          .as(dir.toString())
          .isEqualTo(committed);
    }
  }
}
