package dev.vtbench.operator;

import dev.vtbench.operator.SpecParityIT.Case;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A user's own service ({@code spec.sut.service}, {@code spec.workload.requests / script}, {@code
 * spec.database.enabled / sql / external}) through the real API server, the operator and the local
 * validator: all accept the same specs and refuse the same ones, naming the field; where the
 * service or its SQL comes from differs by platform (an image and a ConfigMap on a cluster, a jar
 * or command and files locally), and a spec that names both runs in both places.
 */
class ServiceParityIT {

  /** A valid service spec around {@code extra} YAML lines. */
  static String service(String sut, String workload, String database, String matrix) {
    return """
        sut: {service: {image: registry.example/orders:1, jar: app.jar, stubUrlEnv: SHIPPING_URL%s}}
        workload: {requests: [{path: "/orders/{id}", params: {id: {from: 1, to: 9}}%s}]}
        database: {%s}
        matrix: {threadModes: [platform, virtual], hikariPoolSizes: [10], concurrency: [5]%s}
        """
        .formatted(sut, workload, database, matrix);
  }

  static final String SERVICE = "sut: {service: {image: orders:1, jar: app.jar}}\n";
  static final String REQUESTS = "workload: {requests: [{path: /orders}]}";

  /** spec.workload.script naming both places, with {@code extra} after its ConfigMap's key. */
  static String script(String configMap) {
    return "workload: {script: {file: k6/orders.js, configMap: {" + configMap + "}}}";
  }

  static final String SCRIPT = script("name: orders-k6, key: orders.js");

  static Stream<Case> table() {
    return Stream.of(
        SpecParityIT.valid(service("", "", "", "")),
        SpecParityIT.valid(
            service(
                ", port: 9000, healthPath: /ready, actuatorPath: '', stubPath: /upper,"
                    + " env: {APP_MODE: bench},"
                    + " axisEnv: {threadMode: {platform: {VT: 'off'}, virtual: {VT: 'on'}},"
                    + " hikariPool: {'10': {POOL: '10'}}, tomcatThreads: {'200': {T: '200'}}}",
                ", method: POST, headers: {Content-Type: application/json},"
                    + " body: '{\"q\": \"{id}\"}', weight: 5, expectedStatus: [201, 404]",
                "sql: {files: [db/schema.sql, db/seed.sql], configMap: orders-sql}",
                "")),
        SpecParityIT.valid(service("", "", "enabled: false", "")),
        SpecParityIT.invalid(
            "spec.sut.service", service(", command: [java, -jar, app.jar]", "", "", "")),
        SpecParityIT.invalid(
            "spec.sut.service.healthPath", service(", healthPath: ready", "", "", "")),
        SpecParityIT.invalid(
            "spec.sut.service.actuatorPath", service(", actuatorPath: 'a b'", "", "", "")),
        SpecParityIT.invalid(
            "spec.sut.service.env", service(", env: {DB_PASSWORD: x}", "", "", "")),
        SpecParityIT.invalid(
            "spec.sut.service.env", service(", env: {SPRING_DATASOURCE_URL: x}", "", "", "")),
        SpecParityIT.invalid(
            "spec.sut.service.stubUrlEnv",
            "sut: {service: {image: orders:1, jar: app.jar, stubUrlEnv: 'not a name'}}\n"
                + REQUESTS),
        SpecParityIT.invalid(
            "spec.sut.service.stubPath", service(", stubPath: /quote", "", "", "")),
        SpecParityIT.invalid(
            "spec.sut.service.axisEnv.threadMode",
            service(", axisEnv: {threadMode: {green: {VT: '1'}}}", "", "", "")),
        SpecParityIT.invalid(
            "spec.sut.service.axisEnv.hikariPool",
            service(", axisEnv: {hikariPool: {'20': {POOL: '20'}}}", "", "", "")),
        SpecParityIT.invalid(
            "spec.workload.requests[0].method", service("", ", method: FETCH", "", "")),
        SpecParityIT.invalid(
            "spec.workload.requests[0].expectedStatus",
            service("", ", expectedStatus: [700]", "", "")),
        SpecParityIT.invalid(
            "spec.workload.requests[0].weight", service("", ", weight: 0", "", "")),
        SpecParityIT.invalid(
            "spec.workload.requests[0].headers", service("", ", headers: {'a b': x}", "", "")),
        SpecParityIT.invalid(
            "spec.workload.requests[0].params",
            SERVICE + "workload: {requests: [{path: '/o/{id}', params: {id: {from: 9, to: 1}}}]}"),
        SpecParityIT.invalid(
            "spec.workload.requests[0].params",
            SERVICE
                + "workload: {requests: [{path: '/o/{id}', params: {id: {from: 1, to: 9,"
                + " values: [a]}}}]}"),
        SpecParityIT.invalid("spec.workload.requests", "workload: {requests: [{path: /x}]}"),
        SpecParityIT.invalid(
            "spec.matrix.threadModes",
            service("", "", "", "").replace("[platform, virtual]", "[virtual, reactive]")),
        SpecParityIT.invalid("spec.workload", SERVICE),
        SpecParityIT.invalid("spec.database.enabled", "database: {enabled: false}"),
        SpecParityIT.invalid(
            "spec.database.sql", "database: {sql: {files: [a.sql], configMap: orders-sql}}"),
        // --- spec.matrix.builds: builds of the service compared in one run ---
        SpecParityIT.valid(
            service(
                "",
                "",
                "",
                ", builds: [{name: boot-3.4}, {name: boot-4.0, image: registry.example/orders:2,"
                    + " jar: app-2.jar}, {name: '25', command: [./run.sh]}]")),
        // every build brings its own image and jar: the service needs neither
        SpecParityIT.valid(
            service(
                    "",
                    "",
                    "",
                    ", builds: [{name: a, image: o:1, jar: a.jar}, {name: b, image: o:2,"
                        + " jar: b.jar}]")
                .replace("image: registry.example/orders:1, jar: app.jar, ", "")),
        SpecParityIT.invalid(
            "spec.matrix.builds", service("", "", "", ", builds: [{name: Boot-3.4}]")),
        SpecParityIT.invalid(
            "spec.matrix.builds", service("", "", "", ", builds: [{name: boot_3}]")),
        SpecParityIT.invalid(
            "spec.matrix.builds", service("", "", "", ", builds: [{name: boot-}]")),
        SpecParityIT.invalid(
            "spec.matrix.builds",
            service("", "", "", ", builds: [{name: %s}]".formatted("a".repeat(21)))),
        SpecParityIT.invalid("spec.matrix.builds", service("", "", "", ", builds: [{image: o:2}]")),
        SpecParityIT.invalid(
            "spec.matrix.builds", service("", "", "", ", builds: [{name: a}, {name: a}]")),
        SpecParityIT.invalid("spec.matrix.builds", service("", "", "", ", builds: []")),
        SpecParityIT.invalid(
            "spec.matrix.builds",
            service(
                "", "", "", ", builds: [{name: a}, {name: b}, {name: c}, {name: d}, {name: e}]")),
        SpecParityIT.invalid(
            "spec.matrix.builds",
            service("", "", "", ", builds: [{name: a, jar: a.jar, command: [./a]}]")),
        SpecParityIT.invalid(
            "spec.matrix.builds", service("", "", "", ", builds: [{name: a, image: 'O:2'}]")),
        // the axis multiplies the scenarios: 2 × 1 × 256 × 10 × 4 = 20,480
        SpecParityIT.invalid(
            "spec.matrix",
            service(
                    "",
                    "",
                    "",
                    ", repetitions: 10, builds: [{name: a}, {name: b}, {name: c}, {name: d}]")
                .replace(
                    "concurrency: [5]",
                    "concurrency: " + SpecParityIT.flow('[', 256, i -> "" + (i + 1), ']'))),
        // --- the service's own database: a Secret's name, nothing for vtbench to write ---
        SpecParityIT.valid(service("", "", "external: {secret: orders-db}", "")),
        SpecParityIT.invalid("spec.database.external", "database: {external: {secret: orders-db}}"),
        SpecParityIT.invalid(
            "spec.database.external",
            service(
                "",
                "",
                "external: {secret: orders-db}, sql: {files: [db/a.sql], configMap: orders-sql}",
                "")),
        SpecParityIT.invalid(
            "spec.database.external",
            service("", "", "enabled: false, external: {secret: orders-db}", "")),
        SpecParityIT.invalid(
            "spec.database.external.secret", service("", "", "external: {secret: Orders_DB}", "")),
        SpecParityIT.invalid("spec.database.external.secret", service("", "", "external: {}", "")),
        // --- the user's own k6 module in place of the mix ---
        SpecParityIT.valid(SERVICE + SCRIPT),
        SpecParityIT.invalid(
            "spec.workload.script",
            SERVICE + SCRIPT.replace("workload: {", "workload: {requests: [{path: /orders}], ")),
        SpecParityIT.invalid("spec.workload.script", SCRIPT),
        SpecParityIT.invalid(
            "spec.workload.script.configMap.name",
            SERVICE + script("name: Orders_K6, key: orders.js")),
        SpecParityIT.invalid(
            "spec.workload.script.configMap.key",
            SERVICE + script("name: orders-k6, key: k6/orders.js")),
        SpecParityIT.invalid(
            "spec.workload.script.configMap.key", SERVICE + script("name: orders-k6")),
        SpecParityIT.invalid(
            "spec.workload.script.file", SERVICE + SCRIPT.replace("k6/orders.js", "''")),
        // --- where the service, its SQL and its k6 module come from: an image and ConfigMaps on a
        // cluster ---
        perPlatform(false, "spec.workload.script", SERVICE + "workload: {script: {file: o.js}}"),
        perPlatform(
            true,
            "spec.workload.script",
            SERVICE + "workload: {script: {configMap: {name: orders-k6, key: orders.js}}}"),
        perPlatform(
            false,
            "spec.sut.service.image",
            service("", "", "", "").replace("image: registry.example/orders:1, ", "")),
        perPlatform(
            true, "spec.sut.service", service("", "", "", "").replace(", jar: app.jar", "")),
        perPlatform(
            false, "spec.database.sql", service("", "", "sql: {files: [db/schema.sql]}", "")),
        // an image from every build will do on a cluster, but one build without it will not
        perPlatform(
            false,
            "spec.sut.service.image",
            service("", "", "", ", builds: [{name: a, image: o:1}, {name: b}]")
                .replace("image: registry.example/orders:1, ", "")),
        // locally a jar or command from every build will do, but one without it will not
        perPlatform(
            true,
            "spec.sut.service",
            service("", "", "", ", builds: [{name: a, jar: a.jar}, {name: b}]")
                .replace(", jar: app.jar", "")));
  }

  /** A case whose answer on a cluster is {@code valid} and locally the opposite. */
  static Case perPlatform(boolean valid, String field, String spec) {
    return new Case("parity", spec, valid, SpecParityIT.Scope.PER_PLATFORM, field);
  }

  @BeforeAll
  static void namespace() {
    SpecParityIT.ns = KubeApi.namespace("service-parity");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("table")
  void theApiServerTheOperatorAndTheLocalValidatorAgree(Case c) {
    SpecParityIT.agree(c);
  }
}
