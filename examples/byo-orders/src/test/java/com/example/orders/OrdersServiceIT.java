package com.example.orders;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.vtbench.local.HttpJson;
import dev.vtbench.local.LocalPostgres;
import dev.vtbench.local.ManagedProcess;
import dev.vtbench.local.Os;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged service against a real PostgreSQL holding its own schema and seed (db/*.sql) and a
 * real HTTP shipping service, configured only through standard Spring Boot environment variables.
 */
class OrdersServiceIT {

  static LocalPostgres pg;
  static HttpServer shipping;
  static final AtomicInteger quotes = new AtomicInteger();
  static ManagedProcess service;
  static String url;

  @BeforeAll
  static void start() throws Exception {
    pg = LocalPostgres.throwaway(System.out::println);
    Path db = Path.of(System.getProperty("byo.orders.db"));
    try (Connection c = pg.connect();
        Statement s = c.createStatement()) {
      s.execute(Files.readString(db.resolve("schema.sql")));
      s.execute(Files.readString(db.resolve("seed.sql")));
    }
    shipping = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    shipping.createContext(
        "/quote",
        exchange -> {
          quotes.incrementAndGet();
          byte[] body =
              ("{\"query\":\"" + exchange.getRequestURI().getQuery() + "\",\"etaDays\":2}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    shipping.start();
    int port = Os.freePort();
    url = "http://127.0.0.1:" + port;
    Path logs = Files.createTempDirectory("byo-orders-it-");
    service =
        ManagedProcess.start(
            ManagedProcess.Spec.of(
                "byo-orders",
                ManagedProcess.javaJar(
                    Path.of(System.getProperty("byo.orders.jar")), List.of("-Xmx384m")),
                Map.of(
                    "SERVER_PORT",
                    Integer.toString(port),
                    "SPRING_DATASOURCE_URL",
                    pg.jdbcUrl(),
                    "SPRING_DATASOURCE_USERNAME",
                    LocalPostgres.USER,
                    "SPRING_THREADS_VIRTUAL_ENABLED",
                    "true",
                    "SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE",
                    "4",
                    "SHIPPING_QUOTE_URL",
                    "http://127.0.0.1:" + shipping.getAddress().getPort() + "/quote"),
                logs.resolve("byo-orders.log")));
    service.awaitHttpOk(URI.create(url + "/actuator/health"), Duration.ofSeconds(120));
  }

  @AfterAll
  static void stop() {
    if (service != null) {
      service.close();
    }
    if (shipping != null) {
      shipping.stop(0);
    }
    if (pg != null) {
      pg.destroy();
    }
  }

  @Test
  void anOrderByIdCarriesItsCustomerAndAShippingQuoteForThatOrder() {
    int before = quotes.get();
    HttpJson.Response r = HttpJson.get(url + "/orders/4242");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.at("id")).isEqualTo(4242);
    // seed.sql: order o belongs to customer 1 + (o - 1) % 2000
    assertThat(r.at("customer.id")).isEqualTo(242);
    assertThat(r.at("customer.name")).isEqualTo("customer-242");
    assertThat(r.at("shipping.query")).isEqualTo("id=4242");
    assertThat(quotes.get()).isEqualTo(before + 1);
  }

  @Test
  void anUnknownOrderIs404WithoutCallingShipping() {
    int before = quotes.get();
    assertThat(HttpJson.get(url + "/orders/999999").status()).isEqualTo(404);
    assertThat(quotes.get()).isEqualTo(before);
  }

  @Test
  void aCustomersOrdersComeAPageAtATimeNewestFirst() {
    HttpJson.Response r = HttpJson.get(url + "/orders?customerId=7&page=1&size=5");

    assertThat(r.status()).isEqualTo(200);
    // customer 7 has orders 7, 2007, ..., 48007 (25 of them); page 1 of 5 newest-first is
    // orders 38007 down to 30007
    assertThat(r.body())
        .startsWith("[{\"id\":38007,")
        .contains("\"id\":30007,")
        .doesNotContain("\"id\":28007,");
    assertThat(HttpJson.get(url + "/orders?customerId=7&size=1000").status()).isEqualTo(400);
  }

  @Test
  void actuatorExposesTheMetricsABenchmarkReads() {
    HttpJson.get(url + "/orders/1");
    HttpJson.Response requests = HttpJson.get(url + "/actuator/metrics/http.server.requests");
    HttpJson.Response pool = HttpJson.get(url + "/actuator/metrics/hikaricp.connections.max");

    assertThat(requests.status()).isEqualTo(200);
    assertThat(requests.body()).contains("\"statistic\":\"COUNT\"");
    assertThat(pool.status()).isEqualTo(200);
    // SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE=4 reached the pool
    assertThat(pool.body()).contains("\"value\":4.0");
  }
}
