package dev.vtbench.operator.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import dev.vtbench.engine.model.BenchmarkRunSpec;

/**
 * A stored spec the model cannot hold: the defaults in place of it, the stored JSON kept as it was
 * (written back unchanged, so a copy of the run, as java-operator-sdk makes before each reconcile,
 * reads as unreadable again) and the problem naming the field.
 */
final class UnreadableSpec extends BenchmarkRunSpec {

  @JsonIgnore final String problem;
  private final JsonNode stored;

  UnreadableSpec(JsonNode stored, String problem) {
    this.stored = stored;
    this.problem = problem;
  }

  @JsonValue
  JsonNode stored() {
    return stored;
  }
}
