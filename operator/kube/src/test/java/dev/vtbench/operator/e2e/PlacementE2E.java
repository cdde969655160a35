package dev.vtbench.operator.e2e;

import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.operator.Checks;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Placement on a cluster of three nodes (hack/offline/local-cluster.sh create --nodes 3: three
 * kubelets on one 2-CPU machine, the first with the static CPU manager's one exclusive CPU, CPU 1,
 * and 1.9 CPU allocatable, the two others 0.9 each and no exclusive CPU), labelled as a user would
 * (docs/cluster.md, "Multi-node layout for the reference matrix"; {@link NodeRoles}, {@link
 * NodeLabels}): the SUT's node {@code vtbench.dev/tier=sut}, the two others {@code
 * vtbench.dev/load=true}, one with {@code vtbench.dev/tier=stub}, the other with {@code
 * vtbench.dev/tier=database}. The spec cut to one virtual scenario, each tier selecting its label,
 * {@code spec.sut.dedicatedNode} and two k6 runners through a TestRun (runner auto, as {@link
 * RunnersE2E}). A watch records every pod of the run and its node ({@link PodsPlaced}), so the
 * checks ({@link TierPlacementChecks}) count the runners and k6-operator's pods that came and went.
 * On fewer than three nodes (the single-node {@code make e2e}) it is skipped, not passed; with
 * three or more of which fewer than three are Ready it fails ({@link PlacementGate}).
 */
class PlacementE2E {

  static final int NODES = 3;

  /** Two runners of 100m: two-core.yaml's one runner's 200m split, as in RunnersE2E. */
  static final int RUNNERS = 2;

  /** The SUT node's only exclusive CPU (its kubelet reserves CPU 0, kubeReserved 100m). */
  private static final String SUT_CPU = "1";

  @Test
  void eachTierRunsOnItsLabelledNodeAndTheSutHasItsNodeAlone() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    try (E2eContext e2e = new E2eContext(settings)) {
      List<Node> nodes = e2e.k8s.nodes().list().getItems();
      String onPurpose =
          Optional.ofNullable(System.getenv(PlacementGate.NOT_READY_ENV)).orElse("").trim();
      PlacementGate gate =
          PlacementGate.of(
              nodes.stream()
                  .collect(
                      java.util.stream.Collectors.toMap(
                          n -> n.getMetadata().getName(), PlacementE2E::ready)),
              NODES,
              onPurpose.isEmpty() ? Set.of() : Set.of(onPurpose));
      if (gate.decision() == PlacementGate.Decision.SKIP) {
        System.out.printf("%n== placement%n  skipped: %s%n", gate.why());
      }
      Assumptions.assumeTrue(gate.decision() != PlacementGate.Decision.SKIP, gate.why());
      if (gate.decision() == PlacementGate.Decision.FAIL) {
        System.out.printf("%n== placement%n");
        e2e.checks.fail(gate.why());
        e2e.checks.verify();
        return;
      }
      List<Node> ready =
          nodes.stream()
              .filter(PlacementE2E::ready)
              .filter(n -> !n.getMetadata().getName().equals(onPurpose))
              .toList();
      var json = e2e.k8s.getKubernetesSerialization();
      RunSpec spec =
          spec(json, settings.spec(), e2e.namespace(), settings.dbImage(), settings.k6Image());
      String name = spec.resource().getMetadata().getName();
      long sutMillis = Math.round(spec.sutCpus() * 1000);
      List<NodeRoles.Candidate> candidates =
          ready.stream()
              .filter(n -> !Boolean.TRUE.equals(n.getSpec().getUnschedulable()))
              .map(n -> new NodeRoles.Candidate(n.getMetadata().getName(), allocatableMillis(n)))
              .toList();
      System.out.printf("%n== placement: the nodes%n  Ready and schedulable: %s%n", candidates);
      Optional<NodeRoles> roles = NodeRoles.choose(candidates, sutMillis);
      if (roles.isEmpty()) {
        e2e.checks.fail(
            "no node fits the SUT's "
                + sutMillis
                + "m with two others left for the load, among "
                + candidates);
        e2e.checks.verify();
        return;
      }
      Checks.note(
          "the SUT's node is the one with the most allocatable CPU, which fits its "
              + sutMillis
              + "m: "
              + roles.get());
      List<String> planned = spec.plan(json).stream().map(Scenario::id).toList();
      NodeLabels labels = new NodeLabels(e2e.k8s);
      try (PodsPlaced pods = new PodsPlaced(e2e.k8s, e2e.namespace(), name)) {
        labels.label(roles.get());
        EndToEndRun.run(
            e2e,
            "placement",
            spec,
            false,
            List.of(),
            (rows, sutPods) ->
                new TierPlacementChecks(e2e.checks, name, roles.get(), RUNNERS, SUT_CPU)
                    .check(pods.all(), rows, planned));
      } finally {
        List<String> still = labels.remove();
        e2e.checks.check(
            still.isEmpty(),
            "the node labels "
                + NodeLabels.TIER
                + " and "
                + NodeLabels.LOAD
                + " removed again"
                + (still.isEmpty() ? "" : " (still on " + still + ")"));
      }
      e2e.checks.verify();
    }
  }

  /**
   * The spec's one virtual scenario, each tier on its label's nodes, the SUT's nodes its own, two
   * runners of 100m through the default path (a TestRun for two runners).
   */
  static RunSpec spec(
      KubernetesSerialization json, Path file, String namespace, String dbImage, String k6Image) {
    RunSpec spec = RunSpec.fromFile(json, file);
    // The CPU budget of the load nodes, 0.9 CPU allocatable each: the stub 400m, one runner 100m
    // and k6-operator's starter 50m on one, the database 100m and the other runner 100m on the
    // other (the initializer's 100m ends before the runners start; a warm-up's runners and the
    // measured load's overlap for a second at most: 100m more), plus the operators (vtbench 50m,
    // CloudNativePG and k6-operator 25m each) and the monitoring stack (a few m) wherever they
    // land: at most about 750m of 900m on either, so two-core.yaml's requests stand as they are
    // (PlacementRunSpecTest adds them up).
    return spec.named(spec.fileName() + "-placement", namespace)
        .images(dbImage, k6Image)
        .runners(RUNNERS, "100m")
        .oneScenario("virtual")
        .sutWarmup("20s")
        .nodeSelector("sut", Map.of(NodeLabels.TIER, "sut"))
        .dedicatedSut()
        .nodeSelector("stub", Map.of(NodeLabels.TIER, "stub"))
        .nodeSelector("database", Map.of(NodeLabels.TIER, "database"))
        .nodeSelector("load", Map.of(NodeLabels.LOAD, "true"));
  }

  private static boolean ready(Node n) {
    return n.getStatus() != null
        && n.getStatus().getConditions() != null
        && n.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  private static long allocatableMillis(Node n) {
    Quantity cpu =
        n.getStatus().getAllocatable() == null ? null : n.getStatus().getAllocatable().get("cpu");
    return cpu == null
        ? 0
        : cpu.getNumericalAmount().multiply(BigDecimal.valueOf(1000)).longValue();
  }
}
