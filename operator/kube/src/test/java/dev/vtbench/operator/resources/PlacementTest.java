package dev.vtbench.operator.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.PlacementRules;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.load.TestLoads;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.NodeAffinity;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where the run's pods may go: each anti-affinity term is matched here, as the scheduler matches
 * it, against the labels the tiers really put on their pods, so a term that selects the wrong pods
 * (or none) fails. {@code AdmissionIT} has the API server accept the same objects.
 */
class PlacementTest {

  static final String SCENARIO = "c100-virtual-p50-r1";

  static BenchmarkRunResource dedicated() {
    BenchmarkRunResource run = DesiredObjectsTest.run("placed");
    run.getSpec().sut.dedicatedNode = true;
    run.getSpec().sut.nodeSelector.put("vtbench.dev/tier", "sut");
    run.getSpec().sut.nodeSelector.put("disk", "ssd");
    return run;
  }

  static PodSpec sutPod(BenchmarkRunResource run) {
    SutConfig config =
        new SutConfig("virtual", 50, "released", "normal", 200, Duration.ofSeconds(60), Map.of());
    return SutTier.deployment(run, config).getSpec().getTemplate().getSpec();
  }

  static Map<String, String> sutLabels(BenchmarkRunResource run) {
    return Labels.of(run, SutTier.COMPONENT);
  }

  static Map<String, String> stubLabels(BenchmarkRunResource run) {
    return StubTier.deployment(run).getSpec().getTemplate().getMetadata().getLabels();
  }

  static Map<String, String> runnerLabels(BenchmarkRunResource run, String scenario) {
    return TestLoads.job(run, "placed-load-0", scenario)
        .getSpec()
        .getTemplate()
        .getMetadata()
        .getLabels();
  }

  /** CloudNativePG's instance labels (its own, and those vtbench asks it to inherit). */
  static Map<String, String> databaseLabels(BenchmarkRunResource run) {
    Map<String, String> labels = new LinkedHashMap<>(Labels.inherited(DatabaseTier.COMPONENT));
    labels.putAll(NetworkPolicyTier.databasePods(run));
    labels.put("cnpg.io/podRole", "instance");
    return labels;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  static Map<String, Object> testRunSpec(BenchmarkRunResource run) {
    return map(
        TestLoads.testRun(run, "placed-load-0", SCENARIO).getAdditionalProperties().get("spec"));
  }

  static Map<String, Object> clusterSpec(BenchmarkRunResource run) {
    return map(DatabaseTier.cluster(run).getAdditionalProperties().get("spec"));
  }

  /** A label selector's answer for one pod: every matchLabels entry, every NotIn / In. */
  static boolean selects(LabelSelector selector, Map<String, String> labels) {
    if (selector.getMatchLabels() != null
        && !labels.entrySet().containsAll(selector.getMatchLabels().entrySet())) {
      return false;
    }
    for (var e : selector.getMatchExpressions()) {
      boolean in = e.getValues().contains(labels.get(e.getKey()));
      switch (e.getOperator()) {
        case "In" -> {
          if (!in) return false;
        }
        case "NotIn" -> {
          if (in) return false;
        }
        default -> throw new AssertionError("unexpected operator " + e.getOperator());
      }
    }
    return true;
  }

  /** Whether a required term of {@code affinity} keeps its pod off a node running {@code pod}. */
  static boolean repels(Affinity affinity, Map<String, String> pod) {
    if (affinity == null) {
      return false;
    }
    List<PodAffinityTerm> terms =
        affinity.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
    terms.forEach(t -> assertThat(t.getTopologyKey()).isEqualTo(PlacementRules.HOSTNAME_LABEL));
    return terms.stream().anyMatch(t -> selects(t.getLabelSelector(), pod));
  }

  /** Whether {@code affinity}'s required node affinity lets its pod onto a node so labelled. */
  static boolean admits(Affinity affinity, Map<String, String> node) {
    if (affinity == null || affinity.getNodeAffinity() == null) {
      return true;
    }
    // terms are ORed, a term's expressions ANDed; NotIn also holds where the label is absent
    return affinity
        .getNodeAffinity()
        .getRequiredDuringSchedulingIgnoredDuringExecution()
        .getNodeSelectorTerms()
        .stream()
        .anyMatch(
            t ->
                t.getMatchExpressions().stream()
                    .allMatch(
                        e -> {
                          assertThat(e.getOperator()).isEqualTo("NotIn");
                          return !e.getValues().contains(node.get(e.getKey()));
                        }));
  }

  static final Map<String, String> SUT_NODE =
      Map.of("vtbench.dev/tier", "sut", "disk", "ssd", "kubernetes.io/hostname", "a");
  static final Map<String, String> LOAD_NODE =
      Map.of("vtbench.dev/tier", "load", "disk", "ssd", "kubernetes.io/hostname", "b");
  static final Map<String, String> PLAIN_NODE = Map.of("kubernetes.io/hostname", "c");

  @Test
  void runnersOfOneLoadPreferDifferentNodesAndIgnoreOtherLoads() {
    BenchmarkRunResource run = DesiredObjectsTest.run("placed");
    Affinity affinity =
        TestLoads.job(run, "placed-load-0", SCENARIO)
            .getSpec()
            .getTemplate()
            .getSpec()
            .getAffinity();
    List<WeightedPodAffinityTerm> preferred =
        affinity.getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution();
    assertThat(preferred).hasSize(1);
    assertThat(preferred.getFirst().getWeight()).isEqualTo(100);
    PodAffinityTerm spread = preferred.getFirst().getPodAffinityTerm();
    assertThat(spread.getTopologyKey()).isEqualTo("kubernetes.io/hostname");
    assertThat(selects(spread.getLabelSelector(), runnerLabels(run, SCENARIO))).isTrue();
    assertThat(selects(spread.getLabelSelector(), runnerLabels(run, "c200-virtual-p50-r1")))
        .isFalse();
    assertThat(selects(spread.getLabelSelector(), stubLabels(run))).isFalse();
    assertThat(
            selects(
                spread.getLabelSelector(), runnerLabels(DesiredObjectsTest.run("other"), SCENARIO)))
        .isFalse();
    // soft only: N runners still start when the load's nodes are fewer than N
    assertThat(affinity.getPodAntiAffinity().getRequiredDuringSchedulingIgnoredDuringExecution())
        .isEmpty();
  }

  @Test
  void theTestRunsRunnerCarriesTheSameSpreadAsTheJobsPod() {
    BenchmarkRunResource run = dedicated();
    Map<String, Object> spec = testRunSpec(run);
    Affinity job =
        TestLoads.job(run, "placed-load-0", SCENARIO)
            .getSpec()
            .getTemplate()
            .getSpec()
            .getAffinity();
    assertThat(map(spec.get("runner")).get("affinity")).isEqualTo(Placement.asMap(job));
    assertThat(map(spec.get("starter")).get("affinity"))
        .isEqualTo(Placement.asMap(Placement.awayFromSut(run)));
    assertThat(spec).doesNotContainKey("separate");
  }

  @Test
  void byDefaultNoTierIsKeptOffTheSutsNode() {
    BenchmarkRunResource run = DesiredObjectsTest.run("placed");
    assertThat(sutPod(run).getAffinity()).isNull();
    assertThat(StubTier.deployment(run).getSpec().getTemplate().getSpec().getAffinity()).isNull();
    Affinity runner =
        TestLoads.job(run, "placed-load-0", SCENARIO)
            .getSpec()
            .getTemplate()
            .getSpec()
            .getAffinity();
    assertThat(repels(runner, sutLabels(run))).isFalse();
    assertThat(clusterSpec(run)).doesNotContainKey("affinity");
    assertThat(map(testRunSpec(run).get("starter"))).doesNotContainKey("affinity");
  }

  @Test
  void aDedicatedSutKeepsEveryOtherPodOfItsRunOffItsNodeAndOnlyThose() {
    BenchmarkRunResource run = dedicated();
    Affinity sut = sutPod(run).getAffinity();
    assertThat(repels(sut, stubLabels(run))).isTrue();
    assertThat(repels(sut, runnerLabels(run, SCENARIO))).isTrue();
    assertThat(repels(sut, databaseLabels(run))).isTrue();
    assertThat(repels(sut, sutLabels(run))).as("its own next pod").isFalse();
    assertThat(repels(sut, stubLabels(DesiredObjectsTest.run("other")))).isFalse();
    assertThat(repels(sut, databaseLabels(DesiredObjectsTest.run("other")))).isFalse();
    assertThat(sut.getPodAntiAffinity().getPreferredDuringSchedulingIgnoredDuringExecution())
        .isEmpty();
  }

  @Test
  void andEveryOtherPodOfTheRunKeepsOffTheNodesTheSutsSelectorSelects() {
    BenchmarkRunResource run = dedicated();
    Affinity stub = StubTier.deployment(run).getSpec().getTemplate().getSpec().getAffinity();
    Affinity runner =
        TestLoads.job(run, "placed-load-0", SCENARIO)
            .getSpec()
            .getTemplate()
            .getSpec()
            .getAffinity();
    Affinity starter = Placement.awayFromSut(run);
    // CloudNativePG puts spec.affinity.nodeAffinity on its instances as it is
    Affinity database =
        new AffinityBuilder()
            .withNodeAffinity(
                new KubernetesSerialization()
                    .convertValue(
                        map(clusterSpec(run).get("affinity")).get("nodeAffinity"),
                        NodeAffinity.class))
            .build();
    for (Affinity a : List.of(stub, runner, starter, database)) {
      assertThat(admits(a, SUT_NODE)).isFalse();
      assertThat(admits(a, LOAD_NODE)).as("lacks one of the SUT's labels").isTrue();
      assertThat(admits(a, PLAIN_NODE)).isTrue();
    }
    assertThat(map(testRunSpec(run).get("starter")).get("affinity"))
        .isEqualTo(Placement.asMap(starter));
    assertThat(admits(sutPod(run).getAffinity(), SUT_NODE)).isTrue();
  }

  @Test
  void withoutItsOwnDatabaseTheSutAvoidsOnlyVtbenchsPods() {
    BenchmarkRunResource run = dedicated();
    run.getSpec().database.enabled = false;
    assertThat(
            sutPod(run)
                .getAffinity()
                .getPodAntiAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution())
        .hasSize(1);
  }
}
