package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.process.HttpJson;
import dev.vtbench.local.process.Os;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** Every failure answers JSON with the right status and a message naming what went wrong. */
class ErrorsIT {

  static RealStack.Sut sut;

  @BeforeAll
  static void start() {
    sut =
        RealStack.get()
            .sut(
                Map.of(
                    "CONN_MODE", "held",
                    "HIKARI_MAX_POOL", "1",
                    "HIKARI_CONNECTION_TIMEOUT_MS", "300",
                    "STUB_TIMEOUT_MS", "2500"));
    // The first connection is opened on demand; on a busy machine that can take longer than the
    // 300 ms connection timeout, so the first test would see a pool timeout (503). Readiness
    // checks the database, so once it says ready the pool holds its connection.
    sut.awaitReady();
  }

  /**
   * The shared SUT has one pooled connection: a request of an earlier test still finishing on a
   * busy machine would hold it and turn this test's answer into a pool timeout (503).
   */
  @BeforeEach
  void poolIsIdle() throws Exception {
    long end = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (HttpJson.get(sut.url() + "/api/runtime-info").longAt("current.hikariActive") != 0) {
      assertThat(System.nanoTime()).as("the pool's connection is still busy").isLessThan(end);
      Thread.sleep(50);
    }
  }

  @AfterAll
  static void stop() {
    sut.close();
  }

  @ParameterizedTest
  @CsvSource({"abc", "-1", "0", "99999999999999999999", "1.5"})
  void badIdIs400NamingTheParameter(String id) {
    HttpJson.Response r = HttpJson.get(sut.url() + "/api/order-summary/" + id);
    assertThat(r.status()).isEqualTo(400);
    assertThat((String) r.at("message")).contains("'id'").contains(id);
    assertJsonError(r);
  }

  /** Digits of other scripts are digits to Long.parseLong, not ids: only ASCII ones are. */
  @ParameterizedTest
  @CsvSource({"%D9%A1%D9%A2", "%EF%BC%91", "%E0%A5%A7", "+1"})
  void nonAsciiDigitsAreNotIds(String encoded) {
    HttpJson.Response r = HttpJson.get(sut.url() + "/api/order-summary/" + encoded);
    assertThat(r.status()).as("%s", r.body()).isEqualTo(400);
    assertThat((String) r.at("message")).contains("'id'").contains("ASCII digits");
    assertJsonError(r);
  }

  /**
   * Requests Tomcat refuses before any servlet runs answer the same JSON as every other error, not
   * Tomcat's HTML page: sent as raw bytes, since no HTTP client would send them.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "GET /api/order-summary/1{x} HTTP/1.1\\r\\nHost: sut\\r\\nConnection: close",
        "GET /api/order-summary/\\u00011 HTTP/1.1\\r\\nHost: sut\\r\\nConnection: close",
        "GET /api/runtime-info HTTP/1.1\\r\\nConnection: close",
        "G(T /api/runtime-info HTTP/1.1\\r\\nHost: sut\\r\\nConnection: close",
        "GET /api/runtime-info HTTP/1.1\\r\\nHost: sut\\r\\nBad Header: x\\r\\nConnection: close"
      })
  void protocolErrorsAnswerJson(String request) throws Exception {
    String head = request.replace("\\r\\n", "\r\n").replace("\\u0001", "\u0001");
    URI uri = URI.create(sut.url());
    String answer;
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write((head + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
    int split = answer.indexOf("\r\n\r\n");
    assertThat(split).as("an HTTP answer: %s", answer).isPositive();
    String headers = answer.substring(0, split).toLowerCase(Locale.ROOT);
    String body = answer.substring(split + 4);
    assertThat(headers).startsWith("http/1.1 400").contains("content-type: application/json");
    assertThat(body).doesNotContain("<html").doesNotContain("Exception").doesNotContain("\tat ");
    Map<String, Object> json = HttpJson.parse(body);
    assertThat(json)
        .containsEntry("status", 400)
        .containsEntry("error", "Bad Request")
        .containsKeys("message", "path", "timestamp");
    assertThat((String) json.get("message")).startsWith("malformed request");
  }

  @Test
  void badDelayIs400NamingTheParameter() {
    HttpJson.Response r = HttpJson.get(sut.url() + "/api/sleep?ms=-3");
    assertThat(r.status()).isEqualTo(400);
    assertThat((String) r.at("message")).contains("'ms'");
    HttpJson.Response users = HttpJson.get(sut.url() + "/api/users?name=a");
    assertThat(users.status()).isEqualTo(400);
    assertThat((String) users.at("message")).isEqualTo("parameter 'surname' is required");
  }

  @Test
  void unknownIdIs404Json() {
    HttpJson.Response r = HttpJson.get(sut.url() + "/api/order-summary/" + (RealStack.ORDERS + 1));
    assertThat(r.status()).isEqualTo(404);
    assertThat((String) r.at("message")).contains("not found");
    assertJsonError(r);
  }

  @Test
  void unknownPathIsJsonEvenForBrowsers() {
    HttpJson.Response r = HttpJson.get(sut.url() + "/no/such/thing", Map.of("Accept", "text/html"));
    assertThat(r.status()).isEqualTo(404);
    assertJsonError(r);
  }

  @Test
  void slowDownstreamIs504() {
    HttpJson.Response r = HttpJson.get(sut.url() + "/api/order-summary/1?delayMs=4000");
    assertThat(r.status()).as("%s", r.body()).isEqualTo(504);
    assertThat((String) r.at("message")).contains("did not answer in time");
    assertJsonError(r);
  }

  @Test
  void poolTimeoutIs503() throws Exception {
    // one connection, held for 1 s by the first request (the stub timeout leaves 1.5 s of slack for
    // a
    // loaded machine); the second gives up after 300 ms
    try (Load load = new Load()) {
      load.fire(1, i -> sut.url() + "/api/order-summary/1?delayMs=1000");
      Thread.sleep(300);
      HttpJson.Response second = HttpJson.get(sut.url() + "/api/order-summary/2?delayMs=10");
      assertThat(second.status()).isEqualTo(503);
      assertThat((String) second.at("message")).contains("database unavailable");
      assertJsonError(second);
      assertThat(load.await().getFirst().status()).isEqualTo(200);
      // The timed-out borrow never held a connection: nothing is left checked out, and the
      // peak does not exceed the pool.
      HttpJson.Response info = HttpJson.get(sut.url() + "/api/runtime-info");
      assertThat(info.longAt("current.hikariActive")).isZero();
      assertThat(info.longAt("peaks.hikariActiveMax")).isLessThanOrEqualTo(1);
    }
  }

  /** On the servlet SUT and on the reactive SUT alike. */
  @ParameterizedTest
  @EnumSource(RealStack.Jar.class)
  void downDependenciesAre502And503AndNotReady(RealStack.Jar jar) {
    int closed = Os.freePort();
    try (RealStack.Sut broken =
        RealStack.get()
            .start(
                jar,
                Map.of(
                    "STUB_URL", "http://127.0.0.1:" + closed,
                    "DB_URL", "jdbc:postgresql://127.0.0.1:" + closed + "/bench?password=hunter2",
                    "HIKARI_CONNECTION_TIMEOUT_MS", "500"),
                null)) {
      HttpJson.Response stubDown = HttpJson.get(broken.url() + "/api/downstream");
      assertThat(stubDown.status()).isEqualTo(502);
      assertThat((String) stubDown.at("message")).contains("refused");
      assertJsonError(stubDown);

      HttpJson.Response dbDown = HttpJson.get(broken.url() + "/api/order-summary/1");
      assertThat(dbDown.status()).isEqualTo(503);
      assertJsonError(dbDown);

      assertThat(HttpJson.get(broken.url() + "/readyz").status()).isEqualTo(503);
      assertThat(HttpJson.get(broken.url() + "/livez").status()).isEqualTo(200);

      // the password never leaves the process: not in runtime-info, errors or the log
      HttpJson.Response info = HttpJson.get(broken.url() + "/api/runtime-info");
      assertThat((String) info.at("config.DB_URL")).contains("password=***");
      assertThat(info.body() + dbDown.body()).doesNotContain("hunter2");
      assertThat(readLog(broken.process().log())).doesNotContain("hunter2");
    }
  }

  @ParameterizedTest
  @CsvSource({
    "CONN_MODE, foo, 'CONN_MODE=foo is invalid; allowed: released, held'",
    "PATH_MODE, fast, 'PATH_MODE=fast is invalid; allowed: normal, synchronized'",
    "VT_ENABLED, yes, 'VT_ENABLED=yes is invalid; allowed: true, false'",
    "HIKARI_MAX_POOL, 0, 'HIKARI_MAX_POOL=0 is invalid; allowed: an integer from 1 to 10000'"
  })
  void invalidSettingStopsStartupNamingTheVariable(String name, String value, String message)
      throws Exception {
    // the reactive SUT reads the same settings the same way
    for (RealStack.Jar jar : RealStack.Jar.values()) {
      String out = RealStack.refusedStart(jar, name, value);
      assertThat(out).as(jar.name()).contains(message);
    }
  }

  private static void assertJsonError(HttpJson.Response r) {
    assertThat(r.json()).containsKeys("status", "error", "message");
    assertThat(r.body())
        .doesNotContain("<html")
        .doesNotContain("\tat ")
        .doesNotContain("Exception");
  }

  private static String readLog(Path log) {
    try {
      return Files.readString(log);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
