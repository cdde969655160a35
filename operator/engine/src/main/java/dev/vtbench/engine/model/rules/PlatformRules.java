package dev.vtbench.engine.model.rules;

import java.util.Set;

/**
 * The CRD's rules about where a cluster takes a run's inputs from: the baseline from a ConfigMap, a
 * user's service from its image, its SQL and k6 module from ConfigMaps. A local run takes them from
 * files, a jar or a command instead, so it leaves these rules out ({@link #appliesLocally}) and
 * {@link dev.vtbench.engine.model.LocalInputs} checks the local counterparts.
 */
public final class PlatformRules {

  private PlatformRules() {}

  public static final String BASELINE_CONFIG_MAP_RULE = "has(self.configMapRef) && !has(self.file)";
  public static final String BASELINE_CONFIG_MAP_MESSAGE =
      "set configMapRef to the ConfigMap holding the baseline matrix.csv; file is only for local"
          + " runs (vtbench run)";
  public static final String BASELINE_NO_LAST_RUNS_RULE = "!has(self.lastRuns)";

  /** Every rule that holds on a cluster only, by its expression as the CRD carries it. */
  static final Set<String> CLUSTER_ONLY =
      Set.of(
          BASELINE_CONFIG_MAP_RULE,
          BASELINE_NO_LAST_RUNS_RULE,
          ServiceRules.IMAGE_ON_CLUSTER_RULE,
          ServiceRules.SQL_KEYS_RULE,
          // the same expression as SCRIPT_CONFIG_MAP_RULE, on spec.workload.script
          ServiceRules.SQL_CONFIG_MAP_RULE);

  /** Whether the CRD rule {@code expression} holds for a local run too. */
  public static boolean appliesLocally(String expression) {
    return !CLUSTER_ONLY.contains(expression);
  }
}
