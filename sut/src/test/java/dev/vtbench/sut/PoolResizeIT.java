package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.process.HttpJson;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The running SUT resizes its pool on request and answers only once the pool holds exactly the new
 * number of connections, which then bounds the connections a load can hold.
 */
class PoolResizeIT {

  /**
   * On the servlet SUT (HikariCP resizes in place) and on the reactive SUT (r2dbc-pool cannot: a
   * pool of the new size replaces it).
   */
  @ParameterizedTest
  @EnumSource(RealStack.Jar.class)
  void thePoolGrowsAndShrinksLiveAndBoundsTheLoadAtItsNewSize(RealStack.Jar jar) throws Exception {
    boolean servlet = jar == RealStack.Jar.SERVLET;
    Map<String, String> env =
        servlet
            ? Map.of("VT_ENABLED", "true", "HIKARI_MAX_POOL", "4", "CONN_MODE", "held")
            : Map.of("HIKARI_MAX_POOL", "4", "CONN_MODE", "held");
    try (RealStack.Sut sut = RealStack.get().start(jar, env, null)) {
      assertThat(HttpJson.get(sut.url() + "/api/pool").longAt("maximumPoolSize")).isEqualTo(4);

      HttpJson.Response grown = HttpJson.post(sut.url() + "/api/pool?size=12");
      assertThat(grown.status()).isEqualTo(200);
      assertThat(grown.longAt("maximumPoolSize")).isEqualTo(12);
      assertThat(grown.longAt("totalConnections")).isEqualTo(12);
      assertThat(grown.longAt("idleConnections")).isEqualTo(12);
      assertThat(
              HttpJson.get(sut.url() + "/api/runtime-info")
                  .longAt(servlet ? "hikariPoolSize" : "r2dbcPoolSize"))
          .isEqualTo(12);

      HttpJson.Response shrunk = HttpJson.post(sut.url() + "/api/pool?size=3");
      assertThat(shrunk.status()).isEqualTo(200);
      assertThat(shrunk.longAt("totalConnections")).isEqualTo(3);
      assertThat(shrunk.longAt("idleConnections")).isEqualTo(3);

      // Held mode keeps a connection for the whole request: 20 at once need more than 3.
      HttpJson.post(sut.url() + "/api/runtime-info/reset");
      try (Load load = new Load()) {
        load.fire(20, i -> sut.url() + "/api/order-summary/" + (i + 1));
        assertThat(load.await()).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
      }
      HttpJson.Response info = HttpJson.get(sut.url() + "/api/runtime-info");
      assertThat(info.longAt("peaks.hikariActiveMax")).isEqualTo(3);
      assertThat(info.longAt("peaks.hikariPendingMax")).isPositive();
    }
  }

  /**
   * r2dbc-pool builds a new pool per resize: it must not fill it beside the old one, or a database
   * sized for the largest pool refuses the second (make e2e: 50 + 50 against max_connections 100).
   * Here 120 + 120 would exceed the test server's max_connections of 200.
   */
  @Test
  void theReactiveSutNeverHoldsTheOldAndTheNewPoolAtOnce() throws Exception {
    try (RealStack.Sut sut =
        RealStack.get().start(RealStack.Jar.REACTIVE, Map.of("HIKARI_MAX_POOL", "4"), null)) {
      for (int i = 0; i < 2; i++) {
        HttpJson.Response resized = HttpJson.post(sut.url() + "/api/pool?size=120");
        assertThat(resized.status()).as(resized.body()).isEqualTo(200);
        assertThat(resized.longAt("totalConnections")).isEqualTo(120);
      }
    }
  }

  @Test
  void aSizeOutsideOneToTenThousandIsRefusedNamingTheParameter() {
    try (RealStack.Sut sut = RealStack.get().sut(Map.of("VT_ENABLED", "true"))) {
      for (String bad : new String[] {"0", "10001", "-1", "ten", ""}) {
        HttpJson.Response r = HttpJson.post(sut.url() + "/api/pool?size=" + bad);
        assertThat(r.status()).as("size=%s", bad).isEqualTo(400);
        assertThat(r.body()).contains("'size'").contains("1 to 10000");
      }
      assertThat(HttpJson.get(sut.url() + "/api/pool").longAt("maximumPoolSize")).isEqualTo(50);
    }
  }
}
