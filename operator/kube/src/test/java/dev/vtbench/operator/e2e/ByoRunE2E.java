package dev.vtbench.operator.e2e;

import io.fabric8.kubernetes.api.model.ConfigMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bring your own service on the real cluster: examples/byo-orders-cluster.yaml runs the user's
 * image (vtbench/byo-orders:dev, a Spring Boot service that knows nothing of vtbench) as the SUT,
 * its SQL from a ConfigMap the user made, platform and virtual at one level; the run is measured
 * through Actuator, and deleting it leaves the user's ConfigMap as it was.
 */
class ByoRunE2E {

  @Test
  void theUsersServiceRunsFromItsImageWithItsOwnSql() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    try (E2eContext e2e = new E2eContext(settings)) {
      RunSpec spec = RunSpec.fromFile(e2e.k8s.getKubernetesSerialization(), settings.byoSpec());
      // explicit: auto stages one runner in a Job; this phase keeps k6-operator proven
      spec.named(spec.fileName(), e2e.namespace())
          .images(settings.dbImage(), settings.k6Image())
          .runner("testrun");
      ConfigMap sql = UserSql.create(e2e, spec, settings.byoSpec());
      UserServiceChecks service = new UserServiceChecks(e2e, spec.serviceImage());
      EndToEndRun.run(e2e, "byo", spec, false, List.of(sql), service::check);
      // checked untouched by the delete; now the user tidies up, so a rerun can make it again
      e2e.k8s.resource(sql).delete();
      e2e.checks.verify();
    }
  }
}
