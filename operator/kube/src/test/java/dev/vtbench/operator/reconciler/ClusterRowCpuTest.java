package dev.vtbench.operator.reconciler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.ResultRow;
import dev.vtbench.engine.run.RunCursor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CPU columns of a cluster row, from what the k6 runner read around the hold
 * (runner-summary.json: a 3 s hold, the SUT used 1.3 s of CPU).
 */
class ClusterRowCpuTest {

  @Test
  void theStubsCpuOverTheHoldIsItsOwnColumn() throws Exception {
    ResultRow row =
        row(summary().replace("\"holdSeconds\":3", "\"stubCpuSeconds\":0.6,\"holdSeconds\":3"));

    assertThat(row.appCpuPct()).isCloseTo(43.33, within(0.01));
    // 0.6 s of CPU in a 3 s hold: 20 % of one core
    assertThat(row.stubCpuPct()).isCloseTo(20.0, within(1e-9));
  }

  @Test
  void aStubReadingTheRunnerMissedLeavesTheColumnEmptyNotZero() throws Exception {
    ResultRow row = row(summary());

    assertThat(row.stubCpuPct()).isNull();
    assertThat(row.appCpuPct()).isNotNull();
  }

  static ResultRow row(String summary) {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    Scenario s = Planner.plan(spec).getFirst();
    K6Plan k6 = RunCursor.of(spec, List.of()).k6Plan(new RunCursor.Measure(s), "http://sut:8080");
    return RecordStep.row(spec, s, summary, k6, spec.sut.image);
  }

  static String summary() throws Exception {
    return Files.readString(
        Path.of(ClusterRowCpuTest.class.getResource("/runner-summary.json").toURI()));
  }
}
