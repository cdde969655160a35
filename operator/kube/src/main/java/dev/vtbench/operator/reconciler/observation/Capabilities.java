package dev.vtbench.operator.reconciler.observation;

import dev.vtbench.engine.model.spec.LoadSpec;
import dev.vtbench.operator.load.RunnerKind;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Optional;

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

  /** How k6 runs for {@code load} (spec.load): empty if it cannot ({@link RunnerKind#choose}). */
  public Optional<RunnerKind> runner(LoadSpec load) {
    return RunnerKind.choose(load, k6Operator);
  }
}
