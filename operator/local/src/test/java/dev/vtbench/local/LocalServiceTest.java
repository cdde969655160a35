package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.RequestSpec;
import dev.vtbench.engine.model.ServiceSpec;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.SutConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a user's service is started with: the wiring, and the password only as a file. */
class LocalServiceTest {

  @TempDir Path dir;

  @Test
  void thePasswordReachesTheServiceAsAConfigtreeFileNeverInItsEnvironment() throws Exception {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.sut.service = new ServiceSpec();
    spec.sut.service.jar = "app.jar";
    spec.sut.service.port = 9090;
    spec.sut.service.stubUrlEnv = "SHIPPING_QUOTE_URL";
    spec.sut.service.env.put("APP_MODE", "bench");
    RequestSpec r = new RequestSpec();
    r.path = "/orders";
    spec.workload.requests = List.of(r);
    SutConfig config = Planner.plan(spec).getFirst().sut();
    Path tree = LocalService.configTree(dir);
    String password =
        Files.readString(tree.resolve(dev.vtbench.engine.plan.ServiceWiring.PASSWORD_PROPERTY));

    Map<String, String> env =
        LocalService.env(
            spec.sut.service,
            config,
            new LocalService.Database("jdbc:postgresql://127.0.0.1:5/service", "vtbench", tree),
            "http://127.0.0.1:7");

    assertThat(password).hasSize(36);
    assertThat(env)
        .containsEntry("SERVER_PORT", "9090")
        .containsEntry("SPRING_DATASOURCE_URL", "jdbc:postgresql://127.0.0.1:5/service")
        .containsEntry("SPRING_DATASOURCE_USERNAME", "vtbench")
        .containsEntry("SPRING_CONFIG_IMPORT", "optional:configtree:" + tree + "/")
        .containsEntry("SHIPPING_QUOTE_URL", "http://127.0.0.1:7/downstream")
        .containsEntry("APP_MODE", "bench")
        .containsEntry("SPRING_THREADS_VIRTUAL_ENABLED", "false");
    assertThat(env.keySet()).noneMatch(k -> k.toUpperCase().contains("PASSWORD"));
    assertThat(env.values()).noneMatch(v -> v.contains(password));
  }

  @Test
  void withoutADatabaseOrAStubNoneOfTheirWiringIsSet() {
    ServiceSpec service = new ServiceSpec();
    service.command = List.of("./run.sh");
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.sut.service = service;
    RequestSpec r = new RequestSpec();
    r.path = "/";
    spec.workload.requests = List.of(r);

    Map<String, String> env =
        LocalService.env(service, Planner.plan(spec).getFirst().sut(), null, null);

    assertThat(env.keySet())
        .doesNotContain("SPRING_DATASOURCE_URL", "SPRING_CONFIG_IMPORT")
        .noneMatch(k -> k.contains("URL"));
    SutConfig config = Planner.plan(spec).getFirst().sut();
    assertThat(LocalService.command(service, 512, config)).containsExactly("./run.sh");
    assertThat(env).doesNotContainKey("JAVA_TOOL_OPTIONS");
  }

  /**
   * spec.matrix.jvmOptions: a jar gets them on its java command line after the heap, a command
   * (whose java line vtbench does not write) in JAVA_TOOL_OPTIONS.
   */
  @Test
  void jvmOptionsGoOnAJarsCommandLineAndIntoACommandsEnvironment() throws Exception {
    Path jar = Files.writeString(dir.resolve("app.jar"), "not really a jar");
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.sut.service = new ServiceSpec();
    spec.sut.service.jar = jar.toString();
    RequestSpec r = new RequestSpec();
    r.path = "/";
    spec.workload.requests = List.of(r);
    spec.matrix.concurrency = List.of(100);
    spec.matrix.jvmOptions = List.of("-XX:+UseParallelGC", "-XX:+UseZGC -Xss512k");
    SutConfig zgc = Planner.plan(spec).get(1).sut();
    assertThat(zgc.jvmOptions()).isEqualTo("-XX:+UseZGC -Xss512k");

    List<String> java = LocalService.command(spec.sut.service, 512, zgc);
    assertThat(java.subList(1, java.size()))
        .containsExactly(
            "-Xmx512m", "-XX:+UseZGC", "-Xss512k", "-jar", jar.toAbsolutePath().toString());
    assertThat(LocalService.env(spec.sut.service, zgc, null, null))
        .doesNotContainKey("JAVA_TOOL_OPTIONS");

    spec.sut.service.jar = null;
    spec.sut.service.command = List.of("./run.sh", "--fast");
    assertThat(LocalService.command(spec.sut.service, 512, zgc))
        .containsExactly("./run.sh", "--fast");
    assertThat(LocalService.env(spec.sut.service, zgc, null, null))
        .containsEntry("JAVA_TOOL_OPTIONS", "-XX:+UseZGC -Xss512k");
  }
}
