package dev.vtbench.operator.e2e;

import org.junit.jupiter.api.Test;

/**
 * The e2e's main run: the spec file (examples/two-core.yaml) through k6-operator TestRuns
 * (spec.load.runner testrun, or VTBENCH_E2E_RUNNER), the operator pod killed once after the first
 * recorded scenario.
 */
class TwoCoreRunE2E {

  @Test
  void theExampleRunsToItsEndAcrossAnOperatorRestart() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    try (E2eContext e2e = new E2eContext(settings)) {
      RunSpec spec = RunSpec.fromFile(e2e.k8s.getKubernetesSerialization(), settings.spec());
      spec.named(spec.fileName(), e2e.namespace()).images(settings.dbImage(), settings.k6Image());
      // explicit: auto would stage these one-runner loads in Jobs (the staged phase does)
      spec.runner(settings.runner() != null ? settings.runner() : "testrun");
      EndToEndRun.run(e2e, "testrun", spec, true);
      e2e.checks.verify();
    }
  }
}
