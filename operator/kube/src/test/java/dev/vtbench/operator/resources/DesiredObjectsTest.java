package dev.vtbench.operator.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.QuantityRules;
import dev.vtbench.engine.model.spec.PrometheusRemoteWriteSpec;
import dev.vtbench.engine.model.spec.SecretRef;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.load.TestLoads;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every object the operator builds for two representative runs, as JSON, against a reviewed copy
 * under {@code src/test/resources/desired/}: a change to any tier's objects shows up here as a
 * diff. Object keys are sorted (their order means nothing to the API server, and some builders use
 * {@code Map.of}); list order is kept.
 *
 * <p>After an intended change, rewrite the copies with {@code -Dvtbench.golden.update=true}, review
 * the diff and commit it; the rewriting run fails so it is never mistaken for a check.
 */
class DesiredObjectsTest {

  static final Path GOLDEN = Path.of("src/test/resources/desired");
  static final boolean UPDATE = Boolean.getBoolean("vtbench.golden.update");

  static final KubernetesSerialization KUBE = new KubernetesSerialization();
  static final ObjectMapper SORTED =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  /**
   * Pinned tiers with node selectors, the SUT on a node of its own, a database image, remote write
   * with gauges, owned results.
   */
  static BenchmarkRunResource pinned() {
    BenchmarkRunResource run = run("pinned-run");
    BenchmarkRunSpec spec = run.getSpec();
    spec.sut.nodeSelector.put("vtbench.dev/tier", "sut");
    spec.sut.dedicatedNode = true;
    spec.stub.nodeSelector.put("vtbench.dev/tier", "stub");
    spec.database.nodeSelector.put("vtbench.dev/tier", "database");
    spec.database.image = "ghcr.io/cloudnative-pg/postgresql:17.5";
    spec.load.nodeSelector.put("vtbench.dev/tier", "load");
    spec.load.nodeSelector.put("kubernetes.io/arch", "amd64");
    spec.matrix.hikariPoolSizes = List.of(20, 120);
    spec.load.prometheusRemoteWrite = new PrometheusRemoteWriteSpec();
    spec.load.prometheusRemoteWrite.url = "http://prometheus.monitoring:9090/api/v1/write";
    spec.load.prometheusRemoteWrite.nativeHistograms = false;
    spec.load.prometheusRemoteWrite.credentialsSecretRef = new SecretRef();
    spec.load.prometheusRemoteWrite.credentialsSecretRef.name = "remote-write-auth";
    spec.results.keepOnDelete = false;
    return run;
  }

  /**
   * Fractional, unpinned tiers without selectors, a Burstable k6 runner (no CPU limit), no remote
   * write, results kept on delete.
   */
  static BenchmarkRunResource unpinned() {
    BenchmarkRunResource run = run("unpinned-run");
    BenchmarkRunSpec spec = run.getSpec();
    spec.sut.pinned = false;
    spec.sut.cpu = "1500m";
    spec.stub.pinned = false;
    spec.stub.cpu = "500m";
    spec.database.pinned = false;
    spec.database.cpu = "250m";
    spec.load.pinned = false;
    spec.load.cpu = "2";
    spec.load.qos = QuantityRules.BURSTABLE;
    spec.database.seed.customers = 1_000;
    spec.database.seed.orders = 5_000;
    return run;
  }

  static BenchmarkRunResource run(String name) {
    BenchmarkRunResource run = new BenchmarkRunResource();
    run.getMetadata().setName(name);
    run.getMetadata().setNamespace("bench");
    run.getMetadata().setUid("00000000-0000-4000-8000-" + "%012d".formatted(name.length()));
    return run;
  }

  /** Every builder, once each, and the load tier with both runners, measured and warm-up. */
  static Map<String, Object> objects(BenchmarkRunResource run) {
    // One extra variable: SutConfig keeps extra env in an unordered map.
    SutConfig config =
        new SutConfig(
            "virtual",
            120,
            "released",
            "normal",
            200,
            Duration.ofSeconds(60),
            Map.of("EXTRA", "x"));
    String load = ResourceNames.load(run, 3, false);
    String warmUp = ResourceNames.load(run, 0, true);
    Map<String, Object> objects = new LinkedHashMap<>();
    objects.put("seed", DatabaseTier.seed(run));
    // A fixed password here; the operator's is random (DatabaseCredentialsTest).
    objects.put("databaseCredentials", DatabaseCredentials.secret(run, "not-the-password"));
    objects.put("database", DatabaseTier.cluster(run));
    objects.put("stub", StubTier.deployment(run));
    objects.put("stubService", StubTier.service(run));
    objects.put("sutService", SutTier.service(run));
    objects.put("sut", SutTier.deployment(run, config));
    objects.put("networkPolicies", NetworkPolicyTier.policies(run));
    objects.put("configHash", config.key());
    objects.put(
        "script",
        new LoadScript(List.of("export default function () {}\n"), null, Map.of())
            .configMap(run, load));
    objects.put("testRun", TestLoads.testRun(run, load, "c1000-virtual-p120-r1"));
    objects.put("warmUpTestRun", TestLoads.testRun(run, warmUp, "c100-platform-p20-r1-jit-warmup"));
    objects.put("job", TestLoads.job(run, load, "c1000-virtual-p120-r1"));
    objects.put("warmUpJob", TestLoads.job(run, warmUp, "c100-platform-p20-r1-jit-warmup"));
    objects.put(
        "results",
        ResultsTier.configMap(run, ResourceNames.results(run, 2), Map.of("results.csv", "a")));
    return objects;
  }

  @Test
  void pinnedTiersWithRemoteWriteBuildTheReviewedObjects() throws IOException {
    assertMatchesGolden("pinned.json", objects(pinned()));
  }

  @Test
  void unpinnedTiersWithoutRemoteWriteBuildTheReviewedObjects() throws IOException {
    assertMatchesGolden("unpinned.json", objects(unpinned()));
  }

  static void assertMatchesGolden(String file, Map<String, Object> objects) throws IOException {
    // Through fabric8's serializer first (its modules and property order), then keys sorted.
    String json = SORTED.writeValueAsString(KUBE.convertValue(objects, Object.class)) + "\n";
    Path golden = GOLDEN.resolve(file);
    if (UPDATE) {
      Files.createDirectories(GOLDEN);
      Files.writeString(golden, json);
      fail("rewrote " + golden + ": review the diff, commit it and run again without the flag");
    }
    assertThat(golden).as("golden copy; create it with -Dvtbench.golden.update=true").exists();
    assertThat(json).isEqualTo(Files.readString(golden));
  }
}
