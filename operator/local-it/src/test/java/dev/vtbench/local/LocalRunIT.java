package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.derived.Cpusets;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.local.process.LocalPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * 'vtbench run' end to end: a 2-scenario matrix on real PostgreSQL, stub, SUT and k6, then a resume
 * that must add nothing, then bad input.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LocalRunIT {

  static Path work;
  static Path spec;

  @BeforeAll
  static void setUp() throws Exception {
    work = workDir("vtbench-run-it-");
    spec = work.resolve("two.yaml");
    Files.writeString(
        spec,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: two}
        spec:
          workload: {endpoint: order-summary, stubDelay: 50ms, connectionMode: held}
          sut: {cpu: 1, memory: 512Mi, tomcatMaxThreads: 20}
          stub: {cpu: 1, memory: 256Mi}
          database: {cpu: 1, seed: {customers: 1000, orders: 5000}}
          load: {executor: ramping-vus, ramp: 1s, warmup: 2s, hold: 4s, sutWarmup: 2s, cpu: 1}
          matrix: {threadModes: [platform, virtual], hikariPoolSizes: [10], concurrency: [20], repetitions: 1}
        """);
  }

  @AfterAll
  static void tearDown() {
    stopDatabase(work);
  }

  /** A new folder for a run's results and cache, which the database may reach. */
  static Path workDir(String prefix) throws java.io.IOException {
    Path dir = Files.createTempDirectory(prefix);
    // the database runs as another user when we are root: let it reach the cache folder
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    return dir;
  }

  /**
   * A file of the checkout that a system property names relative to it (failsafe runs there), as an
   * absolute path: a spec in a temporary folder reads relative paths from that folder.
   */
  static Path checkoutFile(String property) {
    return Path.of(System.getProperty(property)).toAbsolutePath();
  }

  /** Stops the database a run in {@code work} started. */
  static void stopDatabase(Path work) {
    LocalPostgres.stopIfRunning(LocalPostgres.dataDirUnder(work.resolve("cache")));
  }

  static Result vtbench(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    System.setOut(new PrintStream(out, true));
    System.setErr(new PrintStream(err, true));
    try {
      int code = Main.execute(args);
      return new Result(code, out.toString(), err.toString());
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
      System.out.print(out);
      System.err.print(err);
    }
  }

  record Result(int code, String out, String err) {}

  static String[] runArgs() {
    return runArgs(System.getProperty("vtbench.k6"));
  }

  static String[] runArgs(String k6) {
    return runArgs(spec, work, k6);
  }

  /**
   * {@code vtbench run spec} with results and cache under {@code work}, the jars this build made
   * and {@code k6}.
   */
  static String[] runArgs(Path spec, Path work, String k6) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "run",
                spec.toString(),
                "--results",
                work.resolve("results").toString(),
                "--cache-dir",
                work.resolve("cache").toString(),
                "--k6",
                k6,
                "--sut-jar",
                System.getProperty("vtbench.sut.jar"),
                "--reactive-sut-jar",
                System.getProperty("vtbench.sut.reactive.jar"),
                "--stub-jar",
                System.getProperty("vtbench.stub.jar")));
    return args.toArray(String[]::new);
  }

  @Test
  @Order(1)
  void runsEveryScenarioAndWritesOneRowEach() throws Exception {
    Result r = vtbench(runArgs());
    assertThat(r.code()).as(r.err()).isZero();
    Path dir = work.resolve("results").resolve("two");
    Path csv = dir.resolve("matrix.csv");
    assertThat(Files.readAllLines(csv).getFirst())
        .startsWith(
            "ts_iso,thread_mode,hikari_pool,path_mode,conn_mode,concurrency,rep,throughput_rps,p50_ms,"
                + "p95_ms,p99_ms,p999_ms,max_ms,error_rate,http_reqs,app_cpu_pct,pg_cpu_pct,"
                + "load_cpu_pct,hikari_active_max,hikari_pending_max,jvm_threads_max,rss_mb_max,"
                + "pinned_events,");
    List<ResultRow> rows = ResultsCsv.read(csv);
    assertThat(rows)
        .extracting(ResultRow::scenarioId)
        .containsExactly("r1-platform-pool10-c20", "r1-virtual-pool10-c20");
    for (ResultRow row : rows) {
      assertThat(row.throughputRps()).isPositive();
      assertThat(row.errorRate()).isLessThan(0.01);
      assertThat(row.p50Ms()).isGreaterThanOrEqualTo(50.0); // the stub's 50 ms
      assertThat(row.connMode()).isEqualTo("held");
      // held mode: connections stay out for the whole call, up to the pool
      assertThat(row.hikariActiveMax()).isBetween(1, 10);
      assertThat(row.appCpuPct()).isPositive();
      assertThat(row.loadCpuPct()).isPositive();
      assertThat(row.littlesLawRatio()).isPositive();
      assertThat(row.sutCpuset()).isNotBlank();
      assertThat(row.heapMbMax()).isPositive();
      assertThat(row.handlerThread())
          .startsWith(row.threadMode().equals("virtual") ? "VirtualThread[" : "Thread[");
      // every core accounted for: each tier, vtbench itself, and every core of the machine
      assertThat(row.meanMs()).isGreaterThanOrEqualTo(50.0);
      assertThat(row.stubCpuPct()).isPositive();
      assertThat(row.vtbenchCpuPct()).isNotNull().isNotNegative();
      assertThat(row.cpuBusyPct().split("\\|")).hasSize(Runtime.getRuntime().availableProcessors());
      assertThat(row.loadCoreBusyPct()).isBetween(0.0, 100.0);
      assertThat(row.stealPct()).isBetween(0.0, 100.0);
      assertThat(row.generatorSaturated()).isNotNull();
      // each tier's CPU limit, read from its process's cgroup (0: vtbench's processes have none)
      assertThat(row.sutThrottledPct()).isNotNull().isBetween(0.0, 100.0);
      assertThat(row.stubThrottledPct()).isNotNull().isBetween(0.0, 100.0);
      assertThat(row.loadThrottledPct()).isNotNull().isBetween(0.0, 100.0);
      assertThat(row.pgThrottledPct()).isNotNull().isBetween(0.0, 100.0);
      // what the SUT's JVM made of its cores: its pinned cpuset, and as many carrier threads
      assertThat(row.jvmProcessors()).isEqualTo(Cpusets.size(row.sutCpuset()));
      assertThat(row.vtParallelism()).isEqualTo(row.jvmProcessors());
      // where it ran
      assertThat(row.node()).isNotBlank();
      assertThat(row.tierNodes())
          .isEqualTo("sut=%1$s;stub=%1$s;database=%1$s;load=%1$s".formatted(row.node()));
      assertThat(row.cpuModel()).isNotBlank();
      assertThat(row.kernel()).isEqualTo(System.getProperty("os.version"));
      assertThat(row.jdkVersion()).startsWith("25");
      assertThat(row.sutArtifact()).matches("sha256:[0-9a-f]{16}");
    }
    if (Runtime.getRuntime().availableProcessors() >= 2) {
      // the SUT's cpuset as it reported it, matching the core map (its own top core here)
      int last = Runtime.getRuntime().availableProcessors() - 1;
      assertThat(rows).allSatisfy(row -> assertThat(row.sutCpuset()).isEqualTo("" + last));
    }
    assertThat(dir.resolve("summary.md")).isNotEmptyFile();
    assertThat(dir.resolve("spec.yaml")).hasSameTextualContentAs(spec);
    assertThat(Files.readString(dir.resolve("machine.txt"))).contains("k6 v").contains("cpus:");
    assertThat(r.out()).contains("[1/2] r1-platform-pool10-c20").contains("[2/2]").contains("CSV:");
    // each new SUT got its unmeasured JIT warm-up, one load up to the cap, and no row came from
    // it
    assertThat(r.out())
        .containsSubsequence(
            "unmeasured warm-up load until steady, up to 2s",
            "[2/2]",
            "unmeasured warm-up load until steady, up to 2s");
  }

  @Test
  @Order(2)
  void aRerunResumesAndDuplicatesNothing() throws Exception {
    Result r = vtbench(runArgs());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("resuming: 2 of 2 scenarios done");
    assertThat(ResultsCsv.read(work.resolve("results/two/matrix.csv"))).hasSize(2);
  }

  @Test
  @Order(3)
  void anInvalidSpecExitsWithTwoNamingTheField() throws Exception {
    Path bad = work.resolve("bad.yaml");
    Files.writeString(
        bad,
        Files.readString(spec).replace("threadModes: [platform, virtual]", "threadModes: [green]"));
    Result r = vtbench("run", bad.toString(), "--results", work.resolve("results").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains(
            "spec.matrix.threadModes: must list platform, virtual and/or reactive, each once");
  }

  @Test
  @Order(4)
  void aMissingToolExitsWithThreeSayingHowToGetIt() {
    Result r = vtbench(runArgs(work.resolve("no-such-k6").toString()));
    assertThat(r.code()).isEqualTo(3);
    assertThat(r.err()).contains("k6 not found: run 'make ").contains(" k6'");
  }
}
