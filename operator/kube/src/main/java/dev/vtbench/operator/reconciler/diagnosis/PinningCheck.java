package dev.vtbench.operator.reconciler.diagnosis;

import dev.vtbench.engine.model.rules.Quantities;
import dev.vtbench.engine.model.spec.SutSpec;
import dev.vtbench.engine.results.derived.Cpusets;
import dev.vtbench.operator.resources.CpusetProbe;
import java.util.Optional;
import java.util.SortedSet;

/**
 * Whether the kubelet gave a pinned SUT the exclusive cores it asked for. A Guaranteed pod with
 * whole CPUs gets cores of its own only from the kubelet's static CPU manager policy; under the
 * default policy ({@code none}) it runs on the node's shared pool, every CPU of the node, and its
 * numbers would be compared with pinned ones as if they were. Judged from what the SUT reported
 * from inside its container (its cpuset and the node's online CPUs), read by the k6 runner.
 */
public final class PinningCheck {

  static final String FIX =
      "the node's kubelet must run the static CPU manager policy (--cpu-manager-policy=static, with"
          + " CPUs reserved for the system) for a Guaranteed pod to get exclusive cores; or set"
          + " spec.sut.pinned: false to measure on shared cores";

  private PinningCheck() {}

  /**
   * {@link #refusal(boolean, int, String, String)} for the spec's SUT and the cores it was seen on
   * (by the runner, or by a user's service's {@link CpusetProbe}).
   */
  public static Optional<String> refusal(SutSpec sut, CpusetProbe.Cores cores) {
    return refusal(
        sut.pinned, sut.pinned ? Quantities.cpus(sut.cpu) : 0, cores.cpuset(), cores.onlineCpus());
  }

  /**
   * Why the SUT's cpuset is not the pinning the spec asked for, or empty when it is (or pinning was
   * not asked for).
   *
   * @param pinned spec.sut.pinned
   * @param cpus spec.sut.cpu in whole CPUs
   * @param cpuset the SUT's {@code Cpus_allowed_list}, null if it could not be read
   * @param onlineCpus the node's online CPUs, null if unknown (then only the size is checked)
   */
  public static Optional<String> refusal(
      boolean pinned, int cpus, String cpuset, String onlineCpus) {
    if (!pinned) {
      return Optional.empty();
    }
    if (cpuset == null || cpuset.isBlank()) {
      return Optional.of(
          "spec.sut.pinned asks for "
              + cpus
              + " exclusive CPUs, but the SUT's cpuset could not be read, so its pinning is"
              + " unverified");
    }
    SortedSet<Integer> seen = Cpusets.members(cpuset);
    if (seen.size() != cpus) {
      return Optional.of(
          "spec.sut.pinned asks for "
              + cpus
              + " exclusive CPUs, but the SUT runs on cpuset "
              + cpuset
              + " ("
              + seen.size()
              + " CPUs): "
              + FIX);
    }
    if (onlineCpus != null && !onlineCpus.isBlank() && seen.equals(Cpusets.members(onlineCpus))) {
      // The static policy keeps reserved CPUs out of every exclusive set, so an exclusive cpuset
      // is never the whole node; this catches a node with exactly as many CPUs as asked.
      return Optional.of(
          "spec.sut.pinned asks for "
              + cpus
              + " exclusive CPUs, but the SUT's cpuset "
              + cpuset
              + " is every CPU of its node (shared, not exclusive): "
              + FIX);
    }
    return Optional.empty();
  }
}
