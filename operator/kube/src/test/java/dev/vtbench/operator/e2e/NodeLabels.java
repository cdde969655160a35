package dev.vtbench.operator.e2e;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The node labels a user puts on for a placement run ({@code kubectl label node ...},
 * docs/cluster.md "Multi-node layout for the reference matrix"), put on and taken off again:
 * {@value #TIER} on every role's node, {@value #LOAD}{@code =true} on the two that carry the load.
 */
final class NodeLabels {

  static final String TIER = "vtbench.dev/tier";
  static final String LOAD = "vtbench.dev/load";

  private final KubernetesClient k8s;

  NodeLabels(KubernetesClient k8s) {
    this.k8s = k8s;
  }

  /** The labels of each role's node, as {@code kubectl label node} would put them on. */
  static Map<String, Map<String, String>> of(NodeRoles roles) {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    out.put(roles.sut(), Map.of(TIER, "sut"));
    out.put(roles.stub(), Map.of(TIER, "stub", LOAD, "true"));
    out.put(roles.database(), Map.of(TIER, "database", LOAD, "true"));
    return out;
  }

  /**
   * Takes both labels off every node first (a kept cluster may carry an aborted run's), then labels
   * the roles' nodes, printing each as kubectl would be told.
   */
  void label(NodeRoles roles) {
    remove();
    of(roles)
        .forEach(
            (node, labels) -> {
              k8s.nodes()
                  .withName(node)
                  .edit(
                      n ->
                          new NodeBuilder(n)
                              .editMetadata()
                              .addToLabels(labels)
                              .endMetadata()
                              .build());
              System.out.printf(
                  "  kubectl label node %s %s%n",
                  node,
                  String.join(
                      " ",
                      labels.entrySet().stream()
                          .map(e -> e.getKey() + "=" + e.getValue())
                          .sorted()
                          .toList()));
            });
  }

  /** Takes both labels off every node; returns the nodes that still carry one. */
  List<String> remove() {
    for (Node n : k8s.nodes().list().getItems()) {
      if (labelled(n)) {
        k8s.nodes()
            .withName(n.getMetadata().getName())
            .edit(
                x ->
                    new NodeBuilder(x)
                        .editMetadata()
                        .removeFromLabels(TIER)
                        .removeFromLabels(LOAD)
                        .endMetadata()
                        .build());
      }
    }
    List<String> still = new ArrayList<>();
    for (Node n : k8s.nodes().list().getItems()) {
      if (labelled(n)) {
        still.add(n.getMetadata().getName());
      }
    }
    return still;
  }

  private static boolean labelled(Node n) {
    Map<String, String> labels = n.getMetadata().getLabels();
    return labels != null && (labels.containsKey(TIER) || labels.containsKey(LOAD));
  }
}
