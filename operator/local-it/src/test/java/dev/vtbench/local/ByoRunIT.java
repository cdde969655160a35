package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.local.process.Os;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * 'vtbench run' on a service vtbench did not shape (examples/byo-orders, through {@code
 * spec.sut.service}) at tiny scale: its own schema and seed, its request mix, the stub behind the
 * URL it reads from SHIPPING_QUOTE_URL, its numbers read from Actuator and /proc; then the same
 * service with its Actuator ignored, whose rows say why they are not judged steady, and driven by
 * its own k6 module in place of the mix.
 */
class ByoRunIT {

  static Path work;

  @BeforeAll
  static void setUp() throws Exception {
    work = LocalRunIT.workDir("vtbench-byo-it-");
  }

  @AfterAll
  static void tearDown() {
    LocalRunIT.stopDatabase(work);
  }

  /** The example's mix: orders that exist, and a quarter that do not and expect 404. */
  static final String MIX =
      """
          requests:
            - {path: "/orders/{id}", params: {id: {from: 1, to: 50000}}, weight: 3}
            - {path: "/orders/{id}", params: {id: {from: 60000, to: 61000}}, expectedStatus: [404]}
      """;

  /** The example's own k6 module (examples/byo-orders/k6/orders.js): two requests an iteration. */
  static Path module() {
    return LocalRunIT.checkoutFile("byo.orders.db").resolveSibling("k6/orders.js");
  }

  static Path spec(String name, String threadModes, String actuatorPath, String load)
      throws Exception {
    return spec(name, threadModes, actuatorPath, load, MIX);
  }

  /** A run of the example service with {@code workload}: the lines under spec.workload. */
  static Path spec(
      String name, String threadModes, String actuatorPath, String load, String workload)
      throws Exception {
    Path db = LocalRunIT.checkoutFile("byo.orders.db");
    Path spec = work.resolve(name + ".yaml");
    Files.writeString(
        spec,
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata: {name: %s}
        spec:
          sut:
            cpu: 1
            memory: 512Mi
            tomcatMaxThreads: 8
            service:
              jar: %s
              port: %d
              actuatorPath: "%s"
              stubUrlEnv: SHIPPING_QUOTE_URL
          workload:
            stubDelay: 50ms
        %s  database: {cpu: 1, sql: {files: [%s, %s]}}
          stub: {cpu: 1, memory: 256Mi}
          load: {%s, cpu: 1}
          matrix: {threadModes: %s, hikariPoolSizes: [4], concurrency: [16], repetitions: 1}
        """
            .formatted(
                name,
                LocalRunIT.checkoutFile("byo.orders.jar"),
                Os.freePort(),
                actuatorPath,
                workload,
                db.resolve("schema.sql"),
                db.resolve("seed.sql"),
                load,
                threadModes));
    return spec;
  }

  static LocalRunIT.Result run(Path spec) {
    return LocalRunIT.vtbench(LocalRunIT.runArgs(spec, work, System.getProperty("vtbench.k6")));
  }

  @Test
  void theExampleServiceIsMeasuredFromOutsideItWithActuatorAndProc() throws Exception {
    Path spec =
        spec(
            "byo",
            "[platform, virtual]",
            "/actuator",
            "ramp: 1s, warmup: 1s, hold: 11s, sutWarmup: 15s");

    LocalRunIT.Result r = run(spec);

    assertThat(r.code()).as(r.err()).isZero();
    Path dir = work.resolve("results").resolve("byo");
    List<ResultRow> rows = ResultsCsv.read(dir.resolve("matrix.csv"));
    assertThat(rows)
        .extracting(ResultRow::scenarioId)
        .containsExactly("r1-platform-pool4-c16", "r1-virtual-pool4-c16");
    for (ResultRow row : rows) {
      assertThat(row.workload()).isEqualTo("service");
      assertThat(row.throughputRps()).isPositive();
      // a quarter of the mix asks for orders that do not exist and expects 404: no errors
      assertThat(row.errorRate()).isLessThan(0.01);
      assertThat(row.p50Ms()).isGreaterThanOrEqualTo(50.0); // the stub's 50 ms on most requests
      assertThat(row.tomcatThreads()).isEqualTo(8);
      assertThat(row.stubDelayMs()).isEqualTo(50.0);
      // from Actuator
      assertThat(row.hikariActiveMax()).isBetween(0, 4);
      assertThat(row.hikariPendingMax()).isNotNull();
      assertThat(row.jvmThreadsMax()).isPositive();
      assertThat(row.heapMbMax()).isPositive();
      // the bottleneck rule's gauges (Tomcat's only with its MBean registry, which vtbench turns
      // on)
      // Tomcat's maximum as the service runs it: the spec's 8, or 0 on virtual threads (no pool)
      assertThat(row.tomcatMaxThreads()).isEqualTo(row.threadMode().equals("platform") ? 8 : 0);
      assertThat(row.tomcatBusyMax()).isBetween(row.threadMode().equals("platform") ? 1 : 0, 8);
      assertThat(row.requestsActiveMax()).isPositive();
      if (row.bottleneck() == Bottleneck.UNKNOWN) {
        assertThat(row.notes()).contains("bottleneck unknown: ");
      }
      // from the process
      assertThat(row.appCpuPct()).isPositive();
      assertThat(row.rssMbMax()).isPositive();
      assertThat(row.pgCpuPct()).isNotNull();
      assertThat(row.stubCpuPct()).isPositive();
      assertThat(row.sutArtifact()).matches("sha256:[0-9a-f]{16}");
      assertThat(row.jdkVersion()).startsWith("25");
      // no Little's-law bound: vtbench does not know which requests wait for the stub
      assertThat(row.serviceFloorMs()).isNull();
      assertThat(row.littlesLawBoundRps()).isNull();
      // what only vtbench's SUT can tell is empty, and the row says why
      assertThat(row.pinnedEvents()).isNull();
      assertThat(row.notes()).contains("pinned_events empty");
      assertThat(row.steadyState()).isNotNull();
      assertThat(row.holdCv()).isNotNull(); // two windows from Actuator's request count
    }
    // the load went to the service's own endpoints, and it kept its windows beside k6's summary
    assertThat(Files.readString(dir.resolve("k6/r1-virtual-pool4-c16.js")))
        .contains("\"path\" : \"/orders/{id}\"");
    assertThat(Files.readString(dir.resolve("k6/r1-virtual-pool4-c16-sut.json")))
        .contains("\"windows\"");
    // the password reached the service as a configtree file, readable by its owner only
    Path password = dir.resolve("service-config/spring.datasource.password");
    assertThat(password).isNotEmptyFile();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(password)))
        .isEqualTo("rw-------");
    assertThat(r.out()).contains("service: starting platform threads, pool 4");
  }

  /**
   * Two builds of the service in one run ({@code spec.matrix.builds}): the first runs the service's
   * own jar, the second the same jar from a command, each a JVM of its own. Each row names its
   * build and what it ran from (the jar's hash; the command), and summary.md keeps the builds apart
   * and compares the second with the first.
   */
  @Test
  void twoBuildsRunOneAfterTheOtherAndTheSummaryComparesThem() throws Exception {
    Path spec =
        spec("builds", "[virtual]", "/actuator", "ramp: 1s, warmup: 1s, hold: 6s, sutWarmup: 5s");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String jar = System.getProperty("byo.orders.jar");
    Files.writeString(
        spec,
        Files.readString(spec)
            .replace(
                "repetitions: 1}",
                "repetitions: 1, builds: [{name: jar-a}, {name: cmd-b, command: [%s, -jar, %s]}]}"
                    .formatted(java, jar)));

    LocalRunIT.Result r = run(spec);

    assertThat(r.code()).as(r.err()).isZero();
    Path dir = work.resolve("results").resolve("builds");
    List<ResultRow> rows = ResultsCsv.read(dir.resolve("matrix.csv"));
    assertThat(rows)
        .extracting(ResultRow::scenarioId, ResultRow::buildName)
        .containsExactly(
            tuple("r1-jar-a-virtual-pool4-c16", "jar-a"),
            tuple("r1-cmd-b-virtual-pool4-c16", "cmd-b"));
    assertThat(rows).allSatisfy(row -> assertThat(row.throughputRps()).isPositive());
    // what each build ran from: the jar's hash, then the command that started the same jar
    assertThat(rows.get(0).sutArtifact()).matches("sha256:[0-9a-f]{16}");
    // (its first 80 characters)
    assertThat(rows.get(1).sutArtifact()).startsWith("command: " + java + " -jar ");
    // the CSV's header names the column after jvm_options; a local row took one k6 runner
    assertThat(Files.readAllLines(dir.resolve("matrix.csv")).getFirst())
        .contains(",jvm_options,build,");
    assertThat(rows).allSatisfy(row -> assertThat(row.loadRunners()).isEqualTo(1));
    // two JVMs: each build started once, each with a log of its own
    assertThat(r.out())
        .contains("service: starting virtual threads, pool 4, build jar-a")
        .contains("service: starting virtual threads, pool 4, build cmd-b");
    assertThat(dir.resolve("logs/service-virtual-pool4-jar-a.log")).isNotEmptyFile();
    assertThat(dir.resolve("logs/service-virtual-pool4-cmd-b.log")).isNotEmptyFile();
    // summary.md: the main table keeps the builds apart, and a table compares them
    String summary = Files.readString(dir.resolve("summary.md"));
    assertThat(summary)
        .contains("| conn_mode | pool | concurrency | build | reps P/V |")
        .contains("| released | 4 | 16 | jar-a | ")
        .contains("| released | 4 | 16 | cmd-b | ")
        .contains(
            "\n## Builds\n\n| conn_mode | pool | concurrency | thread_mode | build | reps first/this"
                + " |")
        .contains("| released | 4 | 16 | virtual | cmd-b | 1/1")
        .contains("Each build value ÷ the first, jar-a,");
    assertThat(r.out()).contains("Builds:");
  }

  @Test
  void withoutActuatorTheRowsSayTheirSteadyStateCouldNotBeJudged() throws Exception {
    Path spec =
        spec("noactuator", "[virtual]", "", "ramp: 1s, warmup: 1s, hold: 6s, sutWarmup: 5s");

    LocalRunIT.Result r = run(spec);

    assertThat(r.code()).as(r.err()).isZero();
    ResultRow row = ResultsCsv.read(work.resolve("results/noactuator/matrix.csv")).getFirst();
    assertThat(row.throughputRps()).isPositive();
    assertThat(row.appCpuPct()).isPositive();
    assertThat(row.rssMbMax()).isPositive();
    assertThat(row.hikariActiveMax()).isNull();
    assertThat(row.jvmThreadsMax()).isNull();
    assertThat(row.heapMbMax()).isNull();
    assertThat(row.steadyState()).isFalse();
    assertThat(row.notes())
        .contains("no Actuator")
        .contains("steady state not judged: no request count per window");
  }

  /**
   * The example's own k6 module as each iteration (spec.workload.script): copied beside the scripts
   * that import it, its options ignored (it asks for 10 VUs for 30 s; the matrix's 16 VUs and the
   * spec's hold ran), and the service's own count over the hold's windows (Actuator, the sampler's
   * reads taken off) at the rate k6 measured over the hold. The windows cover the hold's first 10 s
   * of 11; counting the warm-up too would put k6's rate 18 % higher. ({@code
   * ClusterServiceScriptIT} compares the counts themselves, read inside k6.)
   */
  @Test
  void aUsersK6ModuleIsEachIterationAndOnlyItsHoldIsMeasured() throws Exception {
    Path spec =
        spec(
            "byo-script",
            "[virtual]",
            "/actuator",
            "ramp: 1s, warmup: 1s, hold: 11s, sutWarmup: 20s",
            "    script: {file: " + module() + "}\n");

    LocalRunIT.Result r = run(spec);

    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("k6: each iteration is the default function of " + module())
        .contains("its options and handleSummary are ignored");
    Path dir = work.resolve("results").resolve("byo-script");
    ResultRow row = ResultsCsv.read(dir.resolve("matrix.csv")).getFirst();
    assertThat(row.scenarioId()).isEqualTo("r1-virtual-pool4-c16");
    assertThat(row.workload()).isEqualTo("service");
    assertThat(row.concurrency()).isEqualTo(16);
    assertThat(row.errorRate()).isLessThan(0.01);
    assertThat(row.steadyState()).isNotNull();
    Path k6 = dir.resolve("k6");
    assertThat(k6.resolve(UserModule.FILE_NAME)).hasSameTextualContentAs(module());
    assertThat(Files.readString(k6.resolve("r1-virtual-pool4-c16.js")))
        .contains("from './" + UserModule.FILE_NAME + "'");
    assertThat(Files.readString(k6.resolve("r1-virtual-pool4-c16.log")))
        .contains("the options your spec.workload.script exports are ignored");
    // the service's count over the hold, from Actuator's windows (its own reads taken off)
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> sut =
        JsonMapper.shared()
            .readValue(dir.resolve("k6/r1-virtual-pool4-c16-sut.json").toFile(), Map.class);
    List<LoadWindow> windows = LoadWindow.ofPhase(sut.get("peaks"), Duration.ofSeconds(11));
    long served = windows.stream().mapToLong(LoadWindow::requests).sum();
    double seconds = windows.stream().mapToDouble(LoadWindow::seconds).sum();
    System.out.printf(
        "k6 counted %d in the hold (%.1f req/s), the service %d in %d windows (%.1f req/s)%n",
        row.httpReqs(), row.throughputRps(), served, windows.size(), served / seconds);
    assertThat(windows).hasSize(2);
    assertThat(served / seconds).isCloseTo(row.throughputRps(), within(0.1 * row.throughputRps()));
  }

  /**
   * A module that is not there stops the run before anything starts, naming the field and where it
   * was looked for.
   */
  @Test
  void aMissingModuleStopsTheRunBeforeAnythingStarts() throws Exception {
    Path spec =
        spec(
            "byo-noscript",
            "[virtual]",
            "/actuator",
            "ramp: 1s, warmup: 1s, hold: 2s, sutWarmup: 0s",
            "    script: {file: k6/not-there.js}\n");

    long started = System.nanoTime();
    LocalRunIT.Result r = run(spec);

    assertThat(r.code()).isEqualTo(3);
    // read from the spec file's folder, the test's work folder, and said so
    assertThat(r.err())
        .contains(
            "vtbench: spec.workload.script.file: "
                + work.resolve("k6/not-there.js")
                + " not found (k6/not-there.js from the spec's folder "
                + work
                + ")");
    assertThat(work.resolve("results").resolve("byo-noscript")).doesNotExist();
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
  }
}
