package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * {@code spec.workload.script}: the user's own k6 module, which vtbench's script imports and calls
 * as each iteration of its own scenarios (ramp, warm-up, hold), so that only the hold is measured.
 * A file locally, a ConfigMap key on a cluster, so one spec runs in both places.
 */
// On a cluster only a ConfigMap can hold the module; local runs read the file (LocalInputs).
@ValidationRule(
    value = ServiceRules.SCRIPT_CONFIG_MAP_RULE,
    message = ServiceRules.SCRIPT_CONFIG_MAP_MESSAGE)
public class ScriptSpec {

  @JsonPropertyDescription(
      "Your k6 module for local runs, relative to the spec file's folder unless absolute, e.g."
          + " k6/orders.js: it exports a default function (one iteration) and may export setup and"
          + " teardown.")
  @Size(min = 1, max = SpecRules.FILE_MAX)
  @ValidationRule(value = SpecRules.FILE_RULE, message = SpecRules.FILE_MESSAGE)
  public String file;

  @JsonPropertyDescription(
      "The ConfigMap key holding the same module on Kubernetes, in the run's namespace, e.g. made"
          + " by kubectl create configmap orders-k6 --from-file=k6/orders.js. The operator reads"
          + " it and never changes it.")
  public ConfigMapRef configMap;

  /** A key of a ConfigMap in the run's namespace. */
  public static class ConfigMapRef {
    @JsonPropertyDescription("ConfigMap name.")
    @Required
    @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
    @ValidationRule(
        value = "self.matches('" + SpecRules.SUBDOMAIN + "')",
        message = SpecRules.SUBDOMAIN_MESSAGE)
    public String name;

    @JsonPropertyDescription("The key holding the module, e.g. orders.js.")
    @Required
    @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
    @ValidationRule(
        value = "self.matches('" + SpecRules.CONFIG_MAP_KEY + "')",
        message = SpecRules.CONFIG_MAP_KEY_MESSAGE)
    public String key;
  }
}
