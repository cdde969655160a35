package dev.vtbench.sut;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.process.HttpJson;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Released vs held, measured on a real pool: while 10 requests wait on a 2 s downstream call, a
 * released SUT has no connection checked out and a held SUT has exactly one per request.
 */
class ConnectionModesIT {

  static final int IN_FLIGHT = 10;

  @Test
  void releasedReturnsTheConnectionBeforeTheDownstreamCall() throws Exception {
    try (RealStack.Sut sut =
            RealStack.get()
                .sut(
                    Map.of(
                        "CONN_MODE", "released", "HIKARI_MAX_POOL", "20", "VT_ENABLED", "true"));
        Load load = new Load()) {
      HttpJson.post(sut.url() + "/api/runtime-info/reset");
      long fired = System.nanoTime();
      load.fire(IN_FLIGHT, i -> sut.url() + "/api/order-summary/" + (i + 1) + "?delayMs=4000");
      // Each request holds a connection only for its query, then waits 4 s on the stub without
      // one. On a busy machine the queries may take a moment, so look until the downstream
      // window is half gone: all requests in flight and no connection checked out.
      long active = -1;
      while (System.nanoTime() - fired < 2_500_000_000L) {
        Thread.sleep(100);
        active = HttpJson.get(sut.url() + "/api/runtime-info").longAt("current.hikariActive");
        if (active == 0 && System.nanoTime() - fired > 500_000_000L) {
          break;
        }
      }
      assertThat(load.pending()).as("requests still waiting on the stub").isEqualTo(IN_FLIGHT);
      assertThat(active)
          .as("connections checked out while every request waits downstream")
          .isZero();
      assertThat(load.await()).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
    }
  }

  @Test
  void heldKeepsOneConnectionPerRequestInFlight() throws Exception {
    try (RealStack.Sut sut =
            RealStack.get()
                .sut(Map.of("CONN_MODE", "held", "HIKARI_MAX_POOL", "20", "VT_ENABLED", "false"));
        Load load = new Load()) {
      HttpJson.post(sut.url() + "/api/runtime-info/reset");
      long fired = System.nanoTime();
      load.fire(IN_FLIGHT, i -> sut.url() + "/api/order-summary/" + (i + 1) + "?delayMs=4000");
      // Within the first 2.5 s of the 4 s downstream wait every request has its connection and
      // keeps it (a busy machine may take a moment to start all ten).
      long active = -1;
      while (System.nanoTime() - fired < 2_500_000_000L && active != IN_FLIGHT) {
        Thread.sleep(100);
        active = HttpJson.get(sut.url() + "/api/runtime-info").longAt("current.hikariActive");
      }
      assertThat(load.pending()).as("requests still waiting on the stub").isEqualTo(IN_FLIGHT);
      assertThat(active).isEqualTo(IN_FLIGHT);
      List<HttpJson.Response> done = load.await();
      assertThat(done).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
      HttpJson.Response after = HttpJson.get(sut.url() + "/api/runtime-info");
      assertThat(after.longAt("peaks.hikariActiveMax")).isEqualTo(IN_FLIGHT);
      assertThat(after.longAt("current.hikariActive")).isZero();
    }
  }

  @Test
  void orderSummaryCombinesTheRowAndTheDownstreamAnswer() throws Exception {
    RealStack stack = RealStack.get();
    try (RealStack.Sut sut = stack.sut(Map.of())) {
      HttpJson.Response r = HttpJson.get(sut.url() + "/api/order-summary/4242");
      assertThat(r.status()).isEqualTo(200);
      try (Connection c = stack.pg.connect();
          PreparedStatement ps =
              c.prepareStatement(
                  "SELECT o.status, o.total_cents, c.id, c.surname FROM orders o"
                      + " JOIN customers c ON c.id = o.customer_id WHERE o.id = 4242")) {
        ResultSet rs = ps.executeQuery();
        assertThat(rs.next()).isTrue();
        assertThat(r.at("order.id")).isEqualTo(4242);
        assertThat(r.at("order.status")).isEqualTo(rs.getString(1));
        assertThat(r.longAt("order.totalCents")).isEqualTo(rs.getLong(2));
        assertThat(r.longAt("order.customer.id")).isEqualTo(rs.getLong(3));
        assertThat(r.at("order.customer.surname")).isEqualTo(rs.getString(4));
      }
      assertThat(r.at("downstream.id")).isEqualTo("4242");
      assertThat(r.longAt("downstream.delayMs")).isEqualTo(100);
      assertThat(r.took().toMillis()).isGreaterThanOrEqualTo(100);
      assertThat(r.at("virtualThread")).isEqualTo(false);
    }
  }
}
