package dev.vtbench.stub;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.process.HttpJson;
import dev.vtbench.local.process.ManagedProcess;
import dev.vtbench.local.process.Os;
import dev.vtbench.local.process.Services;
import dev.vtbench.proc.CfsStat;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The stub jar as a real process. */
class StubIT {

  static final Path JAR =
      Path.of(System.getProperty("vtbench.stub.jar", "target/vtbench-stub.jar"));

  record Stub(ManagedProcess process, String url) implements AutoCloseable {
    @Override
    public void close() {
      process.close();
    }
  }

  static Stub start(Map<String, String> env) throws Exception {
    int port = Os.freePort();
    Map<String, String> all = new java.util.HashMap<>(env);
    all.putAll(Services.stubEnv(port));
    ManagedProcess p =
        ManagedProcess.start(
            ManagedProcess.Spec.of(
                "stub",
                ManagedProcess.javaJar(JAR, List.of("-Xmx256m")),
                all,
                Files.createTempFile("vtbench-stub", ".log")));
    String url = Services.url(port);
    p.awaitHttpOk(URI.create(url + "/readyz"), Duration.ofSeconds(60));
    return new Stub(p, url);
  }

  @Test
  void answersAfterTheConfiguredDelayWithoutHoldingAThreadPerRequest() throws Exception {
    try (Stub stub = start(Map.of("STUB_DELAY_MS", "1000"));
        ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
      HttpJson.Response one = HttpJson.get(stub.url() + "/downstream?id=7");
      assertThat(one.status()).isEqualTo(200);
      assertThat(one.at("id")).isEqualTo("7");
      assertThat(one.longAt("delayMs")).isEqualTo(1000);
      assertThat(one.took().toMillis()).isGreaterThanOrEqualTo(1000);

      // 300 requests of 1 s at once: a thread-per-request server with a small pool would need
      // many seconds; a non-blocking one answers them all in about one.
      long start = System.nanoTime();
      List<Future<HttpJson.Response>> all = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        all.add(clients.submit(() -> HttpJson.get(stub.url() + "/downstream")));
      }
      for (Future<HttpJson.Response> f : all) {
        assertThat(f.get().status()).isEqualTo(200);
      }
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
    }
  }

  @Test
  void perRequestDelayUpperCaseAndBadInput() throws Exception {
    try (Stub stub = start(Map.of())) {
      HttpJson.Response fast = HttpJson.get(stub.url() + "/downstream?delayMs=0");
      assertThat(fast.longAt("delayMs")).isZero();
      HttpJson.Response upper = HttpJson.get(stub.url() + "/upper?value=rossi&delayMs=30");
      assertThat(upper.at("value")).isEqualTo("ROSSI");
      assertThat(upper.took().toMillis()).isGreaterThanOrEqualTo(30);
      HttpJson.Response bad = HttpJson.get(stub.url() + "/downstream?delayMs=soon");
      assertThat(bad.status()).isEqualTo(400);
      assertThat((String) bad.at("error")).contains("delayMs");
      assertThat(HttpJson.get(stub.url() + "/livez").status()).isEqualTo(200);
      assertThat(HttpJson.get(stub.url() + "/actuator/prometheus").body())
          .contains("http_server_requests_seconds_count");
    }
  }

  /**
   * The stub's CPU and its node's cores over a window its client opens and ends, as the k6 runner
   * of a cluster run does around the hold ({@code stub_cpu_pct}, the per-core columns): the CPU of
   * 2,000 requests shows, every core is a share from 0 to 100, the CFS throttling is its cgroup's
   * ({@code stub_throttled_pct}), and an ended window stays as it was.
   */
  @Test
  void reportsItsCpuAndTheCoresOverAWindowItsClientOpensAndEnds() throws Exception {
    try (Stub stub = start(Map.of("STUB_DELAY_MS", "0"));
        ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
      HttpJson.Response before = HttpJson.get(stub.url() + "/api/runtime-info");
      assertThat(before.status()).isEqualTo(200);
      assertThat(before.at("window")).as("no window before the first reset").isNull();
      assertThat(before.at("cpuset")).isEqualTo(ownCpuset());
      assertThat(((Number) before.at("processCpuSeconds")).doubleValue()).isPositive();

      assertThat(HttpJson.post(stub.url() + "/api/runtime-info/reset?window=w1").status())
          .isEqualTo(200);
      List<Future<HttpJson.Response>> all = new ArrayList<>();
      for (int i = 0; i < 2000; i++) {
        all.add(clients.submit(() -> HttpJson.get(stub.url() + "/downstream")));
      }
      for (Future<HttpJson.Response> f : all) {
        assertThat(f.get().status()).isEqualTo(200);
      }
      // another client's window does not end this one
      HttpJson.post(stub.url() + "/api/runtime-info/end?window=someone-else");
      assertThat(HttpJson.get(stub.url() + "/api/runtime-info").at("window.ended"))
          .isEqualTo(false);
      HttpJson.Response ended = HttpJson.post(stub.url() + "/api/runtime-info/end?window=w1");

      assertThat(ended.at("window.id")).isEqualTo("w1");
      assertThat(ended.at("window.ended")).isEqualTo(true);
      // 2,000 HTTP exchanges cost well over a millisecond of CPU; a frozen counter would not move
      assertThat(((Number) ended.at("window.cpuSeconds")).doubleValue()).isGreaterThan(0.001);
      @SuppressWarnings("unchecked")
      Map<String, Object> cores = (Map<String, Object>) ended.at("window.coreBusyPct");
      assertThat(cores).hasSize(cpuLines());
      assertThat(cores.values())
          .allSatisfy(v -> assertThat(((Number) v).doubleValue()).isBetween(0.0, 100.0));
      // the stub and its clients just ran on this machine: some core was busy
      assertThat(
              cores.values().stream()
                  .mapToDouble(v -> ((Number) v).doubleValue())
                  .max()
                  .orElseThrow())
          .isPositive();
      assertThat(((Number) ended.at("window.stealPct")).doubleValue()).isBetween(0.0, 100.0);
      // the stub is this JVM's child, in its cgroup: the same CPU limit, and a share of the
      // window's CFS periods, 0 without a limit (nothing can throttle it)
      CfsStat.Snapshot own = CfsStat.read();
      if (own == null) {
        assertThat(ended.at("window.throttledPct")).isNull();
      } else if (own.limitCores() == null) {
        assertThat(ended.at("window.cpuLimitCores")).isNull();
        assertThat(((Number) ended.at("window.throttledPct")).doubleValue()).isZero();
      } else {
        assertThat(((Number) ended.at("window.cpuLimitCores")).doubleValue())
            .isEqualTo(own.limitCores());
        assertThat(((Number) ended.at("window.throttledPct")).doubleValue()).isBetween(0.0, 100.0);
      }
      Thread.sleep(200);
      HttpJson.Response later = HttpJson.get(stub.url() + "/api/runtime-info");
      assertThat(later.at("window"))
          .as("an ended window is not extended")
          .isEqualTo(ended.at("window"));
    }
  }

  /** This JVM's Cpus_allowed_list: a child started without pinning has the same. */
  static String ownCpuset() throws Exception {
    return Files.readAllLines(Path.of("/proc/self/status")).stream()
        .filter(l -> l.startsWith("Cpus_allowed_list:"))
        .map(l -> l.substring("Cpus_allowed_list:".length()).strip())
        .findFirst()
        .orElseThrow();
  }

  /** The cpuN lines of /proc/stat: the cores the stub reports on. */
  static int cpuLines() throws Exception {
    return (int)
        Files.readAllLines(Path.of("/proc/stat")).stream()
            .filter(l -> l.matches("cpu\\d+ .*"))
            .count();
  }

  @Test
  void injectsErrorsAtTheConfiguredRate() throws Exception {
    try (Stub stub = start(Map.of("STUB_ERROR_RATE", "1", "STUB_DELAY_MS", "0"))) {
      HttpJson.Response r = HttpJson.get(stub.url() + "/downstream");
      assertThat(r.status()).isEqualTo(500);
      assertThat((String) r.at("error")).contains("STUB_ERROR_RATE");
    }
  }

  @Test
  void invalidSettingStopsStartupNamingTheVariable() throws Exception {
    Path log = Files.createTempFile("vtbench-stub-bad", ".log");
    try (ManagedProcess p =
        ManagedProcess.start(
            ManagedProcess.Spec.of(
                "stub",
                ManagedProcess.javaJar(JAR, List.of()),
                Map.of("STUB_DELAY_MS", "soon"),
                log))) {
      assertThat(p.waitFor(Duration.ofSeconds(60))).isEqualTo(2);
    }
    assertThat(Files.readString(log)).contains("STUB_DELAY_MS=soon is invalid");
  }
}
