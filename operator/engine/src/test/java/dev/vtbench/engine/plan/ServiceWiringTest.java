package dev.vtbench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import org.junit.jupiter.api.Test;

/** The wiring every platform hands a user's service: its port, its database and the stub. */
class ServiceWiringTest {

  private static final String STUB = "http://127.0.0.1:8081";
  private static final ServiceWiring.Datasource DB =
      new ServiceWiring.Datasource("jdbc:postgresql://db:5432/app", "app", "/etc/vtbench/db");

  private static SutConfig firstConfig(BenchmarkRunSpec s) {
    return Planner.plan(s).getFirst().sut();
  }

  @Test
  void theDatabaseGoesThroughSpringBootsVariablesAndTheImportedFolderNeverThePassword() {
    BenchmarkRunSpec s = ServiceEnvTest.spec();
    var env = ServiceWiring.env(s.sut.service, firstConfig(s), DB, STUB);
    assertThat(env)
        .containsEntry("SERVER_PORT", Integer.toString(s.sut.service.port))
        .containsEntry(ServiceWiring.TOMCAT_METRICS, "true")
        .containsEntry("SPRING_DATASOURCE_URL", "jdbc:postgresql://db:5432/app")
        .containsEntry("SPRING_DATASOURCE_USERNAME", "app")
        .containsEntry(ServiceWiring.CONFIG_IMPORT, "optional:configtree:/etc/vtbench/db/");
    assertThat(env.keySet()).noneMatch(k -> k.contains("PASSWORD"));
    assertThat(ServiceWiring.env(s.sut.service, firstConfig(s), null, STUB))
        .doesNotContainKeys("SPRING_DATASOURCE_URL", ServiceWiring.CONFIG_IMPORT);
  }

  @Test
  void theStubsUrlIsItsPathUnderTheBaseOrTheBaseAloneForSlash() {
    BenchmarkRunSpec s = ServiceEnvTest.spec();
    s.sut.service.stubUrlEnv = "QUOTE_URL";
    assertThat(ServiceWiring.env(s.sut.service, firstConfig(s), DB, STUB))
        .containsEntry("QUOTE_URL", STUB + "/downstream");
    s.sut.service.stubPath = "/upper";
    assertThat(ServiceWiring.env(s.sut.service, firstConfig(s), DB, STUB))
        .containsEntry("QUOTE_URL", STUB + "/upper");
    s.sut.service.stubPath = "/";
    assertThat(ServiceWiring.env(s.sut.service, firstConfig(s), DB, STUB))
        .containsEntry("QUOTE_URL", STUB);
    s.sut.service.stubUrlEnv = null;
    s.sut.service.stubPath = null;
    assertThat(ServiceWiring.env(s.sut.service, firstConfig(s), DB, STUB))
        .doesNotContainKey("QUOTE_URL");
  }
}
