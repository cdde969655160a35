package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.condition;
import static dev.vtbench.operator.OperatorIT.conditionOf;
import static dev.vtbench.operator.OperatorIT.create;
import static dev.vtbench.operator.OperatorIT.env;
import static dev.vtbench.operator.OperatorIT.k8s;
import static dev.vtbench.operator.OperatorIT.ownedBy;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.resources.CpusetProbe;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A user's own service ({@code spec.sut.service.image}) through the operator, in-process, against a
 * real kube-apiserver and etcd, the test playing the controllers a bare API server lacks: the
 * objects it builds for a service vtbench did not shape (its image, port, health path, Spring
 * Boot's properties, the password as a configtree file, its SQL from the user's ConfigMap, the
 * cpuset probe), the row it records from them, and what it refuses or leaves alone.
 */
class UserServiceRunIT {

  static final String ORDERS =
      """
      sut:
        cpu: 1
        memory: 1Gi
        tomcatMaxThreads: 20
        service:
          image: registry.example/orders:1.4
          port: 18080
          healthPath: /actuator/health
          stubUrlEnv: SHIPPING_QUOTE_URL
      workload: {stubDelay: 100ms, requests: [{path: "/orders/{id}", params: {id: {from: 1, to: 50}}}]}
      database:
        cpu: 1
        memory: 1Gi
        storage: 1Gi
        sql: {files: [examples/byo-orders/db/schema.sql, examples/byo-orders/db/seed.sql], configMap: orders-sql}
      stub: {cpu: 1, memory: 512Mi}
      load: {ramp: 1s, warmup: 1s, hold: 3s, cpu: 1, memory: 256Mi, runner: testrun, sutWarmup: 0s}
      matrix: {threadModes: [virtual], hikariPoolSizes: [10], concurrency: [10], repetitions: 1}
      """;

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  @Test
  void aUsersServiceRunsFromItsImageWithItsSqlAndIsRecordedFromOutside() throws Exception {
    String ns = operator.startInNewNamespace("byo");
    Controllers play = new Controllers(k8s, ns).onNode("node-a");
    // The user's SQL, made the way docs/byo.md says: one key per file, by base name.
    ConfigMap sql =
        k8s.configMaps()
            .inNamespace(ns)
            .resource(
                new ConfigMapBuilder()
                    .withNewMetadata()
                    .withName("orders-sql")
                    .endMetadata()
                    .withData(
                        Map.of(
                            "schema.sql",
                            Files.readString(Path.of("../../examples/byo-orders/db/schema.sql")),
                            "seed.sql",
                            Files.readString(Path.of("../../examples/byo-orders/db/seed.sql"))))
                    .build())
            .create();
    BenchmarkRunResource run = create(ns, "orders", ORDERS);
    Scenario s = Planner.plan(run.getSpec()).getFirst();

    // The database: the user's files from their ConfigMap, in order, then the hand-over to the
    // owner the service connects as; no vtbench seed, no CPU function (the service reads none).
    GenericKubernetesResource cluster =
        await("the CloudNativePG Cluster", WAIT, () -> play.cluster("orders-db"));
    @SuppressWarnings("unchecked")
    Map<String, Object> cs = (Map<String, Object>) cluster.getAdditionalProperties().get("spec");
    assertThat(
            k8s.getKubernetesSerialization()
                .convertValue(
                    ((Map<?, ?>)
                            ((Map<?, ?>) ((Map<?, ?>) cs.get("bootstrap")).get("initdb"))
                                .get("postInitApplicationSQLRefs"))
                        .get("configMapRefs"),
                    List.class))
        .isEqualTo(
            List.of(
                Map.of("name", "orders-sql", "key", "schema.sql"),
                Map.of("name", "orders-sql", "key", "seed.sql"),
                Map.of("name", "orders-seed", "key", "hand-over.sql")));
    ConfigMap own = k8s.configMaps().inNamespace(ns).withName("orders-seed").get();
    assertThat(own.getData()).containsOnlyKeys("hand-over.sql");
    assertThat(own.getData().get("hand-over.sql")).contains("OWNER TO");
    ownedBy(own, run);
    NetworkPolicy sutPolicy =
        k8s.network().v1().networkPolicies().inNamespace(ns).withName("orders-sut").get();
    assertThat(sutPolicy.getSpec().getIngress())
        .allSatisfy(
            i -> assertThat(i.getPorts().getFirst().getPort().getIntVal()).isEqualTo(18080));
    awaitStatus(
        ns,
        "orders",
        "DatabaseReady=False",
        condition("DatabaseReady", "False", "DatabaseProvisioning"));
    assertThat(conditionOf(OperatorIT.get(ns, "orders").getStatus(), "DatabaseReady").getMessage())
        .contains("run schema.sql, seed.sql from ConfigMap orders-sql");
    play.clusterReady("orders-db");

    // The service: its image on its port, ready on its health path, configured through Spring
    // Boot's own properties; the password only as a configtree file.
    Deployment sut = await("the SUT Deployment", WAIT, () -> play.deployment("orders-sut"));
    Container c = sut.getSpec().getTemplate().getSpec().getContainers().getFirst();
    assertThat(c.getImage()).isEqualTo("registry.example/orders:1.4");
    assertThat(c.getPorts().getFirst().getContainerPort()).isEqualTo(18080);
    assertThat(c.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/actuator/health");
    assertThat(c.getStartupProbe().getHttpGet().getPath()).isEqualTo("/actuator/health");
    assertThat(env(sut))
        .containsEntry("SPRING_THREADS_VIRTUAL_ENABLED", "true")
        .containsEntry("SERVER_TOMCAT_THREADS_MAX", "20")
        .containsEntry("SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE", "10")
        .containsEntry("SERVER_PORT", "18080")
        .containsEntry("SPRING_DATASOURCE_URL", "jdbc:postgresql://orders-db-rw:5432/bench")
        .containsEntry("SPRING_DATASOURCE_USERNAME", "bench")
        .containsEntry("SPRING_CONFIG_IMPORT", "optional:configtree:/etc/vtbench/service-config/")
        .containsEntry("SHIPPING_QUOTE_URL", "http://orders-stub:8080/downstream")
        .doesNotContainKeys("VT_ENABLED", "HIKARI_MAX_POOL", "DB_CPU_FUNCTION", "STUB_URL");
    assertThat(env(sut).keySet()).noneMatch(k -> k.contains("PASSWORD"));
    Volume secret =
        sut.getSpec().getTemplate().getSpec().getVolumes().stream()
            .filter(v -> v.getSecret() != null)
            .findFirst()
            .orElseThrow();
    assertThat(secret.getSecret().getSecretName()).isEqualTo("orders-db-app");
    assertThat(secret.getSecret().getItems())
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.getKey()).isEqualTo("password");
              assertThat(i.getPath()).isEqualTo("spring.datasource.password");
            });
    // it cannot report its cores: an init container with its CPUs reads them
    Container probe = sut.getSpec().getTemplate().getSpec().getInitContainers().getFirst();
    assertThat(probe.getName()).isEqualTo(CpusetProbe.NAME);
    assertThat(probe.getResources().getLimits().get("cpu").toString()).isEqualTo("1");
    assertThat(probe.getSecurityContext().getRunAsNonRoot()).isTrue();

    play.available("orders-stub");
    play.available("orders-sut");
    play.runningPodAfterInit(
        "orders-sut",
        "orders-sut-1",
        "registry.example/orders@sha256:beef",
        CpusetProbe.NAME,
        "cpuset=3 online=0-7");

    String load = ResourceNames.load(run, s.index(), false);
    await(load, WAIT, () -> play.testRun(load));
    String script =
        k8s.configMaps().inNamespace(ns).withName(load).get().getData().get("script.js");
    assertThat(script)
        .contains("http://orders-sut:8080")
        .contains("/actuator/metrics")
        .doesNotContain("/api/pool");
    play.startTestRun(load);
    play.finishTestRun(load, 0, serviceSummary());

    BenchmarkRunStatus status =
        awaitStatus(
            ns, "orders", "Succeeded", condition("Succeeded", "True", "AllScenariosRecorded"));
    assertThat(status.scenariosDone).isEqualTo(1);
    String csv =
        k8s.configMaps()
            .inNamespace(ns)
            .withName("orders-results")
            .get()
            .getData()
            .get(ResultsStore.CSV_KEY);
    ResultRow r = ResultsCsv.parse(csv).getFirst();
    // where it ran: the probe's cores, the pod's node, the digest the kubelet resolved
    assertThat(r.sutCpuset()).isEqualTo("3");
    assertThat(r.node()).isEqualTo("node-a");
    // no stub or database pod was played here, only their readiness: not known, left out
    assertThat(r.tierNodes()).isEqualTo("sut=node-a;load=node-a");
    assertThat(r.sutArtifact()).isEqualTo("registry.example/orders@sha256:beef");
    assertThat(r.httpReqs()).isEqualTo(296);
    // what stays empty says why; what the operator filled does not claim to be empty
    assertThat(r.notes()).contains("pinned_events empty").doesNotContain("sut_cpuset empty");
    assertThat(r.appCpuPct())
        .isEqualTo(30.0); // 0.9 CPU seconds of process.cpu.time in the 3 s hold

    // The user's ConfigMap was read, never taken: no owner, still there once the run is gone.
    k8s.resources(BenchmarkRunResource.class).inNamespace(ns).withName("orders").delete();
    await("the run deleted", WAIT, () -> OperatorIT.get(ns, "orders") == null ? true : null);
    ConfigMap after = k8s.configMaps().inNamespace(ns).withName("orders-sql").get();
    assertThat(after).isNotNull();
    assertThat(after.getMetadata().getOwnerReferences()).isNullOrEmpty();
    assertThat(after.getData()).isEqualTo(sql.getData());
  }

  @Test
  void aMissingSqlConfigMapFailsAtOnceSayingWhatToCreate() {
    String ns = operator.startInNewNamespace("byo-nosql");
    create(ns, "orders", ORDERS);
    BenchmarkRunStatus status =
        awaitStatus(ns, "orders", "Failed", condition("Succeeded", "False", "SqlUnavailable"));
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .contains("orders-sql not found")
        .contains(
            "kubectl create configmap orders-sql -n "
                + ns
                + " --from-file=examples/byo-orders/db/schema.sql");
    // nothing was provisioned for it
    assertThat(new Controllers(k8s, ns).cluster("orders-db")).isNull();
  }

  @Test
  void aServiceWithoutDatabaseOrStubGetsNeither() {
    String ns = operator.startInNewNamespace("byo-bare");
    Controllers play = new Controllers(k8s, ns);
    create(
        ns,
        "bare",
        ORDERS
            .replaceAll(" *stubUrlEnv: SHIPPING_QUOTE_URL\n", "")
            .replaceAll("  sql: \\{[^}]*}\n", "  enabled: false\n"));
    Deployment sut = await("the SUT Deployment", WAIT, () -> play.deployment("bare-sut"));
    BenchmarkRunStatus status =
        awaitStatus(
            ns,
            "bare",
            "DatabaseReady=True",
            condition("DatabaseReady", "True", "DatabaseDisabled"));
    assertThat(status.phase).isEqualTo("Running");
    assertThat(env(sut)).doesNotContainKeys("SPRING_DATASOURCE_URL", "SPRING_CONFIG_IMPORT");
    assertThat(sut.getSpec().getTemplate().getSpec().getVolumes())
        .noneMatch(v -> v.getSecret() != null);
    assertThat(play.cluster("bare-db")).isNull();
    assertThat(play.deployment("bare-stub")).isNull();
    assertThat(k8s.secrets().inNamespace(ns).withName("bare-db-app").get()).isNull();
  }

  /**
   * The real runner summary of {@link OperatorIT} (k6's numbers: 296 requests in the hold) with
   * what cluster-service.js puts beside them for a service: its JVM from Actuator, CPU seconds over
   * the 3 s hold, the peak gauges, the Actuator reading at the hold's start (the hold is shorter
   * than one 5 s window) and the notes; no cpuset or node, which a service does not report.
   */
  static String serviceSummary() throws Exception {
    JsonMapper json = JsonMapper.builder().build();
    ObjectNode summary = (ObjectNode) json.readTree(OperatorIT.runnerSummary());
    summary.set(
        "vtbench",
        json.readTree(
            """
            {"sut":{"javaVersion":"25.0.3+9-LTS","availableProcessors":1},
             "sutCpuSeconds":0.9,"dbCpuSeconds":null,"stub":null,"holdSeconds":3,
             "peaks":{"hikariActiveMax":4,"hikariPendingMax":0,"jvmThreadsMax":31,"heapMbMax":80.5},
             "actuator":{"windowMs":5000,
              "readings":[[0,1000,10.0,5.0]],
              "missing":{},"notes":["pinned_events empty: counted by JFR inside vtbench's own SUT only"]}}
            """));
    return json.writeValueAsString(summary);
  }
}
