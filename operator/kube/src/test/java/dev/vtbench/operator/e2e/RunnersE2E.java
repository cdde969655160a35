package dev.vtbench.operator.e2e;

import dev.vtbench.engine.results.row.ResultRow;
import org.junit.jupiter.api.Test;

/**
 * The spec's whole matrix (two-core: 4 scenarios, 2 warm-ups) with each scenario shared by two k6
 * runners (spec.load.parallelism 2) on a real kubelet through the default path (spec.load.runner
 * auto), which for several runners is a k6-operator TestRun per scenario: its starter starts both
 * runners, each with its execution segment; the operator waits for both and records one row of
 * both, its latencies merged from their histograms. Six 2-runner TestRuns: with the testrun,
 * reactive, byo and monitoring phases, make e2e starts at least 20 TestRuns, the count its stall
 * line (hack/offline/testrun-stalls.py) is judged on. (k6-operator v0.0.19 left 2-runner TestRuns
 * in stage created for minutes on this cluster, docs/e2e.md; the Indexed Job of spec.load.runner
 * job is proved by RunnersIT.)
 */
class RunnersE2E {

  @Test
  void everyScenarioOfTwoRunnersIsOneRowOfBoth() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    try (E2eContext e2e = new E2eContext(settings)) {
      RunSpec spec = RunSpec.fromFile(e2e.k8s.getKubernetesSerialization(), settings.spec());
      spec.named(spec.fileName() + "-runners", e2e.namespace())
          .images(settings.dbImage(), settings.k6Image())
          // two-core.yaml's 200m runner as two of 100m: the node's CPU budget holds
          .runners(2, "100m");
      EndToEndRun.run(
          e2e,
          "runners",
          spec,
          false,
          java.util.List.of(),
          (rows, sutPods) -> {
            for (ResultRow r : rows) {
              e2e.checks.check(
                  Integer.valueOf(2).equals(r.loadRunners()),
                  r.scenarioId() + ": load_runners is 2 (it is " + r.loadRunners() + ")");
              e2e.checks.check(
                  r.httpReqs() != null && r.httpReqs() > 0 && r.p99Ms() != null,
                  r.scenarioId()
                      + ": both runners' requests and a merged p99 ("
                      + r.httpReqs()
                      + " requests, p99 "
                      + r.p99Ms()
                      + " ms)");
            }
          });
      e2e.checks.verify();
    }
  }
}
