package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.PlatformRules;
import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.spec.RequestSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.model.spec.SqlSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The local validator on {@code spec.sut.service}, {@code spec.workload.requests} and {@code
 * spec.database.enabled / sql}: every bad value is refused with a message naming the field and what
 * is allowed; {@code CrdEvaluatorIT} runs the same kind of table through the API server.
 */
class ServiceSpecTest {

  /** A valid run of a user's service: one request, a jar, the stub, the user's SQL. */
  static BenchmarkRun valid() {
    BenchmarkRun run = new BenchmarkRun();
    run.metadata.name = "byo";
    BenchmarkRunSpec s = run.spec;
    s.sut.service = new ServiceSpec();
    s.sut.service.jar = "app.jar";
    s.sut.service.stubUrlEnv = "SHIPPING_URL";
    RequestSpec r = new RequestSpec();
    r.path = "/orders/{id}";
    RequestSpec.Param id = new RequestSpec.Param();
    id.from = 1L;
    id.to = 100L;
    r.params.put("id", id);
    s.workload.requests = new ArrayList<>(List.of(r));
    s.database.sql = new SqlSpec();
    s.database.sql.files = List.of("db/schema.sql");
    return run;
  }

  static List<String> errors(Consumer<BenchmarkRunSpec> change) {
    BenchmarkRun run = valid();
    change.accept(run.spec);
    return SpecValidation.crd(run, PlatformRules::appliesLocally);
  }

  @Test
  void theValidServiceSpecAndTheExampleHaveNoErrors() throws Exception {
    assertThat(SpecValidation.crd(valid(), PlatformRules::appliesLocally)).isEmpty();
    BenchmarkRun example = SpecLoader.load(Path.of("../../examples/byo-orders.yaml"));
    assertThat(SpecValidation.crd(example, PlatformRules::appliesLocally)).isEmpty();
    assertThat(LocalInputs.problems(example.spec)).isEmpty();
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        bad(
            "method",
            s -> s.workload.requests.getFirst().method = "FETCH",
            "spec.workload.requests[0].method: 'FETCH' is not one of GET, POST, PUT, PATCH,"
                + " DELETE, HEAD"),
        bad(
            "relative path",
            s -> s.workload.requests.getFirst().path = "orders/{id}",
            "spec.workload.requests[0].path: 'orders/{id}' must be a path starting with one '/'"),
        bad(
            "placeholder without param",
            s -> s.workload.requests.getFirst().path = "/orders/{id}?expand={what}",
            "spec.workload.requests[0].params: no 'what' for the {what} in path or body"),
        bad(
            "unused param",
            s -> s.workload.requests.getFirst().path = "/orders/1",
            "spec.workload.requests[0].params: not used"),
        bad(
            "range and values",
            s -> s.workload.requests.getFirst().params.get("id").values = List.of("a"),
            "spec.workload.requests[0].params[id]: set from and to (a whole-number range) or"
                + " values (a non-empty list), not both"),
        bad(
            "range backwards",
            s -> s.workload.requests.getFirst().params.get("id").from = 500L,
            "spec.workload.requests[0].params[id]: from 500 must be at most to 100"),
        bad(
            "status",
            s -> s.workload.requests.getFirst().expectedStatus = List.of(200, 700),
            "spec.workload.requests[0].expectedStatus: 700 is not an HTTP status from 100 to"
                + " 599"),
        bad(
            "weight",
            s -> s.workload.requests.getFirst().weight = 0,
            "spec.workload.requests[0].weight: 0 must be at least 1"),
        bad(
            "header name",
            s -> s.workload.requests.getFirst().headers.put("Bad Header", "x"),
            "spec.workload.requests[0].headers: 'Bad Header' names must be HTTP header names"),
        bad(
            "password in env",
            s -> s.sut.service.env.put("DB_PASSWORD", "secret"),
            "spec.sut.service.env: 'DB_PASSWORD' is not allowed; names must be"),
        bad(
            "datasource in env",
            s -> s.sut.service.env.put("spring_datasource_url", "jdbc:x"),
            "spec.sut.service.env: 'spring_datasource_url' is not allowed"),
        bad(
            "jar and command",
            s -> s.sut.service.command = List.of("java", "-jar", "app.jar"),
            "spec.sut.service: set jar or command, not both"),
        bad(
            "health path",
            s -> s.sut.service.healthPath = "health",
            "spec.sut.service.healthPath: 'health' must be a path starting with one '/'"),
        bad(
            "port",
            s -> s.sut.service.port = 70_000,
            "spec.sut.service.port: 70000 must be from 1 to 65535"),
        bad(
            "stub path",
            s -> s.sut.service.stubPath = "/quote",
            "spec.sut.service.stubPath: '/quote' is not one of /downstream, /upper"),
        bad(
            "stub path without env",
            s -> {
              s.sut.service.stubUrlEnv = null;
              s.sut.service.stubPath = "/upper";
            },
            "spec.sut.service.stubPath: stubPath needs stubUrlEnv"),
        bad(
            "thread mode key",
            s -> axis(s).threadMode = Map.of("green", Map.of("VT", "1")),
            "spec.sut.service.axisEnv.threadMode: 'green' is not one of platform, virtual, reactive"),
        bad(
            "pool not covered",
            s -> {
              s.matrix.hikariPoolSizes = List.of(10, 20);
              axis(s).hikariPool = Map.of("10", Map.of("POOL", "10"));
            },
            "spec.sut.service.axisEnv.hikariPool: has no '20'; must name every value"),
        bad(
            "password in axis env",
            s -> axis(s).tomcatThreads = Map.of("200", Map.of("ADMIN_PASSWORD", "x")),
            "spec.sut.service.axisEnv.tomcatThreads.200: 'ADMIN_PASSWORD' each value must set at"
                + " least one variable, named [A-Za-z_][A-Za-z0-9_]* and not reserved"),
        bad(
            "reactive",
            s -> s.matrix.threadModes = List.of("virtual", "reactive"),
            "spec.matrix.threadModes: reactive names vtbench's own reactive SUT"),
        bad(
            "no requests",
            s -> s.workload.requests = null,
            "spec.workload: spec.sut.service needs spec.workload.requests or"
                + " spec.workload.script"),
        bad(
            "requests without service",
            s -> s.sut.service = null,
            "spec.workload.requests: spec.workload.requests needs spec.sut.service"),
        bad(
            "no database for vtbench's SUT",
            s -> {
              s.sut.service = null;
              s.workload.requests = null;
              s.database.sql = null;
              s.database.enabled = false;
            },
            "spec.database.enabled: database.enabled: false needs spec.sut.service"),
        bad(
            "sql without database",
            s -> s.database.enabled = false,
            "spec.database.sql: database.sql needs spec.sut.service and database.enabled"));
  }

  private static ServiceSpec.AxisEnv axis(BenchmarkRunSpec s) {
    if (s.sut.service.axisEnv == null) {
      s.sut.service.axisEnv = new ServiceSpec.AxisEnv();
    }
    return s.sut.service.axisEnv;
  }

  private static Arguments bad(String what, Consumer<BenchmarkRunSpec> change, String error) {
    return Arguments.of(what, change, error);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void refusesNamingTheFieldAndWhatIsAllowed(
      String what, Consumer<BenchmarkRunSpec> change, String error) {
    assertThat(errors(change))
        .anySatisfy(e -> assertThat(e).startsWith(error.substring(0, error.indexOf(": ") + 1)));
  }

  @Test
  void aSpecWithoutAServiceKeepsItsErrorsAsBefore() {
    BenchmarkRun run = new BenchmarkRun();
    run.metadata.name = "builtin";
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally)).isEmpty();
    assertThat(SpecValidation.cluster(run)).isEmpty();
  }

  @Test
  void eachPlatformSaysWhatItNeedsToStartTheService() {
    BenchmarkRun run = valid();
    run.spec.sut.service.jar = null;
    assertThat(LocalInputs.problems(run.spec))
        .containsExactly(
            "spec.sut.service: set jar or command for a local run, or one in every"
                + " spec.matrix.builds entry (image is for Kubernetes)");
    run.spec.sut.service.command = List.of("./run.sh");
    assertThat(LocalInputs.problems(run.spec)).isEmpty();
    // on a cluster the service runs from its image, and its SQL comes from a ConfigMap
    run.spec.database.sql = null;
    assertThat(SpecValidation.cluster(run))
        .singleElement()
        .asString()
        .startsWith("spec.sut.service.image: set image");
    run.spec.sut.service.image = "registry.example/orders:1.4";
    assertThat(SpecValidation.cluster(run)).isEmpty();
    run.spec.database.sql = new SqlSpec();
    run.spec.database.sql.files = List.of("db/schema.sql", "db/seed.sql");
    assertThat(LocalInputs.problems(run.spec)).isEmpty();
    assertThat(SpecValidation.cluster(run))
        .singleElement()
        .asString()
        .startsWith("spec.database.sql: set configMap");
    run.spec.database.sql.configMap = "orders-sql";
    assertThat(SpecValidation.cluster(run)).isEmpty();
    assertThat(run.spec.database.sql.keys()).containsExactly("schema.sql", "seed.sql");
  }

  @Test
  void onAClusterEachSqlFileIsAConfigMapKeyOfItsBaseName() {
    BenchmarkRun run = valid();
    run.spec.sut.service.image = "orders:1";
    run.spec.database.sql = new SqlSpec();
    run.spec.database.sql.configMap = "orders-sql";
    run.spec.database.sql.files = List.of("a/init.sql", "b/init.sql", "c/bad name.sql");
    assertThat(SpecValidation.cluster(run))
        .containsExactly("spec.database.sql.files: " + ServiceRules.SQL_KEYS_MESSAGE);
    // locally the files are paths: both are fine
    assertThat(LocalInputs.problems(run.spec)).isEmpty();
  }

  @Test
  void axisOverridesThatCoverTheMatrixAreAccepted() {
    BenchmarkRun run = valid();
    ServiceSpec.AxisEnv a = new ServiceSpec.AxisEnv();
    Map<String, Map<String, String>> modes = new LinkedHashMap<>();
    modes.put("platform", Map.of("APP_VT", "off"));
    modes.put("virtual", Map.of("APP_VT", "on"));
    a.threadMode = modes;
    a.hikariPool = Map.of("50", Map.of("DB_POOL", "50"));
    a.tomcatThreads = Map.of("200", Map.of("HTTP_THREADS", "200"));
    run.spec.sut.service.axisEnv = a;
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally)).isEmpty();
  }
}
