package dev.vtbench.engine.k6;

import static dev.vtbench.engine.k6.FakeServers.fakeSut;
import static dev.vtbench.engine.k6.FakeServers.items;
import static dev.vtbench.engine.k6.FakeServers.loopback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.fail;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import dev.vtbench.engine.k6.K6Plan.Executor;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.stats.HistogramText;
import dev.vtbench.engine.stats.LatencyHistogram;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.engine.steady.SutReset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The generated scripts through the real k6 binary ({@code -Dvtbench.k6}, default {@code
 * ~/.cache/vtbench/bin/k6}), offline: {@code k6 inspect} for syntax and scheduling, and short runs
 * against an HTTP server on loopback.
 */
class K6ScriptIT {

  static Path k6;

  @TempDir Path dir;

  @BeforeAll
  static void findK6() {
    k6 =
        Path.of(
            System.getProperty(
                "vtbench.k6", System.getProperty("user.home") + "/.cache/vtbench/bin/k6"));
    if (!Files.isRegularFile(k6) || !Files.isExecutable(k6)) {
      fail(
          "k6 not found at "
              + k6
              + ": these tests run the generated scripts through k6; put a k6 v1.x binary there"
              + " or pass -Dvtbench.k6=/path/to/k6");
    }
  }

  static K6Plan plan(String url, long idMax, Executor executor, int level, long rampMs) {
    return new K6Plan(
        url,
        idMax,
        executor,
        level,
        executor == Executor.CONSTANT_ARRIVAL_RATE ? 50 : 0,
        Duration.ofMillis(rampMs),
        Duration.ofMillis(500),
        Duration.ofSeconds(2),
        Duration.ofSeconds(2));
  }

  @Test
  void inspectAcceptsEveryShapeAndSchedulesWhatTotalDurationSays() throws Exception {
    List<K6Plan> plans = new ArrayList<>();
    for (Executor e : Executor.values()) {
      plans.add(plan("http://127.0.0.1:9/x?id={id}", 100_000, e, 20, 500));
      plans.add(plan("http://127.0.0.1:9/caf\u00e9/{id}?q='a'&b={id}", 7, e, 20, 0));
      plans.add(
          new K6Plan(
              "http://127.0.0.1:9/livez",
              1,
              e,
              80,
              50,
              Duration.ZERO,
              Duration.ZERO,
              Duration.ofSeconds(3),
              Duration.ofSeconds(1)));
    }
    for (K6Plan plan : plans) {
      Path script = write(plan);
      Result r =
          k6(
              List.of(
                  "inspect",
                  "--execution-requirements",
                  "--env",
                  K6Script.SUMMARY_ENV + "=" + dir.resolve("unused.json"),
                  script.toString()),
              Duration.ofSeconds(60));
      assertThat(r.exit()).as("k6 inspect %s%n%s", plan, r.stderr()).isZero();
      JsonNode inspected = JsonMapper.shared().readTree(r.stdout());
      assertThat(goDuration(inspected.get("totalDuration").asString()))
          .as(plan.toString())
          .isEqualTo(K6Script.totalDuration(plan));
      // closed: the same VUs all along; open: the warm-up's VUs are handed to the hold
      assertThat(inspected.get("maxVUs").asInt())
          .as(plan.toString())
          .isEqualTo(plan.openModel() ? plan.maxVUs() : plan.level());
    }
  }

  @Test
  void withoutTheSummaryPathTheScriptRefusesToStart() throws Exception {
    Path script = write(plan("http://127.0.0.1:9/x", 1, Executor.RAMPING_VUS, 1, 0));
    Result r = k6(List.of("inspect", script.toString()), Duration.ofSeconds(60));
    assertThat(r.exit()).isNotZero();
    assertThat(r.stdout() + r.stderr()).contains("set VTBENCH_SUMMARY to the file");
  }

  /**
   * A real run against a server that answers id 1 with 200 after 5 ms and id 2 with 500: the
   * summary parses, the ids stay in range, and about half the requests are errors. With a histogram
   * it counts every hold request, failed ones too; without one (the default) the summary has
   * neither the histogram nor a bucket metric.
   */
  @ParameterizedTest
  @CsvSource({
    "RAMPING_VUS, false",
    "RAMPING_VUS, true",
    "CONSTANT_ARRIVAL_RATE, false",
    "CONSTANT_ARRIVAL_RATE, true"
  })
  void aShortRunAgainstALoopbackServerParses(Executor executor, boolean histogram)
      throws Exception {
    Set<String> ids = ConcurrentHashMap.newKeySet();
    AtomicLong served = new AtomicLong();
    HttpServer server =
        loopback(
            "/item",
            exchange -> {
              String id = exchange.getRequestURI().getQuery().replace("id=", "");
              ids.add(id);
              served.incrementAndGet();
              try {
                Thread.sleep(5);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              byte[] body = ("{\"id\":" + id + "}").getBytes(StandardCharsets.UTF_8);
              exchange.sendResponseHeaders(id.equals("2") ? 500 : 200, body.length);
              exchange.getResponseBody().write(body);
              exchange.close();
            });
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/item?id={id}";
      K6Plan plan =
          plan(url, 2, executor, executor == Executor.RAMPING_VUS ? 5 : 50, 500)
              .withHistogram(histogram);
      Path script = write(plan);
      Path summary = dir.resolve("summary.json");

      Result r =
          k6(K6Script.commandLine(script, summary), K6Script.totalDuration(plan).plusSeconds(60));

      assertThat(r.exit()).as("k6 run%n%s", r.stderr()).isZero();
      assertThat(r.stdout()).startsWith("vtbench hold: ");
      LoadResult result = K6Summary.parse(summary, plan.hold());
      assertThat(ids).containsExactlyInAnyOrder("1", "2");
      assertThat(served.get()).isGreaterThan(result.httpReqs());
      assertThat(result.throughputRps()).isEqualTo(result.httpReqs() / 2.0);
      assertThat(result.errorRate()).isBetween(0.3, 0.7);
      if (histogram) {
        // failed requests are in the histogram too, as in k6's percentiles
        assertThat(result.holdHistogram().count()).isEqualTo(result.httpReqs());
      } else {
        assertThat(result.holdHistogram()).isNull();
        assertNoHistogram(Files.readString(summary));
      }
      assertThat(result.p50Ms()).isGreaterThanOrEqualTo(5);
      assertThat(result.maxMs()).isGreaterThanOrEqualTo(result.p99Ms());
      if (executor == Executor.CONSTANT_ARRIVAL_RATE) {
        // 50 requests a second for 2 seconds, every one on time
        assertThat((double) result.httpReqs()).isCloseTo(100, within(2.0));
        assertThat(result.droppedIterations()).isZero();
      } else {
        assertThat(result.vusMax()).isEqualTo(5);
      }
    } finally {
      server.stop(0);
    }
  }

  /**
   * One runner's histogram against k6's own exact percentiles of the same hold requests: a server
   * whose answers take 1 to 5 ms for nine ids in ten and 45 to 90 ms for the rest, so p95 and above
   * fall in the slow mode. The histogram counts every hold request, its text is what {@link
   * HistogramText#encode} writes, and each percentile is within the bucket error of k6's.
   */
  @ParameterizedTest
  @EnumSource(Executor.class)
  void forOneRunnerTheHistogramAgreesWithK6sOwnPercentiles(Executor executor) throws Exception {
    HttpServer server =
        loopback(
            "/item",
            exchange -> {
              int id = Integer.parseInt(exchange.getRequestURI().getQuery().replace("id=", ""));
              try {
                Thread.sleep(id <= 90 ? 1 + id % 5 : 40 + 5 * (id - 90));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              exchange.sendResponseHeaders(200, -1);
              exchange.close();
            });
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/item?id={id}";
      K6Plan plan =
          new K6Plan(
                  url,
                  100,
                  executor,
                  executor == Executor.RAMPING_VUS ? 20 : 400,
                  executor == Executor.RAMPING_VUS ? 0 : 100,
                  Duration.ZERO,
                  Duration.ofMillis(500),
                  Duration.ofSeconds(4),
                  Duration.ofSeconds(2))
              .withHistogram(true);
      Path summary = dir.resolve("summary.json");

      Result r =
          k6(
              K6Script.commandLine(write(plan), summary),
              K6Script.totalDuration(plan).plusSeconds(60));

      assertThat(r.exit()).as("k6 run%n%s", r.stderr()).isZero();
      String json = Files.readString(summary);
      LoadResult k6 = K6Summary.parse(json, plan.hold());
      LatencyHistogram h = k6.holdHistogram();
      assertThat(h).isNotNull();
      assertThat(k6.httpReqs()).isGreaterThan(1000);
      assertThat(h.count()).isEqualTo(k6.httpReqs());
      // the script's text is the canonical one, and the bucket sub-metrics are not in the file
      JsonNode root = JsonMapper.shared().readTree(json);
      assertThat(root.get(K6Script.HISTOGRAM_KEY).asString()).isEqualTo(HistogramText.encode(h));
      assertThat(root.get("metrics").propertyNames())
          .noneMatch(name -> name.startsWith(K6Script.HISTOGRAM_METRIC));
      double[][] pairs = {
        {50, k6.p50Ms()}, {95, k6.p95Ms()}, {99, k6.p99Ms()}, {99.9, k6.p999Ms()}
      };
      for (double[] pair : pairs) {
        assertThat(h.percentile(pair[0]))
            .as("p%s: k6 says %s ms", pair[0], pair[1])
            .isCloseTo(pair[1], within(LatencyHistogram.RELATIVE_ERROR * pair[1] * (1 + 1e-9)));
      }
      assertThat(k6.p99Ms()).as("p99 in the slow mode").isGreaterThan(40);
    } finally {
      server.stop(0);
    }
  }

  /**
   * A user's request mix ({@link MixedRequest}) through real k6, closed and open model: each
   * request drawn by its weight, its {name}s filled from their range or list, its method, headers
   * and body sent, and its own expected statuses (201, 404) counted as successes in the hold.
   */
  @ParameterizedTest
  @EnumSource(Executor.class)
  void aRequestMixIsSentByWeightWithItsParamsHeadersBodiesAndExpectedStatuses(Executor executor)
      throws Exception {
    java.util.Map<String, AtomicLong> byPath = new ConcurrentHashMap<>();
    Set<String> ids = ConcurrentHashMap.newKeySet();
    Set<String> bodies = ConcurrentHashMap.newKeySet();
    Set<String> headers = ConcurrentHashMap.newKeySet();
    HttpServer server =
        loopback(
            "/",
            exchange -> {
              String path = exchange.getRequestURI().getPath();
              String kind = exchange.getRequestMethod() + " " + path.replaceAll("/[0-9]+$", "/n");
              byPath.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
              int status = 500;
              if (kind.equals("GET /orders/n")) {
                ids.add(path.substring("/orders/".length()));
                status = 200;
              } else if (kind.equals("POST /orders")) {
                bodies.add(
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                headers.add(String.valueOf(exchange.getRequestHeaders().getFirst("X-Tenant")));
                status = 201;
              } else if (kind.equals("GET /gone")) {
                status = 404;
              }
              exchange.sendResponseHeaders(status, -1);
              exchange.close();
            });
    try {
      MixedRequest byId =
          new MixedRequest(
              "GET",
              "/orders/{id}",
              java.util.Map.of("id", new MixedRequest.Draw(5L, 7L, null)),
              java.util.Map.of(),
              null,
              6,
              List.of());
      MixedRequest create =
          new MixedRequest(
              "POST",
              "/orders",
              java.util.Map.of("sku", new MixedRequest.Draw(null, null, List.of("a b", "c"))),
              java.util.Map.of("X-Tenant", "t1", "Content-Type", "application/json"),
              "{\"sku\":\"{sku}\"}",
              2,
              List.of(201));
      MixedRequest gone =
          new MixedRequest(
              "GET", "/gone", java.util.Map.of(), java.util.Map.of(), null, 2, List.of(404));
      K6Plan plan =
          plan(
                  "http://127.0.0.1:" + server.getAddress().getPort(),
                  1,
                  executor,
                  executor == Executor.RAMPING_VUS ? 5 : 200,
                  0)
              .withRequests(List.of(byId, create, gone))
              .withHistogram(true);
      Path summary = dir.resolve("summary.json");

      Result r =
          k6(
              K6Script.commandLine(write(plan), summary),
              K6Script.totalDuration(plan).plusSeconds(60));

      assertThat(r.exit()).as("k6 run%n%s", r.stderr()).isZero();
      LoadResult result = K6Summary.parse(summary, plan.hold());
      assertThat(result.httpReqs()).isGreaterThan(100);
      // 201 for the POST and 404 for /gone are what those requests expect: no errors
      assertThat(result.errorRate()).isZero();
      assertThat(byPath.keySet())
          .containsExactlyInAnyOrder("GET /orders/n", "POST /orders", "GET /gone");
      double share =
          byPath.get("GET /orders/n").get()
              / (double) byPath.values().stream().mapToLong(AtomicLong::get).sum();
      assertThat(share).as("weight 6 of 10").isBetween(0.5, 0.7);
      assertThat(ids).containsExactlyInAnyOrder("5", "6", "7");
      assertThat(bodies).containsExactlyInAnyOrder("{\"sku\":\"a b\"}", "{\"sku\":\"c\"}");
      assertThat(headers).containsExactly("t1");
      // every request of the mix counted in the histogram
      assertThat(result.holdHistogram().count()).isEqualTo(result.httpReqs());
    } finally {
      server.stop(0);
    }
  }

  /**
   * The cluster script against a server that plays the SUT: the runner reads its cpuset before the
   * load, resets its peaks at the hold's start, reads CPU time and peaks at the hold's end, and the
   * compact summary fits a termination message.
   */
  @Test
  void theClusterScriptProbesTheSutAndWritesACompactSummary() throws Exception {
    AtomicLong resets = new AtomicLong();
    AtomicLong infos = new AtomicLong();
    AtomicReference<String> stubWindow = new AtomicReference<>("none");
    AtomicLong stubEnds = new AtomicLong();
    HttpServer server =
        fakeSut(
            reset -> {
              if (reset) {
                resets.incrementAndGet();
              }
              // CPU time: 10 s at the reset, 11.5 s at the hold's end; the database's 20 s
              // and 20.8 s
              long reads = reset ? 0 : Math.min(1, infos.getAndIncrement());
              double cpu = 10.0 + 1.5 * reads;
              double dbCpu = 20.0 + 0.8 * reads;
              // its cgroup: 20 CFS periods in the hold, 5 of them throttled, on half a core
              long periods = 1000 + 20 * reads;
              long throttled = 100 + 5 * reads;
              // the database container's: 20 periods, 8 throttled, on a tenth of a core
              long dbThrottled = 300 + 8 * reads;
              return "{\"cpuset\":\"3\",\"availableProcessors\":1,\"javaVersion\":\"25\","
                  + "\"virtualThreadParallelism\":1,"
                  + "\"dbCfs\":{\"periods\":"
                  + periods
                  + ",\"throttledPeriods\":"
                  + dbThrottled
                  + ",\"throttledSeconds\":0.5,\"limitCores\":0.1},"
                  + "\"node\":\"node-a\",\"cpuModel\":\"Test CPU @ 2.0GHz\","
                  + "\"kernel\":\"6.8.0\",\"onlineCpus\":\"0-7\","
                  + "\"cfs\":{\"periods\":"
                  + periods
                  + ",\"throttledPeriods\":"
                  + throttled
                  + ",\"throttledSeconds\":1.5,\"limitCores\":0.5},"
                  + "\"dbCpuSeconds\":"
                  + dbCpu
                  + ",\"processCpuSeconds\":"
                  + cpu
                  + ",\"peaks\":{\"hikariActiveMax\":7,\"hikariPendingMax\":0,"
                  + "\"jvmThreadsMax\":40,\"rssMbMax\":210.5,\"heapMbMax\":61.5,"
                  + "\"pinnedEvents\":0,"
                  + "\"handlerThread\":\"VirtualThread[#171,tomcat-handler-9]/runnable@ForkJoinPool-1-worker-4\"}}";
            });
    server.createContext(
        "/stub/api/runtime-info",
        exchange -> {
          // the stub's window: opened by .../reset?window=ID, ended by .../end?window=ID
          String path = exchange.getRequestURI().getPath();
          String query = String.valueOf(exchange.getRequestURI().getQuery());
          if (path.endsWith("/reset")) {
            stubWindow.set(query.substring("window=".length()));
          } else if (path.endsWith("/end") && query.equals("window=" + stubWindow.get())) {
            stubEnds.incrementAndGet();
          }
          byte[] body =
              ("{\"processCpuSeconds\":4.5,\"cpuset\":\"0\",\"window\":{\"id\":\""
                      + stubWindow.get()
                      + "\",\"ended\":"
                      + (stubEnds.get() > 0)
                      + ",\"cpuSeconds\":0.25,\"coreBusyPct\":{\"0\":91.5,\"1\":40.0},"
                      + "\"stealPct\":0.5,\"throttledPct\":7.5,\"cpuLimitCores\":0.25}}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      K6Plan plan =
          plan(base + "/item?id={id}", 2, Executor.RAMPING_VUS, 3, 500).withHistogram(true);
      String json = runCluster(plan, base);
      LoadResult load = K6Summary.parse(json, plan.hold());
      assertThat(load.httpReqs()).isPositive();
      assertThat(load.errorRate()).isZero();
      SutProbe probe = SutProbe.parse(json);
      assertThat(probe.sut().cpuset()).isEqualTo("3");
      assertThat(probe.sut().availableProcessors()).isEqualTo(1);
      assertThat(probe.sut().virtualThreadParallelism()).isEqualTo(1);
      // where it ran, passed through for the row's provenance and the pinning check
      assertThat(probe.sut().javaVersion()).isEqualTo("25");
      assertThat(probe.sut().node()).isEqualTo("node-a");
      assertThat(probe.sut().cpuModel()).isEqualTo("Test CPU @ 2.0GHz");
      assertThat(probe.sut().kernel()).isEqualTo("6.8.0");
      assertThat(probe.onlineCpus()).isEqualTo("0-7");
      assertThat(probe.error()).isNull();
      assertThat(resets.get()).isEqualTo(1);
      assertThat(probe.cpuSeconds()).isCloseTo(1.5, within(1e-9));
      assertThat(probe.cpuPct()).isCloseTo(75.0, within(1e-9));
      // the database's CPU as the SUT read it at the same two moments: 0.8 s in 2 s is 40 %
      assertThat(probe.dbCpuSeconds()).isCloseTo(0.8, within(1e-9));
      assertThat(probe.dbCpuPct()).isCloseTo(40.0, within(1e-9));
      // the stub's window, opened and ended once, under the id the script gave it: 0.25 s of CPU
      // in the 2 s hold is 12.5 % of one core
      assertThat(stubWindow.get()).isNotEqualTo("none");
      assertThat(stubEnds.get()).isEqualTo(1);
      assertThat(probe.stub().cpuSeconds()).isCloseTo(0.25, within(1e-9));
      assertThat(probe.stubCpuPct()).isCloseTo(12.5, within(1e-9));
      assertThat(probe.stub().cpuset()).isEqualTo("0");
      assertThat(probe.stub().coreBusyPct()).containsExactly(entry(0, 91.5), entry(1, 40.0));
      assertThat(probe.stub().stealPct()).isEqualTo(0.5);
      // CFS throttling over the hold: the SUT's from its counters at the two edges (5 of 20
      // periods), the stub's as its window reported it
      assertThat(probe.sutThrottledPct()).isEqualTo(25.0);
      assertThat(probe.sutCpuLimitCores()).isEqualTo(0.5);
      // the database's, which the SUT read for the runner: 8 of 20 periods
      assertThat(probe.dbThrottledPct()).isEqualTo(40.0);
      assertThat(probe.stubThrottledPct()).isEqualTo(7.5);
      assertThat(probe.stub().cpuLimitCores()).isEqualTo(0.25);
      // k6 itself, through vtbench's k6 extension (hack/k6.sh builds it into this k6): its own
      // CPU over the hold, and its cgroup's throttling (0 here: the test's cgroup has no limit)
      assertThat(probe.load().cpuSeconds()).isNotNull().isPositive();
      assertThat(probe.loadCpuPct()).isPositive();
      assertThat(probe.loadThrottledPct()).isNotNull().isBetween(0.0, 100.0);
      assertThat(probe.peaks())
          .containsEntry("hikariActiveMax", 7)
          .containsEntry("jvmThreadsMax", 40)
          .containsEntry("rssMbMax", 210.5)
          .containsEntry("heapMbMax", 61.5)
          // a string, read after the load: it cannot travel in a k6 metric
          .containsEntry(
              "handlerThread",
              "VirtualThread[#171,tomcat-handler-9]/runnable@ForkJoinPool-1-worker-4");
    } finally {
      server.stop(0);
    }
  }

  /**
   * The SUT's load windows through the real cluster script: the probe at the hold's start asks for
   * 5 s windows, the one at its end reads them, and the summary carries the hold's whole windows (a
   * window closed after the hold is left out) in the shape {@link LoadWindow#ofPhase} reads.
   */
  @Test
  void theClusterScriptCarriesTheHoldsLoadWindows() throws Exception {
    List<String> resets = new CopyOnWriteArrayList<>();
    HttpServer server =
        fakeSut(
            reset -> {
              // two windows in the 10 s hold, a third closed just after it; the JVM of the second
              // does not report its CPU. Its cgroup has no CPU limit: the kernel still counts
              // periods, and half of them "throttled" must not count
              return "{\"cpuset\":\"3\",\"processCpuSeconds\":10.0,"
                  + (reset
                      ? "\"cfs\":{\"periods\":10,\"throttledPeriods\":5,\"limitCores\":null},"
                      : "\"cfs\":{\"periods\":50,\"throttledPeriods\":25,\"limitCores\":null},")
                  + "\"peaks\":{\"windows\":"
                  + "{\"windowSeconds\":5.0,\"list\":["
                  + "{\"seconds\":5.001,\"requests\":500,\"cpuSeconds\":1.25,"
                  + "\"compileSeconds\":0.05,\"jitCpuSeconds\":0.012},"
                  + "{\"seconds\":4.999,\"requests\":510,\"cpuSeconds\":null,"
                  + "\"compileSeconds\":0.0,\"jitCpuSeconds\":null},"
                  + "{\"seconds\":5.0,\"requests\":7,\"cpuSeconds\":0.1,"
                  + "\"compileSeconds\":0.0,\"jitCpuSeconds\":0.0}]}}}";
            },
            resets);
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      K6Plan plan = itemPlan(base, 2, Duration.ofSeconds(10));
      String json = runCluster(plan, base);
      assertThat(resets)
          .singleElement()
          .asString()
          .startsWith(SutReset.pathStartingAt(SteadyState.WINDOW))
          .matches(".*startAtEpochMs=\\d{13}");
      // this SUT reports no database CPU (nothing installed the function): unknown, not zero
      assertThat(SutProbe.parse(json).dbCpuSeconds()).isNull();
      // no limit: nothing can throttle it, a measured 0
      assertThat(SutProbe.parse(json).sutThrottledPct()).isEqualTo(0.0);
      assertThat(SutProbe.parse(json).sutCpuLimitCores()).isNull();
      assertThat(LoadWindow.ofPhase(SutProbe.parse(json).peaks(), plan.hold()))
          .extracting(
              LoadWindow::seconds,
              LoadWindow::requests,
              LoadWindow::cpuSeconds,
              LoadWindow::compileSeconds)
          .containsExactly(tuple(5.001, 500L, 1.25, 0.05), tuple(4.999, 510L, null, 0.0));
      // the compiler threads' CPU travels too, unknown where the SUT did not know it
      assertThat(SutProbeTest.list(SutProbe.parse(json)))
          .extracting(w -> w.get("jitCpuSeconds"))
          .containsExactly(0.012, null);
    } finally {
      server.stop(0);
    }
  }

  /**
   * A k6 image other than vtbench's (a user's own, or grafana/k6): the script does not ask for the
   * extension (k6 would fail it), still runs and writes its summary; only k6's own figures are
   * unknown.
   */
  @Test
  void aK6WithoutTheExtensionStillRunsAndLeavesItsOwnFiguresUnknown() throws Exception {
    HttpServer server =
        fakeSut(reset -> "{\"cpuset\":\"3\",\"processCpuSeconds\":" + (reset ? 1 : 2) + "}");
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      SutProbe probe =
          SutProbe.parse(runCluster(itemPlan(base, 2, Duration.ofSeconds(2)), base, false));

      assertThat(probe.cpuSeconds()).isEqualTo(1.0);
      assertThat(probe.load().cpuSeconds()).isNull();
      assertThat(probe.loadCpuPct()).isNull();
      assertThat(probe.loadThrottledPct()).isNull();
    } finally {
      server.stop(0);
    }
  }

  /**
   * A CPU counter read at only one edge of the hold (here the SUT answered the reset but not the
   * read at the end) gives no figure: unknown, not the zero that one reading minus itself is.
   */
  @Test
  void aCpuCounterReadAtOnlyOneEdgeOfTheHoldIsUnknownNotZero() throws Exception {
    HttpServer server =
        fakeSut(
            reset ->
                reset
                    ? "{\"cpuset\":\"3\",\"processCpuSeconds\":10.0,\"dbCpuSeconds\":20.0,"
                        + "\"cfs\":{\"periods\":10,\"throttledPeriods\":5,\"limitCores\":0.5}}"
                    : "{\"cpuset\":\"3\",\"cfs\":null}");
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      SutProbe probe = SutProbe.parse(runCluster(itemPlan(base, 2, Duration.ofSeconds(2)), base));

      assertThat(probe.cpuSeconds()).isNull();
      assertThat(probe.cpuPct()).isNull();
      assertThat(probe.dbCpuSeconds()).isNull();
      assertThat(probe.sutThrottledPct()).isNull();
    } finally {
      server.stop(0);
    }
  }

  /**
   * A user's service reports no cgroup: the service script reads its CPU at the hold's edges from
   * Actuator (here a fake whose {@code process.cpu.time} grows by half a second each read) and
   * leaves the SUT's CFS throttling unknown, not zero.
   */
  @Test
  void theServiceScriptReadsItsCpuAtTheEdgesAndLeavesThrottlingUnknown() throws Exception {
    AtomicLong cpuReads = new AtomicLong();
    HttpServer server = items();
    server.createContext(
        "/actuator",
        exchange -> {
          double v =
              exchange.getRequestURI().getPath().endsWith("process.cpu.time")
                  ? 1e9 * (10 + 0.5 * cpuReads.getAndIncrement())
                  : 1;
          byte[] body =
              ("{\"measurements\":[{\"statistic\":\"COUNT\",\"value\":"
                      + v
                      + "},{\"statistic\":\"VALUE\",\"value\":1},"
                      + "{\"statistic\":\"TOTAL_TIME\",\"value\":1}]}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      ServiceSpec service = new ServiceSpec();
      service.actuatorPath = "/actuator";
      Path script =
          Files.writeString(
              Files.createTempFile(dir, "service", ".js"),
              K6Script.renderForClusterService(
                  itemPlan(base, 2, Duration.ofSeconds(2)),
                  service,
                  base,
                  null,
                  SteadyState.WINDOW,
                  false));
      Path summary = dir.resolve("service-summary.json");
      Result r = k6(K6Script.commandLine(script, summary), Duration.ofSeconds(90));
      assertThat(r.exit()).as("k6 run%n%s", r.stderr()).isZero();
      SutProbe probe = SutProbe.parse(Files.readString(summary));

      assertThat(probe.cpuSeconds()).as("read at both edges").isPositive();
      assertThat(probe.sutThrottledPct()).isNull();
      assertThat(probe.sutCpuLimitCores()).isNull();
    } finally {
      server.stop(0);
    }
  }

  /**
   * On a cluster the load resizes the SUT's pool: the script's setup asks for this load's size
   * before anything else reaches the SUT, and a SUT that refuses fails the load (k6 exits non-zero,
   * naming the call), so no row is measured at the wrong pool size.
   */
  @Test
  void theClusterScriptResizesTheSutsPoolBeforeTheLoad() throws Exception {
    List<String> calls = new CopyOnWriteArrayList<>();
    AtomicReference<Integer> answer = new AtomicReference<>(200);
    HttpServer server = fakeSut(reset -> "{\"cpuset\":\"3\"}", calls);
    server.createContext(
        "/api/pool",
        exchange -> {
          calls.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
          byte[] body = "{\"size\":7}".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(answer.get(), body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      K6Plan plan = itemPlan(base, 1, Duration.ofSeconds(2));
      Path script =
          Files.writeString(
              Files.createTempFile(dir, "pool", ".js"),
              K6Script.renderForCluster(plan, base, base + "/stub", 7, SteadyState.WINDOW, false));
      Path summary = Files.createTempFile(dir, "pool-summary", ".json");
      Files.delete(summary);
      Result ok =
          k6(K6Script.commandLine(script, summary), K6Script.totalDuration(plan).plusSeconds(60));
      assertThat(ok.exit()).as("k6 run%n%s", ok.stderr()).isZero();
      assertThat(calls).first().isEqualTo("POST " + SutConfig.POOL_PATH + "?size=7");
      assertThat(calls)
          .anySatisfy(c -> assertThat(c).startsWith(SutReset.pathStartingAt(SteadyState.WINDOW)));

      answer.set(409);
      calls.clear();
      Files.deleteIfExists(summary);
      Result refused =
          k6(K6Script.commandLine(script, summary), K6Script.totalDuration(plan).plusSeconds(60));
      assertThat(refused.exit()).isNotZero();
      assertThat(refused.stdout() + refused.stderr())
          .contains("POST " + SutConfig.POOL_PATH + "?size=7: 409");
      assertThat(calls).containsExactly("POST " + SutConfig.POOL_PATH + "?size=7");
    } finally {
      server.stop(0);
    }
  }

  /**
   * {@code vus} closed-model VUs on the fake SUT's {@code /item}, a 1 s ramp, then {@code hold}.
   */
  static K6Plan itemPlan(String base, int vus, Duration hold) {
    return new K6Plan(
        base + "/item?id={id}",
        2,
        Executor.RAMPING_VUS,
        vus,
        0,
        Duration.ofSeconds(1),
        Duration.ZERO,
        hold,
        Duration.ofSeconds(2));
  }

  /**
   * Runs the cluster script of {@code plan} against the SUT at {@code base}; returns its compact
   * summary, checked to fit a termination message, to be repeated on stdout and to carry a
   * histogram of every hold request exactly when the plan asks for one.
   */
  String runCluster(K6Plan plan, String base) throws Exception {
    // the k6 these tests run is hack/k6.sh's, with vtbench's extension, as the vtbench/k6 image
    return runCluster(plan, base, true);
  }

  /** {@link #runCluster(K6Plan, String)} for a k6 with or without vtbench's extension. */
  String runCluster(K6Plan plan, String base, boolean k6ReportsItself) throws Exception {
    String rendered =
        K6Script.renderForCluster(
            plan, base, base + "/stub", null, SteadyState.WINDOW, k6ReportsItself);
    Path script = Files.writeString(Files.createTempFile(dir, "cluster", ".js"), rendered);
    Path summary = Files.createTempFile(dir, "cluster-summary", ".json");
    Files.delete(summary);

    Result r =
        k6(K6Script.commandLine(script, summary), K6Script.totalDuration(plan).plusSeconds(60));

    assertThat(r.exit()).as("k6 run%n%s", r.stderr()).isZero();
    String json = Files.readString(summary);
    assertThat(json.getBytes(StandardCharsets.UTF_8).length)
        .as("fits a termination message")
        .isLessThan(4096);
    assertThat(r.stdout()).contains(K6Script.SUMMARY_LINE + json);
    LoadResult load = K6Summary.parse(json, plan.hold());
    if (plan.histogram()) {
      // the hold's histogram is in the compact summary too, every hold request counted
      assertThat(load.holdHistogram()).isNotNull();
      assertThat(load.holdHistogram().count()).isEqualTo(load.httpReqs());
    } else {
      assertNoHistogram(json);
    }
    return json;
  }

  /** A summary of a load without a histogram: no histogram, no bucket metric. */
  static void assertNoHistogram(String summaryJson) {
    JsonNode root = JsonMapper.shared().readTree(summaryJson);
    assertThat(root.has(K6Script.HISTOGRAM_KEY)).as(summaryJson).isFalse();
    assertThat(root.get("metrics").propertyNames())
        .isNotEmpty()
        .noneMatch(name -> name.startsWith(K6Script.HISTOGRAM_METRIC));
  }

  /** k6 prints durations the Go way: 12s, 5.5s, 1m30s. */
  static Duration goDuration(String text) {
    Matcher m = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+(?:\\.\\d+)?)s)?").matcher(text);
    assertThat(m.matches()).as("a Go duration: %s", text).isTrue();
    long ms = 0;
    ms += m.group(1) == null ? 0 : Long.parseLong(m.group(1)) * 3_600_000;
    ms += m.group(2) == null ? 0 : Long.parseLong(m.group(2)) * 60_000;
    ms += m.group(3) == null ? 0 : Math.round(Double.parseDouble(m.group(3)) * 1000);
    return Duration.ofMillis(ms);
  }

  /**
   * Two k6 processes as the two pods of an Indexed Job (spec.load.parallelism 2): each told it is
   * runner i of 2, so the script takes that execution segment of every scenario. Together they send
   * the load of one: 6 VUs as 3 + 3, or 50 requests a second as two halves; their summaries merge
   * into one result whose histogram counts every hold request of both.
   */
  @ParameterizedTest
  @EnumSource(Executor.class)
  void twoRunnersEachTakeHalfAndMergeIntoOneLoad(Executor executor) throws Exception {
    HttpServer server =
        loopback(
            "/item",
            exchange -> {
              try {
                Thread.sleep(5);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              exchange.sendResponseHeaders(200, -1);
              exchange.close();
            });
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/item?id={id}";
      boolean open = executor == Executor.CONSTANT_ARRIVAL_RATE;
      K6Plan plan = plan(url, 10, executor, open ? 50 : 6, 0).withHistogram(true);
      Path script = write(plan);
      List<Process> runners = new ArrayList<>();
      List<Path> summaries = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        Path summary = dir.resolve("summary-" + i + ".json");
        summaries.add(summary);
        runners.add(
            start(
                K6Script.commandLine(script, summary),
                Map.of(K6Script.RUNNERS_ENV, "2", K6Script.RUNNER_INDEX_ENV, Integer.toString(i)),
                dir.resolve("runner-" + i + ".out"),
                dir.resolve("runner-" + i + ".err")));
      }
      List<LoadResult> results = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        Process p = runners.get(i);
        if (!p.waitFor(
            K6Script.totalDuration(plan).plusSeconds(60).toMillis(), TimeUnit.MILLISECONDS)) {
          p.destroyForcibly().waitFor();
          fail("runner " + i + " did not finish");
        }
        assertThat(p.exitValue())
            .as("runner %d%n%s", i, Files.readString(dir.resolve("runner-" + i + ".err")))
            .isZero();
        results.add(K6Summary.parse(summaries.get(i), plan.hold()));
      }
      LoadResult merged = LoadMerge.merge(results);

      if (open) {
        // 50 a second for 2 s, split: each runner about half, together every one on time
        assertThat(results)
            .allSatisfy(r -> assertThat((double) r.httpReqs()).isCloseTo(50, within(2.0)));
        assertThat((double) merged.httpReqs()).isCloseTo(100, within(2.0));
        assertThat(merged.droppedIterations()).isZero();
      } else {
        assertThat(results).extracting(LoadResult::vusMax).containsExactly(3, 3);
        assertThat(merged.vusMax()).isEqualTo(6);
      }
      assertThat(merged.httpReqs())
          .isEqualTo(results.get(0).httpReqs() + results.get(1).httpReqs());
      assertThat(merged.holdHistogram().count()).isEqualTo(merged.httpReqs());
      assertThat(merged.p50Ms()).isGreaterThanOrEqualTo(5 * (1 - LatencyHistogram.RELATIVE_ERROR));
      assertThat(merged.p99Ms()).isLessThanOrEqualTo(merged.maxMs());
    } finally {
      server.stop(0);
    }
  }

  Path write(K6Plan plan) throws IOException {
    return Files.writeString(Files.createTempFile(dir, "load", ".js"), K6Script.render(plan));
  }

  record Result(int exit, String stdout, String stderr) {}

  /** k6 with {@code args} and {@code env} started in {@link #dir}, its output to those files. */
  Process start(List<String> args, Map<String, String> env, Path out, Path err) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(k6.toString());
    command.addAll(args);
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    // belt and braces with --no-usage-report: this test must not reach beyond loopback
    pb.environment().put("K6_NO_USAGE_REPORT", "true");
    pb.environment().putAll(env);
    return pb.start();
  }

  Result k6(List<String> args, Duration timeout) throws Exception {
    Path out = Files.createTempFile(dir, "k6", ".out");
    Path err = Files.createTempFile(dir, "k6", ".err");
    Process p = start(args, Map.of(), out, err);
    if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      p.destroyForcibly().waitFor();
      fail("k6 " + args + " did not finish within " + timeout);
    }
    return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
  }
}
