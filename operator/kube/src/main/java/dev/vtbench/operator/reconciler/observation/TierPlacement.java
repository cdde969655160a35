package dev.vtbench.operator.reconciler.observation;

import dev.vtbench.engine.results.row.TierNodes;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.StubTier;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Objects;

/**
 * Where the tiers of a measured load ran, a cluster row's {@code tier_nodes}: the {@code
 * spec.nodeName} the scheduler gave the stub's pod, the database's CloudNativePG primary ({@link
 * TierStarts#primary}) and each runner pod of the load. Read from the pods the informers' caches
 * hold ({@link RunView#pods}), so a row costs no API call. A tier without a scheduled pod (the
 * service's own database, no stub) is left out.
 */
public final class TierPlacement {

  private TierPlacement() {}

  /**
   * The tiers' nodes as {@code view} sees them at the end of its load.
   *
   * @param sutNode the SUT's node, as the row's {@code node} has it; null when not known
   */
  public static TierNodes of(RunView view, String sutNode) {
    return of(
        sutNode,
        view.pods(StubTier.COMPONENT),
        view.pods(DatabaseTier.COMPONENT),
        view.loadPods().runners());
  }

  static TierNodes of(String sutNode, List<Pod> stubs, List<Pod> database, List<Pod> runners) {
    return new TierNodes(
        sutNode,
        first(stubs),
        first(database.stream().filter(TierStarts::primary).toList()),
        runners.stream().map(TierPlacement::node).filter(Objects::nonNull).toList());
  }

  /** The node of the first pod that is scheduled and not going away; null when none is. */
  private static String first(List<Pod> pods) {
    return pods.stream()
        .filter(p -> p.getMetadata() == null || p.getMetadata().getDeletionTimestamp() == null)
        .map(TierPlacement::node)
        .filter(Objects::nonNull)
        .findFirst()
        .orElse(null);
  }

  private static String node(Pod p) {
    return p.getSpec() == null ? null : p.getSpec().getNodeName();
  }
}
