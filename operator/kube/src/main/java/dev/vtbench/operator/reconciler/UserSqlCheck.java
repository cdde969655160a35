package dev.vtbench.operator.reconciler;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.operator.reconciler.Conditions.Reason;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Map;

/**
 * Before the database is created: the user's SQL ConfigMap ({@code spec.database.sql.configMap})
 * exists and holds every file's key. CloudNativePG would otherwise wait for it in its bootstrap
 * until spec.timeouts.database; a missing ConfigMap should cost seconds and name what to create.
 * The ConfigMap is the user's: read, never changed.
 */
final class UserSqlCheck implements Step {

  private final KubernetesClient client;

  UserSqlCheck(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    BenchmarkRunSpec spec = view.spec();
    BenchmarkRunSpec.Sql sql = spec.database.enabled ? spec.database.sql : null;
    if (sql == null || spec.sut.service == null || view.database() != null) {
      return Result.next();
    }
    String ns = view.run().getMetadata().getNamespace();
    String source = "spec.database.sql.configMap " + ns + "/" + sql.configMap;
    String create =
        "kubectl create configmap "
            + sql.configMap
            + " -n "
            + ns
            + " "
            + String.join(" ", sql.files.stream().map(f -> "--from-file=" + f).toList());
    ConfigMap cm;
    try {
      cm = client.configMaps().inNamespace(ns).withName(sql.configMap).get();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 403) {
        throw e; // transient: the reconcile is retried
      }
      return Result.fail(
          Reason.SqlUnavailable,
          source
              + " is not readable by the operator (403 Forbidden): the chart grants it in the"
              + " namespaces it watches; add this one to watchNamespaces");
    }
    if (cm == null) {
      return Result.fail(
          Reason.SqlUnavailable,
          source + " not found: create it (" + create + "), then create the BenchmarkRun again");
    }
    Map<String, String> data = cm.getData() == null ? Map.of() : cm.getData();
    List<String> missing = sql.keys().stream().filter(k -> !data.containsKey(k)).toList();
    if (!missing.isEmpty()) {
      return Result.fail(
          Reason.SqlUnavailable,
          source
              + " has no key "
              + String.join(", ", missing)
              + " (it has "
              + (data.isEmpty() ? "no data keys" : data.keySet())
              + "): each of spec.database.sql.files is the key of its base name ("
              + create
              + ")");
    }
    return Result.next();
  }
}
