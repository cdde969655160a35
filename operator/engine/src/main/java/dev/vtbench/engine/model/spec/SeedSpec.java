package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;

/** Seeded data set sizes. */
public class SeedSpec {
  @JsonPropertyDescription("Customers to seed, at most 10,000,000.")
  @Min(1)
  @Max(SpecRules.SEED_CUSTOMERS_MAX)
  public long customers = 100_000;

  @JsonPropertyDescription("Orders to seed (each references a customer), at most 100,000,000.")
  @Min(1)
  @Max(SpecRules.SEED_ORDERS_MAX)
  public long orders = 1_000_000;
}
