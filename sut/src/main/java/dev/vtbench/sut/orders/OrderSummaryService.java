package dev.vtbench.sut.orders;

import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.SutSettings.ConnMode;
import dev.vtbench.sut.SutSettings.PathMode;
import dev.vtbench.sut.api.Bodies;
import dev.vtbench.sut.api.Queries;
import dev.vtbench.sut.downstream.StubClient;
import dev.vtbench.sut.errors.ApiException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The reference rig's request: a primary-key lookup of an order joined to its customer, plus a
 * blocking call to the stub. {@code CONN_MODE} decides whether the connection is held across that
 * call; {@code PATH_MODE=synchronized} runs it all inside a striped monitor.
 */
@Service
class OrderSummaryService {

  private static final String QUERY = Queries.jdbc(Queries.ORDER_BY_ID);

  private final JdbcTemplate jdbc;
  private final TransactionTemplate tx;
  private final StubClient stub;
  private final ConnMode connMode;
  private final PathMode pathMode;
  private final Object[] stripes;

  OrderSummaryService(
      JdbcTemplate jdbc, TransactionTemplate tx, StubClient stub, SutSettings settings) {
    this.jdbc = jdbc;
    this.tx = tx;
    this.stub = stub;
    this.connMode = settings.connMode();
    this.pathMode = settings.pathMode();
    this.stripes = new Object[settings.syncStripes()];
    for (int i = 0; i < stripes.length; i++) {
      stripes[i] = new Object();
    }
  }

  Map<String, Object> summary(long id, Long delayMs) {
    if (pathMode == PathMode.SYNCHRONIZED) {
      // On Java 25 (JEP 491) a virtual thread blocking in here unmounts instead of pinning.
      synchronized (stripes[(int) Math.floorMod(id, (long) stripes.length)]) {
        return byConnMode(id, delayMs);
      }
    }
    return byConnMode(id, delayMs);
  }

  private Map<String, Object> byConnMode(long id, Long delayMs) {
    return switch (connMode) {
      case RELEASED -> {
        // The connection returns to the pool when the query ends, before the downstream call.
        Map<String, Object> order = lookup(id);
        yield combine(order, stub.downstream(id, delayMs));
      }
      case HELD ->
          // One transaction spans query and call: the connection stays checked out for both.
          tx.execute(status -> combine(lookup(id), stub.downstream(id, delayMs)));
    };
  }

  private Map<String, Object> lookup(long id) {
    List<Map<String, Object>> rows =
        jdbc.query(
            QUERY,
            (rs, n) ->
                Bodies.order(
                    rs.getLong("id"),
                    rs.getString("status"),
                    rs.getLong("total_cents"),
                    rs.getInt("item_count"),
                    rs.getObject("created_at", OffsetDateTime.class),
                    Bodies.customer(
                        rs.getLong("customer_id"),
                        rs.getString("name"),
                        rs.getString("surname"),
                        rs.getString("email"),
                        rs.getString("tier"))),
            id);
    if (rows.isEmpty()) {
      throw ApiException.notFound("order " + id);
    }
    return rows.getFirst();
  }

  private static Map<String, Object> combine(
      Map<String, Object> order, Map<String, Object> downstream) {
    return Bodies.summary(order, downstream);
  }
}
