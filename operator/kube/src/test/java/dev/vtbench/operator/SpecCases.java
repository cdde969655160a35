package dev.vtbench.operator;

import static dev.vtbench.operator.SpecCase.flow;
import static dev.vtbench.operator.SpecCase.invalid;
import static dev.vtbench.operator.SpecCase.name;
import static dev.vtbench.operator.SpecCase.valid;

import java.util.stream.Stream;

/** {@link CrdEvaluatorIT}'s first table: every part of the spec, accepted and refused. */
final class SpecCases {

  private SpecCases() {}

  static final String P99_RULE = "{p99: 1s}";

  static Stream<SpecCase> firstTable() {
    return Stream.of(
        // --- accepted everywhere ---
        valid("{}"),
        valid(
            """
            workload: {endpoint: users, stubDelay: 1m30s, connectionMode: held, pathMode: synchronized}
            sut: {cpu: 2, memory: 1G, tomcatMaxThreads: 100000, image: "%s"}
            database: {storage: 10Gi, seed: {customers: 1, orders: 1}}
            load: {executor: constant-arrival-rate, runner: job, sutWarmup: 0s, maxVUs: 1, requestTimeout: 2m}
            matrix: {threadModes: [virtual], hikariPoolSizes: %s, concurrency: [1], repetitions: 100}
            """
                .formatted("i".repeat(256), flow('[', 64, i -> "" + (i + 1), ']'))),
        valid(
            """
            workload: {endpoint: sleep, blockFor: 20ms}
            sut: {pinned: false, cpu: "1.5"}
            stub: {pinned: false, cpu: 500m}
            database: {pinned: false, cpu: "0.5"}
            load: {pinned: false, cpu: "0.001", prometheusRemoteWrite: {url: "https://p:9090/api/v1/write"}}
            """),
        valid("sut: {nodeSelector: %s}".formatted(flow('{', 16, i -> "k" + i + ": v", '}'))),
        valid("load: {hold: \"%s\"}".formatted("1s".repeat(16))),
        valid(
            """
            matrix: {hikariPoolSizes: [10, 50], concurrency: [200]}
            thresholds:
              maxP99: [{hikariPoolSize: 10, threadMode: platform, p99: 1s}]
              minThroughput: [{concurrency: 200, rps: 10.5}]
              minVirtualToPlatformRatio: [{hikariPoolSize: 50, concurrency: 200, ratio: 1}]
              maxErrorRate: 1%
            """),
        valid("thresholds: {maxP99: %s}".formatted(flow('[', 32, i -> P99_RULE, ']'))),
        name("a".repeat(34), true),
        name("run-2", true),

        // --- the run's name ---
        name("a".repeat(41), false),
        name("a".repeat(35), false),
        name("2run", false),
        name("run.v2", false),
        name("run-", false),
        name("Run", false),

        // --- workload ---
        invalid("spec.workload.endpoint", "workload: {endpoint: index}"),
        invalid("spec.workload.connectionMode", "workload: {connectionMode: sometimes}"),
        invalid("spec.workload.pathMode", "workload: {pathMode: async}"),
        invalid("spec.workload.stubDelay", "workload: {stubDelay: 100}"),
        invalid("spec.workload.stubDelay", "workload: {stubDelay: \" 100ms\"}"),
        invalid("spec.workload.blockFor", "workload: {blockFor: 1.5s}"),

        // --- tiers: cpu, memory, images, node labels, Tomcat ---
        invalid("spec.sut.cpu", "sut: {cpu: \"1.5\"}"),
        invalid("spec.database.cpu", "database: {cpu: 500m}"),
        invalid("spec.sut.cpu", "sut: {cpu: 0}"),
        invalid("spec.stub.cpu", "stub: {pinned: false, cpu: lots}"),
        invalid("spec.sut.cpu", "sut: {pinned: false, cpu: lots}"),
        invalid("spec.stub.cpu", "stub: {pinned: false, cpu: 0m}"),
        invalid("spec.load.cpu", "load: {pinned: false, cpu: 0}"),
        invalid("spec.database.cpu", "database: {pinned: false, cpu: \"0.0001\"}"),
        invalid("spec.sut.memory", "sut: {memory: 2 GB}"),
        invalid("spec.load.memory", "load: {memory: 1gb}"),
        invalid("spec.database.storage", "database: {storage: 2TB}"),
        invalid("spec.sut.image", "sut: {image: \"\"}"),
        invalid("spec.load.image", "load: {image: \"%s\"}".formatted("i".repeat(257))),
        invalid("spec.database.image", "database: {image: \"%s\"}".formatted("i".repeat(257))),
        invalid(
            "spec.stub.nodeSelector",
            "stub: {nodeSelector: %s}".formatted(flow('{', 17, i -> "k" + i + ": v", '}'))),
        // --- spec.sut.dedicatedNode: the SUT's selected nodes are the SUT's alone ---
        valid(
            """
            sut: {dedicatedNode: true, nodeSelector: {vtbench.dev/tier: sut, disk: ssd}}
            stub: {nodeSelector: {vtbench.dev/load: "true"}}
            database: {nodeSelector: {disk: ssd}}
            load: {nodeSelector: {vtbench.dev/tier: load}}
            """),
        valid(
            """
            sut: {dedicatedNode: false, nodeSelector: {vtbench.dev/tier: sut}}
            stub: {nodeSelector: {vtbench.dev/tier: sut}}
            """),
        invalid("spec.sut.dedicatedNode", "sut: {dedicatedNode: true}"),
        invalid("spec.sut.dedicatedNode", "sut: {dedicatedNode: true, nodeSelector: {}}"),
        invalid(
            "spec.stub.nodeSelector",
            """
            sut: {dedicatedNode: true, nodeSelector: {kubernetes.io/hostname: node-a}}
            stub: {nodeSelector: {kubernetes.io/hostname: node-a}}
            """),
        invalid(
            "spec.database.nodeSelector",
            """
            sut: {dedicatedNode: true, nodeSelector: {vtbench.dev/tier: sut}}
            database: {nodeSelector: {vtbench.dev/tier: sut, disk: ssd}}
            """),
        invalid(
            "spec.load.nodeSelector",
            """
            sut: {dedicatedNode: true, nodeSelector: {vtbench.dev/tier: sut}}
            load: {nodeSelector: {vtbench.dev/tier: sut}}
            """),
        invalid(
            "spec.sut.env", "sut: {env: %s}".formatted(flow('{', 65, i -> "K" + i + ": v", '}'))),
        invalid("spec.sut.tomcatMaxThreads", "sut: {tomcatMaxThreads: 0}"),
        invalid("spec.sut.tomcatMaxThreads", "sut: {tomcatMaxThreads: 100001}"),
        invalid("spec.database.seed.customers", "database: {seed: {customers: 0}}"),
        invalid("spec.database.seed.orders", "database: {seed: {orders: 0}}"),

        // --- load ---
        invalid("spec.load.hold", "load: {hold: 20 seconds}"),
        invalid("spec.load.hold", "load: {hold: 0s}"),
        invalid("spec.load.hold", "load: {hold: \"%s\"}".formatted("1s".repeat(17))),
        invalid("spec.load.requestTimeout", "load: {requestTimeout: 0ms}"),
        invalid("spec.load.ramp", "load: {ramp: \"-1s\"}"),
        invalid("spec.load.executor", "load: {executor: open}"),
        invalid("spec.load.runner", "load: {runner: helm}"),
        valid("load: {pinned: false, cpu: 250m, qos: Burstable}"),
        valid("load: {qos: Guaranteed}"),
        invalid("spec.load.qos", "load: {qos: BestEffort}"),
        invalid("spec.load.qos", "load: {qos: burstable}"),
        // Burstable needs pinned false: pinned's default is true
        invalid("spec.load.qos", "load: {qos: Burstable}"),
        invalid("spec.load.qos", "load: {pinned: true, qos: Burstable}"),
        invalid("spec.load.maxVUs", "load: {maxVUs: 0}"),
        invalid(
            "spec.load.prometheusRemoteWrite.url",
            "load: {prometheusRemoteWrite: {url: \"ftp://prometheus/api/v1/write\"}}"),
        invalid(
            "spec.load.prometheusRemoteWrite.url",
            "load: {prometheusRemoteWrite: {url: \"http://\"}}"),
        invalid(
            "spec.load.prometheusRemoteWrite.url",
            "load: {prometheusRemoteWrite: {url: \"http://p:9090/a b\"}}"),
        invalid(
            "spec.load.prometheusRemoteWrite.url",
            "load: {prometheusRemoteWrite: {nativeHistograms: false}}"),

        // --- matrix ---
        invalid("spec.matrix.threadModes", "matrix: {threadModes: [platform, green]}"),
        invalid("spec.matrix.threadModes", "matrix: {threadModes: [virtual, virtual]}"),
        invalid("spec.matrix.threadModes", "matrix: {threadModes: []}"),
        valid("matrix: {threadModes: [platform, virtual, reactive]}"),
        invalid("spec.matrix.threadModes", "matrix: {threadModes: [reactive, reactive]}"),
        invalid(
            "spec.workload.pathMode",
            "workload: {pathMode: synchronized}\nmatrix: {threadModes: [platform, reactive]}"),
        valid("workload: {pathMode: synchronized}\nmatrix: {threadModes: [platform, virtual]}"),
        valid(
            "matrix: {threadModes: [reactive, virtual, platform]}\n"
                + "thresholds: {minVirtualToPlatformRatio: [{ratio: 1.5}]}"),
        invalid(
            "spec.thresholds.minVirtualToPlatformRatio",
            "matrix: {threadModes: [virtual, reactive]}\n"
                + "thresholds: {minVirtualToPlatformRatio: [{ratio: 1.5}]}"),
        invalid("spec.matrix.concurrency", "matrix: {concurrency: []}"),
        invalid("spec.matrix.concurrency", "matrix: {concurrency: [100, -5]}"),
        invalid("spec.matrix.concurrency", "matrix: {concurrency: [100, 100]}"),
        invalid(
            "spec.matrix.concurrency",
            "matrix: {concurrency: %s}".formatted(flow('[', 257, i -> "" + (i + 1), ']'))),
        invalid("spec.matrix.hikariPoolSizes", "matrix: {hikariPoolSizes: [0]}"),
        invalid(
            "spec.matrix.hikariPoolSizes",
            "matrix: {hikariPoolSizes: %s}".formatted(flow('[', 65, i -> "" + (i + 1), ']'))),
        invalid("spec.matrix.repetitions", "matrix: {repetitions: 0}"),
        invalid("spec.matrix.repetitions", "matrix: {repetitions: 101}"),
        valid("matrix: {jvmOptions: ['-XX:+UseParallelGC', '-XX:+UseG1GC']}"),
        valid(
            "matrix: {jvmOptions: ['', '-XX:+UseZGC -Xss512k',"
                + " '-Djdk.virtualThreadScheduler.parallelism=1', '-Xlog:gc:file=/tmp/gc.log']}"),
        invalid("spec.matrix.jvmOptions", "matrix: {jvmOptions: ['UseG1GC']}"),
        invalid("spec.matrix.jvmOptions", "matrix: {jvmOptions: ['-XX:+UseG1GC; rm -rf /']}"),
        invalid("spec.matrix.jvmOptions", "matrix: {jvmOptions: ['-Dx=$(id)']}"),
        invalid("spec.matrix.jvmOptions", "matrix: {jvmOptions: ['-Xlog:gc*']}"),
        invalid("spec.matrix.jvmOptions", "matrix: {jvmOptions: ['-Dx=\"a b\"']}"),
        invalid("spec.matrix.jvmOptions", "matrix: {jvmOptions: ['-Xss1m  -Xss2m']}"),
        invalid("spec.matrix.jvmOptions", "matrix: {jvmOptions: ['-XX:+UseZGC', '-XX:+UseZGC']}"),
        invalid("spec.matrix.jvmOptions", "matrix: {jvmOptions: []}"),
        invalid(
            "spec.matrix.jvmOptions",
            "matrix: {jvmOptions: ['', '-Xss1m', '-Xss2m', '-Xss4m', '-Xss8m']}"),
        invalid(
            "spec.matrix.jvmOptions", "matrix: {jvmOptions: ['-D%s']}".formatted("x".repeat(512))),
        // the axis multiplies the scenarios: 2 × 1 × 256 × 10 × 4 = 20,480
        invalid(
            "spec.matrix",
            "matrix: {concurrency: %s, repetitions: 10, jvmOptions: ['', '-Xss1m', '-Xss2m',"
                    .formatted(flow('[', 256, i -> "" + (i + 1), ']'))
                + " '-Xss4m']}"),

        // builds are of a user's own service (ServiceCases has the rest)
        invalid("spec.matrix.builds", "matrix: {builds: [{name: a}, {name: b}]}"),

        // --- timeouts ---
        valid("timeouts: {database: 6h, sutStart: 1h, loadStart: 1h}"),
        valid("timeouts: {database: 90s, sutStart: 1m30s, loadStart: 500ms}"),
        invalid("spec.timeouts.database", "timeouts: {database: 0s}"),
        invalid("spec.timeouts.database", "timeouts: {database: 6h1s}"),
        invalid("spec.timeouts.database", "timeouts: {database: ten minutes}"),
        invalid("spec.timeouts.sutStart", "timeouts: {sutStart: 0m}"),
        invalid("spec.timeouts.sutStart", "timeouts: {sutStart: 61m}"),
        invalid("spec.timeouts.loadStart", "timeouts: {loadStart: 2h}"),
        invalid("spec.timeouts.loadStart", "timeouts: {loadStart: \"-1s\"}"),

        // --- thresholds ---
        invalid("spec.thresholds.maxP99", "thresholds: {maxP99: [{p99: 0s}]}"),
        invalid("spec.thresholds.maxP99", "thresholds: {maxP99: [{p99: 250}]}"),
        invalid("spec.thresholds.maxP99", "thresholds: {maxP99: [{}]}"),
        invalid("spec.thresholds.maxP99", "thresholds: {maxP99: [{threadMode: green, p99: 1s}]}"),
        invalid(
            "spec.thresholds.maxP99",
            "thresholds: {maxP99: %s}".formatted(flow('[', 33, i -> P99_RULE, ']'))),
        invalid("spec.thresholds.minThroughput", "thresholds: {minThroughput: [{rps: -1}]}"),
        invalid(
            "spec.thresholds.minVirtualToPlatformRatio",
            "thresholds: {minVirtualToPlatformRatio: [{ratio: 0}]}"),
        invalid("spec.thresholds.maxErrorRate", "thresholds: {maxErrorRate: \"0.01\"}"),
        invalid(
            "spec.thresholds.maxP99",
            "matrix: {concurrency: [100]}\nthresholds: {maxP99: [{concurrency: 500, p99: 1s}]}"),
        invalid(
            "spec.thresholds.minThroughput",
            "matrix: {hikariPoolSizes: [50]}\n"
                + "thresholds: {minThroughput: [{hikariPoolSize: 10, rps: 1}]}"),
        invalid(
            "spec.thresholds.minVirtualToPlatformRatio",
            "matrix: {threadModes: [virtual]}\n"
                + "thresholds: {minVirtualToPlatformRatio: [{ratio: 1.5}]}"),
        invalid(
            "spec.thresholds.baseline.maxRegression",
            "thresholds: {baseline: {configMapRef: {name: b}, maxRegression: ten}}"),
        invalid(
            "spec.thresholds.baseline.configMapRef.name",
            "thresholds: {baseline: {configMapRef: {name: \"\"}}}"),

        // --- cross-field rules on a matrix left to its defaults: only the engine sees them ---
        new SpecCase(
            "parity",
            "thresholds: {maxP99: [{concurrency: 7, p99: 1s}]}",
            false,
            SpecCase.Scope.ENGINE_ONLY,
            "spec.thresholds.maxP99"),
        new SpecCase(
            "parity",
            "thresholds: {minThroughput: [{hikariPoolSize: 10, rps: 1}]}",
            false,
            SpecCase.Scope.ENGINE_ONLY,
            "spec.thresholds.minThroughput"),

        // --- the baseline's source: a ConfigMap in a cluster, a file locally ---
        new SpecCase(
            "parity",
            "thresholds: {baseline: {configMapRef: {name: last-release}}}",
            true,
            SpecCase.Scope.PER_PLATFORM,
            "spec.thresholds.baseline"),
        new SpecCase(
            "parity",
            "thresholds: {baseline: {file: results/hero/matrix.csv}}",
            false,
            SpecCase.Scope.PER_PLATFORM,
            "spec.thresholds.baseline"),
        // the median of the last N runs of a results folder: local only, 1 to 90
        new SpecCase(
            "parity",
            "thresholds: {baseline: {file: results/hero, lastRuns: 7}}",
            false,
            SpecCase.Scope.PER_PLATFORM,
            "spec.thresholds.baseline"),
        invalid(
            "spec.thresholds.baseline.lastRuns",
            "thresholds: {baseline: {file: results/hero, lastRuns: 0}}"),
        invalid(
            "spec.thresholds.baseline.lastRuns",
            "thresholds: {baseline: {file: results/hero, lastRuns: 91}}"));
  }
}
