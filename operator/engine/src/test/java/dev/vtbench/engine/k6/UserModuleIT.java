package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import dev.vtbench.engine.k6.K6Plan.Executor;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A user's own k6 module ({@code spec.workload.script}) through the real k6 binary, imported by
 * vtbench's script from beside it, against a server on loopback: its setup, iterations and teardown
 * run as under plain k6 (response bodies kept, its base URL read at init), its options and
 * handleSummary are ignored, and only the iterations started in the hold are measured, every
 * request of each.
 */
class UserModuleIT {

  /**
   * Two requests per iteration, the second built from the first answer's body; setup logs in
   * (unmeasured), teardown logs out. The options and handleSummary vtbench must ignore would run
   * one iteration and write no summary file.
   */
  static final String MODULE =
      """
      import http from 'k6/http';
      const BASE = __ENV.VTBENCH_BASE_URL;
      export const options = { vus: 1, iterations: 1, discardResponseBodies: true };
      export function setup() {
        return { token: http.post(BASE + '/login').json().token };
      }
      export default function (data) {
        const first = http.get(BASE + '/first?token=' + data.token, { tags: { name: 'first' } });
        http.get(BASE + '/second/' + first.json().next, { tags: { name: 'second' } });
      }
      export function teardown(data) {
        http.post(BASE + '/logout?token=' + data.token);
      }
      export function handleSummary() {
        return { stdout: 'the module wrote the summary' };
      }
      """;

  static final String TOKEN = "s3cr3t-token";

  @TempDir Path dir;

  HttpServer server;
  final Map<String, AtomicLong> served = new ConcurrentHashMap<>();

  @BeforeEach
  void serve() throws Exception {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          String query = String.valueOf(exchange.getRequestURI().getQuery());
          String kind = path.replaceAll("/[0-9]+$", "/n");
          served.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
          String body =
              switch (kind) {
                case "/login" -> "{\"token\":\"" + TOKEN + "\"}";
                case "/first" -> query.equals("token=" + TOKEN) ? "{\"next\":7}" : null;
                case "/second/n", "/logout" -> "{}";
                default -> null;
              };
          byte[] bytes = (body == null ? "{}" : body).getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(body == null ? 400 : 200, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  K6Plan plan(Executor executor, int level) {
    return new K6Plan(
            base(),
            1,
            executor,
            level,
            executor == Executor.CONSTANT_ARRIVAL_RATE ? 20 : 0,
            Duration.ofMillis(500),
            Duration.ofMillis(500),
            Duration.ofSeconds(2),
            Duration.ofSeconds(2))
        .withUserScript(true);
  }

  /**
   * Both load models: each iteration of the hold counts both its requests, so the hold's count is
   * even, in the open model twice the arrivals; setup and teardown ran once each, unmeasured; the
   * module's options did not stop the load after one iteration nor discard the body it reads, and
   * its handleSummary did not replace vtbench's summary, which keeps the module's setup data out.
   */
  @ParameterizedTest
  @EnumSource(Executor.class)
  void theModuleIsEachIterationAndOnlyTheHoldIsMeasured(Executor executor) throws Exception {
    K6Plan plan = plan(executor, executor == Executor.CONSTANT_ARRIVAL_RATE ? 20 : 3);

    Run r = run(plan, MODULE);

    assertThat(r.exit()).as("k6 run%n%s", r.output()).isZero();
    LoadResult hold = K6Summary.parse(r.summary(), plan.hold());
    assertThat(hold.errorRate()).as("every /first carried the token").isZero();
    assertThat(hold.httpReqs()).isPositive();
    assertThat(hold.httpReqs() % 2).as("%s requests in the hold", hold.httpReqs()).isZero();
    assertThat(served.get("/login").get()).isEqualTo(1);
    assertThat(served.get("/logout").get()).isEqualTo(1);
    long first = served.get("/first").get();
    assertThat(hold.httpReqs()).isLessThan(2 * first);
    if (executor == Executor.CONSTANT_ARRIVAL_RATE) {
      // 20 iterations a second for 2 s, two requests each
      assertThat((double) hold.httpReqs()).isCloseTo(80, within(4.0));
      // the open warm-up ends with gracefulStop 0: an iteration it started may be cut there,
      // unmeasured, after its first request
      assertThat(served.get("/second/n").get()).isBetween(first - 3, first);
    } else {
      assertThat(served.get("/second/n").get()).isEqualTo(first);
    }
    assertThat(r.output())
        .contains("vtbench hold: ")
        .doesNotContain("the module wrote the summary")
        .contains(
            "the options and handleSummary your spec.workload.script exports are ignored:"
                + " vtbench sets the scenarios, thresholds and summary");
    assertThat(Files.readString(r.summary())).doesNotContain(TOKEN);
  }

  @Test
  void aModuleWithoutADefaultFunctionFailsTheLoadSayingSo() throws Exception {
    Run r = run(plan(Executor.RAMPING_VUS, 1), "export function setup() {}\n");

    assertThat(r.exit()).isNotZero();
    assertThat(r.output()).contains("spec.workload.script: the module exports no default function");
    assertThat(served).isEmpty();
  }

  /** An async iteration keeps its phase across its awaits: its requests after one are measured. */
  @Test
  void anAsyncIterationIsMeasuredToItsEnd() throws Exception {
    Run r =
        run(
            plan(Executor.RAMPING_VUS, 2),
            """
            import http from 'k6/http';
            export default async function () {
              await Promise.resolve();
              await http.asyncRequest('GET', __ENV.VTBENCH_BASE_URL + '/second/1');
              http.get(__ENV.VTBENCH_BASE_URL + '/second/2');
            }
            """);

    assertThat(r.exit()).as("k6 run%n%s", r.output()).isZero();
    LoadResult hold = K6Summary.parse(r.summary(), Duration.ofSeconds(2));
    assertThat(hold.httpReqs()).isPositive();
    assertThat(hold.httpReqs() % 2).as("%s requests in the hold", hold.httpReqs()).isZero();
  }

  @Test
  void aFailingTeardownIsLoggedAndTheHoldStands() throws Exception {
    Run r =
        run(
            plan(Executor.RAMPING_VUS, 1),
            """
            import http from 'k6/http';
            export default function () { http.get(__ENV.VTBENCH_BASE_URL + '/second/1'); }
            export function teardown() { throw new Error('logout refused'); }
            """);

    assertThat(r.exit()).as("k6 run%n%s", r.output()).isZero();
    assertThat(r.output())
        .contains("vtbench: teardown of spec.workload.script failed: Error: logout refused");
    assertThat(K6Summary.parse(r.summary(), Duration.ofSeconds(2)).httpReqs()).isPositive();
  }

  record Run(int exit, String output, Path summary) {}

  /** vtbench's script for {@code plan} with {@code module} beside it, run as the platforms do. */
  Run run(K6Plan plan, String module) throws Exception {
    Path script = Files.writeString(dir.resolve("load.js"), K6Script.render(plan));
    Files.writeString(dir.resolve(UserModule.FILE_NAME), module);
    Path summary = dir.resolve("summary.json");
    Path out = dir.resolve("k6.out");
    List<String> command = new ArrayList<>();
    command.add(
        System.getProperty(
            "vtbench.k6", System.getProperty("user.home") + "/.cache/vtbench/bin/k6"));
    command.addAll(K6Script.commandLine(script, summary));
    ProcessBuilder pb =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
    pb.environment().put("K6_NO_USAGE_REPORT", "true");
    pb.environment().putAll(UserModule.env(plan));
    Process p = pb.start();
    Duration timeout = K6Script.totalDuration(plan).plusSeconds(60);
    if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      p.destroyForcibly().waitFor();
      fail("k6 did not finish within " + timeout + ":\n" + Files.readString(out));
    }
    return new Run(p.exitValue(), Files.readString(out), summary);
  }
}
