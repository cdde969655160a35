package dev.vtbench.operator;

import static dev.vtbench.operator.ServiceCases.service;
import static dev.vtbench.operator.SpecCase.flow;
import static dev.vtbench.operator.SpecCase.invalid;
import static dev.vtbench.operator.SpecCase.name;
import static dev.vtbench.operator.SpecCase.valid;
import static dev.vtbench.operator.SpecCase.wrongType;

import dev.vtbench.operator.SpecCase.Scope;
import java.util.stream.Stream;

/**
 * {@link CrdEvaluatorIT}'s cases for issue 13's limits: every value bounded by what can run
 * (integers within Java's int and the documented caps, durations, quantities, the scenario cap,
 * cross-field rules), every string that becomes a name, label, image, environment variable or URL,
 * and the places where the local loader used to convert what the API server refuses. Each limit has
 * a case on each side of it where the boundary is exact.
 */
final class BoundsCases {

  private BoundsCases() {}

  /** Valid in a cluster; a local run refuses it only for naming a ConfigMap baseline. */
  static SpecCase clusterOnly(String spec) {
    return new SpecCase("parity", spec, true, Scope.PER_PLATFORM, "spec.thresholds.baseline");
  }

  static Stream<SpecCase> cases() {
    return Stream.of(
            integers(),
            scenarios(),
            durations(),
            quantities(),
            strings(),
            remoteWrite(),
            cpuPerRequest())
        .flatMap(s -> s);
  }

  static SpecCase cpu(String values) {
    return invalid("spec.matrix.cpuPerRequest", "matrix: {cpuPerRequest: [" + values + "]}");
  }

  /** Issue 48's knob: whole us or ms up to 20 ms, each amount once, only for vtbench's SUT. */
  static Stream<SpecCase> cpuPerRequest() {
    return Stream.of(
        valid("matrix: {cpuPerRequest: ['0us', '500us', '2ms', '20ms']}"),
        cpu("'21ms'"),
        cpu("'20001us'"),
        cpu("'1.5ms'"),
        cpu("'-1ms'"),
        cpu("'1s'"),
        cpu("'1ms', '1000us'"),
        cpu("''"),
        cpu("'0us', '1us', '2us', '3us', '4us', '5us', '6us', '7us', '8us'"),
        invalid("spec.matrix.cpuPerRequest", service("", "", "", ", cpuPerRequest: ['1ms']")));
  }

  /** What used to overflow the operator's int fields, and each integer's cap. */
  static Stream<SpecCase> integers() {
    return Stream.of(
        valid(
            "matrix: {hikariPoolSizes: [1000], concurrency: [100000]}\n"
                + "load: {maxVUs: 100000}\n"
                + "database: {seed: {customers: 10000000, orders: 100000000}}"),
        wrongType("spec.matrix.concurrency", "matrix: {concurrency: [3000000000]}"),
        invalid("spec.matrix.concurrency", "matrix: {concurrency: [100001]}"),
        invalid("spec.matrix.hikariPoolSizes", "matrix: {hikariPoolSizes: [1001]}"),
        wrongType("spec.matrix.hikariPoolSizes", "matrix: {hikariPoolSizes: [3000000000]}"),
        wrongType("spec.matrix.repetitions", "matrix: {repetitions: 3000000000}"),
        wrongType("spec.sut.tomcatMaxThreads", "sut: {tomcatMaxThreads: 3000000000}"),
        invalid("spec.load.maxVUs", "load: {maxVUs: 100001}"),
        wrongType("spec.load.maxVUs", "load: {maxVUs: 3000000000}"),
        invalid("spec.database.seed.customers", "database: {seed: {customers: 10000001}}"),
        invalid("spec.database.seed.orders", "database: {seed: {orders: 1000000000000}}"),
        wrongType(
            "spec.thresholds.maxP99", "thresholds: {maxP99: [{concurrency: 3000000000, p99: 1s}]}"),
        invalid(
            "spec.thresholds.minThroughput",
            "matrix: {hikariPoolSizes: [50]}\n"
                + "thresholds: {minThroughput: [{hikariPoolSize: 1001, rps: 1}]}"),
        // Types as the schema has them: no string for a number, no number for a string.
        wrongType("spec.matrix.repetitions", "matrix: {repetitions: \"3\"}"),
        wrongType("spec.sut.pinned", "sut: {pinned: \"false\"}"),
        wrongType("spec.sut.memory", "sut: {memory: 536870912}"));
  }

  /** The cap on threadModes × hikariPoolSizes × concurrency × repetitions. */
  static Stream<SpecCase> scenarios() {
    return Stream.of(
        // 2 × 1 × 50 × 100 = 10,000: the cap itself.
        valid(
            "matrix: {concurrency: %s, repetitions: 100}"
                .formatted(flow('[', 50, i -> "" + (i + 1), ']'))),
        // 2 × 1 × 51 × 100 = 10,200
        invalid(
            "spec.matrix",
            "matrix: {concurrency: %s, repetitions: 100}"
                .formatted(flow('[', 51, i -> "" + (i + 1), ']'))),
        // 2 (default) × 64 × 200 × 3 (default) = 76,800
        invalid(
            "spec.matrix",
            "matrix: {hikariPoolSizes: %s, concurrency: %s}"
                .formatted(
                    flow('[', 64, i -> "" + (i + 1), ']'), flow('[', 200, i -> "" + (i + 1), ']'))),
        // 1 × 50 × 201 × 3 (default) = 30,150
        invalid(
            "spec.matrix",
            "matrix: {threadModes: [virtual], hikariPoolSizes: %s, concurrency: %s}"
                .formatted(
                    flow('[', 50, i -> "" + (i + 1), ']'),
                    flow('[', 201, i -> "" + (i + 1), ']'))));
  }

  /** Window caps, the request-time cap and what must stay below the request timeout. */
  static Stream<SpecCase> durations() {
    return Stream.of(
        valid("load: {hold: 1h, ramp: 60m, warmup: 3600s, sutWarmup: 1h, requestTimeout: 10m}"),
        valid("workload: {stubDelay: 59s999ms, blockFor: 59s}"),
        valid("workload: {stubDelay: 9m}\nload: {requestTimeout: 10m}"),
        valid("thresholds: {maxP99: [{p99: 10m}]}"),
        invalid("spec.load.hold", "load: {hold: 61m}"),
        invalid("spec.load.hold", "load: {hold: 1000h}"),
        // Too long for Go's and Java's durations: refused, not an error of the validator.
        invalid("spec.load.hold", "load: {hold: 9999999999999h}"),
        invalid("spec.load.ramp", "load: {ramp: 2h}"),
        invalid("spec.load.warmup", "load: {warmup: 3601s}"),
        invalid("spec.load.sutWarmup", "load: {sutWarmup: 1h1ms}"),
        invalid("spec.load.requestTimeout", "load: {requestTimeout: 11m}"),
        invalid("spec.workload.stubDelay", "workload: {stubDelay: 60s}"),
        invalid("spec.workload.stubDelay", "workload: {stubDelay: 2s}\nload: {requestTimeout: 1s}"),
        invalid("spec.workload.stubDelay", "workload: {stubDelay: 11m}"),
        invalid("spec.workload.blockFor", "workload: {blockFor: 90s}"),
        invalid(
            "spec.workload.blockFor",
            "workload: {endpoint: sleep, blockFor: 500ms}\nload: {requestTimeout: 500ms}"),
        invalid("spec.thresholds.maxP99", "thresholds: {maxP99: [{p99: 11m}]}"));
  }

  /** Memory, storage and CPU a JVM, PostgreSQL and a node can run with. */
  static Stream<SpecCase> quantities() {
    return Stream.of(
        valid(
            """
            sut: {memory: 256Mi}
            stub: {memory: "268435456"}
            database: {memory: 256Mi, storage: 1Gi}
            load: {memory: 128Mi}
            """),
        valid("sut: {memory: 1Ti, cpu: 1024}\nload: {pinned: false, cpu: 1024000m}"),
        invalid("spec.sut.memory", "sut: {memory: 1Ki}"),
        invalid("spec.stub.memory", "stub: {memory: 255Mi}"),
        invalid("spec.database.memory", "database: {memory: 100M}"),
        invalid("spec.load.memory", "load: {memory: 127Mi}"),
        invalid("spec.sut.memory", "sut: {memory: 2Ti}"),
        invalid("spec.database.storage", "database: {storage: 0Gi}"),
        invalid("spec.database.storage", "database: {storage: 1023Mi}"),
        invalid("spec.database.storage", "database: {storage: 65Ti}"),
        wrongType("spec.sut.cpu", "sut: {pinned: false, cpu: 1.5}"),
        wrongType("spec.load.cpu", "load: {pinned: false, cpu: 0.5}"),
        invalid("spec.sut.cpu", "sut: {cpu: 1025}"),
        invalid("spec.sut.cpu", "sut: {cpu: 3000000000}"),
        invalid("spec.load.cpu", "load: {pinned: false, cpu: 2000000m}"),
        invalid("spec.database.cpu", "database: {pinned: false, cpu: \"1024.5\"}"),
        invalid("spec.thresholds.maxErrorRate", "thresholds: {maxErrorRate: 101%}"),
        invalid("spec.thresholds.maxErrorRate", "thresholds: {maxErrorRate: 150.5%}"),
        invalid(
            "spec.thresholds.baseline.maxRegression",
            "thresholds: {baseline: {configMapRef: {name: b}, maxRegression: 200%}}"),
        clusterOnly(
            "thresholds: {maxErrorRate: 100%, baseline: {configMapRef: {name: b}, maxRegression:"
                + " 0.5%}}"));
  }

  /** Names, label keys and values, images and environment variable names. */
  static Stream<SpecCase> strings() {
    return Stream.of(
        name("a" + "-b".repeat(16) + "c", true),
        valid(
            """
            sut: {image: "registry.example.com:5000/team/sut:v1.2_rc-3"}
            stub: {image: "vtbench/stub@sha256:%s"}
            database: {image: ""}
            load: {nodeSelector: {kubernetes.io/hostname: node-1, node-role.kubernetes.io/bench: ""}}
            """
                .formatted("a".repeat(64))),
        valid(
            "sut: {env: {SYNC_STRIPES: \"64\", PINNED_THRESHOLD_MS: \"20\", sample_interval_ms: \"5\"}}"),
        invalid("spec.sut.image", "sut: {image: \"vtbench/SUT:dev\"}"),
        invalid("spec.stub.image", "stub: {image: \"vtbench/stub dev\"}"),
        invalid("spec.load.image", "load: {image: \"grafana/k6:\"}"),
        invalid("spec.database.image", "database: {image: \"postgres@sha256:abc\"}"),
        invalid("spec.sut.image", "sut: {image: \"-bad/sut\"}"),
        invalid("spec.sut.nodeSelector", "sut: {nodeSelector: {\"bad key\": v}}"),
        invalid("spec.load.nodeSelector", "load: {nodeSelector: {a/b/c: v}}"),
        invalid("spec.database.nodeSelector", "database: {nodeSelector: {zone: \"not valid!\"}}"),
        invalid(
            "spec.stub.nodeSelector",
            "stub: {nodeSelector: {k: \"%s\"}}".formatted("v".repeat(64))),
        invalid(
            "spec.sut.nodeSelector", "sut: {nodeSelector: {\"%s\": v}}".formatted("k".repeat(64))),
        wrongType("spec.sut.nodeSelector", "sut: {nodeSelector: {k: 1}}"),
        invalid("spec.sut.env", "sut: {env: {\"A=B\": x}}"),
        invalid("spec.sut.env", "sut: {env: {\"1X\": x}}"),
        invalid("spec.sut.env", "sut: {env: {\"X-Y\": x}}"),
        invalid("spec.sut.env", "sut: {env: {DB_URL: \"jdbc:postgresql://evil/db\"}}"),
        invalid("spec.sut.env", "sut: {env: {db_password: x}}"),
        invalid("spec.sut.env", "sut: {env: {HIKARI_MAX_POOL: \"5\"}}"),
        invalid("spec.sut.env", "sut: {env: {STUB_TIMEOUT_MS: \"1\"}}"),
        invalid("spec.sut.env", "sut: {env: {MANAGEMENT_ENDPOINTS_WEB_EXPOSURE_INCLUDE: \"*\"}}"),
        invalid("spec.sut.env", "sut: {env: {SPRING_DATASOURCE_URL: x}}"),
        invalid("spec.sut.env", "sut: {env: {SPRING_APPLICATION_JSON: \"{}\"}}"),
        invalid(
            "spec.sut.env", "sut: {env: {JAVA_TOOL_OPTIONS: \"-XX:+HeapDumpOnOutOfMemoryError\"}}"),
        invalid("spec.sut.env", "sut: {env: {SERVER_PORT: \"1\"}}"),
        invalid("spec.sut.env", "sut: {env: {TOMCAT_MAX_THREADS: \"1\"}}"),
        invalid("spec.sut.env", "sut: {env: {VT_ENABLED: \"true\"}}"),
        wrongType("spec.sut.env", "sut: {env: {X: 1}}"),
        invalid(
            "spec.thresholds.baseline.configMapRef.name",
            "thresholds: {baseline: {configMapRef: {name: \" \"}}}"),
        invalid(
            "spec.thresholds.baseline.configMapRef.name",
            "thresholds: {baseline: {configMapRef: {name: Last_Release}}}"),
        invalid(
            "spec.thresholds.baseline.configMapRef.name",
            "thresholds: {baseline: {configMapRef: {name: \"a..b\"}}}"),
        invalid(
            "spec.thresholds.baseline.configMapRef.key",
            "thresholds: {baseline: {configMapRef: {name: b, key: \"bad key\"}}}"),
        invalid(
            "spec.thresholds.baseline.configMapRef.key",
            "thresholds: {baseline: {configMapRef: {name: b, key: \"..\"}}}"),
        invalid(
            "spec.thresholds.baseline.configMapRef.key",
            "thresholds: {baseline: {configMapRef: {name: b, key: \"..data\"}}}"),
        clusterOnly(
            "thresholds: {baseline: {configMapRef: {name: last.release, key: .matrix_v2.csv}}}"));
  }

  /** Remote write: no loopback, link-local or API server, credentials only from a Secret. */
  static Stream<SpecCase> remoteWrite() {
    String rw = "load: {prometheusRemoteWrite: {url: \"%s\"}}";
    String url = "spec.load.prometheusRemoteWrite.url";
    String secret = "spec.load.prometheusRemoteWrite.credentialsSecretRef";
    return Stream.of(
        valid(
            "load: {prometheusRemoteWrite: {url: \"https://prometheus-prod.example.net/api/prom/push\","
                + " credentialsSecretRef: {name: remote-write-auth}}}"),
        valid(rw.formatted("http://10.0.0.7:9090/api/v1/write")),
        invalid(url, rw.formatted("http://localhost:9090/api/v1/write")),
        invalid(url, rw.formatted("http://prometheus.localhost/api/v1/write")),
        invalid(url, rw.formatted("http://127.0.0.1:9090/api/v1/write")),
        invalid(url, rw.formatted("http://0.0.0.0:9090/api/v1/write")),
        invalid(url, rw.formatted("http://169.254.169.254/latest/meta-data")),
        invalid(url, rw.formatted("http://2130706433/api/v1/write")),
        invalid(url, rw.formatted("https://kubernetes.default.svc/api/v1/namespaces")),
        invalid(url, rw.formatted("https://KUBERNETES.default:443/api")),
        invalid(url, rw.formatted("https://user:secret@prometheus/api/v1/write")),
        invalid(url, rw.formatted("http://[::1]:9090/api/v1/write")),
        invalid(
            secret,
            "load: {prometheusRemoteWrite: {url: \"http://p/w\", credentialsSecretRef: {name: Bad_Name}}}"),
        invalid(
            secret,
            "load: {prometheusRemoteWrite: {url: \"http://p/w\", credentialsSecretRef: {}}}"));
  }
}
