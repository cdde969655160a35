package dev.vtbench.operator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.e2e.NodeRoles.Candidate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodeRolesTest {

  @Test
  void theSutsNodeIsTheOneItsCpuFitsTheOthersCarryTheLoadInNameOrder() {
    // local-cluster.sh create --nodes 3: the first node 1.9 CPU allocatable, the others 0.9
    List<Candidate> rig =
        List.of(new Candidate("vm-3", 900), new Candidate("vm", 1900), new Candidate("vm-2", 900));
    NodeRoles roles = NodeRoles.choose(rig, 1000).orElseThrow();
    assertThat(roles).isEqualTo(new NodeRoles("vm", "vm-2", "vm-3"));
    assertThat(roles.load()).containsExactly("vm-2", "vm-3");
    assertThat(NodeLabels.of(roles))
        .containsExactly(
            Map.entry("vm", Map.of("vtbench.dev/tier", "sut")),
            Map.entry("vm-2", Map.of("vtbench.dev/tier", "stub", "vtbench.dev/load", "true")),
            Map.entry("vm-3", Map.of("vtbench.dev/tier", "database", "vtbench.dev/load", "true")));
  }

  @Test
  void noneWhenNoNodeFitsTheSutOrTooFewAreLeft() {
    assertThat(
            NodeRoles.choose(
                List.of(new Candidate("a", 900), new Candidate("b", 900), new Candidate("c", 900)),
                1000))
        .isEmpty();
    assertThat(NodeRoles.choose(List.of(new Candidate("a", 1900), new Candidate("b", 900)), 1000))
        .isEmpty();
    assertThat(NodeRoles.choose(List.of(), 1000)).isEmpty();
  }

  @Test
  void aTieGoesToTheFirstName() {
    List<Candidate> even =
        List.of(new Candidate("n2", 3900), new Candidate("n1", 3900), new Candidate("n3", 3900));
    assertThat(NodeRoles.choose(even, 1000)).contains(new NodeRoles("n1", "n2", "n3"));
  }
}
