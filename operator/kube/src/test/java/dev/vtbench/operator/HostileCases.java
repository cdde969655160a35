package dev.vtbench.operator;

import static dev.vtbench.operator.ServiceCases.service;
import static dev.vtbench.operator.SpecCase.invalid;
import static dev.vtbench.operator.SpecCase.valid;

import java.util.stream.Stream;

/**
 * {@link CrdEvaluatorIT}'s cases for issue 31: the fields added since issue 13 held to its
 * standard. Settings that would override vtbench's own (thread mode, pool, Tomcat, datasource, the
 * password's destination) in any spelling, in JVM options, the service's environment or a per-axis
 * override; control characters and other hosts in what becomes a request line or header; shell
 * characters in a URL; numbers beyond JavaScript's exact integers; sections written as null.
 */
final class HostileCases {

  private HostileCases() {}

  static Stream<SpecCase> cases() {
    return Stream.of(
            jvmOptions(), environment(), axisEnv(), http(), numbers(), nulls(), sizes(), files())
        .flatMap(s -> s);
  }

  static SpecCase jvm(String options) {
    return invalid("spec.matrix.jvmOptions", "matrix: {jvmOptions: [" + options + "]}");
  }

  /** A system property beats the environment vtbench hands a service; agents load unseen code. */
  static Stream<SpecCase> jvmOptions() {
    return Stream.of(
        valid("matrix: {jvmOptions: ['-Dspring.profiles.active=bench -Djdk.tracePinnedThreads']}"),
        jvm("'-Dspring.threads.virtual.enabled=false'"),
        jvm("'', '-Xss1m -Dspring.threads.virtual.enabled=false'"),
        jvm("'-DSPRING_THREADS_VIRTUAL_ENABLED=true'"),
        jvm("'-Dspring.dataSource.URL=jdbc:postgresql://evil/db'"),
        jvm("'-Dspring.datasource.hikari.maximum-pool-size=5'"),
        jvm("'-Dserver.tomcat.threads.max=10'"),
        jvm("'-Dserver.port=9999'"),
        jvm("'-Dspring.application.json=x'"),
        jvm("'-DSPRING_APPLICATION_JSON=x'"),
        jvm("'-Dspring.config.import=configtree:/tmp/'"),
        jvm("'-Dspring.config.location=file:/tmp/evil.yaml'"),
        jvm("'-Dmanagement.endpoints.web.exposure.include=heapdump'"),
        jvm("'-javaagent:/tmp/agent.jar'"),
        jvm("'-agentlib:jdwp=transport=dt_socket,server=y,address=5005'"),
        jvm("'-agentpath:/tmp/libagent.so'"),
        jvm("'-Xrunjdwp:transport=dt_socket'"),
        jvm("'-XX:Flags=/tmp/flags'"),
        jvm("'-XX:VMOptionsFile=/tmp/options'"),
        jvm("'-XX:OnOutOfMemoryError=/tmp/x.sh'"),
        jvm("'-XX:OnError=/tmp/x.sh'"),
        jvm("'@/tmp/argfile'"));
  }

  static SpecCase env(String field, String sut) {
    return invalid(field, service(sut, "", "", ""));
  }

  /**
   * Refused by the operator's admission and the local validator, accepted by the API server: a CEL
   * rule over the names inside axisEnv's maps of maps, or over every {name} in path and body,
   * exceeds the API server's cost budget (names and bodies have no useful maxLength).
   */
  static SpecCase engineOnly(SpecCase c) {
    return new SpecCase(c.name(), c.spec(), false, SpecCase.Scope.ENGINE_ONLY, c.field());
  }

  /** Spring's relaxed binding: any case, SPRING_APPLICATION_JSON, config files, JAVA_OPTS. */
  static Stream<SpecCase> environment() {
    String env = "spec.sut.service.env";
    return Stream.of(
        valid(
            service(
                ", env: {SPRING_PROFILES_ACTIVE: bench,"
                    + " MANAGEMENT_ENDPOINTS_WEB_EXPOSURE_INCLUDE: 'health,metrics'}",
                "",
                "",
                "")),
        env(env, ", env: {SPRING_APPLICATION_JSON: '{\"spring\":{\"datasource\":{}}}'}"),
        env(env, ", env: {spring_datasource_url: jdbc}"),
        env(env, ", env: {Spring_Threads_Virtual_Enabled: 'false'}"),
        env(env, ", env: {SPRING_CONFIG_LOCATION: 'file:/tmp/x.yaml'}"),
        env(env, ", env: {SPRING_CONFIG_ADDITIONAL_LOCATION: 'file:/tmp/'}"),
        env(env, ", env: {SERVER_TOMCAT_THREADS_MAX: '10'}"),
        env(env, ", env: {JAVA_OPTS: '-Dspring.threads.virtual.enabled=false'}"),
        env(env, ", env: {JDK_JAVA_OPTIONS: '-Xss1m'}"),
        env(env, ", env: {db_password_file: x}"),
        invalid("spec.sut.env", "sut: {env: {JAVA_OPTS: '-Xmx1g'}}"),
        // the stub's variable is one vtbench sets: not a reserved name, not also in env
        withStubUrlEnv(env("spec.sut.service.stubUrlEnv", ""), "SPRING_DATASOURCE_URL"),
        env("spec.sut.service.stubUrlEnv", ", env: {SHIPPING_URL: x}"));
  }

  /** Per-axis overrides name the service's own variables, every value the matrix runs, once. */
  static Stream<SpecCase> axisEnv() {
    String mode = "spec.sut.service.axisEnv.threadMode";
    String pool = "spec.sut.service.axisEnv.hikariPool";
    String tomcat = "spec.sut.service.axisEnv.tomcatThreads";
    String noMatrix =
        "sut: {service: {image: orders:1, jar: app.jar, axisEnv: {%s}}}\n"
            + "workload: {requests: [{path: /orders}]}";
    return Stream.of(
        valid(noMatrix.formatted("threadMode: {platform: {VT: '0'}, virtual: {VT: '1'}}")),
        valid(
            noMatrix.formatted("hikariPool: {'50': {POOL: '50'}}, tomcatThreads: {'200': {T: x}}")),
        engineOnly(
            env(
                mode,
                ", axisEnv: {threadMode: {platform: {SPRING_THREADS_VIRTUAL_ENABLED: 'true'},"
                    + " virtual: {SPRING_THREADS_VIRTUAL_ENABLED: 'false'}}}")),
        engineOnly(
            env(
                pool,
                ", axisEnv: {hikariPool: {'10': {SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE: x}}}")),
        engineOnly(env(pool, ", axisEnv: {hikariPool: {'10': {JAVA_TOOL_OPTIONS: '-Xss1m'}}}")),
        engineOnly(
            env(tomcat, ", axisEnv: {tomcatThreads: {'200': {server_tomcat_threads_max: '9'}}}")),
        engineOnly(env(mode, ", axisEnv: {threadMode: {platform: {}, virtual: {VT: '1'}}}")),
        engineOnly(
            env(
                "spec.sut.service.axisEnv",
                ", env: {VT: x}, axisEnv: {threadMode: {platform: {VT: '0'}, virtual: {VT: '1'}}}")),
        engineOnly(
            env("spec.sut.service.axisEnv", ", axisEnv: {hikariPool: {'10': {SHIPPING_URL: x}}}")),
        // the matrix's defaults: platform and virtual, a pool of 50, 200 Tomcat threads
        invalid(mode, noMatrix.formatted("threadMode: {platform: {VT: '0'}}")),
        invalid(pool, noMatrix.formatted("hikariPool: {'10': {POOL: '10'}}")),
        invalid(tomcat, noMatrix.formatted("tomcatThreads: {'300': {T: '300'}}")),
        invalid(tomcat, service(", axisEnv: {tomcatThreads: {'300': {T: '300'}}}", "", "", "")));
  }

  static SpecCase request(String field, String request) {
    return invalid(
        field,
        "sut: {service: {image: orders:1, jar: app.jar}}\nworkload: {requests: [" + request + "]}");
  }

  /** Nothing that becomes a request line or header splits it or names another host. */
  static Stream<SpecCase> http() {
    String path = "spec.workload.requests[0].path";
    String headers = "spec.workload.requests[0].headers";
    String params = "spec.workload.requests[0].params";
    String rw = "spec.load.prometheusRemoteWrite.url";
    return Stream.of(
        valid(
            "sut: {service: {image: orders:1, jar: app.jar, healthPath: '/health;v=1'}}\n"
                + "workload: {requests: [{path: '/orders/{id}?page={page}&size=20',"
                + " params: {id: {from: 1, to: 9}, page: {values: ['1', '2']}},"
                + " headers: {X-Tenant: 'team a; zone=b', Accept: '*/*'}}]}"),
        request(path, "{path: \"/orders\\r\\nHost: evil.example\"}"),
        request(path, "{path: \"/orders\\u0000\"}"),
        request(path, "{path: //evil.example/orders}"),
        request(path, "{path: /orders@evil.example}"),
        request(path, "{path: 'http://evil.example/orders'}"),
        request(path, "{path: '/orders#top'}"),
        request(path, "{path: '/caf\u00e9'}"),
        request(headers, "{path: /orders, headers: {X-A: \"a\\r\\nX-Evil: 1\"}}"),
        request(headers, "{path: /orders, headers: {X-A: \"a\\u0007\"}}"),
        request(headers, "{path: /orders, headers: {Host: evil.example}}"),
        request(headers, "{path: /orders, headers: {content-length: '0'}}"),
        request(headers, "{path: /orders, headers: {Transfer-Encoding: chunked}}"),
        engineOnly(request(params, "{path: '/orders/{id}'}")),
        request(params, "{path: /orders, params: {id: {from: 1, to: 2}}}"),
        engineOnly(request(params, "{path: /orders, body: '{\"a\": \"{b}\"}'}")),
        env("spec.sut.service.healthPath", ", healthPath: //evil.example/health"),
        env("spec.sut.service.healthPath", ", healthPath: \"/ready\\nX: y\""),
        env("spec.sut.service.actuatorPath", ", actuatorPath: /act@evil.example"),
        invalid(rw, "load: {prometheusRemoteWrite: {url: 'http://p:9090/write?x=$(id)'}}"),
        invalid(rw, "load: {prometheusRemoteWrite: {url: 'http://p:9090/write;reboot'}}"),
        invalid(rw, "load: {prometheusRemoteWrite: {url: 'http://p:9090/`id`'}}"),
        invalid(rw, "load: {prometheusRemoteWrite: {url: 'http://p:9090/a|b'}}"),
        invalid(rw, "load: {prometheusRemoteWrite: {url: 'http://p$(id):9090/write'}}"),
        invalid(rw, "load: {prometheusRemoteWrite: {url: \"http://p:9090/a'b\"}}"),
        valid("load: {prometheusRemoteWrite: {url: 'https://mimir.example:443/api/v1/push?t=a'}}"));
  }

  /** Ids and params within JavaScript's exact integers (2^53 - 1). */
  static Stream<SpecCase> numbers() {
    String params = "spec.workload.requests[0].params";
    return Stream.of(
        valid(
            "sut: {service: {image: orders:1, jar: app.jar}}\nworkload: {requests: [{path:"
                + " '/o/{id}', params: {id: {from: -9007199254740991, to: 9007199254740991}}}]}"),
        request(params, "{path: '/o/{id}', params: {id: {from: 1, to: 9007199254740992}}}"),
        request(params, "{path: '/o/{id}', params: {id: {from: -9007199254740992, to: 1}}}"));
  }

  /**
   * A mix whose load ConfigMap passes 1 MiB once staged: 1,000 values of 100 characters are ~100 KB
   * in each of 12 stage scripts (a Job of one runner runs the 12 levels of one SUT back to back);
   * as a TestRun each load holds one script and fits.
   */
  static Stream<SpecCase> sizes() {
    String values = SpecCase.flow('[', 1000, i -> "'" + String.format("%0100d", i) + "'", ']');
    String spec =
        "sut: {service: {image: orders:1, jar: app.jar}}\n"
            + "workload: {requests: [{path: '/o/{v}', params: {v: {values: "
            + values
            + "}}}]}\n"
            + "matrix: {hikariPoolSizes: [10], repetitions: 1, concurrency: "
            + SpecCase.flow('[', 12, i -> "" + (i + 1), ']')
            + "}\n"
            + "load: {runner: %s}";
    return Stream.of(
        valid(spec.formatted("testrun")),
        new SpecCase(
            "parity",
            spec.formatted("job"),
            false,
            SpecCase.Scope.CLUSTER_RENDERED,
            "spec.workload.requests"));
  }

  /**
   * A section written as null: the API server prunes it, the operator reads the defaults, and a
   * local run now does the same; a null inside a list is refused by both.
   */
  static Stream<SpecCase> nulls() {
    return Stream.of(
        valid("matrix: null"),
        valid("workload: null\nload: null\nthresholds: null"),
        valid("sut: {env: null, nodeSelector: null}\ndatabase: {seed: null}"),
        valid("matrix: {threadModes: null, concurrency: [100]}"),
        invalid("spec.matrix.concurrency", "matrix: {concurrency: [null]}"));
  }

  /**
   * Local file references as a user writes them: absolute, from the home folder or through {@code
   * ..} (a local run reads them from the spec file's folder; the operator reads no node's files);
   * only a backslash, which would make the SQL's ConfigMap keys differ between CEL and Java, and
   * what is not printable ASCII are refused.
   */
  static Stream<SpecCase> files() {
    String jar = "spec.sut.service.jar";
    String script = "spec.workload.script.file";
    String sql = "spec.database.sql.files";
    return Stream.of(
        valid(jarIs("./target/app-1.0.jar")),
        valid(jarIs("/home/me/src/app/target/app.jar")),
        valid(jarIs("~/app.jar")),
        valid(jarIs("../other/app.jar")),
        valid(service("", "", "", ", builds: [{name: a, jar: a/../../b.jar}]")),
        valid(ServiceCases.SERVICE + ServiceCases.SCRIPT.replace("k6/orders.js", "/tmp/o.js")),
        valid(
            service(
                "",
                "",
                "sql: {files: [../db/seed.sql, /srv/app/db/schema.sql], configMap: orders-sql}",
                "")),
        invalid(jar, jarIs("'target\\..\\app.jar'")),
        invalid(jar, jarIs("\"target/\\u00e9t\\u00e9.jar\"")),
        invalid(
            "spec.matrix.builds[0].jar",
            service("", "", "", ", builds: [{name: a, jar: 'a\\b.jar'}]")),
        invalid(
            script,
            ServiceCases.SERVICE + ServiceCases.SCRIPT.replace("k6/orders.js", "'k6\\orders.js'")),
        invalid(sql, service("", "", "sql: {files: ['db\\seed.sql'], configMap: orders-sql}", "")),
        // on a cluster each file is the ConfigMap key of its base name: the API server now says so
        ServiceCases.perPlatform(
            false,
            sql,
            service("", "", "sql: {files: [a/init.sql, b/init.sql], configMap: orders-sql}", "")),
        ServiceCases.perPlatform(
            false,
            sql,
            service("", "", "sql: {files: ['db/bad name.sql'], configMap: orders-sql}", "")));
  }

  /** A valid service spec whose jar is {@code jar}. */
  static String jarIs(String jar) {
    return service("", "", "", "").replace("jar: app.jar", "jar: " + jar);
  }

  /** The case with {@code name} as the service's stub variable. */
  private static SpecCase withStubUrlEnv(SpecCase c, String name) {
    return new SpecCase(
        c.name(),
        c.spec().replace("stubUrlEnv: SHIPPING_URL", "stubUrlEnv: " + name),
        c.valid(),
        c.scope(),
        c.field());
  }
}
