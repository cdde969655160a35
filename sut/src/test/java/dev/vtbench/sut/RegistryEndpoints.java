package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.workload.Endpoint;
import dev.vtbench.local.process.HttpJson;

/**
 * The engine's endpoint registry ({@link Endpoint}) checked against a running SUT of either kind.
 */
final class RegistryEndpoints {

  private RegistryEndpoints() {}

  /**
   * The registry's URL for {@code endpoint} answers 200 at the lowest and the highest id the
   * registry draws for this stack's seeded data: an endpoint added to the registry without a
   * controller, or an id range that runs past the seeded rows, fails here.
   */
  static void assertServed(String sutUrl, Endpoint endpoint) {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.workload.endpoint = endpoint.specName();
    spec.workload.stubDelay = "10ms";
    spec.workload.blockFor = "10ms";
    spec.database.seed.customers = RealStack.CUSTOMERS;
    spec.database.seed.orders = RealStack.ORDERS;
    long idMax = endpoint.idMax(spec);
    assertThat(idMax).isPositive();
    for (long id : new long[] {1, idMax}) {
      String url =
          sutUrl + endpoint.path(spec, id == 1 ? 0 : 300).replace(Endpoint.ID, Long.toString(id));
      HttpJson.Response r = HttpJson.get(url);
      assertThat(r.status()).as("GET %s: %s", url, r.body()).isEqualTo(200);
    }
    // The check can fail: a path the SUT does not map is a 404, not a 200.
    assertThat(
            HttpJson.get(sutUrl + endpoint.route().replace(Endpoint.ID, "1") + "/not-mapped")
                .status())
        .isEqualTo(404);
  }
}
