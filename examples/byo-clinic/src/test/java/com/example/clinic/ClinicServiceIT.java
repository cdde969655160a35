package com.example.clinic;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.vtbench.local.HttpJson;
import dev.vtbench.local.LocalPostgres;
import dev.vtbench.local.ManagedProcess;
import dev.vtbench.local.Os;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged service against a real PostgreSQL holding its own schema and seed (db/*.sql) and a
 * real HTTP insurance service, configured only through standard Spring Boot environment variables.
 * Hibernate prints each statement it sends (SPRING_JPA_SHOW_SQL), so each page's query count is
 * read from the service's log.
 */
class ClinicServiceIT {

  static LocalPostgres pg;
  static HttpServer insurance;
  static final AtomicInteger quotes = new AtomicInteger();
  static ManagedProcess service;
  static String url;

  @BeforeAll
  static void start() throws Exception {
    pg = LocalPostgres.throwaway(System.out::println);
    Path db = Path.of(System.getProperty("byo.clinic.db"));
    try (Connection c = pg.connect();
        Statement s = c.createStatement()) {
      s.execute(Files.readString(db.resolve("schema.sql")));
      s.execute(Files.readString(db.resolve("seed.sql")));
    }
    insurance = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    insurance.createContext(
        "/quote",
        exchange -> {
          quotes.incrementAndGet();
          byte[] body =
              ("{\"query\":\"" + exchange.getRequestURI().getQuery() + "\",\"plan\":\"basic\"}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    insurance.start();
    int port = Os.freePort();
    url = "http://127.0.0.1:" + port;
    Path logs = Files.createTempDirectory("byo-clinic-it-");
    service =
        ManagedProcess.start(
            ManagedProcess.Spec.of(
                "byo-clinic",
                ManagedProcess.javaJar(
                    Path.of(System.getProperty("byo.clinic.jar")), List.of("-Xmx384m")),
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
                    "SPRING_JPA_SHOW_SQL",
                    "true",
                    "INSURANCE_QUOTE_URL",
                    "http://127.0.0.1:" + insurance.getAddress().getPort() + "/quote"),
                logs.resolve("byo-clinic.log")));
    service.awaitHttpOk(URI.create(url + "/actuator/health"), Duration.ofSeconds(120));
  }

  @AfterAll
  static void stop() {
    if (service != null) {
      service.close();
    }
    if (insurance != null) {
      insurance.stop(0);
    }
    if (pg != null) {
      pg.destroy();
    }
  }

  /** A GET and the number of SQL statements the service sent for it. */
  record Page(HttpJson.Response response, int queries) {}

  static Page get(String path) throws IOException {
    int before = statements();
    HttpJson.Response r = HttpJson.get(url + path);
    return new Page(r, statements() - before);
  }

  static int statements() throws IOException {
    return (int)
        Files.readAllLines(service.log()).stream().filter(l -> l.startsWith("Hibernate: ")).count();
  }

  static List<String> column(String sql) throws Exception {
    List<String> values = new ArrayList<>();
    try (Connection c = pg.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        values.add(rs.getString(1));
      }
    }
    return values;
  }

  @Test
  void anOwnersPageShowsItsPetsVisitsAndAQuoteFromOneQuery() throws Exception {
    int before = quotes.get();
    Page page = get("/owners/42");

    assertThat(page.response().status()).isEqualTo(200);
    String html = page.response().body();
    assertThat(html)
        .contains(
            "<title>Owner "
                + column("SELECT first_name || ' ' || last_name FROM owners WHERE id = 42")
                    .getFirst()
                + "</title>")
        .contains("<a href=\"/vets\">Veterinarians</a>") // the shared layout
        .contains("<dd>id=42</dd>"); // the insurance service's answer for this owner
    for (String pet : column("SELECT name FROM pets WHERE owner_id = 42")) {
      assertThat(html).contains("<dd>" + pet + "</dd>");
    }
    // seed.sql: 5 visits per owner, each a row of its pet's visits table
    assertThat(Pattern.compile("<td>\\d{4}-\\d{2}-\\d{2}</td>").matcher(html).results().count())
        .isEqualTo(5);
    assertThat(page.queries()).isEqualTo(1);
    assertThat(quotes.get()).isEqualTo(before + 1);
  }

  @Test
  void anUnknownOwnerIsThe404PageWithoutCallingInsurance() throws Exception {
    int before = quotes.get();
    Page page = get("/owners/99999");

    assertThat(page.response().status()).isEqualTo(404);
    assertThat(page.response().body()).contains("There is no <span>owner 99999</span>");
    assertThat(page.queries()).isEqualTo(1);
    assertThat(quotes.get()).isEqualTo(before);
  }

  @Test
  void ownersByLastNameComeTenAPageWithTheirPets() throws Exception {
    Page page = get("/owners?lastName=Davis&page=3");

    assertThat(page.response().status()).isEqualTo(200);
    String html = page.response().body();
    // seed.sql: 200 owners are called Davis, 20 pages of 10
    assertThat(Pattern.compile("href=\"/owners/\\d+\"").matcher(html).results().count())
        .isEqualTo(10);
    assertThat(html).contains("Page <span>4</span> of").contains("<span>200</span> owners");
    assertThat(html).containsPattern("href=\"/owners\\?lastName=Davis&(amp;)?page=4\"");
    // the page, its count, and the page's pets with their types
    assertThat(page.queries()).isEqualTo(3);
    assertThat(get("/owners?lastName=Nobody").response().body())
        .contains("No owner")
        .contains("<strong>Nobody</strong>");
  }

  @Test
  void theVetsPageAndItsJsonListEveryVetInOneQuery() throws Exception {
    Page page = get("/vets");

    assertThat(page.response().status()).isEqualTo(200);
    assertThat(page.response().body()).contains("radiology").contains("none");
    assertThat(Pattern.compile("<tr>\\s*<td>").matcher(page.response().body()).results().count())
        .isEqualTo(50);
    assertThat(page.queries()).isEqualTo(1);
    HttpJson.Response json = HttpJson.get(url + "/vets.json");
    assertThat(json.status()).isEqualTo(200);
    assertThat(json.body()).startsWith("[{\"id\":").contains("\"specialties\":[");
  }

  @Test
  void actuatorExposesTheMetricsABenchmarkReads() {
    HttpJson.get(url + "/vets");
    HttpJson.Response requests = HttpJson.get(url + "/actuator/metrics/http.server.requests");
    HttpJson.Response pool = HttpJson.get(url + "/actuator/metrics/hikaricp.connections.max");

    assertThat(requests.status()).isEqualTo(200);
    assertThat(requests.body()).contains("\"statistic\":\"COUNT\"");
    assertThat(pool.status()).isEqualTo(200);
    // SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE=4 reached the pool
    assertThat(pool.body()).contains("\"value\":4.0");
  }
}
