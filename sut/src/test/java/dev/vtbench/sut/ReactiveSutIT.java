package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.process.HttpJson;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the servlet SUT's ITs check on the servlet SUT, checked on the reactive SUT where those ITs
 * do not run it (PoolResizeIT and ErrorsIT's down dependencies run both): released and held differ
 * in connections checked out, a slow stub is 504, a pool timeout 503, bad settings stop start-up.
 * And what makes it the reactive baseline: hundreds of requests waiting at once hold no thread
 * each.
 */
class ReactiveSutIT {

  /**
   * While 10 requests wait 5 s on the stub, a released SUT has no connection checked out and a held
   * one exactly one per request. The load starts on a full pool, as a measured scenario does after
   * its resize: readiness borrows one connection while r2dbc-pool opens the other 19 in the
   * background, and on the busy clean-clone CI a request still waited for one of them 4 s later (9
   * of 10 checked out, twice). The SUT is polled for up to 4 s.
   */
  @ParameterizedTest
  @CsvSource({"released, 0", "held, 10"})
  void connectionsCheckedOutWhileRequestsWaitDownstreamFollowTheConnMode(String mode, long want)
      throws Exception {
    try (RealStack.Sut sut =
            RealStack.get()
                .reactive(
                    Map.of(
                        "CONN_MODE", mode, "HIKARI_MAX_POOL", "20", "STUB_TIMEOUT_MS", "10000"));
        Load load = new Load()) {
      sut.awaitReady();
      HttpJson.Response full = HttpJson.post(sut.url() + "/api/pool?size=20");
      assertThat(full.status()).as("pool of 20: %s", full.body()).isEqualTo(200);
      HttpJson.post(sut.url() + "/api/runtime-info/reset");
      long fired = System.nanoTime();
      load.fire(10, i -> sut.url() + "/api/order-summary/" + (i + 1) + "?delayMs=5000");
      long active = -1;
      HttpJson.Response info = null;
      while (System.nanoTime() - fired < 4_000_000_000L) {
        Thread.sleep(100);
        info = HttpJson.get(sut.url() + "/api/runtime-info");
        active = info.longAt("current.hikariActive");
        if (active == want && System.nanoTime() - fired > 500_000_000L) {
          break;
        }
      }
      assertThat(load.pending()).as("requests still waiting on the stub").isEqualTo(10);
      assertThat(active)
          .as("connections checked out, %s; pool now %s", mode, info.at("current"))
          .isEqualTo(want);
      assertThat(load.await()).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
      HttpJson.Response after = HttpJson.get(sut.url() + "/api/runtime-info");
      assertThat(after.longAt("current.hikariActive")).isZero();
      assertThat(after.longAt("peaks.hikariActiveMax")).isBetween(1L, want == 0 ? 10L : want);
    }
  }

  /**
   * 300 requests sleeping 1 s at once are timers, not threads: they finish together and the JVM
   * never runs more threads than a few dozen (the servlet SUT in platform mode would need 300).
   */
  @Test
  void hundredsOfWaitingRequestsHoldNoThreadEach() throws Exception {
    try (RealStack.Sut sut = RealStack.get().reactive(Map.of());
        Load load = new Load()) {
      HttpJson.post(sut.url() + "/api/runtime-info/reset");
      long start = System.nanoTime();
      load.fire(300, i -> sut.url() + "/api/sleep?ms=1000");
      assertThat(load.await()).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
      HttpJson.Response info = HttpJson.get(sut.url() + "/api/runtime-info");
      assertThat(info.longAt("peaks.jvmThreadsMax")).isLessThan(100);
      assertThat(HttpJson.get(sut.url() + "/api/thread").at("name").toString())
          .as("the event loop serves the request")
          .startsWith("reactor-http-");
    }
  }

  @Test
  void slowDownstreamIs504() {
    try (RealStack.Sut sut = RealStack.get().reactive(Map.of("STUB_TIMEOUT_MS", "1000"))) {
      HttpJson.Response r = HttpJson.get(sut.url() + "/api/order-summary/1?delayMs=2500");
      assertThat(r.status()).as("%s", r.body()).isEqualTo(504);
      assertThat((String) r.at("message")).contains("did not answer in time");
      assertThat(r.json()).containsKeys("status", "error", "message", "path", "timestamp");
    }
  }

  /** A pool timeout answers 503, and the timed-out borrow leaves nothing checked out. */
  @Test
  void poolTimeoutIs503() throws Exception {
    try (RealStack.Sut sut =
            RealStack.get()
                .reactive(
                    Map.of(
                        "CONN_MODE", "held",
                        "HIKARI_MAX_POOL", "1",
                        "HIKARI_CONNECTION_TIMEOUT_MS", "300",
                        "STUB_TIMEOUT_MS", "2500"));
        Load load = new Load()) {
      sut.awaitReady();
      load.fire(1, i -> sut.url() + "/api/order-summary/1?delayMs=1000");
      Thread.sleep(300);
      HttpJson.Response second = HttpJson.get(sut.url() + "/api/order-summary/2?delayMs=10");
      assertThat(second.status()).as(second.body()).isEqualTo(503);
      assertThat((String) second.at("message")).contains("database unavailable");
      assertThat(load.await().getFirst().status()).isEqualTo(200);
      HttpJson.Response info = HttpJson.get(sut.url() + "/api/runtime-info");
      assertThat(info.longAt("current.hikariActive")).isZero();
      assertThat(info.longAt("peaks.hikariActiveMax")).isLessThanOrEqualTo(1);
    }
  }

  /** What the servlet SUT takes and the reactive SUT cannot do stops it, naming the variable. */
  @ParameterizedTest
  @CsvSource({
    "PATH_MODE, synchronized, 'PATH_MODE=synchronized is invalid for the reactive SUT'",
    "VT_ENABLED, true, 'VT_ENABLED=true is invalid for the reactive SUT'",
    "DB_URL, jdbc:postgresql://h:port/db, 'DB_URL=jdbc:postgresql://h:port/db is invalid'"
  })
  void aSettingItCannotHonourStopsStartupNamingTheVariable(
      String name, String value, String message) throws Exception {
    assertThat(RealStack.refusedStart(RealStack.Jar.REACTIVE, name, value)).contains(message);
  }
}
