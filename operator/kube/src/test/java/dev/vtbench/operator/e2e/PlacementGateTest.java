package dev.vtbench.operator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.e2e.PlacementGate.Decision;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlacementGateTest {

  @Test
  void threeReadyNodesRun() {
    var gate = PlacementGate.of(Map.of("n1", true, "n2", true, "n3", true), 3, Set.of());
    assertThat(gate.decision()).isEqualTo(Decision.RUN);
    assertThat(gate.why()).isEqualTo("3 of 3 nodes Ready");
  }

  @Test
  void theSingleNodeClusterSkips() {
    var gate = PlacementGate.of(Map.of("n1", true), 3, Set.of());
    assertThat(gate.decision()).isEqualTo(Decision.SKIP);
    assertThat(gate.why()).contains("this cluster has 1");
  }

  @Test
  void aNotReadyNodeFailsRatherThanSkips() {
    var gate = PlacementGate.of(Map.of("n1", true, "n2", false, "n3", true), 3, Set.of());
    assertThat(gate.decision()).isEqualTo(Decision.FAIL);
    assertThat(gate.why()).contains("2 of 3 are, NotReady: [n2]");
  }

  @Test
  void theSwitchMakesAReadyNodeCountNotReadyOnPurpose() {
    var gate = PlacementGate.of(Map.of("n1", true, "n2", true, "n3", true), 3, Set.of("n3"));
    assertThat(gate.decision()).isEqualTo(Decision.FAIL);
    assertThat(gate.why()).contains("NotReady: [n3]").contains(PlacementGate.NOT_READY_ENV);
  }

  @Test
  void aFourthNodeNotReadyLeavesThreeToRunOn() {
    var gate =
        PlacementGate.of(Map.of("n1", true, "n2", true, "n3", true, "n4", false), 3, Set.of());
    assertThat(gate.decision()).isEqualTo(Decision.RUN);
    assertThat(gate.why()).contains("NotReady (left out): [n4]");
  }

  @Test
  void theSwitchNamingNoNodeFails() {
    var gate = PlacementGate.of(Map.of("n1", true, "n2", true, "n3", true), 3, Set.of("n9"));
    assertThat(gate.decision()).isEqualTo(Decision.FAIL);
    assertThat(gate.why()).contains("names no node of this cluster: [n9]");
  }
}
