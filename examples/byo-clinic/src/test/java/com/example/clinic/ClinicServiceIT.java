package com.example.clinic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.ExampleService;
import dev.vtbench.local.process.HttpJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  static ExampleService app;
  static String url;

  @BeforeAll
  static void start() throws Exception {
    app =
        ExampleService.start(
            "byo-clinic",
            Path.of(System.getProperty("byo.clinic.jar")),
            Path.of(System.getProperty("byo.clinic.db")),
            "INSURANCE_QUOTE_URL",
            "\"plan\":\"basic\"",
            Map.of("SPRING_JPA_SHOW_SQL", "true"));
    url = app.url();
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
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
        Files.readAllLines(app.log()).stream().filter(l -> l.startsWith("Hibernate: ")).count();
  }

  static List<String> column(String sql) throws Exception {
    List<String> values = new ArrayList<>();
    try (Connection c = app.database().connect();
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
    int before = app.quotes();
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
    assertThat(app.quotes()).isEqualTo(before + 1);
  }

  @Test
  void anUnknownOwnerIsThe404PageWithoutCallingInsurance() throws Exception {
    int before = app.quotes();
    Page page = get("/owners/99999");

    assertThat(page.response().status()).isEqualTo(404);
    assertThat(page.response().body()).contains("There is no <span>owner 99999</span>");
    assertThat(page.queries()).isEqualTo(1);
    assertThat(app.quotes()).isEqualTo(before);
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
