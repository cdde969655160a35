package dev.vtbench.engine.model.spec;

import static dev.vtbench.engine.model.rules.QuantityRules.CPU;
import static dev.vtbench.engine.model.rules.QuantityRules.CPU_MESSAGE;
import static dev.vtbench.engine.model.rules.QuantityRules.CPU_RULE;
import static dev.vtbench.engine.model.rules.QuantityRules.MEMORY;
import static dev.vtbench.engine.model.rules.QuantityRules.QUANTITY_MAX;
import static dev.vtbench.engine.model.rules.QuantityRules.WHOLE_CPU_MESSAGE;
import static dev.vtbench.engine.model.rules.QuantityRules.WHOLE_CPU_RULE;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.PlacementRules;
import dev.vtbench.engine.model.rules.QuantityRules;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.LinkedHashMap;
import java.util.Map;

/** The system under test. */
@ValidationRule(value = WHOLE_CPU_RULE, message = WHOLE_CPU_MESSAGE, fieldPath = ".cpu")
@ValidationRule(value = CPU_RULE, message = CPU_MESSAGE, fieldPath = ".cpu")
@ValidationRule(
    value = PlacementRules.NEEDS_SELECTOR_RULE,
    message = PlacementRules.NEEDS_SELECTOR_MESSAGE,
    fieldPath = ".dedicatedNode")
public class SutSpec {
  @JsonPropertyDescription(
      "true: whole CPUs, requests = limits (Guaranteed QoS), so the kubelet's static CPU manager"
          + " gives the SUT exclusive cores; false: any CPU quantity on shared cores.")
  @Default("true")
  public boolean pinned = true;

  @JsonPropertyDescription("Node labels the SUT must run on (Kubernetes only); empty: any node.")
  @Size(max = SpecRules.NODE_SELECTOR_MAX)
  @ValidationRule(value = SpecRules.NODE_SELECTOR_RULE, message = SpecRules.NODE_SELECTOR_MESSAGE)
  public Map<String, @Size(max = SpecRules.LABEL_MAX) @Pattern(SpecRules.LABEL_VALUE) String>
      nodeSelector = new LinkedHashMap<>();

  @JsonPropertyDescription(
      "true: the nodes nodeSelector selects are kept for the SUT (Kubernetes only): the run's"
          + " stub, database and k6 pods keep off them (node affinity) and the SUT keeps off any"
          + " node running another pod of the run (pod anti-affinity per"
          + " kubernetes.io/hostname). Needs nodeSelector, and at least one node it does not"
          + " select for the rest of the run; other workloads may still run there. false: any"
          + " tier may share the SUT's node.")
  @Default("false")
  public boolean dedicatedNode = false;

  @JsonPropertyDescription("SUT container image (Kubernetes only).")
  @Size(min = 1, max = SpecRules.IMAGE_MAX)
  @ValidationRule(value = SpecRules.IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
  public String image = "vtbench/sut:dev";

  @JsonPropertyDescription(
      "The reactive SUT's container image, for the thread mode reactive (Kubernetes only).")
  @Size(min = 1, max = SpecRules.IMAGE_MAX)
  @ValidationRule(value = SpecRules.IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
  public String reactiveImage = "vtbench/sut-reactive:dev";

  /**
   * The image of the SUT that runs {@code threadMode}: the user's service's own, if it has one (the
   * image a config of {@code spec.matrix.builds} runs is {@code ServiceBuild}'s).
   */
  public String image(String threadMode) {
    if (service != null) {
      return service.image;
    }
    return SpecRules.REACTIVE.equals(threadMode) ? reactiveImage : image;
  }

  @JsonPropertyDescription("CPU cores for the SUT, e.g. 4 (whole CPUs while pinned) or 500m.")
  @Pattern(CPU)
  @Size(max = QUANTITY_MAX)
  public String cpu = "4";

  @JsonPropertyDescription("Memory for the SUT, e.g. 2Gi; from 256Mi to 1Ti.")
  @Pattern(MEMORY)
  @Size(max = QUANTITY_MAX)
  @ValidationRule(value = QuantityRules.JVM_MEMORY_RULE, message = QuantityRules.JVM_MEMORY_MESSAGE)
  public String memory = "2Gi";

  @JsonPropertyDescription("Tomcat worker threads (the platform-thread wall).")
  @Min(1)
  @Max(SpecRules.TOMCAT_THREADS_MAX)
  public int tomcatMaxThreads = 200;

  @JsonPropertyDescription(
      "Extra environment variables for the SUT, e.g. SYNC_STRIPES; what vtbench sets (DB_*,"
          + " HIKARI_*, TOMCAT_*, STUB_*, SERVER_*, MANAGEMENT_*, SPRING_*, ...) is reserved.")
  @Size(max = SpecRules.ENV_MAX)
  @ValidationRule(value = SpecRules.ENV_RULE, message = SpecRules.ENV_MESSAGE)
  public Map<String, String> env = new LinkedHashMap<>();

  @JsonPropertyDescription(
      "Your own service in place of vtbench's SUT: its image (Kubernetes) or jar / command"
          + " (local), port, health path and Actuator; unset: vtbench's SUT. image, env and"
          + " the workload's endpoint, connectionMode and pathMode of the built-in SUT do not"
          + " apply to it.")
  public ServiceSpec service;

  /**
   * Whether the run has a stub: vtbench's SUT always calls it, a user's service only where its spec
   * names the variable it reads the stub's URL from ({@link ServiceSpec#usesStub}).
   */
  public boolean runsStub() {
    return service == null || service.usesStub();
  }
}
