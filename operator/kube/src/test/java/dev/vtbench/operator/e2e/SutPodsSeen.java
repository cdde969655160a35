package dev.vtbench.operator.e2e;

import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Every SUT pod a run started, by UID: a new pod means a new JVM and a new warm-up, which a pool
 * sweep must not pay (the load resizes the pool in the running SUT). Watched, and listed at each
 * poll of the run ({@link Sightings}). Each pod is kept as last seen, so what ran in it can be
 * checked after the run deleted it.
 */
final class SutPodsSeen implements AutoCloseable {

  private final Map<String, Pod> byUid = new ConcurrentSkipListMap<>();
  private final Sightings<Pod> pods;

  SutPodsSeen(KubernetesClient k8s, String namespace, String run) {
    this.pods =
        new Sightings<>(
            k8s.pods()
                .inNamespace(namespace)
                .withLabels(Map.of(Labels.RUN, run, Labels.COMPONENT, SutTier.COMPONENT)),
            p -> byUid.put(p.getMetadata().getUid(), p));
  }

  void poll() {
    pods.poll();
  }

  int count() {
    return byUid.size();
  }

  /** Every SUT pod seen, as last seen. */
  Collection<Pod> pods() {
    return List.copyOf(byUid.values());
  }

  @Override
  public void close() {
    pods.close();
  }
}
