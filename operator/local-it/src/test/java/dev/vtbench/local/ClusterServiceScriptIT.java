package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Plan.Executor;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.k6.K6Summary;
import dev.vtbench.engine.k6.LoadResult;
import dev.vtbench.engine.k6.MixedRequest;
import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.metrics.ActuatorMetric;
import dev.vtbench.engine.metrics.ServiceWindows;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.plan.ServiceWiring;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.local.process.HttpJson;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.ManagedProcess;
import dev.vtbench.local.process.Os;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The cluster script for a user's service ({@link K6Script#renderForClusterService}) through the
 * real k6 binary against the real example service (examples/byo-orders on a real PostgreSQL, its
 * shipping call answered on loopback): the summary the runner pod would leave in its termination
 * message carries windows, CPU and peaks read from Actuator alone, in the shape {@link
 * SutProbe#parse} reads for vtbench's own SUT, with the user's mix or their own k6 module.
 */
class ClusterServiceScriptIT {

  static final Duration WINDOW = Duration.ofSeconds(2);
  static final Duration HOLD = Duration.ofSeconds(10);

  static LocalPostgres pg;
  static HttpServer shipping;
  static ManagedProcess service;
  static String url;
  static Path work;

  @BeforeAll
  static void start() throws Exception {
    work = Files.createTempDirectory("vtbench-cluster-service-it-");
    pg = LocalPostgres.throwaway(System.out::println);
    Path db = Path.of(System.getProperty("byo.orders.db"));
    try (Connection c = pg.connect();
        Statement s = c.createStatement()) {
      s.execute(Files.readString(db.resolve("schema.sql")));
      s.execute(Files.readString(db.resolve("seed.sql")));
    }
    shipping = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    shipping.createContext(
        "/quote",
        exchange -> {
          byte[] body = "{\"etaDays\":2}".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    shipping.start();
    int port = Os.freePort();
    url = "http://127.0.0.1:" + port;
    service =
        ManagedProcess.start(
            ManagedProcess.Spec.of(
                "byo-orders",
                ManagedProcess.javaJar(
                    Path.of(System.getProperty("byo.orders.jar")), List.of("-Xmx384m")),
                Map.of(
                    "SERVER_PORT",
                    Integer.toString(port),
                    "SPRING_DATASOURCE_URL",
                    pg.jdbcUrl(),
                    "SPRING_DATASOURCE_USERNAME",
                    LocalPostgres.USER,
                    "SPRING_THREADS_VIRTUAL_ENABLED",
                    "true",
                    ServiceWiring.TOMCAT_METRICS,
                    "true",
                    "SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE",
                    "4",
                    "SHIPPING_QUOTE_URL",
                    "http://127.0.0.1:" + shipping.getAddress().getPort() + "/quote"),
                work.resolve("byo-orders.log")));
    service.awaitHttpOk(URI.create(url + "/actuator/health"), Duration.ofSeconds(120));
  }

  @AfterAll
  static void stop() {
    if (service != null) {
      service.close();
    }
    if (shipping != null) {
      shipping.stop(0);
    }
    if (pg != null) {
      pg.destroy();
    }
  }

  /**
   * Both load models with the user's mix: the windows count what the service served in the hold
   * (k6's count, give or take the requests in flight at its edges) and not the reader's own
   * Actuator reads; CPU, JIT and the peak gauges come from Actuator, and the notes say what it
   * cannot give. At 20 requests a second the reader's reads (about 4 a second) would show.
   */
  @ParameterizedTest
  @EnumSource(Executor.class)
  void theServiceIsWatchedThroughActuatorAndItsSummaryParsesLikeTheSuts(Executor executor)
      throws Exception {
    boolean open = executor == Executor.CONSTANT_ARRIVAL_RATE;
    // with the latency histogram a load split over runners needs: run() checks it
    K6Plan plan = plan(executor, open ? 20 : 8).withHistogram(true);
    long ownReadsBefore = ownReads();

    String json = run(plan, "/actuator");

    long ownReads = ownReads() - ownReadsBefore;
    LoadResult load = K6Summary.parse(json, plan.hold());
    SutProbe probe = SutProbe.parse(json);
    List<LoadWindow> windows = LoadWindow.ofPhase(probe.peaks(), plan.hold());
    long counted = windows.stream().mapToLong(LoadWindow::requests).sum();
    System.out.printf(
        "%s: k6 counted %d in the hold, the windows %d, the reader made %d Actuator reads;"
            + " CPU %.2f s, windows %s%n",
        executor, load.httpReqs(), counted, ownReads, probe.cpuSeconds(), windows);

    assertThat(load.errorRate()).as("404s are expected by the mix").isLessThan(0.01);
    assertThat(windows).hasSize(5);
    for (LoadWindow w : windows) {
      assertThat(w.seconds()).isCloseTo(2.0, within(0.5));
      assertThat(w.requests()).isPositive();
      assertThat(w.cpuSeconds()).isPositive();
      assertThat(w.compileSeconds()).isNotNull();
    }
    if (open) {
      // 200 requests on schedule, a few ms each: only one at each edge may fall either way (the
      // clean-clone CI run counted 201: an iteration scheduled on the hold's first instant)
      assertThat(load.httpReqs()).isBetween(199L, 201L);
      assertThat(ownReads).as("the reader's reads would show").isGreaterThan(40);
      assertThat(counted).isCloseTo(load.httpReqs(), within(4L));
    } else {
      double windowsWorth = load.throughputRps() * WINDOW.toMillis() / 1000.0;
      assertThat((double) counted).isCloseTo(load.httpReqs(), within(windowsWorth));
    }
    // process.cpu.time (ns) over the hold: some, at most every processor the JVM sees, and the
    // windows' CPU adds up to about the same
    assertThat(probe.sut().availableProcessors()).isPositive();
    assertThat(probe.cpuSeconds())
        .isPositive()
        .isLessThanOrEqualTo(1.1 * probe.holdSeconds() * probe.sut().availableProcessors());
    double windowsCpu = windows.stream().mapToDouble(LoadWindow::cpuSeconds).sum();
    assertThat(windowsCpu).isCloseTo(probe.cpuSeconds(), within(0.2 * probe.cpuSeconds() + 0.1));
    assertThat(probe.peaks())
        .containsKeys("hikariActiveMax", "hikariPendingMax", "jvmThreadsMax", "heapMbMax");
    assertThat(((Number) probe.peaks().get("hikariActiveMax")).doubleValue()).isBetween(0.0, 4.0);
    assertThat(((Number) probe.peaks().get("jvmThreadsMax")).doubleValue()).isPositive();
    assertThat(((Number) probe.peaks().get("heapMbMax")).doubleValue()).isPositive();
    // the bottleneck rule's gauges: at least this probe's own read was in progress
    assertThat(((Number) probe.peaks().get("requestsActiveMax")).doubleValue()).isPositive();
    // read, and 0 on virtual threads: Tomcat's executor then has no maximum of threads
    assertThat(((Number) probe.peaks().get("tomcatMaxThreads")).doubleValue()).isZero();
    assertThat(probe.peaks()).containsEntry("rssMbMax", null);
    assertThat(probe.sut().javaVersion()).startsWith("25");
    assertThat(probe.sut().cpuset()).isNull();
    assertThat(probe.stub()).isNull();
    assertThat(notes(probe))
        .contains(ServiceWindows.NO_PINNED_EVENTS)
        .contains("rss_mb_max empty")
        .contains("cpu_model and kernel empty")
        .doesNotContain("not read");
  }

  /**
   * The example's own k6 module (examples/byo-orders/k6/orders.js, spec.workload.script) as each
   * iteration of the cluster script, both load models: what k6 counted in the hold is what the
   * service counted over the hold's windows, as with the mix. Every iteration sends two requests,
   * so the open model's 10 iterations a second make 200 requests in the 10 s hold.
   */
  @ParameterizedTest
  @EnumSource(Executor.class)
  void aUsersModuleIsMeasuredOverTheHoldAsTheServiceCountsIt(Executor executor) throws Exception {
    boolean open = executor == Executor.CONSTANT_ARRIVAL_RATE;
    K6Plan plan = plan(executor, open ? 10 : 4).withRequests(List.of()).withUserScript(true);

    String json = run(plan, "/actuator");

    LoadResult load = K6Summary.parse(json, plan.hold());
    List<LoadWindow> windows = LoadWindow.ofPhase(SutProbe.parse(json).peaks(), plan.hold());
    long counted = windows.stream().mapToLong(LoadWindow::requests).sum();
    System.out.printf(
        "%s with the user's module: k6 counted %d in the hold, the windows %d%n",
        executor, load.httpReqs(), counted);

    assertThat(load.errorRate()).isZero();
    assertThat(windows).hasSize(5);
    if (open) {
      // 100 iterations on schedule, two requests each; one at each edge may fall either way
      assertThat(load.httpReqs()).isBetween(198L, 202L);
      assertThat(counted).isCloseTo(load.httpReqs(), within(6L));
    } else {
      assertThat(load.httpReqs()).isPositive();
      double windowsWorth = load.throughputRps() * WINDOW.toMillis() / 1000.0;
      assertThat((double) counted).isCloseTo(load.httpReqs(), within(windowsWorth));
    }
  }

  /**
   * A service whose Actuator vtbench ignores ({@code actuatorPath: ""}): the load is measured, the
   * reader never asks Actuator, and the summary has no windows (the row is never steady) and says
   * why.
   */
  @Test
  void withoutActuatorTheSummaryHasNoWindowsAndSaysWhy() throws Exception {
    K6Plan plan = plan(Executor.RAMPING_VUS, 4);
    long ownReadsBefore = ownReads();

    String json = run(plan, "");

    // only this test's own read of the counter since the last one
    assertThat(ownReads() - ownReadsBefore).isEqualTo(1);
    assertThat(K6Summary.parse(json, plan.hold()).httpReqs()).isPositive();
    SutProbe probe = SutProbe.parse(json);
    assertThat(probe.peaks()).doesNotContainKey(ServiceWindows.WINDOWS);
    assertThat(SteadyState.judge(LoadWindow.ofPhase(probe.peaks(), plan.hold())))
        .isEqualTo(SteadyState.Verdict.TOO_SHORT);
    assertThat(probe.cpuSeconds()).isNull();
    assertThat(probe.peaks()).containsEntry("hikariActiveMax", null);
    assertThat(notes(probe))
        .contains(ServiceWindows.NO_ACTUATOR)
        .contains("steady state not judged: no request count per window")
        .contains("process.cpu.time not read: no Actuator");
  }

  /** The example's mix: orders that exist, and a quarter that do not and expect 404. */
  static K6Plan plan(Executor executor, int level) {
    MixedRequest byId =
        new MixedRequest(
            "GET",
            "/orders/{id}",
            Map.of("id", new MixedRequest.Draw(1L, 50_000L, null)),
            Map.of(),
            null,
            3,
            List.of());
    MixedRequest missing =
        new MixedRequest(
            "GET",
            "/orders/{id}",
            Map.of("id", new MixedRequest.Draw(60_000L, 61_000L, null)),
            Map.of(),
            null,
            1,
            List.of(404));
    return new K6Plan(
        url,
        1,
        executor,
        level,
        executor == Executor.CONSTANT_ARRIVAL_RATE ? 20 : 0,
        Duration.ofSeconds(1),
        Duration.ofSeconds(2),
        HOLD,
        Duration.ofSeconds(2),
        List.of(byId, missing));
  }

  /** The metric reads the service has counted so far (the reader's are among them). */
  static long ownReads() {
    HttpJson.Response r = HttpJson.get(url + ActuatorMetric.OWN_READS.path("/actuator"));
    Double v = ActuatorMetric.OWN_READS.value(r.json());
    return v == null ? 0 : v.longValue();
  }

  static String notes(SutProbe probe) {
    return String.valueOf(probe.peaks().get(ServiceWindows.NOTES));
  }

  /**
   * Runs the rendered script through k6; the compact summary, checked to fit its 4 KiB and to carry
   * a histogram of every hold request exactly when the plan asks for one.
   */
  static String run(K6Plan plan, String actuatorPath) throws Exception {
    ServiceSpec spec = new ServiceSpec();
    spec.actuatorPath = actuatorPath;
    Path script =
        Files.writeString(
            Files.createTempFile(work, "service", ".js"),
            K6Script.renderForClusterService(plan, spec, url, null, WINDOW, false));
    if (plan.userScript()) {
      // beside the script, as in the load's ConfigMap
      Files.copy(
          ByoRunIT.module(),
          work.resolve(UserModule.FILE_NAME),
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    Path summary = work.resolve(script.getFileName() + ".json");
    Path out = work.resolve(script.getFileName() + ".out");
    ProcessBuilder pb =
        new ProcessBuilder(
                concat(System.getProperty("vtbench.k6"), K6Script.commandLine(script, summary)))
            .redirectErrorStream(true)
            .redirectOutput(out.toFile());
    pb.environment().put("K6_NO_USAGE_REPORT", "true");
    pb.environment().putAll(UserModule.env(plan));
    Process p = pb.start();
    Duration timeout = K6Script.totalDuration(plan).plusSeconds(60);
    if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      p.destroyForcibly().waitFor();
      fail("k6 did not finish within " + timeout + ":\n" + Files.readString(out));
    }
    assertThat(p.exitValue()).as("k6 run%n%s", Files.readString(out)).isZero();
    String json = Files.readString(summary);
    assertThat(json.getBytes(StandardCharsets.UTF_8).length)
        .as("fits a termination message")
        .isLessThan(4096);
    assertThat(Files.readString(out)).contains(K6Script.SUMMARY_LINE + json);
    LoadResult load = K6Summary.parse(json, plan.hold());
    if (plan.histogram()) {
      // beside the rest, the hold's latency histogram, every hold request counted
      assertThat(load.holdHistogram()).isNotNull();
      assertThat(load.holdHistogram().count()).isEqualTo(load.httpReqs());
    } else {
      assertThat(load.holdHistogram()).isNull();
      assertThat(json).doesNotContain(K6Script.HISTOGRAM_KEY);
    }
    return json;
  }

  static List<String> concat(String first, List<String> rest) {
    return java.util.stream.Stream.concat(java.util.stream.Stream.of(first), rest.stream())
        .toList();
  }
}
