package dev.vtbench.engine.model.thresholds;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;

/** Throughput at least this high in the matching cells. */
public class MinThroughput extends ModeCellFilter {
  @JsonPropertyDescription("Requests per second, e.g. 1500.")
  @Required
  @ValidationRule(value = "self > 0.0", message = "must be greater than 0")
  public Double rps;
}
