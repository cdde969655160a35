package dev.vtbench.operator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.resources.Burstable;
import dev.vtbench.operator.resources.Guaranteed;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The e2e's runner check compares what a spec asks with what a pod was admitted as, both described
 * the same way: a Burstable runner with no CPU limit matches cluster-parity's spec, a Guaranteed
 * one does not, and two-core's Guaranteed spec wants the limit.
 */
class RunnerResourcesTest {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  private static RunSpec example(String file) {
    return RunSpec.fromFile(JSON, Path.of("../../examples/" + file));
  }

  private static Pod runner(String qosClass, ResourceRequirements resources) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("r-1")
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName("k6")
        .withResources(resources)
        .endContainer()
        .endSpec()
        .withNewStatus()
        .withQosClass(qosClass)
        .endStatus()
        .build();
  }

  @Test
  void aBurstableSpecWantsRunnersWithoutACpuLimit() {
    String wanted = example("cluster-parity.yaml").runnerResources();
    assertThat(wanted).isEqualTo("Burstable cpu 250m/none");
    assertThat(LoadsSeen.resources(runner("Burstable", Burstable.resources("250m", "256Mi"))))
        .isEqualTo(wanted);
    // a runner given its request as a limit would be throttled: it does not pass
    assertThat(LoadsSeen.resources(runner("Guaranteed", Guaranteed.resources("250m", "256Mi"))))
        .isNotEqualTo(wanted);
  }

  @Test
  void aGuaranteedSpecWantsItsRequestAsTheLimit() {
    String wanted = example("two-core.yaml").runnerResources();
    assertThat(wanted).matches("Guaranteed cpu (\\d+)m/\\1m");
    assertThat(LoadsSeen.resources(runner("Burstable", Burstable.resources("250m", "256Mi"))))
        .isNotEqualTo(wanted);
  }
}
