package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.PlatformRules;
import dev.vtbench.engine.model.spec.ExternalDatabaseSpec;
import dev.vtbench.engine.model.spec.SqlSpec;
import dev.vtbench.engine.plan.ServiceWiring;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code spec.database.external}: the local validator accepts it only for a user's service with a
 * database, without SQL to run, and with a Secret's name; {@code CrdEvaluatorIT} runs the same
 * cases through the API server.
 */
class ExternalDatabaseSpecTest {

  /** A user's service on its own database: no SQL, the Secret's name. */
  static BenchmarkRun valid() {
    BenchmarkRun run = ServiceSpecTest.valid();
    run.spec.database.sql = null;
    run.spec.database.external = new ExternalDatabaseSpec();
    run.spec.database.external.secret = "orders-db";
    return run;
  }

  @Test
  void aServiceOnItsOwnDatabaseAndTheExampleAreValidOnBothPlatforms() throws Exception {
    BenchmarkRun run = valid();
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally)).isEmpty();
    assertThat(LocalInputs.problems(run.spec)).isEmpty();
    run.spec.sut.service.image = "registry.example/orders:1";
    assertThat(SpecValidation.cluster(run)).isEmpty();
    // vtbench runs no database of its own for it
    assertThat(run.spec.database.provisioned()).isFalse();
    assertThat(new BenchmarkRunSpec().database.provisioned()).isTrue();

    BenchmarkRun example = SpecLoader.load(Path.of("../../examples/byo-orders-external-db.yaml"));
    assertThat(SpecValidation.crd(example, PlatformRules::appliesLocally)).isEmpty();
    assertThat(LocalInputs.problems(example.spec)).isEmpty();
    assertThat(SpecValidation.cluster(example)).isEmpty();
    assertThat(example.spec.database.external.secret).isEqualTo("byo-orders-db");
    assertThat(example.spec.database.sql).isNull();
  }

  @Test
  void theSecretHoldsTheUrlTheUserAndThePasswordAsSpringBootProperties() {
    assertThat(ServiceWiring.EXTERNAL_KEYS)
        .extracting(ServiceWiring.SecretKey::key, ServiceWiring.SecretKey::property)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("url", "spring.datasource.url"),
            org.assertj.core.groups.Tuple.tuple("username", "spring.datasource.username"),
            org.assertj.core.groups.Tuple.tuple("password", ServiceWiring.PASSWORD_PROPERTY));
  }

  static Stream<Arguments> refused() {
    return Stream.of(
        bad(
            "vtbench's own SUT",
            s -> {
              s.sut.service = null;
              s.workload.requests = null;
            },
            "spec.database.external: database.external needs spec.sut.service: vtbench's own SUT"
                + " needs its own seeded schema"),
        bad(
            "with SQL",
            s -> {
              s.database.sql = new SqlSpec();
              s.database.sql.files = List.of("db/schema.sql");
            },
            "spec.database.external: database.external and database.sql exclude each other:"
                + " vtbench never writes to a database it does not own"),
        bad(
            "without a database",
            s -> s.database.enabled = false,
            "spec.database.external: database.external needs database.enabled true"),
        bad(
            "no name",
            s -> s.database.external.secret = null,
            "spec.database.external.secret: required"),
        bad(
            "not an object name",
            s -> s.database.external.secret = "Orders_DB",
            "spec.database.external.secret: 'Orders_DB' must be a Kubernetes object name"),
        bad(
            "too long",
            s -> s.database.external.secret = "a".repeat(254),
            "spec.database.external.secret: 254 characters, at most 253 allowed"));
  }

  private static Arguments bad(String what, Consumer<BenchmarkRunSpec> change, String error) {
    return Arguments.of(what, change, error);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void refusesNamingTheFieldAndWhatIsAllowed(
      String what, Consumer<BenchmarkRunSpec> change, String error) {
    BenchmarkRun run = valid();
    change.accept(run.spec);
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally))
        .anySatisfy(e -> assertThat(e).startsWith(error.substring(0, error.indexOf(": ") + 1)));
  }
}
