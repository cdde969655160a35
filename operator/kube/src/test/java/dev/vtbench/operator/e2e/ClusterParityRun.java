package dev.vtbench.operator.e2e;

import org.junit.jupiter.api.Test;

/**
 * examples/cluster-parity.yaml through the operator as a user applies it (its own runner choice,
 * only the images swapped for the ones this offline cluster has), with every check a run of {@code
 * make e2e} gets. Its rows are the cluster half of results/reference/cluster-parity-*: {@code make
 * e2e-parity} runs this class alone (its name does not end in E2E, so {@code make e2e} does not),
 * then renders the CSV it leaves in the artifacts with {@code vtbench figures}.
 */
class ClusterParityRun {

  @Test
  void theParitySpecRunsAsAUserAppliesIt() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    try (E2eContext e2e = new E2eContext(settings)) {
      RunSpec spec =
          RunSpec.fromFile(
              e2e.k8s.getKubernetesSerialization(),
              settings.repo().resolve("examples/cluster-parity.yaml"));
      spec.named(spec.fileName(), e2e.namespace()).images(settings.dbImage(), settings.k6Image());
      EndToEndRun.run(e2e, "parity", spec, false);
      e2e.checks.verify();
    }
  }
}
