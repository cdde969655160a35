package dev.vtbench.operator.e2e;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.TierNodes;
import dev.vtbench.operator.Checks;
import java.util.Collection;
import java.util.List;
import java.util.SortedSet;
import java.util.function.Predicate;

/**
 * Where a placement run's pods ran against what docs/cluster.md ("Multi-node layout for the
 * reference matrix") promises, from the pods {@link PodsPlaced} saw and the run's rows: each tier
 * on its labelled node, the SUT's node its own among the run's pods ({@code
 * spec.sut.dedicatedNode}), every start of a load's runners spread over as many load nodes, the SUT
 * on its node's exclusive CPU, one row per scenario (its tiers reached each other's Services across
 * nodes) and the row's {@code tier_nodes} equal to what was seen. Makes no call to the cluster.
 */
final class TierPlacementChecks {

  private final Checks c;
  private final String run;
  private final NodeRoles roles;
  private final int runners;
  private final String sutCpu;

  /**
   * @param runners spec.load.parallelism: the runners of each start of a load
   * @param sutCpu the one CPU the SUT's node can give exclusively (its kubelet's static CPU
   *     manager)
   */
  TierPlacementChecks(Checks c, String run, NodeRoles roles, int runners, String sutCpu) {
    this.c = c;
    this.run = run;
    this.roles = roles;
    this.runners = runners;
    this.sutCpu = sutCpu;
  }

  void check(Collection<PlacedPod> pods, List<ResultRow> rows, List<String> planned) {
    Checks.note(run + ": " + pods.size() + " pod(s) of the run seen: " + pods);
    on(pods, RunPods::sut, roles.sut(), "the SUT pod", "sut");
    List<PlacedPod> beside =
        pods.stream()
            .filter(p -> !RunPods.sut(p))
            .filter(p -> roles.sut().equals(p.node()))
            .toList();
    SortedSet<String> elsewhere = RunPods.nodes(pods, p -> !RunPods.sut(p));
    c.check(
        beside.isEmpty() && !elsewhere.isEmpty(),
        run
            + ": no other pod of the run ran on the SUT's node "
            + roles.sut()
            + " (spec.sut.dedicatedNode): "
            + (beside.isEmpty()
                ? (pods.size() - count(pods, RunPods::sut)) + " other pod(s), on " + elsewhere
                : "there ran " + beside));
    on(pods, RunPods::stub, roles.stub(), "the stub", "stub");
    on(pods, RunPods::primary, roles.database(), "the database's primary", "database");
    List<RunPods.Attempt> attempts = RunPods.attempts(pods);
    c.check(
        !attempts.isEmpty(), run + ": " + attempts.size() + " start(s) of a load's runners seen");
    for (RunPods.Attempt a : attempts) {
      SortedSet<String> nodes = RunPods.nodes(a.runners(), p -> true);
      boolean spread =
          a.runners().size() == runners
              && nodes.size() == runners
              && roles.load().containsAll(nodes);
      c.check(
          spread,
          a.load()
              + ": "
              + a.runners().size()
              + " runner(s) (of "
              + runners
              + ") on "
              + nodes.size()
              + " different load node(s) "
              + nodes
              + ", not the SUT's (spread; nodeSelector vtbench.dev/load=true): "
              + a.runners());
    }
    for (ResultRow r : rows) {
      c.check(
          sutCpu.equals(r.sutCpuset()),
          r.scenarioId()
              + ": the SUT ran on CPU "
              + r.sutCpuset()
              + " (sut_cpuset), its node's one exclusive CPU "
              + sutCpu);
    }
    recorded(pods, rows, planned);
    tierNodes(pods, rows);
  }

  /** Every pod {@code which} keeps ran on {@code node}, and there was one. */
  private void on(
      Collection<PlacedPod> pods,
      Predicate<PlacedPod> which,
      String node,
      String what,
      String tier) {
    List<PlacedPod> seen = pods.stream().filter(which).toList();
    boolean there = !seen.isEmpty() && seen.stream().allMatch(p -> node.equals(p.node()));
    c.check(
        there,
        run
            + ": "
            + what
            + " ran on node "
            + node
            + " (vtbench.dev/tier="
            + tier
            + "): "
            + (seen.isEmpty() ? "none seen" : seen));
  }

  /** One row per planned scenario: the runners reached the SUT, it the stub and the database. */
  private void recorded(Collection<PlacedPod> pods, List<ResultRow> rows, List<String> planned) {
    for (String id : planned) {
      long n = rows.stream().filter(r -> id.equals(r.scenarioId())).count();
      c.check(
          n == 1,
          id
              + ": recorded "
              + n
              + " time(s) (once): its runners on "
              + RunPods.nodes(pods, p -> RunPods.measures(p, id))
              + " reached the SUT on "
              + RunPods.nodes(pods, RunPods::sut)
              + ", which reached the stub on "
              + RunPods.nodes(pods, RunPods::stub)
              + " and the database on "
              + RunPods.nodes(pods, RunPods::primary)
              + ", through their Services across nodes");
    }
  }

  /** Each row's {@code tier_nodes} equals what the pods showed. */
  private void tierNodes(Collection<PlacedPod> pods, List<ResultRow> rows) {
    for (ResultRow r : rows) {
      TierNodes want = RunPods.expected(pods, r.scenarioId());
      String got = r.tierNodes();
      boolean same = got != null && want.equals(TierNodes.parse(got));
      c.check(
          same,
          r.scenarioId()
              + ": tier_nodes '"
              + got
              + "'"
              + (same ? " is" : " is not")
              + " where its pods ran ('"
              + want.format()
              + "')");
    }
  }

  private static long count(Collection<PlacedPod> pods, Predicate<PlacedPod> which) {
    return pods.stream().filter(which).count();
  }
}
