package dev.vtbench.local.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.BuildSpec;
import dev.vtbench.engine.model.spec.RequestSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.ServiceBuild;
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
            ServiceBuild.of(spec, config),
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

    SutConfig config = Planner.plan(spec).getFirst().sut();
    ServiceBuild build = ServiceBuild.of(spec, config);
    Map<String, String> env = LocalService.env(service, build, config, null, null);

    assertThat(env.keySet())
        .doesNotContain("SPRING_DATASOURCE_URL", "SPRING_CONFIG_IMPORT")
        .noneMatch(k -> k.contains("URL"));
    assertThat(LocalService.command(build, 512, config)).containsExactly("./run.sh");
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

    List<String> java = LocalService.command(ServiceBuild.of(spec, zgc), 512, zgc);
    assertThat(java.subList(1, java.size()))
        .containsExactly(
            "-Xmx512m", "-XX:+UseZGC", "-Xss512k", "-jar", jar.toAbsolutePath().toString());
    assertThat(LocalService.env(spec.sut.service, ServiceBuild.of(spec, zgc), zgc, null, null))
        .doesNotContainKey("JAVA_TOOL_OPTIONS");

    spec.sut.service.jar = null;
    spec.sut.service.command = List.of("./run.sh", "--fast");
    assertThat(LocalService.command(ServiceBuild.of(spec, zgc), 512, zgc))
        .containsExactly("./run.sh", "--fast");
    assertThat(LocalService.env(spec.sut.service, ServiceBuild.of(spec, zgc), zgc, null, null))
        .containsEntry("JAVA_TOOL_OPTIONS", "-XX:+UseZGC -Xss512k");
  }

  /**
   * spec.matrix.builds: each config starts its own build's jar or command (the service's where the
   * build names neither), with the same environment; every build's files are vtbench's to clean up
   * after a crash.
   */
  @Test
  void eachBuildStartsItsOwnJarOrCommand() throws Exception {
    Path v1 = Files.writeString(dir.resolve("orders-1.jar"), "one");
    Path v2 = Files.writeString(dir.resolve("orders-2.jar"), "two");
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.sut.service = new ServiceSpec();
    spec.sut.service.jar = v1.toString();
    RequestSpec r = new RequestSpec();
    r.path = "/";
    spec.workload.requests = List.of(r);
    spec.matrix.threadModes = List.of("virtual");
    spec.matrix.concurrency = List.of(100);
    spec.matrix.repetitions = 1;
    BuildSpec same = new BuildSpec();
    same.name = "v1";
    BuildSpec next = new BuildSpec();
    next.name = "v2";
    next.jar = v2.toString();
    BuildSpec script = new BuildSpec();
    script.name = "v3";
    script.command = List.of("./v3.sh");
    spec.matrix.builds = List.of(same, next, script);
    List<SutConfig> configs = Planner.plan(spec).stream().map(s -> s.sut()).toList();
    assertThat(configs).extracting(SutConfig::build).containsExactly("v1", "v2", "v3");

    assertThat(LocalService.command(ServiceBuild.of(spec, configs.get(0)), 512, configs.get(0)))
        .endsWith("-jar", v1.toAbsolutePath().toString());
    assertThat(LocalService.command(ServiceBuild.of(spec, configs.get(1)), 512, configs.get(1)))
        .endsWith("-jar", v2.toAbsolutePath().toString());
    assertThat(LocalService.command(ServiceBuild.of(spec, configs.get(2)), 512, configs.get(2)))
        .containsExactly("./v3.sh");
    assertThat(
            LocalService.env(
                spec.sut.service,
                ServiceBuild.of(spec, configs.get(0)),
                configs.get(0),
                null,
                null))
        .isEqualTo(
            LocalService.env(
                spec.sut.service,
                ServiceBuild.of(spec, configs.get(1)),
                configs.get(1),
                null,
                null));
    assertThat(LocalService.ownedPaths(ServiceBuild.all(spec)))
        .containsExactly(v1.toString(), v2.toString(), "./v3.sh");
  }
}
