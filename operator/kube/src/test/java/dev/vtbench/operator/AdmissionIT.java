package dev.vtbench.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.load.TestLoads;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.StubTier;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real API server refuses each invalid spec at admission, with a message that names the field,
 * from the generated CRD's schema and CEL rules alone (no webhook, no operator running).
 */
class AdmissionIT {

  static KubernetesClient k8s;
  static String ns;

  @BeforeAll
  static void server() {
    k8s = KubeApi.client();
    ns = KubeApi.namespace("admission");
  }

  /** A BenchmarkRun as a user writes it. */
  static String yaml(String name, String spec) {
    return """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata:
          name: %s
        spec:
        %s
        """
        .formatted(name, spec.indent(2));
  }

  static BenchmarkRunResource load(String name, String spec) {
    return k8s.resources(BenchmarkRunResource.class)
        .load(new ByteArrayInputStream(yaml(name, spec).getBytes(StandardCharsets.UTF_8)))
        .item();
  }

  static BenchmarkRunResource create(BenchmarkRunResource run) {
    return k8s.resources(BenchmarkRunResource.class).inNamespace(ns).resource(run).create();
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of(
            "workload: {connectionMode: sometimes}",
            "spec.workload.connectionMode",
            "must be released or held"),
        Arguments.of(
            "workload: {endpoint: index}",
            "spec.workload.endpoint",
            "must be one of order-summary"),
        Arguments.of(
            "workload: {pathMode: async}",
            "spec.workload.pathMode",
            "must be normal or synchronized"),
        Arguments.of("workload: {stubDelay: 100}", "spec.workload.stubDelay", "should match"),
        Arguments.of("sut: {cpu: \"1.5\"}", "spec.sut.cpu", "whole number of CPUs"),
        Arguments.of("database: {cpu: 500m}", "spec.database.cpu", "whole number of CPUs"),
        Arguments.of("stub: {pinned: false, cpu: lots}", "spec.stub.cpu", "should match"),
        Arguments.of(
            "load: {pinned: false, cpu: 0}", "spec.load.cpu", "a CPU quantity from 1m to 1024"),
        Arguments.of("sut: {memory: 2 GB}", "spec.sut.memory", "should match"),
        Arguments.of(
            "sut: {tomcatMaxThreads: 0}",
            "spec.sut.tomcatMaxThreads",
            "greater than or equal to 1"),
        Arguments.of("load: {hold: 20 seconds}", "spec.load.hold", "should match"),
        Arguments.of("load: {hold: 0s}", "spec.load.hold", "must be longer than 0s"),
        Arguments.of(
            "load: {requestTimeout: 0ms}", "spec.load.requestTimeout", "must be longer than 0s"),
        Arguments.of(
            "load: {executor: open}",
            "spec.load.executor",
            "must be ramping-vus or constant-arrival-rate"),
        Arguments.of("load: {runner: helm}", "spec.load.runner", "must be auto, testrun or job"),
        Arguments.of(
            "load: {prometheusRemoteWrite: {url: \"ftp://prometheus/api/v1/write\"}}",
            "spec.load.prometheusRemoteWrite.url",
            "must be an http:// or https:// URL"),
        Arguments.of(
            "load: {prometheusRemoteWrite: {url: \"http://\"}}",
            "spec.load.prometheusRemoteWrite.url",
            "must be an http:// or https:// URL"),
        Arguments.of(
            "load: {prometheusRemoteWrite: {nativeHistograms: false}}",
            "spec.load.prometheusRemoteWrite.url",
            "Required value"),
        Arguments.of("matrix: {concurrency: []}", "spec.matrix.concurrency", "at least 1 items"),
        Arguments.of(
            "matrix: {concurrency: [100, -5]}",
            "spec.matrix.concurrency",
            "must list concurrency levels from 1 to 100000, each once"),
        Arguments.of(
            "matrix: {concurrency: [100, 100]}",
            "spec.matrix.concurrency",
            "must list concurrency levels from 1 to 100000, each once"),
        Arguments.of(
            "matrix: {hikariPoolSizes: [0]}",
            "spec.matrix.hikariPoolSizes",
            "must list pool sizes from 1 to 1000, each once"),
        Arguments.of(
            "matrix: {threadModes: [platform, green]}",
            "spec.matrix.threadModes",
            "must list platform, virtual and/or reactive, each once"),
        Arguments.of(
            "matrix: {repetitions: 0}", "spec.matrix.repetitions", "greater than or equal to 1"),
        Arguments.of(
            "database: {external: {secret: orders-db}}",
            "spec.database.external",
            "database.external needs spec.sut.service"),
        Arguments.of(
            "database: {seed: {customers: 0}}",
            "spec.database.seed.customers",
            "greater than or equal to 1"),
        Arguments.of(
            "thresholds: {maxP99: [{p99: 0s}]}",
            "spec.thresholds.maxP99[0].p99",
            "must be longer than 0s"),
        Arguments.of(
            "thresholds: {maxP99: [{p99: 250}]}", "spec.thresholds.maxP99[0].p99", "should match"),
        Arguments.of(
            "thresholds: {maxP99: [{threadMode: green, p99: 1s}]}",
            "spec.thresholds.maxP99[0].threadMode",
            "must be platform, virtual or reactive"),
        Arguments.of("thresholds: {maxP99: [{}]}", "spec.thresholds.maxP99[0].p99", "Required"),
        Arguments.of(
            "thresholds: {minThroughput: [{rps: -1}]}",
            "spec.thresholds.minThroughput[0].rps",
            "must be greater than 0"),
        Arguments.of(
            "thresholds: {minVirtualToPlatformRatio: [{ratio: 0}]}",
            "spec.thresholds.minVirtualToPlatformRatio[0].ratio",
            "must be greater than 0"),
        Arguments.of(
            "thresholds: {maxErrorRate: \"0.01\"}", "spec.thresholds.maxErrorRate", "should match"),
        Arguments.of(
            "matrix: {concurrency: [100]}\nthresholds: {maxP99: [{concurrency: 500, p99: 1s}]}",
            "spec.thresholds.maxP99",
            "must be listed in spec.matrix"),
        Arguments.of(
            "matrix: {hikariPoolSizes: [50]}\nthresholds: {minThroughput: [{hikariPoolSize: 10,"
                + " rps: 1}]}",
            "spec.thresholds.minThroughput",
            "must be listed in spec.matrix"),
        Arguments.of(
            "matrix: {threadModes: [virtual]}\nthresholds: {minVirtualToPlatformRatio: [{ratio:"
                + " 1.5}]}",
            "spec.thresholds.minVirtualToPlatformRatio",
            "needs both platform and virtual"),
        Arguments.of(
            "matrix: {builds: [{name: Boot-3.4}]}",
            "spec.matrix.builds[0].name",
            "must be a short label of lower-case letters, digits, '.' and '-'"),
        Arguments.of(
            "matrix: {builds: [{name: boot-3.4}]}",
            "spec.matrix.builds",
            "spec.matrix.builds needs spec.sut.service"),
        Arguments.of(
            "sut: {service: {jar: app.jar}}\nworkload: {requests: [{path: /orders}]}\n"
                + "matrix: {builds: [{name: a, image: orders:2}, {name: b}]}",
            "spec.sut.service.image",
            "set image, or an image in every spec.matrix.builds entry"),
        Arguments.of(
            "thresholds: {baseline: {file: results/hero/matrix.csv}}",
            "spec.thresholds.baseline",
            "file is only for local runs"),
        Arguments.of(
            "thresholds: {baseline: {configMapRef: {name: b}, maxRegression: ten}}",
            "spec.thresholds.baseline.maxRegression",
            "should match"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void theApiServerRefusesAnInvalidSpecNamingTheField(String spec, String field, String message) {
    assertThatThrownBy(() -> create(load("bad", spec)))
        .isInstanceOfSatisfying(
            KubernetesClientException.class,
            e -> {
              assertThat(e.getCode()).isEqualTo(422);
              assertThat(e.getMessage()).contains(field).contains(message);
            });
  }

  @Test
  void unpinnedTiersAcceptFractionalCpus() {
    BenchmarkRunResource run =
        create(
            load(
                "shared-cores",
                """
                stub: {pinned: false, cpu: 500m}
                database: {pinned: false, cpu: "0.5"}
                load: {pinned: false, cpu: 250m}
                """));
    assertThat(run.getSpec().stub.cpu).isEqualTo("500m");
    // Written the way Kubernetes users write CPUs, and without pinned (it defaults to true).
    BenchmarkRunResource whole = create(load("integer-cpus", "sut: {cpu: 2}\nstub: {cpu: 1}"));
    assertThat(whole.getSpec().sut.cpu).isEqualTo("2");
    assertThat(whole.getSpec().sut.pinned).isTrue();
  }

  /** Numbers written as YAML integers (ratio: 2) pass the CEL rules written for doubles. */
  @Test
  void thresholdsAreAccepted() {
    BenchmarkRunResource run =
        create(
            load(
                "gated",
                """
                matrix: {threadModes: [platform, virtual], hikariPoolSizes: [50], concurrency: [100, 1000]}
                thresholds:
                  maxP99: [{threadMode: virtual, concurrency: 1000, p99: 250ms}]
                  minThroughput: [{threadMode: virtual, hikariPoolSize: 50, rps: 1500}]
                  minVirtualToPlatformRatio: [{concurrency: 1000, ratio: 2}, {ratio: 1.25}]
                  maxErrorRate: 0.5%
                  baseline: {configMapRef: {name: last-release}, maxRegression: 10%}
                """));
    assertThat(run.getSpec().thresholds.minVirtualToPlatformRatio.getFirst().ratio).isEqualTo(2.0);
    assertThat(run.getSpec().thresholds.baseline.configMapRef.key).isEqualTo("matrix.csv");
    // The matrix left to its defaults: a level of the default matrix (1000 VUs) is accepted.
    assertThat(
            create(load("gated-defaults", "thresholds: {maxP99: [{concurrency: 1000, p99: 1s}]}")))
        .isNotNull();
  }

  @Test
  void aNameTooLongForTheDerivedNamesIsRefused() {
    assertThatThrownBy(() -> create(load("a".repeat(41), "{}")))
        .isInstanceOfSatisfying(
            KubernetesClientException.class,
            e ->
                assertThat(e.getMessage()).contains("metadata.name must be at most 34 characters"));
  }

  @Test
  void aNameThatCannotNameAServiceIsRefused() {
    for (String name : List.of("2run", "run.v2")) {
      assertThatThrownBy(() -> create(load(name, "{}")))
          .as(name)
          .isInstanceOfSatisfying(
              KubernetesClientException.class,
              e ->
                  assertThat(e.getMessage())
                      .contains("metadata.name must start with a lower-case letter"));
    }
  }

  @Test
  void theSpecIsImmutable() {
    BenchmarkRunResource run = create(load("immutable", "matrix: {concurrency: [10]}"));
    run.getSpec().matrix.concurrency = List.of(20);
    assertThatThrownBy(
            () -> k8s.resources(BenchmarkRunResource.class).inNamespace(ns).resource(run).update())
        .isInstanceOfSatisfying(
            KubernetesClientException.class,
            e -> assertThat(e.getMessage()).contains("spec is immutable"));
  }

  /**
   * k6 remote write from the spec: the API server keeps what the operator writes for it on the
   * k6-operator TestRun (runner env, arguments), the Job and CloudNativePG's inheritedMetadata,
   * against their real CRDs (a field their schema lacks would be pruned silently).
   */
  @Test
  @SuppressWarnings("unchecked")
  void remoteWriteReachesTheRunnersAndTheDatabaseLabelsItsPods() {
    BenchmarkRunResource run =
        create(
            load(
                "remote-write",
                "load: {prometheusRemoteWrite: {url: \"http://prom.monitoring:9090/api/v1/write\"}}"));
    assertThat(run.getSpec().load.prometheusRemoteWrite.nativeHistograms).isTrue();

    var testRun =
        k8s.resource(TestLoads.testRun(run, "remote-write-load-0", "s0"))
            .dryRun()
            .fieldManager("admission-it")
            .serverSideApply();
    Map<String, Object> spec = (Map<String, Object>) testRun.getAdditionalProperties().get("spec");
    assertThat((String) spec.get("arguments"))
        .contains("--out experimental-prometheus-rw")
        .contains("--tag run=remote-write")
        .contains("--tag testid=s0")
        .contains("--tag namespace=" + ns);
    assertThat((List<Map<String, Object>>) ((Map<String, Object>) spec.get("runner")).get("env"))
        .contains(
            Map.of(
                "name", "K6_PROMETHEUS_RW_SERVER_URL",
                "value", "http://prom.monitoring:9090/api/v1/write"),
            Map.of("name", "K6_PROMETHEUS_RW_TREND_AS_NATIVE_HISTOGRAM", "value", "true"));

    Job job =
        k8s.resource(TestLoads.job(run, "remote-write-load-0", "s0"))
            .dryRun()
            .fieldManager("admission-it")
            .serverSideApply();
    var c = job.getSpec().getTemplate().getSpec().getContainers().getFirst();
    assertThat(c.getArgs())
        .containsSubsequence("--out", "experimental-prometheus-rw", "--tag", "testid=s0")
        .endsWith("/scripts/" + LoadScript.SCRIPT_KEY);
    assertThat(c.getEnv())
        .extracting(e -> e.getName() + "=" + e.getValue())
        .contains(
            "K6_PROMETHEUS_RW_SERVER_URL=http://prom.monitoring:9090/api/v1/write",
            "K6_PROMETHEUS_RW_TREND_AS_NATIVE_HISTOGRAM=true");

    var cluster =
        k8s.resource(DatabaseTier.cluster(run))
            .dryRun()
            .fieldManager("admission-it")
            .serverSideApply();
    assertThat(
            ((Map<String, Object>)
                    ((Map<String, Object>) cluster.getAdditionalProperties().get("spec"))
                        .get("inheritedMetadata"))
                .get("labels"))
        .isEqualTo(
            Map.of(
                "app.kubernetes.io/part-of", "vtbench",
                "app.kubernetes.io/component", "database"));

    // Off by default: no output, no env.
    BenchmarkRunResource plain = create(load("no-remote-write", "{}"));
    assertThat(plain.getSpec().load.prometheusRemoteWrite).isNull();
    var plainJob = TestLoads.job(plain, "no-remote-write-load-0", "s0");
    assertThat(plainJob.getSpec().getTemplate().getSpec().getContainers().getFirst().getArgs())
        .doesNotContain("--out");
    assertThat(plainJob.getSpec().getTemplate().getSpec().getContainers().getFirst().getEnv())
        .isEmpty();
    Map<String, Object> plainSpec =
        (Map<String, Object>)
            TestLoads.testRun(plain, "no-remote-write-load-0", "s0")
                .getAdditionalProperties()
                .get("spec");
    assertThat(plainSpec).containsEntry("arguments", "--no-usage-report --no-color");
    assertThat((Map<String, Object>) plainSpec.get("runner")).doesNotContainKey("env");
  }

  /**
   * Placement: the API server validates the pod anti-affinity in the Job's and both Deployments'
   * pod templates (a bad operator or an empty topologyKey is refused), and keeps it on the
   * TestRun's runner and starter and in CloudNativePG's spec.affinity, whose CRDs would prune a
   * field they lack.
   */
  @Test
  @SuppressWarnings("unchecked")
  void placementIsAcceptedAndKeptByEveryWorkload() {
    // docs/cluster.md's layout for the reference matrix, as written there
    BenchmarkRunResource run =
        create(
            load(
                "placed",
                """
                sut:
                  pinned: true
                  cpu: "4"
                  memory: 2Gi
                  nodeSelector: {vtbench.dev/tier: sut}
                  dedicatedNode: true
                stub: {pinned: true, cpu: "1", memory: 512Mi, nodeSelector: {vtbench.dev/load: "true"}}
                database: {pinned: true, cpu: "1", memory: 1Gi, nodeSelector: {vtbench.dev/tier: database}}
                load: {pinned: true, cpu: "3", nodeSelector: {vtbench.dev/load: "true"}}
                """));
    assertThat(run.getSpec().sut.dedicatedNode).isTrue();
    assertThat(create(load("unplaced", "{}")).getSpec().sut.dedicatedNode).isFalse();

    var desiredTestRun = TestLoads.testRun(run, "placed-load-0", "s0");
    Map<String, Object> want =
        (Map<String, Object>) desiredTestRun.getAdditionalProperties().get("spec");
    Map<String, Object> got =
        (Map<String, Object>) dryRun(desiredTestRun).getAdditionalProperties().get("spec");
    for (String pod : List.of("runner", "initializer", "starter")) {
      Object affinity = ((Map<String, Object>) want.get(pod)).get("affinity");
      assertThat(affinity).as(pod).isNotNull();
      assertThat(((Map<String, Object>) got.get(pod)).get("affinity")).as(pod).isEqualTo(affinity);
    }

    Job job = TestLoads.job(run, "placed-load-0", "s0");
    assertThat(dryRun(job).getSpec().getTemplate().getSpec().getAffinity())
        .isEqualTo(job.getSpec().getTemplate().getSpec().getAffinity());
    SutConfig config =
        new SutConfig("virtual", 50, "released", "normal", 200, Duration.ofSeconds(60), Map.of());
    for (Deployment d : List.of(SutTier.deployment(run, config), StubTier.deployment(run))) {
      var affinity = d.getSpec().getTemplate().getSpec().getAffinity();
      assertThat(affinity).isNotNull();
      assertThat(dryRun(d).getSpec().getTemplate().getSpec().getAffinity()).isEqualTo(affinity);
    }

    var cluster = DatabaseTier.cluster(run);
    Object affinity =
        ((Map<String, Object>) cluster.getAdditionalProperties().get("spec")).get("affinity");
    assertThat((Map<String, Object>) affinity).containsKey("nodeAffinity");
    assertThat(
            ((Map<String, Object>) dryRun(cluster).getAdditionalProperties().get("spec"))
                .get("affinity"))
        .isEqualTo(affinity);
  }

  static <T extends HasMetadata> T dryRun(T object) {
    return k8s.resource(object)
        .inNamespace(ns)
        .dryRun()
        .fieldManager("admission-it")
        .serverSideApply();
  }

  /** 2 modes x 250 levels x 2 repetitions = 1,000 scenarios: within the CEL cost budget. */
  @Test
  void aThousandScenarioMatrixIsAccepted() {
    StringBuilder levels = new StringBuilder();
    for (int i = 1; i <= 250; i++) {
      levels.append(i == 1 ? "" : ", ").append(i * 10);
    }
    BenchmarkRunResource run =
        create(load("thousand", "matrix: {concurrency: [" + levels + "], repetitions: 2}"));
    assertThat(run.getSpec().matrix.concurrency).hasSize(250);
  }

  /** Every example under examples/ is a spec the API server accepts (dry run). */
  @Test
  void everyExampleIsAccepted() throws Exception {
    List<Path> examples;
    try (Stream<Path> files = Files.list(Path.of("../../examples"))) {
      examples = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    // The gate example's BenchmarkRun (next to its kustomization and baseline CSV), and
    // The cross-check pair's specs (next to their seed SQL).
    examples =
        Stream.concat(
                examples.stream(),
                Stream.of(
                    Path.of("../../examples/gate/gate.yaml"),
                    Path.of("../../examples/crosscheck/builtin.yaml"),
                    Path.of("../../examples/crosscheck/byo.yaml")))
            .toList();
    assertThat(examples).isNotEmpty();
    for (Path example : examples) {
      BenchmarkRunResource run =
          k8s.resources(BenchmarkRunResource.class).load(example.toFile()).item();
      BenchmarkRunResource accepted =
          k8s.resources(BenchmarkRunResource.class).inNamespace(ns).resource(run).dryRun().create();
      assertThat(accepted.getMetadata().getName()).as("%s", example).isNotBlank();
    }
  }
}
