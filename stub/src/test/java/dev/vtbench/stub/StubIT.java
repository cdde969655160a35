package dev.vtbench.stub;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.HttpJson;
import dev.vtbench.local.ManagedProcess;
import dev.vtbench.local.Os;
import dev.vtbench.local.Services;
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
   * The stub reports its process CPU time, which grows with the work it does: the k6 runner of a
   * cluster run reads it at the hold's start and end for {@code stub_cpu_pct}.
   */
  @Test
  void reportsItsOwnCpuTimeWhichGrowsUnderLoad() throws Exception {
    try (Stub stub = start(Map.of("STUB_DELAY_MS", "0"));
        ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
      HttpJson.Response before = HttpJson.get(stub.url() + "/api/runtime-info");
      assertThat(before.status()).isEqualTo(200);
      double start = ((Number) before.at("processCpuSeconds")).doubleValue();
      assertThat(start).isPositive();
      List<Future<HttpJson.Response>> all = new ArrayList<>();
      for (int i = 0; i < 2000; i++) {
        all.add(clients.submit(() -> HttpJson.get(stub.url() + "/downstream")));
      }
      for (Future<HttpJson.Response> f : all) {
        assertThat(f.get().status()).isEqualTo(200);
      }
      double end =
          ((Number) HttpJson.get(stub.url() + "/api/runtime-info").at("processCpuSeconds"))
              .doubleValue();
      // 2,000 HTTP exchanges cost well over a millisecond of CPU; a frozen counter would not move
      assertThat(end).isGreaterThan(start + 0.001);
    }
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
