package dev.vtbench.operator.e2e;

import dev.vtbench.engine.results.row.TierNodes;
import dev.vtbench.operator.load.RunnerPod;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.StubTier;
import dev.vtbench.operator.resources.SutTier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Which pods are a run's and what each is, from their labels, and the nodes each tier ran on: what
 * a row's {@code tier_nodes} column must say ({@link TierNodes}, the engine's one format) and how a
 * load's runners were placed. Pure: {@link PodsPlaced} collects the pods.
 */
final class RunPods {

  /** CloudNativePG's label on every pod of a Cluster: its name, {@code <run>-db}. */
  static final String CNPG_CLUSTER = "cnpg.io/cluster";

  /** k6-operator's label on the pods of a TestRun (initializer, starter, runners): its name. */
  static final String K6_CR = "k6_cr";

  /**
   * Runners of one load that k6-operator (or the Job controller) creates together are seconds apart
   * at most; a load created again after a stall (LoadRecreated) comes 30 s later or more.
   */
  static final Duration TOGETHER = Duration.ofSeconds(10);

  /** The pods of one start of one load's runners. */
  record Attempt(String load, List<PlacedPod> runners) {}

  private RunPods() {}

  /**
   * The run's pods: vtbench's (the run label), CloudNativePG's for its database (which carry the
   * Cluster's label instead) and k6-operator's for its loads (the starter carries only the
   * TestRun's name, {@code <run>-load-<n>}).
   */
  static boolean ofRun(PlacedPod p, String run) {
    return run.equals(p.label(Labels.RUN))
        || ResourceNames.database(run).equals(p.label(CNPG_CLUSTER))
        || p.label(K6_CR).startsWith(run + "-load-");
  }

  static boolean sut(PlacedPod p) {
    return SutTier.COMPONENT.equals(p.label(Labels.COMPONENT)) && !p.label(Labels.RUN).isEmpty();
  }

  static boolean stub(PlacedPod p) {
    return StubTier.COMPONENT.equals(p.label(Labels.COMPONENT)) && !p.label(Labels.RUN).isEmpty();
  }

  /** A CloudNativePG instance of the run's database labelled primary at some time. */
  static boolean primary(PlacedPod p) {
    return !p.label(CNPG_CLUSTER).isEmpty()
        && ("primary".equals(p.label("cnpg.io/instanceRole")) || "primary".equals(p.label("role")));
  }

  /**
   * A k6 runner: a load pod that is not k6-operator's initializer or starter (only runners carry
   * {@code runner=true} among k6-operator's pods, {@link RunnerPod#isRunner}).
   */
  static boolean runner(PlacedPod p) {
    return RunnerPod.COMPONENT.equals(p.label(Labels.COMPONENT))
        && (p.label(K6_CR).isEmpty() || "true".equals(p.label("runner")));
  }

  /** A runner of the load that measured {@code scenarioId} (a warm-up's carry its suffix). */
  static boolean measures(PlacedPod p, String scenarioId) {
    return runner(p) && scenarioId.equals(p.label(Labels.SCENARIO));
  }

  /** The distinct nodes the scheduled pods that {@code which} keeps ran on, sorted. */
  static SortedSet<String> nodes(Collection<PlacedPod> pods, Predicate<PlacedPod> which) {
    return pods.stream()
        .filter(which)
        .filter(PlacedPod::scheduled)
        .map(PlacedPod::node)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /**
   * What {@code tier_nodes} of {@code scenarioId}'s row must say, from the pods seen: each tier's
   * node (the first of them, should a tier have moved: the placement checks fail that on their own)
   * and the measured load's runners' nodes.
   */
  static TierNodes expected(Collection<PlacedPod> pods, String scenarioId) {
    return new TierNodes(
        first(nodes(pods, RunPods::sut)),
        first(nodes(pods, RunPods::stub)),
        first(nodes(pods, RunPods::primary)),
        List.copyOf(nodes(pods, p -> measures(p, scenarioId))));
  }

  private static String first(SortedSet<String> nodes) {
    return nodes.isEmpty() ? null : nodes.first();
  }

  /**
   * Every start of every load's runners: the runner pods of one load (a TestRun's name, a Job
   * runner's scenario; a warm-up round's own {@link Labels#WARM_UP_FROM}) created within {@link
   * #TOGETHER} of the first of them, in order of creation.
   */
  static List<Attempt> attempts(Collection<PlacedPod> pods) {
    Map<String, List<PlacedPod>> byLoad = new LinkedHashMap<>();
    pods.stream()
        .filter(RunPods::runner)
        .sorted(Comparator.comparing(PlacedPod::created).thenComparing(PlacedPod::name))
        .forEach(p -> byLoad.computeIfAbsent(load(p), k -> new ArrayList<>()).add(p));
    List<Attempt> out = new ArrayList<>();
    byLoad.forEach(
        (load, runners) -> {
          List<PlacedPod> current = new ArrayList<>();
          for (PlacedPod p : runners) {
            if (!current.isEmpty()
                && Duration.between(current.getFirst().created(), p.created()).compareTo(TOGETHER)
                    > 0) {
              out.add(new Attempt(load, List.copyOf(current)));
              current.clear();
            }
            current.add(p);
          }
          out.add(new Attempt(load, List.copyOf(current)));
        });
    return out;
  }

  private static String load(PlacedPod p) {
    String name = p.label(K6_CR).isEmpty() ? p.label(Labels.SCENARIO) : p.label(K6_CR);
    String round = p.label(Labels.WARM_UP_FROM);
    return round.isEmpty() ? name : name + " (warm-up from " + round + " ms)";
  }
}
