package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * The user's own database ({@code spec.database.external}): only the name of a Secret holding
 * {@code url}, {@code username} and {@code password}, which the service reads as Spring Boot
 * properties from a configtree (a mounted Secret on a cluster, a folder of files locally). vtbench
 * never reads the password, nor writes to that database.
 */
public class ExternalDatabaseSpec {
  @JsonPropertyDescription(
      "The Secret in the run's namespace holding the keys url (JDBC URL), username and password,"
          + " e.g. made by kubectl create secret generic orders-db --from-file=DIR/; locally the"
          + " folder <secrets dir>/<name>/ holding one file per key (vtbench run --secrets).")
  @Required
  @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
  @ValidationRule(
      value = "self.matches('" + SpecRules.SUBDOMAIN + "')",
      message = SpecRules.SUBDOMAIN_MESSAGE)
  public String secret;
}
