package dev.vtbench.engine.model.thresholds;

import static dev.vtbench.engine.model.rules.QuantityRules.PERCENT;
import static dev.vtbench.engine.model.rules.QuantityRules.QUANTITY_MAX;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.PlatformRules;
import dev.vtbench.engine.model.rules.QuantityRules;
import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.engine.model.spec.ConfigMapKey;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** Where the baseline CSV is and how much worse a cell may get. */
// In a cluster only a ConfigMap can hold the baseline; file is for vtbench run (LocalInputs).
@ValidationRule(
    value = PlatformRules.BASELINE_CONFIG_MAP_RULE,
    message = PlatformRules.BASELINE_CONFIG_MAP_MESSAGE)
@ValidationRule(
    value = PlatformRules.BASELINE_NO_LAST_RUNS_RULE,
    message = SpecRules.LAST_RUNS_LOCAL_MESSAGE)
public class BaselineSpec {
  @JsonPropertyDescription(
      "The ConfigMap holding the baseline matrix.csv (Kubernetes), in the run's namespace.")
  public ConfigMapKey configMapRef;

  @JsonPropertyDescription(
      "Path of the baseline matrix.csv for vtbench run (local only; relative to the spec file's"
          + " folder unless absolute).")
  @Size(max = SpecRules.FILE_MAX)
  public String file;

  @JsonPropertyDescription(
      "Local only (vtbench run): the baseline is the median of the last N runs in the results"
          + " folder that file names (its matrix.csv and those of its NAME.previous-* siblings),"
          + " cell by cell, instead of one CSV; 1 to 90.")
  @Min(1)
  @Max(SpecRules.BASELINE_RUNS_MAX)
  public Integer lastRuns;

  @JsonPropertyDescription(
      "How much worse than the baseline a cell may be: throughput lower, or p99 higher, by at"
          + " most this percentage, e.g. 10%; at most 100%.")
  @Pattern(PERCENT)
  @Size(max = QUANTITY_MAX)
  @ValidationRule(
      value = QuantityRules.PERCENT_TO_100_RULE,
      message = QuantityRules.PERCENT_TO_100_MESSAGE)
  @Default("10%")
  public String maxRegression = "10%";
}
