package dev.vtbench.operator.e2e;

import org.junit.jupiter.api.Test;

/**
 * Seed 002's reactive baseline on the real cluster: the spec cut to one reactive scenario through a
 * k6-operator TestRun, so the operator runs spec.sut.reactiveImage (WebFlux + R2DBC) and the load
 * resizes its R2DBC pool like the servlet SUT's Hikari pool.
 */
class ReactiveRunE2E {

  @Test
  void oneReactiveScenarioRunsOnTheReactiveImage() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    try (E2eContext e2e = new E2eContext(settings)) {
      RunSpec spec = RunSpec.fromFile(e2e.k8s.getKubernetesSerialization(), settings.spec());
      spec.named(spec.fileName() + "-reactive", e2e.namespace())
          .images(settings.dbImage(), settings.k6Image())
          // explicit: auto stages one runner in a Job; this phase keeps k6-operator proven
          .runner("testrun")
          .oneScenario("reactive");
      EndToEndRun.run(e2e, "reactive", spec, false);
      e2e.checks.verify();
    }
  }
}
