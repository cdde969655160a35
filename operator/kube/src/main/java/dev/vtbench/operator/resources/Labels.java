package dev.vtbench.operator.resources;

import dev.vtbench.operator.api.BenchmarkRunResource;
import java.util.LinkedHashMap;
import java.util.Map;

/** The labels on everything the operator creates: which run, which tier, who manages it. */
public final class Labels {

  /** The run's name: how an informer event finds its BenchmarkRun. */
  public static final String RUN = "vtbench.dev/run";

  /** The tier: database, stub, sut, load, results. */
  public static final String COMPONENT = "app.kubernetes.io/component";

  /**
   * The {@link #COMPONENT} value of the load's runner pods: here, not in {@code load.RunnerPod}, so
   * that the placement and the NetworkPolicies that select them need nothing from {@code load}.
   */
  public static final String LOAD_COMPONENT = "load";

  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
  public static final String MANAGER = "vtbench-operator";
  public static final String PART_OF = "app.kubernetes.io/part-of";

  /** On load objects: the scenario id they measure (or warm up for). */
  public static final String SCENARIO = "vtbench.dev/scenario";

  /**
   * On a warm-up load and its runner pods: the milliseconds of load its SUT had had when it began.
   * Consecutive warm-up rounds share the load's name; this tells a round's objects and pods from
   * the last one's.
   */
  public static final String WARM_UP_FROM = "vtbench.dev/warm-up-from";

  /**
   * An annotation, not a label, on a measured load: the pods of its tiers as it began ({@code
   * TierStarts}), so that a hold a tier restarted under is not recorded.
   */
  public static final String TIER_STARTS = "vtbench.dev/tier-starts";

  /** Selects everything any run created, for the informers. */
  public static final String SELECTOR = MANAGED_BY + "=" + MANAGER;

  private Labels() {}

  /** Everything vtbench labelled as run {@code run}'s: a candidate, to be checked for ownership. */
  public static String ofRun(String run) {
    return RUN + "=" + run + "," + SELECTOR;
  }

  public static Map<String, String> of(BenchmarkRunResource run, String component) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(MANAGED_BY, MANAGER);
    labels.put(PART_OF, "vtbench");
    labels.put(RUN, run.getMetadata().getName());
    labels.put(COMPONENT, component);
    return labels;
  }

  /**
   * The labels vtbench asks another controller (CloudNativePG) to put on everything it creates:
   * part-of and the tier. Neither managed-by nor the run label: vtbench's informers, deletes and
   * "is the run gone" checks select on those, and these objects are CloudNativePG's, deleted with
   * their Cluster. The run is in CloudNativePG's own {@code cnpg.io/cluster} label ({@code
   * <run>-db}).
   */
  public static Map<String, String> inherited(String component) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(PART_OF, "vtbench");
    labels.put(COMPONENT, component);
    return labels;
  }

  /** The pod selector of a tier: stable across SUT reconfigurations. */
  public static Map<String, String> selector(BenchmarkRunResource run, String component) {
    return Map.of(RUN, run.getMetadata().getName(), COMPONENT, component);
  }
}
