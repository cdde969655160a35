package dev.vtbench.operator.reconciler.observation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.row.TierNodes;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TierPlacementTest {

  @Test
  void eachTierIsItsScheduledPodsNodeTheDatabasesPrimaryAndEveryRunner() {
    TierNodes nodes =
        TierPlacement.of(
            "node-s",
            List.of(pod("node-a", Map.of(), null)),
            List.of(
                pod("node-r", Map.of(TierStarts.INSTANCE_ROLE, "replica"), null),
                pod("node-p", Map.of(TierStarts.INSTANCE_ROLE, "primary"), null)),
            List.of(pod("node-c", Map.of(), null), pod("node-b", Map.of(), null)));

    assertThat(nodes)
        .isEqualTo(new TierNodes("node-s", "node-a", "node-p", List.of("node-b", "node-c")));
    assertThat(nodes.format())
        .isEqualTo("sut=node-s;stub=node-a;database=node-p;load=node-b+node-c");
  }

  @Test
  void aPodGoingAwayOrNotYetScheduledNamesNoNodeAndATierWithoutOneIsLeftOut() {
    TierNodes nodes =
        TierPlacement.of(
            null,
            List.of(pod("node-old", Map.of(), "2026-11-28T00:00:00Z"), pod(null, Map.of(), null)),
            List.of(),
            List.of(pod("node-b", Map.of(), null), pod(null, Map.of(), null)));

    assertThat(nodes.format()).isEqualTo("load=node-b");
    assertThat(TierPlacement.of(null, List.of(), List.of(), List.of()).format()).isNull();
  }

  private static Pod pod(String node, Map<String, String> labels, String deleting) {
    return new PodBuilder()
        .withNewMetadata()
        .withLabels(labels)
        .withDeletionTimestamp(deleting)
        .endMetadata()
        .withNewSpec()
        .withNodeName(node)
        .endSpec()
        .build();
  }
}
