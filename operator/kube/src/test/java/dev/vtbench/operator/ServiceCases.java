package dev.vtbench.operator;

import java.util.stream.Stream;

/**
 * {@link CrdEvaluatorIT}'s cases for a user's own service ({@code spec.sut.service}, {@code
 * spec.workload.requests / script}, {@code spec.database.enabled / sql / external}): where the
 * service or its SQL comes from differs by platform (an image and a ConfigMap on a cluster, a jar
 * or command and files locally), and a spec that names both runs in both places.
 */
final class ServiceCases {

  private ServiceCases() {}

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

  static Stream<SpecCase> cases() {
    return Stream.of(
        SpecCase.valid(service("", "", "", "")),
        SpecCase.valid(
            service(
                ", port: 9000, healthPath: /ready, actuatorPath: '', stubPath: /upper,"
                    + " env: {APP_MODE: bench},"
                    + " axisEnv: {threadMode: {platform: {VT: 'off'}, virtual: {VT: 'on'}},"
                    + " hikariPool: {'10': {POOL: '10'}}, tomcatThreads: {'200': {T: '200'}}}",
                ", method: POST, headers: {Content-Type: application/json},"
                    + " body: '{\"q\": \"{id}\"}', weight: 5, expectedStatus: [201, 404]",
                "sql: {files: [db/schema.sql, db/seed.sql], configMap: orders-sql}",
                "")),
        SpecCase.valid(service("", "", "enabled: false", "")),
        SpecCase.invalid(
            "spec.sut.service", service(", command: [java, -jar, app.jar]", "", "", "")),
        SpecCase.invalid("spec.sut.service.healthPath", service(", healthPath: ready", "", "", "")),
        SpecCase.invalid(
            "spec.sut.service.actuatorPath", service(", actuatorPath: 'a b'", "", "", "")),
        SpecCase.invalid("spec.sut.service.env", service(", env: {DB_PASSWORD: x}", "", "", "")),
        SpecCase.invalid(
            "spec.sut.service.env", service(", env: {SPRING_DATASOURCE_URL: x}", "", "", "")),
        SpecCase.invalid(
            "spec.sut.service.stubUrlEnv",
            "sut: {service: {image: orders:1, jar: app.jar, stubUrlEnv: 'not a name'}}\n"
                + REQUESTS),
        SpecCase.invalid("spec.sut.service.stubPath", service(", stubPath: /quote", "", "", "")),
        SpecCase.invalid(
            "spec.sut.service.axisEnv.threadMode",
            service(", axisEnv: {threadMode: {green: {VT: '1'}}}", "", "", "")),
        SpecCase.invalid(
            "spec.sut.service.axisEnv.hikariPool",
            service(", axisEnv: {hikariPool: {'20': {POOL: '20'}}}", "", "", "")),
        SpecCase.invalid(
            "spec.workload.requests[0].method", service("", ", method: FETCH", "", "")),
        SpecCase.invalid(
            "spec.workload.requests[0].expectedStatus",
            service("", ", expectedStatus: [700]", "", "")),
        SpecCase.invalid("spec.workload.requests[0].weight", service("", ", weight: 0", "", "")),
        SpecCase.invalid(
            "spec.workload.requests[0].headers", service("", ", headers: {'a b': x}", "", "")),
        SpecCase.invalid(
            "spec.workload.requests[0].params",
            SERVICE + "workload: {requests: [{path: '/o/{id}', params: {id: {from: 9, to: 1}}}]}"),
        SpecCase.invalid(
            "spec.workload.requests[0].params",
            SERVICE
                + "workload: {requests: [{path: '/o/{id}', params: {id: {from: 1, to: 9,"
                + " values: [a]}}}]}"),
        SpecCase.invalid("spec.workload.requests", "workload: {requests: [{path: /x}]}"),
        SpecCase.invalid(
            "spec.matrix.threadModes",
            service("", "", "", "").replace("[platform, virtual]", "[virtual, reactive]")),
        SpecCase.invalid("spec.workload", SERVICE),
        SpecCase.invalid("spec.database.enabled", "database: {enabled: false}"),
        SpecCase.invalid(
            "spec.database.sql", "database: {sql: {files: [a.sql], configMap: orders-sql}}"),
        // --- spec.matrix.builds: builds of the service compared in one run ---
        SpecCase.valid(
            service(
                "",
                "",
                "",
                ", builds: [{name: boot-3.4}, {name: boot-4.0, image: registry.example/orders:2,"
                    + " jar: app-2.jar}, {name: '25', command: [./run.sh]}]")),
        // every build brings its own image and jar: the service needs neither
        SpecCase.valid(
            service(
                    "",
                    "",
                    "",
                    ", builds: [{name: a, image: o:1, jar: a.jar}, {name: b, image: o:2,"
                        + " jar: b.jar}]")
                .replace("image: registry.example/orders:1, jar: app.jar, ", "")),
        SpecCase.invalid("spec.matrix.builds", service("", "", "", ", builds: [{name: Boot-3.4}]")),
        SpecCase.invalid("spec.matrix.builds", service("", "", "", ", builds: [{name: boot_3}]")),
        SpecCase.invalid("spec.matrix.builds", service("", "", "", ", builds: [{name: boot-}]")),
        SpecCase.invalid(
            "spec.matrix.builds",
            service("", "", "", ", builds: [{name: %s}]".formatted("a".repeat(21)))),
        SpecCase.invalid("spec.matrix.builds", service("", "", "", ", builds: [{image: o:2}]")),
        SpecCase.invalid(
            "spec.matrix.builds", service("", "", "", ", builds: [{name: a}, {name: a}]")),
        SpecCase.invalid("spec.matrix.builds", service("", "", "", ", builds: []")),
        SpecCase.invalid(
            "spec.matrix.builds",
            service(
                "", "", "", ", builds: [{name: a}, {name: b}, {name: c}, {name: d}, {name: e}]")),
        SpecCase.invalid(
            "spec.matrix.builds",
            service("", "", "", ", builds: [{name: a, jar: a.jar, command: [./a]}]")),
        SpecCase.invalid(
            "spec.matrix.builds", service("", "", "", ", builds: [{name: a, image: 'O:2'}]")),
        // the axis multiplies the scenarios: 2 × 1 × 256 × 10 × 4 = 20,480
        SpecCase.invalid(
            "spec.matrix",
            service(
                    "",
                    "",
                    "",
                    ", repetitions: 10, builds: [{name: a}, {name: b}, {name: c}, {name: d}]")
                .replace(
                    "concurrency: [5]",
                    "concurrency: " + SpecCase.flow('[', 256, i -> "" + (i + 1), ']'))),
        // --- the service's own database: a Secret's name, nothing for vtbench to write ---
        SpecCase.valid(service("", "", "external: {secret: orders-db}", "")),
        SpecCase.invalid("spec.database.external", "database: {external: {secret: orders-db}}"),
        SpecCase.invalid(
            "spec.database.external",
            service(
                "",
                "",
                "external: {secret: orders-db}, sql: {files: [db/a.sql], configMap: orders-sql}",
                "")),
        SpecCase.invalid(
            "spec.database.external",
            service("", "", "enabled: false, external: {secret: orders-db}", "")),
        SpecCase.invalid(
            "spec.database.external.secret", service("", "", "external: {secret: Orders_DB}", "")),
        SpecCase.invalid("spec.database.external.secret", service("", "", "external: {}", "")),
        // --- the user's own k6 module in place of the mix ---
        SpecCase.valid(SERVICE + SCRIPT),
        SpecCase.invalid(
            "spec.workload.script",
            SERVICE + SCRIPT.replace("workload: {", "workload: {requests: [{path: /orders}], ")),
        SpecCase.invalid("spec.workload.script", SCRIPT),
        SpecCase.invalid(
            "spec.workload.script.configMap.name",
            SERVICE + script("name: Orders_K6, key: orders.js")),
        SpecCase.invalid(
            "spec.workload.script.configMap.key",
            SERVICE + script("name: orders-k6, key: k6/orders.js")),
        SpecCase.invalid("spec.workload.script.configMap.key", SERVICE + script("name: orders-k6")),
        SpecCase.invalid(
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
  static SpecCase perPlatform(boolean valid, String field, String spec) {
    return new SpecCase("parity", spec, valid, SpecCase.Scope.PER_PLATFORM, field);
  }
}
