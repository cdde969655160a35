package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.gate.Gate;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.thresholds.BaselineSpec;
import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.history.History;
import dev.vtbench.engine.results.row.ResultRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spec.thresholds.baseline.lastRuns}: the gate compares a run with the median of the last N
 * runs in a results folder, not with one of them. Over bench-hero's three runs ({@link
 * HistoryCommandTest#threeRuns}: two alike on the Intel VM, then the slower EPYC VM), the median of
 * all three is the Intel runs' figure.
 */
class GateLastRunsTest {

  static BenchmarkRunSpec spec(Path folder, int lastRuns) {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.thresholds = new ThresholdsSpec();
    spec.thresholds.baseline = new BaselineSpec();
    spec.thresholds.baseline.file = folder.toString();
    spec.thresholds.baseline.lastRuns = lastRuns;
    spec.thresholds.baseline.maxRegression = "10%";
    return spec;
  }

  @Test
  void theMedianOfTheLastRunsIsTheBaseline(@TempDir Path tmp) throws Exception {
    Path dir = HistoryCommandTest.threeRuns(tmp);
    List<ResultRow> intel = ResultsCsv.read(HistoryCommandTest.INTEL);
    List<ResultRow> epyc = ResultsCsv.read(HistoryCommandTest.EPYC);

    // all three: one slower run among them neither fails the Intel run nor makes a new baseline
    BenchmarkRunSpec three = spec(dir, 3);
    List<ResultRow> baseline = Main.Run.baseline(three);
    assertThat(baseline).isEqualTo(History.baseline(RunFolders.runs(List.of(dir), n -> {}), 3));
    assertThat(Gate.evaluate(three.thresholds, intel, baseline).met()).isTrue();
    Gate.Verdict slower = Gate.evaluate(three.thresholds, epyc, baseline);
    assertThat(slower.met()).isFalse();
    assertThat(slower.violations()).isNotEmpty();

    // the last one only: the EPYC run against itself
    BenchmarkRunSpec one = spec(dir, 1);
    assertThat(Gate.evaluate(one.thresholds, epyc, Main.Run.baseline(one)).met()).isTrue();
  }

  @Test
  void lastRunsNeedsAResultsFolder(@TempDir Path tmp) throws Exception {
    Path csv = tmp.resolve("matrix.csv");
    Files.copy(HistoryCommandTest.INTEL, csv);
    assertThatThrownBy(() -> Main.Run.baseline(spec(csv, 3)))
        .hasMessageStartingWith(
            "spec.thresholds.baseline.file: with lastRuns, file names a results folder");
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    assertThatThrownBy(() -> Main.Run.baseline(spec(empty, 3)))
        .hasMessageStartingWith("spec.thresholds.baseline.file: ")
        .hasMessageContaining("holds no matrix.csv");
  }
}
