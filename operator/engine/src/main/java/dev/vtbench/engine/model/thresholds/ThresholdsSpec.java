package dev.vtbench.engine.model.thresholds;

import static dev.vtbench.engine.model.rules.QuantityRules.PERCENT;
import static dev.vtbench.engine.model.rules.QuantityRules.QUANTITY_MAX;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.QuantityRules;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.ArrayList;
import java.util.List;

/**
 * Pass/fail limits on the recorded results. A cell is one thread mode × pool × concurrency; its
 * value is the median over the repetitions.
 */
public class ThresholdsSpec {
  @JsonPropertyDescription(
      "Most p99 latency a cell may have; each rule applies to the cells it matches.")
  @Size(max = SpecRules.THRESHOLD_RULES_MAX)
  public List<MaxP99> maxP99 = new ArrayList<>();

  @JsonPropertyDescription(
      "Least throughput (requests per second) a cell must reach; each rule applies to the cells"
          + " it matches.")
  @Size(max = SpecRules.THRESHOLD_RULES_MAX)
  public List<MinThroughput> minThroughput = new ArrayList<>();

  @JsonPropertyDescription(
      "Least virtual ÷ platform throughput for cells of the same pool and concurrency.")
  @Size(max = SpecRules.THRESHOLD_RULES_MAX)
  public List<MinRatio> minVirtualToPlatformRatio = new ArrayList<>();

  @JsonPropertyDescription("Most failed requests any cell may have, as a percentage, e.g. 1%.")
  @Pattern(PERCENT)
  @Size(max = QUANTITY_MAX)
  @ValidationRule(
      value = QuantityRules.PERCENT_TO_100_RULE,
      message = QuantityRules.PERCENT_TO_100_MESSAGE)
  public String maxErrorRate;

  @JsonPropertyDescription(
      "Compare every cell's throughput and p99 with the same cell of an earlier run's"
          + " matrix.csv.")
  public BaselineSpec baseline;
}
