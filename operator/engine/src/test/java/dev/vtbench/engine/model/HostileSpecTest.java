package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.rules.SpecRules;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 31 in milliseconds: what would override vtbench's own settings, split a request or name
 * another host is refused locally with the field named (CrdEvaluatorIT holds the API server to the
 * same answers); a section written as null reads as its defaults, as on the API server.
 */
class HostileSpecTest {

  static final String SERVICE =
      "  sut: {service: {jar: app.jar, stubUrlEnv: SHIPPING_URL%s}}\n"
          + "  workload: {requests: [%s]}\n";

  static List<String> problems(String spec) {
    try {
      SpecLoader.parse("t.yaml", SpecLoaderTest.HEAD + "metadata: {name: a}\nspec:\n" + spec);
      return List.of();
    } catch (SpecLoader.InvalidSpecException e) {
      return e.problems();
    }
  }

  static List<String> service(String sut, String request) {
    return problems(SERVICE.formatted(sut, request));
  }

  @Test
  void jvmOptionsThatSetWhatVtbenchSetsOrLoadCodeAreRefused() {
    for (String o :
        List.of(
            "-Dspring.threads.virtual.enabled=false",
            "-Xss1m -DSPRING_DATASOURCE_URL=x",
            "-Dspring.dataSource.hikari.maximum-pool-size=5",
            "-Dserver.tomcat.threads.max=9",
            "-Dspring.application.json=x",
            "-Dmanagement.endpoints.web.exposure.include=heapdump",
            "-javaagent:/a.jar",
            "-agentlib:jdwp=transport=dt_socket",
            "-XX:Flags=/f",
            "-XX:VMOptionsFile=/f",
            "-XX:OnError=/x")) {
      assertThat(problems("  matrix: {jvmOptions: ['" + o + "']}"))
          .as(o)
          .singleElement()
          .asString()
          .startsWith("spec.matrix.jvmOptions: must not set what vtbench sets");
    }
    assertThat(problems("  matrix: {jvmOptions: ['-Dspring.profiles.active=x -Xss1m']}")).isEmpty();
  }

  @Test
  void everySpellingOfSpringsDatasourceAndThreadsIsReserved() {
    for (String name :
        List.of(
            "spring_datasource_url",
            "SPRING_APPLICATION_JSON",
            "SPRING_CONFIG_LOCATION",
            "Spring_Threads_Virtual_Enabled",
            "JAVA_OPTS")) {
      assertThat(service(", env: {" + name + ": x}", "{path: /o}"))
          .as(name)
          .singleElement()
          .asString()
          .startsWith(
              "spec.sut.service.env: names must be [A-Za-z_][A-Za-z0-9_]* and not set by vtbench");
    }
    assertThat(service(", env: {SPRING_PROFILES_ACTIVE: x}", "{path: /o}")).isEmpty();
    assertThat(
            service(
                ", axisEnv: {threadMode: {platform: {SPRING_THREADS_VIRTUAL_ENABLED: 'true'},"
                    + " virtual: {SPRING_THREADS_VIRTUAL_ENABLED: 'false'}}}",
                "{path: /o}"))
        .hasSize(2)
        .allMatch(p -> p.startsWith("spec.sut.service.axisEnv.threadMode."));
    assertThat(service(", axisEnv: {tomcatThreads: {'300': {T: '1'}}}", "{path: /o}"))
        .singleElement()
        .asString()
        .startsWith("spec.sut.service.axisEnv.tomcatThreads: " + ServiceRules.AXIS_COVERED_MESSAGE);
  }

  @Test
  void nothingSplitsARequestOrNamesAnotherHost() {
    assertThat(service("", "{path: \"/o\\r\\nHost: x\"}"))
        .singleElement()
        .asString()
        .startsWith("spec.workload.requests[0].path:");
    assertThat(service("", "{path: //evil/o}")).singleElement().asString().contains(".path:");
    assertThat(service("", "{path: /o@evil}")).singleElement().asString().contains(".path:");
    assertThat(service("", "{path: /o, headers: {X: \"a\\nB: c\"}}"))
        .singleElement()
        .asString()
        .startsWith("spec.workload.requests[0].headers[X]: ");
    assertThat(service("", "{path: /o, headers: {Host: evil}}"))
        .singleElement()
        .asString()
        .startsWith("spec.workload.requests[0].headers: names must be HTTP header names");
    assertThat(service(", healthPath: //evil/h", "{path: /o}"))
        .singleElement()
        .asString()
        .startsWith("spec.sut.service.healthPath:");
    assertThat(problems("  load: {prometheusRemoteWrite: {url: 'http://p:9090/w?x=$(id)'}}"))
        .singleElement()
        .asString()
        .startsWith("spec.load.prometheusRemoteWrite.url:");
  }

  @Test
  void paramsStayWithinJavaScriptsExactIntegers() {
    assertThat(service("", "{path: '/o/{id}', params: {id: {from: 1, to: 9007199254740991}}}"))
        .isEmpty();
    assertThat(service("", "{path: '/o/{id}', params: {id: {from: 1, to: 9007199254740992}}}"))
        .singleElement()
        .asString()
        .startsWith("spec.workload.requests[0].params[id].to: 9007199254740992 must be from");
  }

  /** The API server's axisEnv coverage rules read the matrix's defaults from ServiceRules. */
  @Test
  void theCoverageRulesDefaultsAreTheModelsDefaults() {
    BenchmarkRunSpec defaults = new BenchmarkRunSpec();
    assertThat(SpecRules.values(ServiceRules.DEFAULT_THREAD_MODES))
        .isEqualTo(defaults.matrix.threadModes);
    assertThat(List.of(ServiceRules.DEFAULT_POOL)).isEqualTo(defaults.matrix.hikariPoolSizes);
    assertThat(ServiceRules.DEFAULT_TOMCAT_THREADS).isEqualTo(defaults.sut.tomcatMaxThreads);
  }

  @Test
  void aSectionWrittenAsNullReadsAsItsDefaults() {
    assertThat(problems("  matrix: null\n  sut: {env: null}\n  database: {seed: null}")).isEmpty();
    BenchmarkRunSpec s =
        SpecLoader.parse(
                "t.yaml",
                SpecLoaderTest.HEAD + "metadata: {name: a}\nspec: {matrix: {threadModes: null}}")
            .spec;
    assertThat(s.matrix.threadModes).containsExactly("platform", "virtual");
    assertThat(problems("  matrix: {concurrency: [null]}"))
        .singleElement()
        .asString()
        .startsWith("spec.matrix.concurrency[0]: must not be null");
  }
}
