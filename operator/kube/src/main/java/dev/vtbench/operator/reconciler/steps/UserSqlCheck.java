package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.SqlSpec;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.RunStatus;
import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * Before the database is created: the user's SQL ConfigMap ({@code spec.database.sql.configMap})
 * exists and holds every file's key. CloudNativePG would otherwise wait for it in its bootstrap
 * until spec.timeouts.database; a missing ConfigMap should cost seconds and name what to create.
 * The ConfigMap is the user's: read, never changed.
 */
public final class UserSqlCheck implements Step {

  private final KubernetesClient client;

  public UserSqlCheck(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    BenchmarkRunSpec spec = view.spec();
    SqlSpec sql = spec.database.enabled ? spec.database.sql : null;
    if (sql == null || spec.sut.service == null || view.database() != null) {
      return Result.next();
    }
    String ns = view.run().getMetadata().getNamespace();
    String create =
        "kubectl create configmap "
            + sql.configMap
            + " -n "
            + ns
            + " "
            + String.join(" ", sql.files.stream().map(f -> "--from-file=" + f).toList());
    try {
      new UserConfigMap(client, ns, sql.configMap, "spec.database.sql.configMap", create)
          .data(sql.keys(), "each of spec.database.sql.files is the key of its base name");
    } catch (UserConfigMap.Unavailable e) {
      return Result.fail(Reason.SqlUnavailable, e.getMessage());
    }
    return Result.next();
  }
}
