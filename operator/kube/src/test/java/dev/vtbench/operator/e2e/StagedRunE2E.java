package dev.vtbench.operator.e2e;

import org.junit.jupiter.api.Test;

/**
 * The spec file (examples/two-core.yaml) through plain Jobs with its holds at 30 s: each SUT
 * configuration's scenarios run as stages of one Job (LoadScript#stages), the operator pod killed
 * once after the first recorded scenario, which is while the first Job runs its second stage. Its
 * cost block gives the wall-clock ÷ hold and the time between scenarios on a running SUT that the
 * stages are for (docs/cluster-results.md, "Stages").
 */
class StagedRunE2E {

  @Test
  void eachSutConfigurationIsOneJobOfStagesAcrossAnOperatorRestartMidStage() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    try (E2eContext e2e = new E2eContext(settings)) {
      RunSpec spec = RunSpec.fromFile(e2e.k8s.getKubernetesSerialization(), settings.spec());
      spec.named(spec.fileName() + "-staged", e2e.namespace())
          .images(settings.dbImage(), settings.k6Image())
          .runner("job")
          .hold("30s");
      EndToEndRun.run(e2e, "staged", spec, true);
      e2e.checks.verify();
    }
  }
}
