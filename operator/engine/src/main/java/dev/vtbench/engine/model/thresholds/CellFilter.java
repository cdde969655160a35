package dev.vtbench.engine.model.thresholds;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;

/** Which cells a rule applies to: every field left out matches all. */
public abstract class CellFilter {
  @JsonPropertyDescription("A pool size from spec.matrix.hikariPoolSizes; left out: all.")
  @Min(1)
  @Max(SpecRules.POOL_MAX)
  public Integer hikariPoolSize;

  @JsonPropertyDescription("A level from spec.matrix.concurrency; left out: all.")
  @Min(1)
  @Max(SpecRules.CONCURRENCY_MAX)
  public Integer concurrency;

  /** The thread mode the rule names; null: every mode. */
  public String threadMode() {
    return null;
  }
}
