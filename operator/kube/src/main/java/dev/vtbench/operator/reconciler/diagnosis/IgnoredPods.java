package dev.vtbench.operator.reconciler.diagnosis;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.load.LoadPods;
import dev.vtbench.operator.reconciler.status.EventReason;
import dev.vtbench.operator.reconciler.status.Events;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Pods labelled as a load's that are not the load's ({@link LoadPods}): each reported once per
 * operator process, in a Warning Event on the run naming the pod and its controller, never what the
 * pod carries (its termination message may be a forged summary, or anything else).
 */
public final class IgnoredPods {

  /** Pod UIDs remembered as reported; past this many the memory starts again. */
  private static final int REMEMBERED = 10_000;

  private final Events events;
  private final Set<String> reported = ConcurrentHashMap.newKeySet();

  public IgnoredPods(Events events) {
    this.events = events;
  }

  public void report(BenchmarkRunResource run, String load, Collection<Pod> pods) {
    for (Pod pod : pods) {
      if (reported.size() >= REMEMBERED) {
        reported.clear();
      }
      if (reported.add(pod.getMetadata().getUid())) {
        events.warning(run, EventReason.UntrustedPod, message(load, pod));
      }
    }
  }

  static String message(String load, Pod pod) {
    OwnerReference c = LoadPods.controller(pod);
    String controller =
        c == null
            ? "it has no controller"
            : "its controller is " + c.getKind() + " " + c.getName() + " (uid " + c.getUid() + ")";
    return "pod "
        + pod.getMetadata().getName()
        + " carries the labels of "
        + load
        + " but is not a pod of its Job ("
        + controller
        + "): ignored, nothing of it is read";
  }
}
