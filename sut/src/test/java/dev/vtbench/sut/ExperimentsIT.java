package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.workload.Endpoint;
import dev.vtbench.local.process.HttpJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The other seed experiments' endpoints, probes and metrics, on the default configuration; and
 * every endpoint in the engine's registry ({@link Endpoint}) served as k6 will request it.
 */
class ExperimentsIT {

  static RealStack.Sut sut;

  @BeforeAll
  static void start() {
    sut = RealStack.get().sut(Map.of());
  }

  @AfterAll
  static void stop() {
    sut.close();
  }

  @Test
  void downstreamOnlyWaitsForTheStub() {
    HttpJson.Response r = HttpJson.get(sut.url() + "/api/downstream?delayMs=150");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.longAt("downstream.delayMs")).isEqualTo(150);
    assertThat(r.took().toMillis()).isGreaterThanOrEqualTo(150);
  }

  @Test
  void dbSleepBlocksInPostgres() {
    HttpJson.Response r = HttpJson.get(sut.url() + "/api/db-sleep?ms=120");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.took().toMillis()).isGreaterThanOrEqualTo(120);
  }

  @Test
  void sleepBlocksTheHandlingThread() {
    HttpJson.Response r = HttpJson.get(sut.url() + "/api/sleep?ms=200");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.took().toMillis()).isGreaterThanOrEqualTo(200);
  }

  @Test
  void usersByNameCallTheStubPerRowForTheUpperCasedSurname() {
    // seeded as name = 'name' || (id % 500), surname = 'surname' || (id / 500)
    HttpJson.Response r =
        HttpJson.get(sut.url() + "/api/users?name=name42&surname=surname3&delayMs=50");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.at("users"))
        .isEqualTo(List.of(Map.of("id", 1542, "name", "name42", "surname", "SURNAME3")));
    assertThat(r.took().toMillis()).isGreaterThanOrEqualTo(50);
    assertThat(HttpJson.get(sut.url() + "/api/users?name=nobody&surname=x").status())
        .isEqualTo(404);
  }

  @Test
  void probesAndPrometheusMetrics() {
    assertThat(HttpJson.get(sut.url() + "/livez").status()).isEqualTo(200);
    assertThat(HttpJson.get(sut.url() + "/readyz").status()).isEqualTo(200);
    HttpJson.get(sut.url() + "/api/order-summary/1");
    String metrics = HttpJson.get(sut.url() + "/actuator/prometheus").body();
    assertThat(metrics)
        .contains("hikaricp_connections_active{")
        .contains("hikaricp_connections_pending{")
        .contains("jvm_threads_live_threads")
        .contains("http_server_requests_seconds_count{");
  }

  /** {@link RegistryEndpoints#assertServed}. */
  @ParameterizedTest
  @EnumSource(Endpoint.class)
  void theSutServesEveryRegistryEndpointAcrossItsIdRange(Endpoint endpoint) {
    RegistryEndpoints.assertServed(sut.url(), endpoint);
  }
}
