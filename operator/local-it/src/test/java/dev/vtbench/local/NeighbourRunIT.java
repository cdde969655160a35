package dev.vtbench.local;

import static dev.vtbench.local.LocalRunIT.runArgs;
import static dev.vtbench.local.LocalRunIT.stopDatabase;
import static dev.vtbench.local.LocalRunIT.vtbench;
import static dev.vtbench.local.LocalRunIT.workDir;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.derived.Neighbour;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.VerdictRows;
import dev.vtbench.local.platform.CoreMap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A deliberate neighbour on the SUT's core (twenty busy loops pinned to it with taskset, as a build
 * or a daemon outside vtbench would be): the row names it ({@code sut-core-shared}) and the summary
 * leaves it out of the medians. Issue 33 item 3.
 */
class NeighbourRunIT {

  static Path work;
  static Path spec;

  @BeforeAll
  static void setUp() throws Exception {
    work = workDir("vtbench-neighbour-it-");
    spec = work.resolve("crowded.yaml");
    Files.writeString(
        spec,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: crowded}
        spec:
          workload: {endpoint: order-summary, stubDelay: 50ms, connectionMode: released}
          sut: {cpu: 1, memory: 512Mi, tomcatMaxThreads: 20}
          stub: {cpu: 1, memory: 256Mi}
          database: {cpu: 1, seed: {customers: 1000, orders: 5000}}
          load: {executor: ramping-vus, ramp: 1s, warmup: 2s, hold: 6s, sutWarmup: 2s, cpu: 1}
          matrix: {threadModes: [platform], hikariPoolSizes: [10], concurrency: [20], repetitions: 1}
        """);
  }

  @AfterAll
  static void tearDown() {
    stopDatabase(work);
  }

  @Test
  void aBusyLoopOnTheSutsCoreIsNamedAndLeftOut() throws Exception {
    int cpus = Runtime.getRuntime().availableProcessors();
    assumeThat(cpus).as("the SUT has a core of its own only with 2 CPUs or more").isGreaterThan(1);
    String sutCore = CoreMap.plan(cpus, 1, 1).sut();
    // Twenty loops: the SUT and the loops share one cgroup here, so CFS shares the core per
    // runnable thread, and a SUT short of CPU has its Tomcat threads (20) runnable. Measured on
    // this
    // 2-vCPU VM: one loop got 7.6 points of the core (the SUT 92.4 %), four got 22.5 (the SUT
    // 77.5 %): a single-threaded neighbour takes little from a saturated multi-threaded SUT.
    List<Process> neighbour = new java.util.ArrayList<>();
    for (int i = 0; i < 20; i++) {
      neighbour.add(
          new ProcessBuilder("taskset", "-c", sutCore, "sh", "-c", "while :; do :; done")
              .redirectErrorStream(true)
              .start());
    }
    LocalRunIT.Result r;
    try {
      r = vtbench(runArgs(spec, work, System.getProperty("vtbench.k6")));
    } finally {
      for (Process p : neighbour) {
        p.destroyForcibly().waitFor();
      }
    }
    assertThat(r.code()).as(r.err()).isZero();
    Path dir = work.resolve("results/crowded");
    List<ResultRow> rows = ResultsCsv.read(dir.resolve("matrix.csv"));
    assertThat(rows).hasSize(1);
    ResultRow row = rows.getFirst();
    assertThat(row.sutCpuset()).isEqualTo(sutCore);
    assertThat(Neighbour.othersPct(row))
        .as("the loop's time on the SUT's core, %s, SUT %s %%", row.cpuBusyPct(), row.appCpuPct())
        .isGreaterThanOrEqualTo(Neighbour.MARGIN_PCT);
    // left out and labelled sut-core-shared, unless the generator's own cores were saturated too
    // (a busy machine: CI's of 2026-11-28 ran beside two builds), whose reason and label come
    // first by the engine's rule (VerdictRows#leftOutBecause, Neighbour.label); the notes then
    // name the neighbour
    boolean generatorToo = Boolean.TRUE.equals(row.generatorSaturated());
    String reason = generatorToo ? VerdictRows.LOAD_GENERATOR : VerdictRows.SUT_CORE_SHARED;
    assertThat(VerdictRows.leftOutBecause(row)).contains(reason);
    if (generatorToo) {
      assertThat(row.notes()).contains(Neighbour.NOTE_PREFIX);
    }
    assertThat(row.bottleneck())
        .as(
            "generator_saturated %s, load_core_busy_pct %s",
            row.generatorSaturated(), row.loadCoreBusyPct())
        .isEqualTo(
            Boolean.TRUE.equals(row.generatorSaturated())
                ? Bottleneck.LOAD_GENERATOR
                : Bottleneck.SUT_CORE_SHARED);
    assertThat(Files.readString(dir.resolve("summary.md"))).contains("1 " + reason);
  }
}
