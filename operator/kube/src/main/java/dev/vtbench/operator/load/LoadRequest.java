package dev.vtbench.operator.load;

import java.util.List;

/**
 * One load object to create: its name, the scenario ids it runs in order (one, or a staged Job's
 * several), and its scripts.
 *
 * @param warmUpFrom a warm-up round's {@link dev.vtbench.operator.resources.Labels#WARM_UP_FROM}
 *     label, or null for a measured load
 * @param tierStarts a measured load's tiers as it begins ({@link
 *     dev.vtbench.operator.reconciler.observation.TierStarts#encode}), or null
 */
public record LoadRequest(
    String name, List<String> stages, String warmUpFrom, String tierStarts, LoadScript script) {

  public LoadRequest {
    stages = List.copyOf(stages);
    if (stages.size() != script.scripts().size()) {
      throw new IllegalArgumentException(
          name + ": " + stages.size() + " stages for " + script.scripts().size() + " scripts");
    }
  }

  /** The scenario the load's labels name: its first stage's. */
  public String scenarioId() {
    return stages.getFirst();
  }
}
