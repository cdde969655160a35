package dev.vtbench.operator.reconciler.observation;

import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Optional;

/** The SUT pods of one configuration, as the kubelet reports them. */
public final class SutPods {

  private SutPods() {}

  /**
   * The SUT container's status in each pod of {@code sutPods} that runs {@code configKey} (the
   * pod's {@link SutTier#CONFIG_ANNOTATION}), pods being deleted last.
   */
  public static List<Observed> of(List<Pod> sutPods, String configKey) {
    return sutPods.stream()
        .filter(p -> p.getMetadata().getAnnotations() != null)
        .filter(
            p -> configKey.equals(p.getMetadata().getAnnotations().get(SutTier.CONFIG_ANNOTATION)))
        .filter(p -> p.getStatus() != null && p.getStatus().getContainerStatuses() != null)
        .sorted((a, b) -> Boolean.compare(deleting(a), deleting(b)))
        .flatMap(
            p ->
                p.getStatus().getContainerStatuses().stream()
                    .filter(cs -> SutTier.COMPONENT.equals(cs.getName())) // the container's name
                    .map(cs -> new Observed(p, cs)))
        .toList();
  }

  /**
   * Which start of the SUT JVM runs {@code configKey} now: the pod's uid and its container's
   * restart count, so a new pod or a restarted container reads as another start. Empty when no such
   * pod is observed.
   */
  public static Optional<String> start(List<Pod> sutPods, String configKey) {
    return of(sutPods, configKey).stream()
        .findFirst()
        .map(
            o ->
                o.pod().getMetadata().getUid()
                    + "/"
                    + (o.container().getRestartCount() == null
                        ? 0
                        : o.container().getRestartCount()));
  }

  private static boolean deleting(Pod p) {
    return p.getMetadata().getDeletionTimestamp() != null;
  }

  /** One SUT pod and its SUT container's status. */
  public record Observed(Pod pod, ContainerStatus container) {}
}
