package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.workload.Endpoint;
import dev.vtbench.local.HttpJson;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every endpoint in the engine's registry is served by this SUT: the URL k6 would request, at the
 * lowest and the highest id the registry draws for this stack's seeded data, answers 200. An
 * endpoint added to the registry without a controller, or an id range that runs past the seeded
 * rows, fails here.
 */
class WorkloadEndpointsIT {

  static RealStack.Sut sut;

  @BeforeAll
  static void start() {
    sut = RealStack.get().sut(Map.of());
  }

  @AfterAll
  static void stop() {
    sut.close();
  }

  static BenchmarkRunSpec spec(Endpoint endpoint) {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.workload.endpoint = endpoint.specName();
    spec.workload.stubDelay = "10ms";
    spec.workload.blockFor = "10ms";
    spec.database.seed.customers = RealStack.CUSTOMERS;
    spec.database.seed.orders = RealStack.ORDERS;
    return spec;
  }

  @ParameterizedTest
  @EnumSource(Endpoint.class)
  void theSutServesTheRegistrysUrlAcrossTheIdRange(Endpoint endpoint) {
    BenchmarkRunSpec spec = spec(endpoint);
    long idMax = endpoint.idMax(spec);
    assertThat(idMax).isPositive();
    for (long id : new long[] {1, idMax}) {
      String url = sut.url() + endpoint.path(spec).replace(Endpoint.ID, Long.toString(id));
      HttpJson.Response r = HttpJson.get(url);
      assertThat(r.status()).as("GET %s: %s", url, r.body()).isEqualTo(200);
    }
  }

  /** The check above can fail: a path the SUT does not map is a 404, not a 200. */
  @Test
  void aPathOutsideTheRegistryIsNotServed() {
    assertThat(HttpJson.get(sut.url() + "/api/not-a-workload").status()).isEqualTo(404);
  }
}
