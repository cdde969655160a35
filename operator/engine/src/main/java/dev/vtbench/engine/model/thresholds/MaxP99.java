package dev.vtbench.engine.model.thresholds;

import static dev.vtbench.engine.model.rules.SpecRules.DURATION;
import static dev.vtbench.engine.model.rules.SpecRules.DURATION_MAX;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** p99 at most this long in the matching cells. */
public class MaxP99 extends ModeCellFilter {
  @JsonPropertyDescription("The limit, e.g. 250ms or 1s.")
  @Required
  @Pattern(DURATION)
  @Size(max = DURATION_MAX)
  @ValidationRule(value = SpecRules.POSITIVE_RULE, message = SpecRules.POSITIVE_MESSAGE)
  @ValidationRule(value = SpecRules.REQUEST_TIME_RULE, message = SpecRules.REQUEST_TIME_MESSAGE)
  public String p99;
}
