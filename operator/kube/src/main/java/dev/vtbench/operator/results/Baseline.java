package dev.vtbench.operator.results;

import dev.vtbench.engine.gate.Gate;
import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;

/** The earlier run a gate compares against: spec.thresholds.baseline's ConfigMap, read. */
public final class Baseline {

  private final KubernetesClient client;

  public Baseline(KubernetesClient client) {
    this.client = client;
  }

  /**
   * The baseline CSV's rows from the ConfigMap {@code spec.thresholds.baseline.configMapRef} names;
   * empty without a baseline.
   *
   * @throws IllegalStateException saying which ConfigMap and key to create, or why it is unusable
   */
  public List<ResultRow> rows(BenchmarkRunResource run) {
    ThresholdsSpec t = run.getSpec().thresholds;
    if (t == null || t.baseline == null || t.baseline.configMapRef == null) {
      return List.of();
    }
    String ns = run.getMetadata().getNamespace();
    String name = t.baseline.configMapRef.name;
    String key = t.baseline.configMapRef.key == null ? "matrix.csv" : t.baseline.configMapRef.key;
    String source = "baseline ConfigMap " + ns + "/" + name + " key " + key;
    ConfigMap cm;
    try {
      cm = client.configMaps().inNamespace(ns).withName(name).get();
    } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
      if (e.getCode() != 403) {
        throw e; // transient: the reconcile is retried
      }
      throw new IllegalStateException(
          source
              + " is not readable by the operator (403 Forbidden): the chart grants it in the"
              + " namespaces it watches; add this one to the chart's watchNamespaces (or leave"
              + " watchNamespaces empty to watch all)",
          e);
    }
    if (cm == null) {
      throw new IllegalStateException(
          source
              + " not found: create it from an earlier run's CSV (kubectl create configmap "
              + name
              + " -n "
              + ns
              + " --from-file="
              + key
              + "=results/<run>/matrix.csv), then create the BenchmarkRun again");
    }
    String csv = cm.getData() == null ? null : cm.getData().get(key);
    if (csv == null) {
      throw new IllegalStateException(
          source
              + " not found: the ConfigMap has "
              + (cm.getData() == null ? "no data keys" : "keys " + cm.getData().keySet())
              + "; set spec.thresholds.baseline.configMapRef.key or add the key");
    }
    try {
      return Gate.parseBaseline(source, csv);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }
}
