package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** What happens to the results. */
public class ResultsSpec {
  @JsonPropertyDescription(
      "Keep the results ConfigMaps (CSV, figures) when the BenchmarkRun is deleted; false"
          + " deletes them with it.")
  public boolean keepOnDelete = true;
}
