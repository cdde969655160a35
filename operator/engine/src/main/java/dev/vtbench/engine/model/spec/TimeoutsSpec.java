package dev.vtbench.engine.model.spec;

import static dev.vtbench.engine.model.rules.SpecRules.DURATION;
import static dev.vtbench.engine.model.rules.SpecRules.DURATION_MAX;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.TimeoutRules;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** Deadlines on the waits; each a duration such as 10m or 90s. */
public class TimeoutsSpec {
  @JsonPropertyDescription(
      "The database bootstrapped, seeded and Ready: the CloudNativePG Cluster (locally:"
          + " PostgreSQL started and seeded); default "
          + TimeoutRules.DATABASE_TIMEOUT
          + ", at most "
          + TimeoutRules.DATABASE_TIMEOUT_MAX
          + ".")
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(
      value = TimeoutRules.DATABASE_TIMEOUT_RULE,
      message = TimeoutRules.DATABASE_TIMEOUT_MESSAGE)
  public String database = TimeoutRules.DATABASE_TIMEOUT;

  @JsonPropertyDescription(
      "The SUT and the stub available after each (re)start of the SUT; default "
          + TimeoutRules.SUT_START_TIMEOUT
          + ", at most "
          + TimeoutRules.SUT_START_TIMEOUT_MAX
          + ".")
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(
      value = TimeoutRules.SUT_START_TIMEOUT_RULE,
      message = TimeoutRules.SUT_START_TIMEOUT_MESSAGE)
  public String sutStart = TimeoutRules.SUT_START_TIMEOUT;

  @JsonPropertyDescription(
      "A k6 runner pod started after its TestRun or Job was created (Kubernetes only); default "
          + TimeoutRules.LOAD_START_TIMEOUT
          + ", at most "
          + TimeoutRules.LOAD_START_TIMEOUT_MAX
          + ".")
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(
      value = TimeoutRules.LOAD_START_TIMEOUT_RULE,
      message = TimeoutRules.LOAD_START_TIMEOUT_MESSAGE)
  public String loadStart = TimeoutRules.LOAD_START_TIMEOUT;

  /** The database deadline. */
  public Timeout database() {
    return new Timeout("spec.timeouts.database", database);
  }

  /** The SUT/stub start deadline. */
  public Timeout sutStart() {
    return new Timeout("spec.timeouts.sutStart", sutStart);
  }

  /** The runner start deadline. */
  public Timeout loadStart() {
    return new Timeout("spec.timeouts.loadStart", loadStart);
  }
}
