package dev.vtbench.engine.model.spec;

import static dev.vtbench.engine.model.rules.QuantityRules.CPU;
import static dev.vtbench.engine.model.rules.QuantityRules.CPU_MESSAGE;
import static dev.vtbench.engine.model.rules.QuantityRules.CPU_RULE;
import static dev.vtbench.engine.model.rules.QuantityRules.MEMORY;
import static dev.vtbench.engine.model.rules.QuantityRules.QUANTITY_MAX;
import static dev.vtbench.engine.model.rules.QuantityRules.WHOLE_CPU_MESSAGE;
import static dev.vtbench.engine.model.rules.QuantityRules.WHOLE_CPU_RULE;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.QuantityRules;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.LinkedHashMap;
import java.util.Map;

/** PostgreSQL. */
@ValidationRule(value = WHOLE_CPU_RULE, message = WHOLE_CPU_MESSAGE, fieldPath = ".cpu")
@ValidationRule(value = CPU_RULE, message = CPU_MESSAGE, fieldPath = ".cpu")
public class DatabaseSpec {
  @JsonPropertyDescription(
      "false: no PostgreSQL (only with spec.sut.service, for a service without a database).")
  @Default("true")
  public boolean enabled = true;

  @JsonPropertyDescription(
      "Your service's schema and data (with spec.sut.service): SQL files run in order on a"
          + " fresh database before the service starts; unset: vtbench's seed (customers,"
          + " orders).")
  public SqlSpec sql;

  @JsonPropertyDescription(
      "Your service's existing database (with spec.sut.service) instead of a fresh one: a Secret"
          + " whose keys url (JDBC URL), username and password the service connects with;"
          + " vtbench then creates, seeds and measures no database, and the other database"
          + " fields do not apply.")
  public ExternalDatabaseSpec external;

  /**
   * Whether vtbench runs a database of its own (a CloudNativePG Cluster, a local PostgreSQL):
   * enabled and not the user's {@link #external} one.
   */
  public boolean provisioned() {
    return enabled && external == null;
  }

  @JsonPropertyDescription(
      "true: whole CPUs, requests = limits (Guaranteed QoS), so the kubelet's static CPU manager"
          + " gives PostgreSQL exclusive cores; false: any CPU quantity on shared cores.")
  @Default("true")
  public boolean pinned = true;

  @JsonPropertyDescription("Node labels PostgreSQL must run on (Kubernetes only); empty: any node.")
  @Size(max = SpecRules.NODE_SELECTOR_MAX)
  @ValidationRule(value = SpecRules.NODE_SELECTOR_RULE, message = SpecRules.NODE_SELECTOR_MESSAGE)
  public Map<String, @Size(max = SpecRules.LABEL_MAX) @Pattern(SpecRules.LABEL_VALUE) String>
      nodeSelector = new LinkedHashMap<>();

  @JsonPropertyDescription("CPU cores for PostgreSQL.")
  @Pattern(CPU)
  @Size(max = QUANTITY_MAX)
  public String cpu = "1";

  @JsonPropertyDescription("Memory for PostgreSQL, e.g. 1Gi; from 256Mi to 1Ti.")
  @Pattern(MEMORY)
  @Size(max = QUANTITY_MAX)
  @ValidationRule(
      value = QuantityRules.DATABASE_MEMORY_RULE,
      message = QuantityRules.DATABASE_MEMORY_MESSAGE)
  public String memory = "1Gi";

  @JsonPropertyDescription(
      "PostgreSQL image for CloudNativePG (Kubernetes only); empty: the operator's default.")
  @Size(max = SpecRules.IMAGE_MAX)
  @ValidationRule(value = SpecRules.OPTIONAL_IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
  public String image = "";

  @JsonPropertyDescription(
      "Volume size for PostgreSQL (Kubernetes only), e.g. 2Gi; from 1Gi to 64Ti.")
  @Pattern(MEMORY)
  @Size(max = QUANTITY_MAX)
  @ValidationRule(value = QuantityRules.STORAGE_RULE, message = QuantityRules.STORAGE_MESSAGE)
  public String storage = "2Gi";

  @JsonPropertyDescription("Rows to seed.")
  public SeedSpec seed = new SeedSpec();
}
