package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.operator.reconciler.observation.SutPods;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Objects;

/**
 * The image a measured SUT ran from, for the row's {@code sut_artifact}: the digest the kubelet
 * resolved ({@code status.containerStatuses[].imageID}) of the SUT pod running the measured config,
 * so a tag that moved between two runs still tells them apart. The spec's image reference stands in
 * when no such pod is observed (it has already gone, or the informer lags).
 */
public final class SutImage {

  private SutImage() {}

  /**
   * @param sutPods the run's SUT pods
   * @param configKey the measured scenario's {@code SutConfig.key()}
   * @param specImage spec.sut.image
   */
  public static String of(List<Pod> sutPods, String configKey, String specImage) {
    return SutPods.of(sutPods, configKey).stream()
        .map(o -> o.container().getImageID())
        .filter(Objects::nonNull)
        .filter(id -> !id.isBlank())
        .findFirst()
        .orElse(specImage);
  }
}
