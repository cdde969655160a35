package dev.vtbench.operator.e2e;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Every pod of a run ({@link RunPods#ofRun}) and the node it was bound to, seen while the run ran:
 * the run deletes its workloads when it ends, and a runner, k6-operator's initializer and starter
 * or CloudNativePG's initdb pod comes and goes within it. The namespace's pods are watched, and
 * listed every few seconds for what the watch misses ({@link Sightings}); each pod is kept merged
 * over all it was seen as ({@link PlacedPod#merge}).
 */
final class PodsPlaced implements AutoCloseable {

  private static final long POLL_SECONDS = 3;

  private final Map<String, PlacedPod> byUid = new ConcurrentHashMap<>();
  private final String run;
  private final Sightings<Pod> pods;
  private final ScheduledExecutorService poller;

  PodsPlaced(KubernetesClient k8s, String namespace, String run) {
    this.run = run;
    this.pods = new Sightings<>(k8s.pods().inNamespace(namespace), this::record);
    this.poller =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("pods-placed-" + run).unstarted(r));
    poller.scheduleWithFixedDelay(this::poll, 0, POLL_SECONDS, TimeUnit.SECONDS);
  }

  private void record(Pod pod) {
    if (pod.getMetadata().getUid() == null) {
      return;
    }
    PlacedPod p = PlacedPod.of(pod);
    if (RunPods.ofRun(p, run)) {
      byUid.merge(p.uid(), p, PlacedPod::merge);
    }
  }

  private void poll() {
    try {
      pods.poll();
    } catch (KubernetesClientException e) {
      // the API server busy or restarting: the next list, or the watch, sees the pods
    }
  }

  /** Every pod of the run seen so far (after one more list), in order of creation. */
  List<PlacedPod> all() {
    poll();
    return byUid.values().stream()
        .sorted(Comparator.comparing(PlacedPod::created).thenComparing(PlacedPod::name))
        .toList();
  }

  @Override
  public void close() {
    poller.shutdownNow();
    pods.close();
  }
}
