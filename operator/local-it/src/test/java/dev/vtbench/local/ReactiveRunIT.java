package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.ModeComparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * 'vtbench run' end to end on the reactive SUT (seed 002's baseline): one virtual and one reactive
 * row on real PostgreSQL, stub, SUTs and k6, so the reactive jar starts, serves its load, reports
 * its peaks and lands in the CSV, the summary's reactive ÷ virtual and seed 002's figure.
 */
class ReactiveRunIT {

  static Path work;
  static Path spec;

  @BeforeAll
  static void setUp() throws Exception {
    work = LocalRunIT.workDir("vtbench-reactive-it-");
    spec = work.resolve("reactive.yaml");
    Files.writeString(
        spec,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: reactive}
        spec:
          workload: {endpoint: order-summary, stubDelay: 50ms, connectionMode: held}
          sut: {cpu: 1, memory: 512Mi}
          stub: {cpu: 1, memory: 256Mi}
          database: {cpu: 1, seed: {customers: 1000, orders: 5000}}
          load: {executor: ramping-vus, ramp: 1s, warmup: 2s, hold: 4s, sutWarmup: 2s, cpu: 1}
          matrix: {threadModes: [virtual, reactive], hikariPoolSizes: [10], concurrency: [20], repetitions: 1}
        """);
  }

  @AfterAll
  static void tearDown() {
    LocalRunIT.stopDatabase(work);
  }

  @Test
  void theReactiveSutRunsEndToEndBesideVirtualThreads() throws Exception {
    LocalRunIT.Result r =
        LocalRunIT.vtbench(LocalRunIT.runArgs(spec, work, System.getProperty("vtbench.k6")));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("SUT: starting the reactive SUT, pool 10");

    Path dir = work.resolve("results").resolve("reactive");
    List<ResultRow> rows = ResultsCsv.read(dir.resolve("matrix.csv"));
    assertThat(rows)
        .extracting(ResultRow::scenarioId)
        .containsExactly("r1-virtual-pool10-c20", "r1-reactive-pool10-c20");
    ResultRow virtual = rows.get(0);
    ResultRow reactive = rows.get(1);
    assertThat(reactive.threadMode()).isEqualTo("reactive");
    assertThat(reactive.throughputRps()).isPositive();
    assertThat(reactive.errorRate()).isLessThan(0.01);
    assertThat(reactive.p50Ms()).isGreaterThanOrEqualTo(50.0); // the stub's 50 ms
    // held mode: r2dbc-pool's connections stay out for the whole call, up to the pool
    assertThat(reactive.hikariActiveMax()).isBetween(1, 10);
    assertThat(reactive.appCpuPct()).isPositive();
    assertThat(reactive.rssMbMax()).isPositive();
    assertThat(reactive.heapMbMax()).isPositive();
    // seed 002's contrast, sampled from the thread serving a request: an event loop, not a virtual
    // thread on a carrier
    assertThat(reactive.handlerThread()).contains("reactor-http");
    assertThat(virtual.handlerThread()).startsWith("VirtualThread[").contains("@ForkJoinPool");
    assertThat(reactive.jvmThreadsMax()).isPositive();
    assertThat(reactive.pinnedEvents()).isZero();
    // its own jar, not the servlet SUT's
    assertThat(reactive.sutArtifact())
        .matches("sha256:[0-9a-f]{16}")
        .isNotEqualTo(virtual.sutArtifact());
    // the servlet SUT's names for the pool and the CPU never label a reactive row
    assertThat(reactive.bottleneck())
        .isNotNull()
        .isNotIn(Bottleneck.HIKARI_POOL, Bottleneck.SUT_CPU, Bottleneck.TOMCAT_THREADS);

    String summary = Files.readString(dir.resolve("summary.md"));
    assertThat(summary)
        .contains("| reps P/V/R |")
        .contains("| reactive ÷ virtual |")
        .contains("| held | 10 | 20 | 0/1/1")
        .contains(ModeComparison.REACTIVE_METHOD);
    assertThat(r.out()).contains("reactive ÷ virtual");
    // Seed 002's figure needs a steady reactive row, which a 4 s hold seldom gives: then the run
    // says why it drew none.
    if (Boolean.FALSE.equals(reactive.steadyState())) {
      assertThat(r.out())
          .contains(
              "figures: reactive.png not drawn (every reactive row was measured before steady state");
    } else {
      assertThat(dir.resolve("reactive.png")).isNotEmptyFile();
    }
  }
}
