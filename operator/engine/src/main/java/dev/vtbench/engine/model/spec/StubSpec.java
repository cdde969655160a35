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

/** The downstream stub. */
@ValidationRule(value = WHOLE_CPU_RULE, message = WHOLE_CPU_MESSAGE, fieldPath = ".cpu")
@ValidationRule(value = CPU_RULE, message = CPU_MESSAGE, fieldPath = ".cpu")
public class StubSpec {
  @JsonPropertyDescription(
      "true: whole CPUs, requests = limits (Guaranteed QoS), so the kubelet's static CPU manager"
          + " gives the stub exclusive cores; false: any CPU quantity on shared cores.")
  @Default("true")
  public boolean pinned = true;

  @JsonPropertyDescription("Node labels the stub must run on (Kubernetes only); empty: any node.")
  @Size(max = SpecRules.NODE_SELECTOR_MAX)
  @ValidationRule(value = SpecRules.NODE_SELECTOR_RULE, message = SpecRules.NODE_SELECTOR_MESSAGE)
  public Map<String, @Size(max = SpecRules.LABEL_MAX) @Pattern(SpecRules.LABEL_VALUE) String>
      nodeSelector = new LinkedHashMap<>();

  @JsonPropertyDescription("Stub container image (Kubernetes only).")
  @Size(min = 1, max = SpecRules.IMAGE_MAX)
  @ValidationRule(value = SpecRules.IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
  public String image = "vtbench/stub:dev";

  @JsonPropertyDescription("CPU cores for the stub.")
  @Pattern(CPU)
  @Size(max = QUANTITY_MAX)
  public String cpu = "1";

  @JsonPropertyDescription("Memory for the stub, e.g. 512Mi; from 256Mi to 1Ti.")
  @Pattern(MEMORY)
  @Size(max = QUANTITY_MAX)
  @ValidationRule(value = QuantityRules.JVM_MEMORY_RULE, message = QuantityRules.JVM_MEMORY_MESSAGE)
  public String memory = "512Mi";
}
