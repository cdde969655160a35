package dev.vtbench.operator.reconciler.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.gate.Gate;
import dev.vtbench.engine.model.thresholds.MaxP99;
import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.reconciler.steps.FinishStep;
import dev.vtbench.operator.results.TenThousandScenariosTest;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The status of a 10,000-scenario run that missed every threshold stays small: what the reconciler
 * writes on every pass and {@code kubectl get} reads.
 */
class StatusSizeTest {

  @Test
  void aTenThousandScenarioRunKeepsItsStatusSmall() {
    List<ResultRow> rows = TenThousandScenariosTest.rows();
    BenchmarkRunResource run = TenThousandScenariosTest.run();
    RunStatus status = new RunStatus(run, Clock.systemUTC());
    status.results(
        List.of(
            "ten-thousand-results",
            "ten-thousand-results-2",
            "ten-thousand-results-3",
            "ten-thousand-results-4",
            "ten-thousand-results-5",
            "ten-thousand-figures"),
        rows,
        rows.size(),
        rows.size());
    ThresholdsSpec thresholds = new ThresholdsSpec();
    MaxP99 strict = new MaxP99();
    strict.p99 = "1ms";
    thresholds.maxP99.add(strict);
    Gate.Verdict verdict = Gate.evaluate(thresholds, rows, List.of());
    assertThat(verdict.violations()).as("one per cell").hasSize(1_000);
    status.thresholds(verdict);
    status.failed(
        Conditions.Reason.ThresholdsNotMet, verdict.summary(FinishStep.MESSAGE_VIOLATIONS));
    int bytes =
        new KubernetesSerialization()
            .asJson(status.settle())
            .getBytes(StandardCharsets.UTF_8)
            .length;
    assertThat(bytes).as("status bytes for 10,000 scenarios").isLessThan(16 * 1024);
    assertThat(status.status.recentScenarios).hasSize(RunStatus.RECENT_ROWS);
    assertThat(status.status.thresholds.violations).hasSize(RunStatus.STATUS_LINES);
  }
}
