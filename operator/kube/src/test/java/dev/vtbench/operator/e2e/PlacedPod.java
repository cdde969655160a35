package dev.vtbench.operator.e2e;

import io.fabric8.kubernetes.api.model.Pod;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * A pod as {@link PodsPlaced} saw it: its name, the node it was bound to ("" until the scheduler
 * bound it) and every label it was seen with. Merged over its events, so what a pod once was stays
 * known after it changed or went: the node once bound, and a label it carried at any time (a
 * CloudNativePG instance's {@code cnpg.io/instanceRole=primary}).
 */
record PlacedPod(
    String uid, String name, String node, Map<String, String> labels, Instant created) {

  PlacedPod {
    node = node == null ? "" : node;
    labels = Map.copyOf(labels);
  }

  static PlacedPod of(Pod p) {
    var meta = p.getMetadata();
    String created = meta.getCreationTimestamp();
    return new PlacedPod(
        meta.getUid(),
        meta.getName(),
        p.getSpec() == null ? "" : p.getSpec().getNodeName(),
        meta.getLabels() == null ? Map.of() : meta.getLabels(),
        created == null ? Instant.EPOCH : Instant.parse(created));
  }

  /** This pod seen again, {@code later}: a node once bound stays, labels add up (later wins). */
  PlacedPod merge(PlacedPod later) {
    Map<String, String> all = new TreeMap<>(labels);
    all.putAll(later.labels);
    return new PlacedPod(
        uid,
        later.name,
        later.node.isEmpty() ? node : later.node,
        all,
        created.equals(Instant.EPOCH) ? later.created : created);
  }

  String label(String key) {
    return labels.getOrDefault(key, "");
  }

  boolean scheduled() {
    return !node.isEmpty();
  }

  @Override
  public String toString() {
    return name + "@" + (scheduled() ? node : "<not scheduled>");
  }
}
