package dev.vtbench.operator.e2e;

import dev.vtbench.engine.results.derived.Neighbour;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A neighbour on the SUT's exclusive CPU that the kubelet does not know of: busy loops started on
 * the node, outside any pod, pinned with taskset to every CPU but the reserved CPU 0 (on make e2e's
 * 2-CPU node, the one the static CPU manager gives the SUT), as a system daemon or a process
 * outside the kubelet would be on bare metal. The row must say so ({@code sut-core-shared}) from
 * its own columns, by the rule a local run uses (issue 33 item 3): as its bottleneck, or in its
 * notes when k6, at its small CPU limit, was the limit too and its label comes first. One virtual
 * scenario through a TestRun, its warm-up capped at 20 s: what is proven is the label, not a
 * measurement.
 */
class NeighbourRunE2E {

  @Test
  void aBusyLoopOnTheSutsCpuIsNamedInTheRow() throws IOException {
    E2eSettings settings = E2eSettings.fromEnvironment();
    try (E2eContext e2e = new E2eContext(settings)) {
      RunSpec spec = RunSpec.fromFile(e2e.k8s.getKubernetesSerialization(), settings.spec());
      spec.named(spec.fileName() + "-neighbour", e2e.namespace())
          .images(settings.dbImage(), settings.k6Image())
          .runner("testrun")
          .oneScenario("virtual")
          .sutWarmup("20s");
      List<Process> loops = busyLoops();
      try {
        EndToEndRun.run(
            e2e,
            "neighbour",
            spec,
            false,
            List.of(),
            (rows, sutPods) -> {
              for (ResultRow r : rows) {
                // k6 at its small CPU limit may be the limit too: the generator's label comes
                // first, and the notes name the neighbour (Neighbour.note)
                boolean named =
                    r.bottleneck() == Bottleneck.SUT_CORE_SHARED
                        || r.bottleneck() == Bottleneck.LOAD_GENERATOR
                            && r.notes() != null
                            && r.notes().contains(Neighbour.NOTE_PREFIX);
                e2e.checks.check(
                    named,
                    r.scenarioId()
                        + ": the neighbour is named: bottleneck "
                        + r.bottleneck()
                        + (r.bottleneck() == Bottleneck.LOAD_GENERATOR
                            ? " with notes '" + r.notes() + "'"
                            : "")
                        + " (SUT cores "
                        + r.sutCpuset()
                        + ", cpu_busy_pct "
                        + r.cpuBusyPct()
                        + ", app_cpu_pct "
                        + r.appCpuPct()
                        + ": "
                        + Neighbour.othersPct(r)
                        + " points the SUT does not account for, margin "
                        + Neighbour.MARGIN_PCT
                        + ")");
              }
            });
      } finally {
        for (Process p : loops) {
          p.destroyForcibly();
        }
      }
      e2e.checks.verify();
    }
  }

  /**
   * Eight busy loops on each CPU but CPU 0, which the node reserves for the system. Outside the
   * pods, the loops compete with the kubelet's pods as a group weighted by the node's allocatable
   * CPUs (kubepods' cpu.shares), not thread by thread as they would inside one cgroup (where a SUT
   * short of CPU has all its request threads runnable): eight take most of the core either way.
   */
  private static List<Process> busyLoops() throws IOException {
    List<Process> loops = new ArrayList<>();
    for (int cpu = 1; cpu < Runtime.getRuntime().availableProcessors(); cpu++) {
      for (int i = 0; i < 8; i++) {
        loops.add(
            new ProcessBuilder(
                    "taskset", "-c", Integer.toString(cpu), "sh", "-c", "while :; do :; done")
                .redirectErrorStream(true)
                .start());
      }
    }
    return loops;
  }
}
