package dev.vtbench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-run gauges computed from a fixed set of runs, as the controller's cache would list. */
class OperatorMetricsTest {

  static BenchmarkRunResource run(String ns, String name, String phase, String scenario) {
    BenchmarkRunResource r = new BenchmarkRunResource();
    r.setMetadata(new ObjectMetaBuilder().withNamespace(ns).withName(name).build());
    BenchmarkRunStatus s = new BenchmarkRunStatus();
    s.phase = phase;
    s.scenario = scenario;
    s.scenariosDone = 1;
    s.scenariosTotal = 4;
    r.setStatus(s);
    return r;
  }

  @Test
  void theScenarioGaugeNamesTheScenarioOfEachRunningRunAndGoesWithIt() {
    OperatorMetrics metrics = new OperatorMetrics();
    List<BenchmarkRunResource> runs = new ArrayList<>();
    runs.add(run("a", "hero", "Running", "r1-virtual-pool50-c100"));
    runs.add(run("b", "done", "Succeeded", "r1-platform-pool50-c50"));
    metrics.watch(runs::stream);

    assertThat(metrics.scrape())
        .contains(
            "vtbench_run_scenario{namespace=\"a\",run=\"hero\",scenario=\"r1-virtual-pool50-c100\"} 1")
        .doesNotContain("vtbench_run_scenario{namespace=\"b\"")
        .contains("vtbench_runs{phase=\"Running\"} 1")
        .contains("vtbench_run_scenarios_done{namespace=\"a\",run=\"hero\"} 1");

    // The next scenario replaces the series; a finished run has none.
    runs.set(0, run("a", "hero", "Running", "r1-virtual-pool50-c200"));
    assertThat(metrics.scrape())
        .contains("scenario=\"r1-virtual-pool50-c200\"} 1")
        .doesNotContain("r1-virtual-pool50-c100");
    runs.set(0, run("a", "hero", "Succeeded", "r1-virtual-pool50-c200"));
    assertThat(metrics.scrape()).doesNotContain("vtbench_run_scenario{");
  }
}
