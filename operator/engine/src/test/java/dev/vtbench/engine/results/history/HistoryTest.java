package dev.vtbench.engine.results.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.figures.FigureCanvas;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryStats;
import dev.vtbench.engine.results.summary.SummaryTable;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three nightly runs of one spec: the history gives each cell's numbers per run as that run's
 * summary gives them, marks where the verdict changed, draws the trend, and makes the gate's last-N
 * baseline.
 */
class HistoryTest {

  /** A run at {@code day} with 3 repetitions per mode at pool 50 and 100 and 200 users. */
  private static History.Run night(String label, int day, double virtualAt200) {
    List<ResultRow> rows = new ArrayList<>();
    Instant ts = Instant.parse("2026-11-0" + day + "T02:00:00Z");
    for (int vus : new int[] {100, 200}) {
      for (int rep = 1; rep <= 3; rep++) {
        rows.add(
            Rows.row("platform", "released", 50, vus, 500 + rep)
                .rep(rep)
                .p99Ms(5.0)
                .ts(ts)
                .build());
        rows.add(
            Rows.row("virtual", "released", 50, vus, (vus == 200 ? virtualAt200 : 1000) + rep)
                .rep(rep)
                .p99Ms(5.0)
                .ts(ts.plusSeconds(60))
                .build());
      }
    }
    return new History.Run(label, rows);
  }

  private final List<History.Run> runs =
      List.of(
          night("night-3", 3, 1000), // given out of order: ordered by their rows' time
          night("night-1", 1, 1000),
          night("night-2", 2, 502)); // virtual no faster at 200 that night

  @Test
  void eachCellPerRunAsItsSummaryHasItAndTheVerdictChangesMarked() {
    List<History.Series> series = History.of(runs);
    assertThat(series).extracting(s -> s.key().concurrency()).containsExactly(100, 200);

    History.Series at200 = series.get(1);
    assertThat(at200.points())
        .extracting(History.Point::run)
        .containsExactly("night-1", "night-2", "night-3");
    // each point is what that run's own summary says of the cell
    for (int i = 0; i < 3; i++) {
      History.Point p = at200.points().get(i);
      History.Run run = runs.stream().filter(r -> r.label().equals(p.run())).findFirst().get();
      SummaryTable.Line own =
          SummaryStats.lines(run.rows()).stream()
              .filter(l -> l.key().concurrency() == 200)
              .findFirst()
              .get();
      assertThat(p.line().comparison().ratio()).isEqualTo(own.comparison().ratio());
      assertThat(p.verdict()).isEqualTo(own.comparison().label());
    }
    assertThat(at200.points())
        .extracting(History.Point::verdict)
        .containsExactly("virtual faster", "no difference", "virtual faster");
    assertThat(at200.points())
        .extracting(History.Point::verdictChanged)
        .containsExactly(false, true, true);
    assertThat(at200.verdictChanges()).isEqualTo(2);
    assertThat(series.getFirst().verdictChanges()).isZero();
  }

  @Test
  void theTableSaysWhereTheVerdictChanged() {
    HistoryTable table = HistoryTable.of(runs);
    assertThat(table.summary())
        .isEqualTo("3 runs, 2 cells; the verdict changed 2 times (released, pool 50, level 200).");
    String md = table.toMarkdown("nightly");
    assertThat(md).startsWith("# nightly\n\n3 runs, 2 cells;");
    assertThat(md).contains("## released, pool 50, level 200");
    String night2 = md.lines().filter(l -> l.startsWith("| night-2")).toList().get(1);
    assertThat(night2)
        .startsWith(
            "| night-2 | 2026-11-02 02:00 | 502 [501–503] | 504 [503–505] | 5.0 | 5.0 | 1.00× [")
        .endsWith("| no difference (changed) |");
    assertThat(table.toText()).contains("no difference (changed)");
  }

  @Test
  void theTrendIsDrawnFromTwoRunsOrMore(@TempDir Path dir) throws IOException {
    Path png = dir.resolve(HistoryFigure.FILE_NAME);
    HistoryFigure.draw(HistoryTable.of(runs), "nightly", png);
    BufferedImage img = ImageIO.read(png.toFile());
    assertThat(img.getWidth()).isEqualTo(FigureCanvas.WIDTH);
    // two cells, one panel each, under the title band
    assertThat(img.getHeight()).isGreaterThan(2 * 330);
    assertThat(Files.size(png)).isGreaterThan(10_000);

    assertThatThrownBy(() -> HistoryFigure.draw(HistoryTable.of(List.of(runs.get(0))), "one", png))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("two runs or more");
  }

  /** The last N runs' median of cell medians: one noisy night neither fails nor rescues a gate. */
  @Test
  void theBaselineOfTheLastNRunsIsTheMedianOfTheirCellMedians() {
    List<ResultRow> baseline = History.baseline(runs, 3);
    ResultRow virtualAt200 =
        baseline.stream()
            .filter(r -> r.concurrency() == 200 && r.threadMode().equals("virtual"))
            .findFirst()
            .get();
    // medians 1002, 504, 1002 -> 1002: the bad night does not pull the baseline down
    assertThat(virtualAt200.throughputRps()).isEqualTo(1002.0);
    assertThat(baseline).hasSize(4);

    // the last 2: nights 2 and 3 -> median of 504 and 1002
    ResultRow last2 =
        History.baseline(runs, 2).stream()
            .filter(r -> r.concurrency() == 200 && r.threadMode().equals("virtual"))
            .findFirst()
            .get();
    assertThat(last2.throughputRps()).isEqualTo(753.0);

    assertThatThrownBy(() -> History.baseline(runs, 0)).hasMessageContaining("N >= 1");
    assertThatThrownBy(() -> History.baseline(List.of(), 3)).hasMessageContaining("no earlier run");
  }
}
