package dev.vtbench.engine.model.thresholds;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** A cell filter that can also name one thread mode. */
public abstract class ModeCellFilter extends CellFilter {
  @JsonPropertyDescription("platform, virtual or reactive; left out: every mode.")
  @ValidationRule(
      value = "self in " + SpecRules.THREAD_MODES,
      message = SpecRules.THREAD_MODES_MESSAGE)
  @Size(max = 16)
  public String threadMode;

  @Override
  public String threadMode() {
    return threadMode;
  }
}
