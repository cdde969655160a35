package dev.vtbench.engine.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.engine.model.spec.WorkloadSpec;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class EndpointTest {

  /**
   * The CRD's CEL list is a compile-time constant: it must name exactly the registry's endpoints.
   */
  @Test
  void theCrdListAndItsMessageNameEveryEndpointOnce() {
    assertThat(SpecRules.values(SpecRules.ENDPOINTS))
        .containsExactlyElementsOf(Endpoint.specNames());
    assertThat(SpecRules.ENDPOINTS_MESSAGE)
        .isEqualTo("must be one of " + String.join(", ", Endpoint.specNames()));
  }

  /** {@code kubectl explain benchmarkrun.spec.workload.endpoint} lists every endpoint too. */
  @Test
  void theFieldDescriptionNamesEveryEndpoint() throws NoSuchFieldException {
    String description =
        WorkloadSpec.class
            .getField("endpoint")
            .getAnnotation(JsonPropertyDescription.class)
            .value();
    assertThat(description).contains(Endpoint.specNames());
  }

  @Test
  void pathsIdRangesAndFloorsFollowTheSpec() {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.workload.stubDelay = "150ms";
    spec.workload.blockFor = "20ms";
    spec.database.seed.customers = 100_000;
    spec.database.seed.orders = 1_000_000;
    String[][] expected = {
      {"order-summary", "/api/order-summary/{id}?delayMs=150", "1000000", "150"},
      {"downstream", "/api/downstream?delayMs=150", "1000000", "150"},
      {"db-sleep", "/api/db-sleep?ms=20", "1000000", "20"},
      {"sleep", "/api/sleep?ms=20", "1000000", "20"},
      // name42 exists with surname0 .. surname199 among 100,000 customers (id = 500 k + 42)
      {"users", "/api/users?name=name42&surname=surname{id}&delayMs=150", "199", "150"},
    };
    assertThat(expected.length).isEqualTo(Endpoint.values().length);
    for (String[] row : expected) {
      spec.workload.endpoint = row[0];
      Endpoint e = Endpoint.of(spec);
      assertThat(e.specName()).isEqualTo(row[0]);
      assertThat(e.path(spec, 0)).isEqualTo(row[1]);
      assertThat(e.path(spec, 1500)).isEqualTo(row[1] + "&cpuUs=1500");
      assertThat(e.idMax(spec)).isEqualTo(Long.parseLong(row[2]));
      assertThat(e.serviceFloor(spec)).isEqualTo(Duration.ofMillis(Long.parseLong(row[3])));
    }
    assertThat(Endpoint.USERS.route()).isEqualTo("/api/users");
    assertThat(Endpoint.ORDER_SUMMARY.route()).isEqualTo("/api/order-summary/{id}");
  }

  @Test
  void aTinySeedStillHasOneSurname() {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.workload.endpoint = "users";
    spec.database.seed.customers = 10;
    assertThat(Endpoint.of(spec).idMax(spec)).isEqualTo(1);
  }

  @Test
  void anUnknownEndpointNamesTheField() {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.workload.endpoint = "index";
    assertThatThrownBy(() -> Endpoint.of(spec))
        .hasMessage("spec.workload.endpoint: unknown 'index'");
  }
}
