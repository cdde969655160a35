package com.example.orders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.ExampleService;
import dev.vtbench.local.process.HttpJson;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged service against a real PostgreSQL holding its own schema and seed (db/*.sql) and a
 * real HTTP shipping service, configured only through standard Spring Boot environment variables.
 */
class OrdersServiceIT {

  static ExampleService app;
  static String url;

  @BeforeAll
  static void start() throws Exception {
    app =
        ExampleService.start(
            "byo-orders",
            Path.of(System.getProperty("byo.orders.jar")),
            Path.of(System.getProperty("byo.orders.db")),
            "SHIPPING_QUOTE_URL",
            "\"etaDays\":2",
            Map.of());
    url = app.url();
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
    }
  }

  @Test
  void anOrderByIdCarriesItsCustomerAndAShippingQuoteForThatOrder() {
    int before = app.quotes();
    HttpJson.Response r = HttpJson.get(url + "/orders/4242");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.at("id")).isEqualTo(4242);
    // seed.sql: order o belongs to customer 1 + (o - 1) % 2000
    assertThat(r.at("customer.id")).isEqualTo(242);
    assertThat(r.at("customer.name")).isEqualTo("customer-242");
    assertThat(r.at("shipping.query")).isEqualTo("id=4242");
    assertThat(app.quotes()).isEqualTo(before + 1);
  }

  @Test
  void anUnknownOrderIs404WithoutCallingShipping() {
    int before = app.quotes();
    assertThat(HttpJson.get(url + "/orders/999999").status()).isEqualTo(404);
    assertThat(app.quotes()).isEqualTo(before);
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
