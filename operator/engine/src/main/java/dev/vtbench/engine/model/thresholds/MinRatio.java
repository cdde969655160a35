package dev.vtbench.engine.model.thresholds;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;

/** virtual ÷ platform throughput at least this in the matching pool/concurrency pairs. */
public class MinRatio extends CellFilter {
  @JsonPropertyDescription("The least ratio, e.g. 1.5 (virtual 50% faster).")
  @Required
  @ValidationRule(value = "self > 0.0", message = "must be greater than 0")
  public Double ratio;
}
