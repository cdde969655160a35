package dev.vtbench.operator.e2e;

import dev.vtbench.operator.resources.ResourceNames;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Pods of a placement run named {@code two-core-placement} as the pod watch sees them on the
 * three-node rig (node {@code vm}, {@code vm-2}, {@code vm-3}), labelled as the operator,
 * CloudNativePG and k6-operator label them.
 */
final class PlacementFixture {

  static final String RUN = "two-core-placement";
  static final String ID = "r1-virtual-pool50-c50";
  static final NodeRoles ROLES = new NodeRoles("vm", "vm-2", "vm-3");
  static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  private PlacementFixture() {}

  static PlacedPod pod(String name, String node, int second, String... labels) {
    Map<String, String> l = new LinkedHashMap<>();
    for (int i = 0; i < labels.length; i += 2) {
      l.put(labels[i], labels[i + 1]);
    }
    return new PlacedPod("uid-" + name, name, node, l, T0.plusSeconds(second));
  }

  static PlacedPod tier(String name, String node, int second, String component) {
    return pod(
        name, node, second, "vtbench.dev/run", RUN, "app.kubernetes.io/component", component);
  }

  static PlacedPod database(String name, String node, int second, String... more) {
    String[] labels = new String[4 + more.length];
    labels[0] = "cnpg.io/cluster";
    labels[1] = ResourceNames.database(RUN);
    labels[2] = "app.kubernetes.io/component";
    labels[3] = "database";
    System.arraycopy(more, 0, labels, 4, more.length);
    return pod(name, node, second, labels);
  }

  /**
   * A k6-operator runner of TestRun {@code load} measuring (or warming up for) {@code scenario}.
   */
  static PlacedPod runner(String name, String node, int second, String load, String scenario) {
    return pod(
        name,
        node,
        second,
        "vtbench.dev/run",
        RUN,
        "app.kubernetes.io/component",
        "load",
        "vtbench.dev/scenario",
        scenario,
        "k6_cr",
        load,
        "runner",
        "true");
  }
}
