package dev.vtbench.local.init;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecLoader;
import dev.vtbench.local.init.InitRequestMix.Draft;
import dev.vtbench.local.init.InitRequestMix.Range;
import dev.vtbench.local.init.InitSpecYaml.Downstream;
import dev.vtbench.local.init.InitSpecYaml.Findings;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The written spec is a valid BenchmarkRun, as vtbench run loads it, and says what it chose. */
class InitSpecYamlTest {

  static List<Draft> ordersDrafts() throws IOException {
    var endpoints =
        ActuatorMappings.of(ActuatorMappingsTest.recorded("orders-mappings.json"), "/actuator")
            .endpoints();
    List<Draft> drafts =
        InitRequestMix.of(endpoints, t -> new Range(1, 50_000, "ids 1..50000 of table orders"));
    return List.of(drafts.get(0).probed(400, "/orders"), drafts.get(1).probed(500, "/orders/1"));
  }

  static Findings findings(
      List<Draft> drafts, boolean database, List<Downstream> downstreams, Map<String, String> env) {
    return new Findings(
        "byo-orders",
        "vtbench init target/byo-orders.jar",
        "target/byo-orders.jar",
        "/actuator",
        drafts,
        List.of(
            new ActuatorMappings.Skipped("/files/{*path}", "a.B#h", "a catch-all path variable")),
        database,
        database ? List.of("db/schema.sql", "db/seed.sql") : List.of(),
        InitSql.searched(),
        downstreams,
        env);
  }

  @Test
  void byoOrdersSpecLoadsWithTheLookupActiveAndTheListCommentedOut() throws IOException {
    String yaml =
        InitSpecYaml.render(
            findings(
                ordersDrafts(),
                true,
                List.of(
                    new Downstream(
                        "shipping.quote-url",
                        "SHIPPING_QUOTE_URL",
                        "http://localhost:9000/downstream")),
                Map.of()));
    BenchmarkRun run = SpecLoader.parse("vtbench.yaml", yaml);

    assertThat(run.metadata.name).isEqualTo("byo-orders");
    assertThat(run.spec.sut.service.jar).isEqualTo("target/byo-orders.jar");
    assertThat(run.spec.sut.service.stubUrlEnv).isEqualTo("SHIPPING_QUOTE_URL");
    assertThat(run.spec.workload.requests).hasSize(1);
    assertThat(run.spec.workload.requests.get(0).path).isEqualTo("/orders/{id}");
    assertThat(run.spec.workload.requests.get(0).params.get("id").from).isEqualTo(1);
    assertThat(run.spec.workload.requests.get(0).params.get("id").to).isEqualTo(50_000);
    assertThat(run.spec.database.sql.files).containsExactly("db/schema.sql", "db/seed.sql");
    assertThat(run.spec.matrix.threadModes).containsExactly("platform", "virtual");
    assertThat(yaml)
        .contains("#   vtbench run vtbench.yaml")
        .contains("      # - path: \"/orders\"")
        .contains("answered 400 to GET /orders at init")
        .contains("# {id}: ids 1..50000 of table orders")
        .contains("# left out: /files/{*path} (a.B#h): a catch-all path variable")
        .contains("# (kubectl create configmap byo-orders-sql --from-file=db/), then:")
        .contains("# configMap: byo-orders-sql");
    assertThat(yaml.lines()).allMatch(l -> l.length() <= 110, "lines of at most 110 characters");
  }

  @Test
  void withoutDatabaseOrAClearDownstreamTheSpecStillLoads() throws IOException {
    List<Downstream> two =
        List.of(
            new Downstream("a.url", "A_URL", "http://a"),
            new Downstream("b.url", "B_URL", "http://b"));
    String yaml =
        InitSpecYaml.render(
            findings(
                ordersDrafts(), false, two, Map.of(InitActuator.EXPOSURE_ENV, "health,metrics")));
    BenchmarkRun run = SpecLoader.parse("vtbench.yaml", yaml);

    assertThat(run.spec.database.enabled).isFalse();
    assertThat(run.spec.sut.service.stubUrlEnv).isNull();
    assertThat(run.spec.sut.service.env).containsEntry(InitActuator.EXPOSURE_ENV, "health,metrics");
    assertThat(yaml).contains("# stubUrlEnv: A_URL   # a.url = http://a");
  }

  @Test
  void aDatabaseWithoutSqlSaysWhereItLooked() throws IOException {
    Findings f = findings(ordersDrafts(), true, List.of(), Map.of());
    Findings noSql =
        new Findings(
            f.name(),
            f.command(),
            f.jar(),
            f.actuatorPath(),
            f.requests(),
            f.skipped(),
            true,
            List.of(),
            f.sqlSearched(),
            f.downstreams(),
            f.env());
    String yaml = InitSpecYaml.render(noSql);
    assertThat(SpecLoader.parse("vtbench.yaml", yaml).spec.database.sql).isNull();
    assertThat(yaml)
        .contains("# No SQL found (looked in db/, sql/, src/main/resources/db/postgres/");
  }

  @Test
  void sqlFromSeveralFoldersNamesEachFile() {
    assertThat(InitSpecYaml.fromFiles(List.of("db/a.sql", "seed/b.sql")))
        .isEqualTo(" --from-file=db/a.sql --from-file=seed/b.sql");
    assertThat(InitSpecYaml.fromFiles(List.of("a.sql"))).isEqualTo(" --from-file=./");
  }

  @Test
  void quotedEscapesWhatYamlWould() {
    assertThat(InitSpecYaml.quoted("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
  }
}
