package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.Quantities;
import dev.vtbench.engine.results.derived.Cpusets;
import dev.vtbench.proc.CoreBusy;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A cluster row's per-core figures, from the stub's window over the hold, where they describe the
 * load generator's node: k6 cannot read /proc itself, so the stub, a container on the same node,
 * reads the node's /proc/stat for it.
 *
 * <p>They count only when the runner ran on the stub's node. The generator's own cores are then the
 * stub's cpuset when both are in the node's shared pool: neither is a Guaranteed pod asking for a
 * whole number of CPUs, the only pods the kubelet's static CPU manager gives exclusive CPUs (with
 * the default policy every pod has every CPU, which is the stub's cpuset too, but a whole-CPU
 * Guaranteed k6 under the static policy has cores of its own that nothing here can name). A
 * Burstable runner ({@code spec.load.qos}) is always in the shared pool. Otherwise the row keeps
 * the node's cores but no generator share, and {@code generator_saturated} stays unknown.
 */
final class GeneratorCores {

  private GeneratorCores() {}

  /**
   * The per-core accounting for the row, or null when none describes the generator's node.
   *
   * @param sameNode whether the runner ran on the stub's node ({@link #sameNode})
   */
  static CoreBusy of(BenchmarkRunSpec spec, SutProbe.StubWindow stub, boolean sameNode) {
    if (!sameNode || stub == null || stub.coreBusyPct().isEmpty()) {
      return null;
    }
    boolean sharedPool =
        (spec.load.burstable() || !wholeCpus(spec.load.cpu)) && !wholeCpus(spec.stub.cpu);
    Set<Integer> generator =
        sharedPool && stub.cpuset() != null ? Cpusets.members(stub.cpuset()) : Set.of();
    return new CoreBusy(
        stub.coreBusyPct(), stub.stealPct() == null ? 0 : stub.stealPct(), generator);
  }

  /**
   * The CPUs the generator may use, as the row's generator rule reads them ({@code
   * DerivedMetrics.generatorSaturated}): a Guaranteed runner's CPU limit, {@code spec.load.cpu}; a
   * Burstable runner has none and may use the whole shared pool it ran on, so its cores in {@code
   * cores} ({@link #of}), as a local k6 is judged by the cores it runs on; NaN where they are not
   * known (a runner on another node, a stub with cores of its own): the row then leaves {@code
   * generator_saturated} unknown rather than judge k6 against a limit it did not have.
   */
  static double cpus(BenchmarkRunSpec spec, CoreBusy cores) {
    if (!spec.load.burstable()) {
      return Quantities.millis(spec.load.cpu) / 1000.0;
    }
    return cores == null || cores.generatorCores().isEmpty()
        ? Double.NaN
        : cores.generatorCores().size();
  }

  /**
   * Whether every runner pod and every stub pod ran on one node: the kubelet set each pod's {@code
   * spec.nodeName} when it scheduled it. A pod not yet scheduled answers false.
   */
  static boolean sameNode(Collection<Pod> runners, Collection<Pod> stubs) {
    if (runners.isEmpty() || stubs.isEmpty()) {
      return false;
    }
    Set<String> nodes = new HashSet<>();
    Stream.concat(runners.stream(), stubs.stream())
        .forEach(p -> nodes.add(p.getSpec() == null ? null : p.getSpec().getNodeName()));
    return nodes.size() == 1 && !nodes.contains(null);
  }

  private static boolean wholeCpus(String cpu) {
    return Quantities.millis(cpu) % 1000 == 0;
  }
}
