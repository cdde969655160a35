package dev.vtbench.engine.results.figures;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.derived.Rederive;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FigureDataTest {

  private static List<ResultRow> rows(double virtualCoreBusy) {
    List<ResultRow> rows = new ArrayList<>();
    for (int rep = 1; rep <= 3; rep++) {
      for (int vus : new int[] {100, 200}) {
        rows.add(
            Rows.row("platform", "released", 50, vus, 485 + rep)
                .rep(rep)
                .p99Ms(220.0 * vus / 100)
                .loadCoreBusyPct(40.0)
                .steadyState(true)
                .generatorSaturated(false)
                .bottleneck(Bottleneck.TOMCAT_THREADS)
                .build());
        rows.add(
            Rows.row("virtual", "released", 50, vus, 9.7 * vus + rep)
                .rep(rep)
                .p99Ms(116.0)
                .loadCoreBusyPct(vus == 200 ? virtualCoreBusy : 60.0)
                .steadyState(true)
                .generatorSaturated(false)
                .bottleneck(Bottleneck.NONE)
                .build());
      }
    }
    return rows.stream().map(Rederive::row).toList();
  }

  @Test
  void theFigureKeepsWhatItPlotsAndTheLeftOutRowsAreTheirOwnHollowSeries(@TempDir Path dir)
      throws Exception {
    Path png = dir.resolve("hero.png");
    Figures.hero(rows(88.0), png);
    String data = FigureData.read(png);
    assertThat(data)
        .startsWith("title: Platform vs virtual threads: throughput and p99 latency vs concurrency")
        .contains("caption: released connection, Hikari pool 50, median of 3 reps, bars: 95%")
        .contains("3 load-generator rows left out")
        .contains("  Virtual threads: 100.000=972.000\n")
        .contains(
            "  Virtual threads, left out (hollow): 3 load-generator: 200.000=1941.00"
                + " 200.000=1942.00 200.000=1943.00\n");
  }

  @Test
  void aChangeInWhatCountsChangesTheKeptText(@TempDir Path dir) throws Exception {
    Figures.hero(rows(88.0), dir.resolve("a.png"));
    Figures.hero(rows(60.0), dir.resolve("b.png"));
    assertThat(FigureData.read(dir.resolve("a.png")))
        .isNotEqualTo(FigureData.read(dir.resolve("b.png")));
    assertThat(FigureData.read(dir.resolve("b.png"))).doesNotContain("left out");
  }
}
