package dev.vtbench.engine.results.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.CpuPerRequestSpread;
import dev.vtbench.engine.results.verdict.ModeComparison;
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
                + "\n\nHeadline: "
                + Headline.of(rows)
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
                + "\n\nHeadline: "
                + Headline.of(rows)
                + "\n");
  }
}
