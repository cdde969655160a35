package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** A key of a ConfigMap. */
public class ConfigMapKey {
  @JsonPropertyDescription("ConfigMap name.")
  @Required
  @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
  @ValidationRule(
      value = "self.matches('" + SpecRules.SUBDOMAIN + "')",
      message = SpecRules.SUBDOMAIN_MESSAGE)
  public String name;

  @JsonPropertyDescription("Key holding the CSV.")
  @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
  @ValidationRule(
      value = "self.matches('" + SpecRules.CONFIG_MAP_KEY + "')",
      message = SpecRules.CONFIG_MAP_KEY_MESSAGE)
  @Default("matrix.csv")
  public String key = "matrix.csv";
}
