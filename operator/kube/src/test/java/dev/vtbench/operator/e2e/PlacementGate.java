package dev.vtbench.operator.e2e;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether {@link PlacementE2E} can run on the cluster's nodes: fewer nodes than it needs registered
 * is a skip (the single-node {@code make e2e}; hack/offline/e2e-skips.py turns a skip that was
 * asked for into {@code e2e: SKIPPED}), while enough nodes of which too few are Ready is a failure:
 * a NotReady node of {@code make e2e-nodes} is a broken cluster, neither a pass nor a skip.
 *
 * @param decision what the test does
 * @param why the line it prints
 */
record PlacementGate(Decision decision, String why) {

  /** Set to a node's name, counts that node NotReady: the failure shown on purpose. */
  static final String NOT_READY_ENV = "VTBENCH_E2E_NOT_READY_NODE";

  enum Decision {
    RUN,
    SKIP,
    FAIL
  }

  /**
   * @param ready each registered node's name and whether its Ready condition is True
   * @param needed the nodes placement needs
   * @param notReadyOnPurpose nodes to count NotReady whatever they say ({@link #NOT_READY_ENV})
   */
  static PlacementGate of(Map<String, Boolean> ready, int needed, Set<String> notReadyOnPurpose) {
    List<String> notReady =
        ready.entrySet().stream()
            .filter(e -> !e.getValue() || notReadyOnPurpose.contains(e.getKey()))
            .map(Map.Entry::getKey)
            .sorted()
            .toList();
    int readyCount = ready.size() - notReady.size();
    List<String> unknown =
        notReadyOnPurpose.stream().filter(n -> !ready.containsKey(n)).sorted().toList();
    if (!unknown.isEmpty()) {
      return new PlacementGate(
          Decision.FAIL,
          NOT_READY_ENV
              + " names no node of this cluster: "
              + unknown
              + ", nodes: "
              + ready.keySet());
    }
    if (ready.size() < needed) {
      return new PlacementGate(
          Decision.SKIP,
          "PlacementE2E needs "
              + needed
              + " nodes (make e2e-nodes); this cluster has "
              + ready.size());
    }
    if (readyCount < needed) {
      return new PlacementGate(
          Decision.FAIL,
          "placement needs "
              + needed
              + " Ready nodes: "
              + readyCount
              + " of "
              + ready.size()
              + " are, NotReady: "
              + notReady
              + (notReadyOnPurpose.isEmpty()
                  ? ""
                  : " (" + NOT_READY_ENV + " " + notReadyOnPurpose + ")"));
    }
    return new PlacementGate(
        Decision.RUN,
        readyCount
            + " of "
            + ready.size()
            + " nodes Ready"
            + (notReady.isEmpty() ? "" : ", NotReady (left out): " + notReady));
  }
}
