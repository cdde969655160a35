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
 * Every SUT pod a run started, by UID, listed at each poll of the run (every few seconds; a SUT pod
 * lives through its JVM's warm-up, far longer): a new pod means a new JVM and a new warm-up, which
 * a pool sweep must not pay (the load resizes the pool in the running SUT). Polled, not watched:
 * written when the cluster's etcd 3.4 refused the client's watch streams (RequestWatchProgress);
 * etcd 3.7 serves them, and a poll every few seconds still sees every SUT pod. Each pod is kept as
 * last seen, so what ran in it can be checked after the run deleted it.
 */
final class SutPodsSeen {

  private final Map<String, Pod> byUid = new ConcurrentSkipListMap<>();
  private final KubernetesClient k8s;
  private final String namespace;
  private final String run;

  SutPodsSeen(KubernetesClient k8s, String namespace, String run) {
    this.k8s = k8s;
    this.namespace = namespace;
    this.run = run;
  }

  void poll() {
    k8s.pods()
        .inNamespace(namespace)
        .withLabels(Map.of(Labels.RUN, run, Labels.COMPONENT, SutTier.COMPONENT))
        .list()
        .getItems()
        .forEach(p -> byUid.put(p.getMetadata().getUid(), p));
  }

  int count() {
    return byUid.size();
  }

  /** Every SUT pod seen, as last seen. */
  Collection<Pod> pods() {
    return List.copyOf(byUid.values());
  }
}
