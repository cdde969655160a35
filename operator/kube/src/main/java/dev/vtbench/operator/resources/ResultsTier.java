package dev.vtbench.operator.resources;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.util.Map;

/** Where a run's results live in the cluster: ConfigMaps (the CSV parts and the figures). */
public final class ResultsTier {

  public static final String COMPONENT = "results";

  private ResultsTier() {}

  /**
   * A results ConfigMap. Owned by the run (and so deleted with it) only when {@code
   * spec.results.keepOnDelete} is false.
   */
  public static ConfigMap configMap(
      BenchmarkRunResource run, String name, Map<String, String> data) {
    return new ConfigMapBuilder()
        .withMetadata(RunMeta.of(run, name, COMPONENT, !run.getSpec().results.keepOnDelete))
        .withData(data)
        .build();
  }
}
