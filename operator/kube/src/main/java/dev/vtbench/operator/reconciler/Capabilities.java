package dev.vtbench.operator.reconciler;

import io.fabric8.kubernetes.client.KubernetesClient;

/** What the cluster offers, discovered once at start-up. */
public record Capabilities(boolean cnpg, boolean k6Operator) {

  public static Capabilities discover(KubernetesClient client) {
    return new Capabilities(
        has(client, "postgresql.cnpg.io/v1", "Cluster"), has(client, "k6.io/v1alpha1", "TestRun"));
  }

  private static boolean has(KubernetesClient client, String groupVersion, String kind) {
    var list = client.getApiResources(groupVersion);
    return list != null && list.getResources().stream().anyMatch(r -> kind.equals(r.getKind()));
  }

  /** How k6 runs for {@code requested} (spec.load.runner): testrun, job, or null if it cannot. */
  String runner(String requested) {
    return switch (requested) {
      case "job" -> "job";
      case "testrun" -> k6Operator ? "testrun" : null;
      default -> k6Operator ? "testrun" : "job";
    };
  }
}
