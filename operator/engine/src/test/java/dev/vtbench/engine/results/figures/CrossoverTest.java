package dev.vtbench.engine.results.figures;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.Headline;
import dev.vtbench.engine.results.summary.SummaryReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The crossover of a CPU-per-request sweep, computed from rows: where the ratio reaches 1.0. */
class CrossoverTest {

  /**
   * Three repetitions of platform, virtual and reactive at each amount: platform capped by its 200
   * req/s wall, virtual and reactive by one core at (0.5 ms + the amount) a request.
   */
  static List<ResultRow> sweep() {
    List<ResultRow> rows = new ArrayList<>();
    long[] amounts = {0, 2000, 4000, 6000};
    double[] jitter = {0.99, 1.0, 1.01};
    for (long us : amounts) {
      double cpuMs = 0.5 + us / 1000.0;
      double cpuBound = 1000 / cpuMs;
      for (int rep = 1; rep <= 3; rep++) {
        double j = jitter[rep - 1];
        double platform = Math.min(195, cpuBound) * j;
        double virtual = Math.min(780, cpuBound) * (2 - j);
        double reactive = Math.min(800, cpuBound * 1.02) * j;
        rows.add(row("platform", us, rep, platform, cpuMs));
        rows.add(row("virtual", us, rep, virtual, cpuMs));
        rows.add(row("reactive", us, rep, reactive, cpuMs));
      }
    }
    return rows;
  }

  static ResultRow row(String mode, long us, int rep, double rps, double cpuMs) {
    return Rows.row(mode, "released", 50, 80, rps)
        .rep(rep)
        .tomcatThreads(20)
        .stubDelayMs(100.0)
        .serviceFloorMs(100.0)
        .steadyState(true)
        .appCpuPct(Math.min(100, rps * cpuMs / 10))
        .jvmProcessors(1)
        .cpuWorkUs(us)
        .cpuWorkIterationNs(200.0)
        .build();
  }

  @Test
  void theRatioFallsToOneWhereOneCoreBindsBelowTheThreadWall() {
    Crossover x = Crossover.of(sweep());
    assertThat(x.steps())
        .extracting(Crossover.Step::cpuWorkUs)
        .containsExactly(0L, 2000L, 4000L, 6000L);
    assertThat(x.threadWallRps()).isEqualTo(200.0);
    assertThat(x.steps().getFirst().virtualVsPlatform().ratio()).isCloseTo(4.0, within(0.05));
    assertThat(x.steps().getFirst().containsOne()).isFalse();
    // at 4.5 ms a request one core allows 222 req/s: virtual still ahead of the 195 wall
    assertThat(x.steps().get(2).containsOne()).isFalse();
    // at 6.5 ms it allows 154 req/s for both: the first step whose interval holds 1.0
    assertThat(x.crossover()).get().extracting(Crossover.Step::cpuWorkUs).isEqualTo(6000L);
    assertThat(x.steps().getLast().cpuBoundRps()).isCloseTo(1000 / 6.5, within(3.0));
    assertThat(x.sentence())
        .contains("Its interval first contains 1.0 at 6 ms added")
        .contains("Reactive ÷ virtual at the CPU-bound end (6 ms added)");
  }

  @Test
  void aSweepAnswersWithTheSweepNotItsFirstStep() {
    String line = Headline.of(sweep());
    assertThat(line)
        .startsWith("virtual/platform at 80 VUs, pool 50: 4.0")
        .contains("at 0 ms of added CPU per request to 1.0")
        .contains("at 6 ms; last verdict at 6 ms: ")
        .contains("its interval first contains 1.0 at 6 ms: virtual threads stop helping there")
        .contains(". reactive/virtual at 6 ms: ");
    assertThat(line.chars().allMatch(c -> c < 128)).as("ASCII: %s", line).isTrue();
    // where no step's interval holds 1.0 the line says so, and names the last verdict
    List<ResultRow> early =
        sweep().stream().filter(r -> r.cpuWorkUs() < 6000 && !r.isReactive()).toList();
    assertThat(Headline.of(early))
        .contains("last verdict at 4 ms: ")
        .contains("virtual faster")
        .endsWith("its interval contains 1.0 at no step");
  }

  @Test
  void theFigureAndTheSummaryTakeTheSweep(@TempDir Path dir) throws Exception {
    List<ResultRow> rows = sweep();
    assertThat(FigureSet.of(rows))
        .extracting(FigureSet.Figure::fileName)
        .contains(CrossoverFigure.FILE_NAME)
        .doesNotContain(ModesFigure.FILE_NAME, "reactive.png");
    Path png = dir.resolve(CrossoverFigure.FILE_NAME);
    CrossoverFigure.draw(rows, png);
    assertThat(Files.size(png)).isGreaterThan(10_000);
    String md = SummaryReport.of(null, rows).toMarkdown();
    assertThat(md).contains("## CPU per request").contains("Crossover at 80 VUs");
  }

  /** A user's service is placed by its platform rows: how near they ran to its CPU bound. */
  @Test
  void aServiceIsPlacedByHowNearItsPlatformRowsRanToItsCpuBound() {
    List<ResultRow> bound = new ArrayList<>();
    List<ResultRow> room = new ArrayList<>();
    for (int rep = 1; rep <= 3; rep++) {
      // 2.5 ms a request on one core: at most 400 req/s
      bound.add(service("platform", rep, 380, 95.0));
      room.add(service("platform", rep, 120, 30.0));
    }
    CrossoverPlacement b = CrossoverPlacement.of(bound);
    assertThat(b.cpuBoundRps()).isCloseTo(400.0, within(0.5));
    assertThat(b.sentence())
        .contains("2.50 ms of CPU a request")
        .contains("at most 400 req/s")
        .contains("95 % of that")
        .contains("The cores bind");
    assertThat(CrossoverPlacement.of(room).sentence()).contains("The cores had room");
    // vtbench's own SUT draws its bounds in its figures: no placement
    assertThat(CrossoverPlacement.of(sweep())).isNull();
  }

  static ResultRow service(String mode, int rep, double rps, double cpuPct) {
    return Rows.row(mode, "released", 10, 50, rps)
        .rep(rep)
        .workload(ResultRow.OWN_SERVICE_WORKLOAD)
        .steadyState(true)
        .appCpuPct(cpuPct)
        .jvmProcessors(1)
        .build();
  }

  private static org.assertj.core.data.Offset<Double> within(double d) {
    return org.assertj.core.data.Offset.offset(d);
  }
}
