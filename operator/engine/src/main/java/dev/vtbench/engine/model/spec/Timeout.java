package dev.vtbench.engine.model.spec;

import dev.vtbench.engine.model.rules.Durations;
import java.time.Duration;

/**
 * One deadline of spec.timeouts as both platforms use it: how long the wait may take, and the field
 * that says so, so a timed-out wait names what to change.
 *
 * @param field e.g. spec.timeouts.sutStart
 * @param value as written in the spec, e.g. 5m
 */
public record Timeout(String field, String value) {

  public Duration duration() {
    return Durations.parse(field, value);
  }

  /** E.g. "spec.timeouts.sutStart: 5m", for a message that says which deadline passed. */
  @Override
  public String toString() {
    return field + ": " + value;
  }

  /** E.g. "within 5m (spec.timeouts.sutStart)". */
  public String within() {
    return "within " + value + " (" + field + ")";
  }
}
