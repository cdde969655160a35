package dev.vtbench.operator.resources;

import dev.vtbench.engine.model.rules.PlacementRules;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.NodeAffinityBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.NodeSelectorTermBuilder;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.PodAntiAffinity;
import io.fabric8.kubernetes.api.model.PodAntiAffinityBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a run's pods go beyond their tiers' node selectors. A load's k6 runners prefer nodes
 * without another runner of the same load (pod anti-affinity per {@value
 * PlacementRules#HOSTNAME_LABEL}), so several spread over the nodes {@code spec.load.nodeSelector}
 * allows. With {@code spec.sut.dedicatedNode} the nodes {@code spec.sut.nodeSelector} selects are
 * the SUT's alone: every other pod of the run keeps off them by node affinity, which holds whatever
 * is scheduled first (the database is created before the SUT, the stub with it), and the SUT keeps
 * off any node another pod of the run already runs on. As fabric8's {@link Affinity} for the pods
 * vtbench writes, or as the plain map a TestRun and a CloudNativePG Cluster take ({@link #asMap}).
 */
public final class Placement {

  /** The spread's weight: the most a preference may have (1 to 100). */
  static final int SPREAD_WEIGHT = 100;

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private Placement() {}

  /**
   * A runner of the load measuring (or warming up for) {@code scenarioId}: preferably not beside
   * another runner of it (soft, so N runners still start on fewer nodes), and never on the SUT's
   * nodes when the SUT has them to itself.
   */
  public static Affinity runner(BenchmarkRunResource run, String scenarioId) {
    Map<String, String> sameLoad = new TreeMap<>(Labels.selector(run, Labels.LOAD_COMPONENT));
    sameLoad.put(Labels.SCENARIO, scenarioId);
    return new AffinityBuilder()
        .withNodeAffinity(offSutNodes(run))
        .withNewPodAntiAffinity()
        .addNewPreferredDuringSchedulingIgnoredDuringExecution()
        .withWeight(SPREAD_WEIGHT)
        .withPodAffinityTerm(term(sameLoad))
        .endPreferredDuringSchedulingIgnoredDuringExecution()
        .endPodAntiAffinity()
        .build();
  }

  /**
   * The SUT with {@code spec.sut.dedicatedNode}: never on a node running another pod of the run:
   * vtbench's own (the run label, any tier but the SUT) or CloudNativePG's instances of the run's
   * database, which carry the Cluster's label instead ({@link Labels#inherited}). Null otherwise.
   */
  static Affinity sut(BenchmarkRunResource run) {
    if (!dedicated(run)) {
      return null;
    }
    List<PodAffinityTerm> terms = new ArrayList<>();
    terms.add(
        term(
            new LabelSelectorBuilder()
                .withMatchLabels(Map.of(Labels.RUN, run.getMetadata().getName()))
                .addNewMatchExpression()
                .withKey(Labels.COMPONENT)
                .withOperator("NotIn")
                .withValues(SutTier.COMPONENT)
                .endMatchExpression()));
    if (run.getSpec().database.provisioned()) {
      terms.add(term(new TreeMap<>(NetworkPolicyTier.databasePods(run))));
    }
    return affinity(
        new PodAntiAffinityBuilder()
            .withRequiredDuringSchedulingIgnoredDuringExecution(terms)
            .build());
  }

  /**
   * Any other pod of a run whose SUT has nodes to itself (the stub, k6-operator's starter): never
   * on those nodes. Null otherwise.
   */
  public static Affinity awayFromSut(BenchmarkRunResource run) {
    NodeAffinity off = offSutNodes(run);
    return off == null ? null : new AffinityBuilder().withNodeAffinity(off).build();
  }

  /**
   * The run's CloudNativePG Cluster's {@code spec.affinity.nodeAffinity}, which CloudNativePG puts
   * on its instances as it is: never on the SUT's nodes. Null otherwise.
   */
  static Map<String, Object> databaseNodeAffinity(BenchmarkRunResource run) {
    NodeAffinity off = offSutNodes(run);
    return off == null ? null : asMap(off);
  }

  /**
   * Required node affinity to the nodes {@code spec.sut.nodeSelector} does not select: those
   * lacking (or differing in) at least one of its labels, one term per label (terms are ORed). Null
   * unless the SUT has its nodes to itself.
   */
  private static NodeAffinity offSutNodes(BenchmarkRunResource run) {
    if (!dedicated(run)) {
      return null;
    }
    List<NodeSelectorTerm> terms = new ArrayList<>();
    new TreeMap<>(run.getSpec().sut.nodeSelector)
        .forEach(
            (k, v) ->
                terms.add(
                    new NodeSelectorTermBuilder()
                        .addNewMatchExpression()
                        .withKey(k)
                        .withOperator("NotIn")
                        .withValues(v)
                        .endMatchExpression()
                        .build()));
    return new NodeAffinityBuilder()
        .withNewRequiredDuringSchedulingIgnoredDuringExecution()
        .withNodeSelectorTerms(terms)
        .endRequiredDuringSchedulingIgnoredDuringExecution()
        .build();
  }

  /** A fabric8 object as the plain map a TestRun or a Cluster holds, spelled as the API does. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> asMap(Object o) {
    return SERIALIZATION.convertValue(o, Map.class);
  }

  /** Validation refuses dedicatedNode without a node selector: there would be no nodes to keep. */
  private static boolean dedicated(BenchmarkRunResource run) {
    return run.getSpec().sut.dedicatedNode && !run.getSpec().sut.nodeSelector.isEmpty();
  }

  private static PodAffinityTerm term(Map<String, String> matchLabels) {
    return term(new LabelSelectorBuilder().withMatchLabels(matchLabels));
  }

  private static PodAffinityTerm term(LabelSelectorBuilder selector) {
    return new PodAffinityTermBuilder()
        .withLabelSelector(selector.build())
        .withTopologyKey(PlacementRules.HOSTNAME_LABEL)
        .build();
  }

  private static Affinity affinity(PodAntiAffinity anti) {
    return new AffinityBuilder().withPodAntiAffinity(anti).build();
  }
}
