package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

/**
 * The SQL a user's service needs in its database: files locally, the same files as keys of a
 * ConfigMap on a cluster ({@code kubectl create configmap NAME --from-file=db/} keys each file by
 * its base name), so one spec runs in both places.
 */
// On a cluster only a ConfigMap can hold the SQL; local runs read the files (LocalInputs).
@ValidationRule(
    value = ServiceRules.SQL_CONFIG_MAP_RULE,
    message = ServiceRules.SQL_CONFIG_MAP_MESSAGE)
@ValidationRule(
    value = ServiceRules.SQL_KEYS_RULE,
    message = ServiceRules.SQL_KEYS_MESSAGE,
    fieldPath = ".files")
public class SqlSpec {
  @JsonPropertyDescription(
      "SQL files run in this order, e.g. [db/schema.sql, db/seed.sql]: read locally relative to"
          + " the spec file's folder unless absolute; on Kubernetes their base names are the keys of"
          + " configMap.")
  @Required
  @Size(min = 1, max = ServiceRules.SQL_FILES_MAX)
  @ValidationRule(value = SpecRules.FILE_LIST_RULE, message = SpecRules.FILE_MESSAGE)
  public List<@Size(min = 1, max = SpecRules.FILE_MAX) String> files;

  @JsonPropertyDescription(
      "The ConfigMap in the run's namespace holding the files (Kubernetes), keyed by base name,"
          + " e.g. made by kubectl create configmap orders-sql --from-file=db/. The operator"
          + " reads it and never changes it.")
  @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
  @ValidationRule(
      value = "self.matches('" + SpecRules.SUBDOMAIN + "')",
      message = SpecRules.SUBDOMAIN_MESSAGE)
  public String configMap;

  /** The ConfigMap keys of {@link #files} on a cluster: each file's base name, in order. */
  public List<String> keys() {
    return files.stream().map(SqlSpec::key).toList();
  }

  /** The key of one file: its base name, as {@code kubectl create configmap --from-file}. */
  public static String key(String file) {
    String f = file.replace('\\', '/');
    return f.substring(f.lastIndexOf('/') + 1);
  }
}
