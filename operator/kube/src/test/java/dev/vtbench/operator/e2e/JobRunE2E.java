package dev.vtbench.operator.e2e;

import org.junit.jupiter.api.Test;

/**
 * The same spec through plain Jobs (spec.load.runner=job), one cell at two pool sizes: one SUT pod
 * serves both, its pool resized by each load.
 */
class JobRunE2E {

  @Test
  void oneCellAtTwoPoolsRunsThroughPlainJobsOnOneSut() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    try (E2eContext e2e = new E2eContext(settings)) {
      RunSpec spec = RunSpec.fromFile(e2e.k8s.getKubernetesSerialization(), settings.spec());
      spec.named(spec.fileName() + "-job", e2e.namespace())
          .images(settings.dbImage(), settings.k6Image())
          .runner("job")
          .oneCellTwoPools("virtual");
      EndToEndRun.run(e2e, "job", spec, false);
      e2e.checks.verify();
    }
  }
}
