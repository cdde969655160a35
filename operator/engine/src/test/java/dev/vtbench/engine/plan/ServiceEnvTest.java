package dev.vtbench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.RequestSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the matrix reaches a user's own service, and what a new JVM is needed for. */
class ServiceEnvTest {

  static BenchmarkRunSpec spec() {
    BenchmarkRunSpec s = new BenchmarkRunSpec();
    s.sut.service = new ServiceSpec();
    s.sut.service.jar = "app.jar";
    s.sut.service.env.put("APP_MODE", "bench");
    s.sut.tomcatMaxThreads = 20;
    RequestSpec r = new RequestSpec();
    r.path = "/health";
    s.workload.requests = List.of(r);
    s.matrix.hikariPoolSizes = List.of(10, 20);
    s.matrix.concurrency = List.of(50);
    s.matrix.repetitions = 1;
    return s;
  }

  @Test
  void byDefaultSpringBootsOwnPropertiesAsEnvironmentVariables() {
    SutConfig virtual =
        Planner.plan(spec()).stream()
            .map(Scenario::sut)
            .filter(c -> c.virtualThreads() && c.hikariPool() == 10)
            .findFirst()
            .orElseThrow();

    assertThat(virtual.env())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "APP_MODE", "bench",
                "SPRING_THREADS_VIRTUAL_ENABLED", "true",
                "SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE", "10",
                "SPRING_DATASOURCE_HIKARI_MINIMUMIDLE", "10",
                "SERVER_TOMCAT_THREADS_MAX", "20"));
  }

  @Test
  void anAxisOverrideReplacesThatAxisVariablesOnly() {
    BenchmarkRunSpec s = spec();
    s.sut.service.axisEnv = new ServiceSpec.AxisEnv();
    s.sut.service.axisEnv.threadMode =
        Map.of("platform", Map.of("APP_VT", "off"), "virtual", Map.of("APP_VT", "on"));
    SutConfig platform = Planner.plan(s).getFirst().sut();

    assertThat(platform.threadMode()).isEqualTo("platform");
    assertThat(platform.env())
        .containsEntry("APP_VT", "off")
        .doesNotContainKey("SPRING_THREADS_VIRTUAL_ENABLED")
        .containsEntry("SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE", "10")
        .containsEntry("SERVER_TOMCAT_THREADS_MAX", "20");
  }

  @Test
  void aUserServiceTakesItsPoolAtStartSoEachPoolIsAJvmOfItsOwn() {
    List<Scenario> plan = Planner.plan(spec());
    SutConfig pool10 = plan.getFirst().sut();
    SutConfig pool20 = pool10.withHikariPool(20);

    assertThat(pool10.poolResizesLive()).isFalse();
    assertThat(pool10.restartKey()).isNotEqualTo(pool20.restartKey());
    // two thread modes × two pools: four JVMs, where vtbench's SUT needs two
    assertThat(Planner.sutStarts(plan)).isEqualTo(4);
    BenchmarkRunSpec builtin = new BenchmarkRunSpec();
    builtin.matrix = spec().matrix;
    assertThat(Planner.sutStarts(Planner.plan(builtin))).isEqualTo(2);
  }
}
