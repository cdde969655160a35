package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.model.spec.ScriptSpec;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.RunStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;

/**
 * The user's own k6 module ({@code spec.workload.script.configMap}), a key of their ConfigMap: read
 * before anything is created, so a missing ConfigMap or key, or a module vtbench cannot run, fails
 * the run in seconds and names what to create; read again as each load starts, whose own ConfigMap
 * carries it beside vtbench's script. The ConfigMap is the user's: read, never changed.
 */
public final class UserScriptCheck implements Step {

  private final KubernetesClient client;

  public UserScriptCheck(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    boolean started = view.database() != null || view.sut() != null || !view.loads().isEmpty();
    if (started || script(view.run()) == null) {
      return Result.next();
    }
    try {
      read(view.run());
      return Result.next();
    } catch (UserConfigMap.Unavailable e) {
      return Result.fail(Reason.ScriptUnavailable, e.getMessage());
    }
  }

  private static ScriptSpec script(BenchmarkRunResource run) {
    var spec = run.getSpec();
    return spec.sut.service == null ? null : spec.workload.script;
  }

  /**
   * The module's text, checked to be one vtbench runs ({@link UserModule#checked}); null when the
   * run's loads send vtbench's requests or a mix.
   *
   * @throws UserConfigMap.Unavailable when the ConfigMap or its key is missing or unreadable, or
   *     the module is empty or too large
   */
  String read(BenchmarkRunResource run) {
    ScriptSpec script = script(run);
    if (script == null) {
      return null;
    }
    String ns = run.getMetadata().getNamespace();
    ScriptSpec.ConfigMapRef ref = script.configMap;
    String create =
        "kubectl create configmap "
            + ref.name
            + " -n "
            + ns
            + " --from-file="
            + ref.key
            + "="
            + (script.file != null ? script.file : "<your k6 module>");
    UserConfigMap cm =
        new UserConfigMap(client, ns, ref.name, "spec.workload.script.configMap", create);
    String text =
        cm.data(
                List.of(ref.key),
                "spec.workload.script.configMap.key names the key holding your module")
            .get(ref.key);
    try {
      return UserModule.checked(cm.source() + " key " + ref.key, text);
    } catch (IllegalArgumentException e) {
      throw new UserConfigMap.Unavailable(e.getMessage());
    }
  }
}
