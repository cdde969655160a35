package dev.vtbench.operator.reconciler;

import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Objects;

/**
 * The image a measured SUT ran from, for the row's {@code sut_artifact}: the digest the kubelet
 * resolved ({@code status.containerStatuses[].imageID}) of the SUT pod running the measured config,
 * so a tag that moved between two runs still tells them apart. The spec's image reference stands in
 * when no such pod is observed (it has already gone, or the informer lags).
 */
final class SutImage {

  private SutImage() {}

  /**
   * @param sutPods the run's SUT pods
   * @param configKey the measured scenario's {@code SutConfig.key()}
   * @param specImage spec.sut.image
   */
  static String of(List<Pod> sutPods, String configKey, String specImage) {
    return sutPods.stream()
        .filter(p -> p.getMetadata().getAnnotations() != null)
        .filter(
            p -> configKey.equals(p.getMetadata().getAnnotations().get(SutTier.CONFIG_ANNOTATION)))
        .filter(p -> p.getStatus() != null && p.getStatus().getContainerStatuses() != null)
        .flatMap(p -> p.getStatus().getContainerStatuses().stream())
        .filter(cs -> SutTier.COMPONENT.equals(cs.getName())) // the container is named so
        .map(ContainerStatus::getImageID)
        .filter(Objects::nonNull)
        .filter(id -> !id.isBlank())
        .findFirst()
        .orElse(specImage);
  }
}
