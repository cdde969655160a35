package dev.vtbench.operator.e2e;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which node gets which label for a placement run (docs/cluster.md, "Multi-node layout for the
 * reference matrix"), chosen from the nodes' facts rather than their names: the SUT's node is the
 * one whose allocatable CPU fits the SUT's pinned CPU(s) (on {@code local-cluster.sh create --nodes
 * 3}, the one kubelet with an exclusive CPU: 1.9 CPU allocatable, the others 0.9); the two others,
 * in name order, carry the load, the first with the stub, the second with the database.
 *
 * @param sut labelled {@code vtbench.dev/tier=sut}
 * @param stub labelled {@code vtbench.dev/tier=stub} and {@code vtbench.dev/load=true}
 * @param database labelled {@code vtbench.dev/tier=database} and {@code vtbench.dev/load=true}
 */
record NodeRoles(String sut, String stub, String database) {

  /** A Ready, schedulable node and its allocatable CPU. */
  record Candidate(String name, long allocatableMillis) {}

  /** The nodes labelled {@code vtbench.dev/load=true}, sorted. */
  List<String> load() {
    return List.of(stub, database).stream().sorted().toList();
  }

  /**
   * The SUT's node is the candidate with the most allocatable CPU if it fits {@code sutMillis} (a
   * tie goes to the first name); empty when none fits or fewer than two others are left.
   */
  static Optional<NodeRoles> choose(List<Candidate> nodes, long sutMillis) {
    List<Candidate> bySize = new ArrayList<>(nodes);
    bySize.sort(
        Comparator.comparingLong(Candidate::allocatableMillis)
            .reversed()
            .thenComparing(Candidate::name));
    if (bySize.isEmpty() || bySize.getFirst().allocatableMillis() < sutMillis) {
      return Optional.empty();
    }
    String sut = bySize.getFirst().name();
    List<String> others =
        bySize.stream().map(Candidate::name).filter(n -> !n.equals(sut)).sorted().toList();
    if (others.size() < 2) {
      return Optional.empty();
    }
    return Optional.of(new NodeRoles(sut, others.get(0), others.get(1)));
  }

  @Override
  public String toString() {
    return "sut " + sut + ", stub and load " + stub + ", database and load " + database;
  }
}
