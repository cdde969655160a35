package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** A Secret in the run's namespace. */
public class SecretRef {
  @JsonPropertyDescription("Secret name.")
  @Required
  @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
  @ValidationRule(
      value = "self.matches('" + SpecRules.SUBDOMAIN + "')",
      message = SpecRules.SUBDOMAIN_MESSAGE)
  public String name;
}
