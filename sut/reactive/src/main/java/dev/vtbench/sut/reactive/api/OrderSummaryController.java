package dev.vtbench.sut.reactive.api;

import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.SutSettings.ConnMode;
import dev.vtbench.sut.api.Bodies;
import dev.vtbench.sut.api.Delays;
import dev.vtbench.sut.api.Queries;
import dev.vtbench.sut.errors.ApiException;
import dev.vtbench.sut.errors.Params;
import dev.vtbench.sut.reactive.db.R2dbcPool;
import dev.vtbench.sut.reactive.downstream.ReactiveStubClient;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Readable;
import java.time.OffsetDateTime;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The reference rig's request, non-blocking: the order joined to its customer, then the stub.
 * {@code CONN_MODE} decides, as in the servlet SUT, whether the connection is held across the call.
 */
@RestController
class OrderSummaryController {

  private final R2dbcPool pool;
  private final ReactiveStubClient stub;
  private final ConnMode connMode;

  OrderSummaryController(R2dbcPool pool, ReactiveStubClient stub, SutSettings settings) {
    this.pool = pool;
    this.stub = stub;
    this.connMode = settings.connMode();
  }

  /** GET /api/order-summary/{id}[?delayMs=N]: the order, its customer and the downstream answer. */
  @GetMapping("/api/order-summary/{id}")
  Mono<Map<String, Object>> summary(
      @PathVariable("id") String id,
      @RequestParam(name = "delayMs", required = false) String delayMs) {
    long orderId = Params.id("id", id);
    Long delay = Delays.orderSummary(delayMs);
    return switch (connMode) {
      // The connection returns to the pool when the query ends, before the downstream call.
      case RELEASED ->
          pool.withConnection(c -> lookup(c, orderId))
              .flatMap(order -> stub.downstream(orderId, delay).map(d -> Bodies.summary(order, d)));
      // One transaction spans query and call: the connection stays checked out for both.
      case HELD ->
          pool.withConnection(
              c ->
                  Mono.from(c.beginTransaction())
                      .then(lookup(c, orderId))
                      .flatMap(
                          order ->
                              stub.downstream(orderId, delay).map(d -> Bodies.summary(order, d)))
                      .flatMap(body -> Mono.from(c.commitTransaction()).thenReturn(body)));
    };
  }

  private static Mono<Map<String, Object>> lookup(Connection c, long id) {
    return Flux.from(c.createStatement(Queries.ORDER_BY_ID).bind("$1", id).execute())
        .flatMap(result -> result.map(OrderSummaryController::order))
        .next()
        .switchIfEmpty(Mono.error(() -> ApiException.notFound("order " + id)));
  }

  private static Map<String, Object> order(Readable row) {
    return Bodies.order(
        row.get("id", Long.class),
        row.get("status", String.class),
        row.get("total_cents", Long.class),
        row.get("item_count", Integer.class),
        row.get("created_at", OffsetDateTime.class),
        Bodies.customer(
            row.get("customer_id", Long.class),
            row.get("name", String.class),
            row.get("surname", String.class),
            row.get("email", String.class),
            row.get("tier", String.class)));
  }
}
