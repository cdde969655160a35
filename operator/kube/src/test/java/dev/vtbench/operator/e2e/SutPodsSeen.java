package dev.vtbench.operator.e2e;

import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * Every SUT pod a run started, by UID, seen by a watch while it ran: a new pod means a new JVM and
 * a new warm-up, which a pool sweep must not pay (the load resizes the pool in the running SUT).
 */
final class SutPodsSeen implements AutoCloseable {

  private final Set<String> uids = new ConcurrentSkipListSet<>();
  private final Watch watch;

  SutPodsSeen(KubernetesClient k8s, String namespace, String run) {
    watch =
        k8s.pods()
            .inNamespace(namespace)
            .withLabels(Map.of(Labels.RUN, run, Labels.COMPONENT, SutTier.COMPONENT))
            .watch(
                new Watcher<Pod>() {
                  @Override
                  public void eventReceived(Action action, Pod pod) {
                    uids.add(pod.getMetadata().getUid());
                  }

                  @Override
                  public void onClose(WatcherException cause) {
                    // a closed watch loses pods; the count is then a lower bound, said in the check
                  }
                });
  }

  int count() {
    return uids.size();
  }

  @Override
  public void close() {
    watch.close();
  }
}
