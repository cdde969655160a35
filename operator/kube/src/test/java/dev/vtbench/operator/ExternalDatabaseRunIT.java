package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.condition;
import static dev.vtbench.operator.OperatorIT.conditionOf;
import static dev.vtbench.operator.OperatorIT.create;
import static dev.vtbench.operator.OperatorIT.env;
import static dev.vtbench.operator.OperatorIT.k8s;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.run.ScenarioRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.resources.CpusetProbe;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A user's service on its own database ({@code spec.database.external}) through the operator,
 * in-process, against a real kube-apiserver, the test playing the kubelet and the other controllers
 * a bare API server lacks: the SUT mounts the user's Secret as three configtree files and gets no
 * datasource in its environment; no database, seed, credentials or database policy is made; the row
 * says what it cannot know of that database; the Secret is left as it was. A Secret the kubelet
 * cannot mount fails the run at once, naming it.
 */
class ExternalDatabaseRunIT {

  /** UserServiceRunIT's service, its SQL replaced by the user's Secret; the SUT may take 10 min. */
  static final String SHOP =
      UserServiceRunIT.ORDERS
          .replaceAll("  sql: \\{[^}]*}\n", "  external: {secret: orders-db}\n")
          .replace("matrix:", "timeouts: {sutStart: 10m}\nmatrix:");

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  @Test
  void theServiceMountsTheUsersSecretAndVtbenchMakesNoDatabase() throws Exception {
    String ns = operator.startInNewNamespace("extdb");
    Controllers play = new Controllers(k8s, ns).onNode("node-a");
    Secret secret =
        k8s.secrets()
            .inNamespace(ns)
            .resource(
                new SecretBuilder()
                    .withNewMetadata()
                    .withName("orders-db")
                    .endMetadata()
                    .withStringData(
                        Map.of(
                            "url", "jdbc:postgresql://db.example:5432/orders",
                            "username", "orders",
                            "password", "not-for-any-log"))
                    .build())
            .create();
    BenchmarkRunResource run = create(ns, "shop", SHOP);
    assertThat(run.getSpec().database.external.secret).isEqualTo("orders-db");
    Scenario s = Planner.plan(run.getSpec()).getFirst();

    BenchmarkRunStatus ready =
        awaitStatus(
            ns,
            "shop",
            "DatabaseReady=True",
            condition("DatabaseReady", "True", "DatabaseExternal"));
    assertThat(conditionOf(ready, "DatabaseReady").getMessage())
        .contains("Secret orders-db")
        .contains("creates, seeds and measures no database");

    // The service: the user's url, username and password as configtree files, nothing in env.
    Deployment sut = await("the SUT Deployment", WAIT, () -> play.deployment("shop-sut"));
    var pod = sut.getSpec().getTemplate().getSpec();
    Volume config =
        pod.getVolumes().stream().filter(v -> v.getSecret() != null).findFirst().orElseThrow();
    assertThat(pod.getVolumes()).filteredOn(v -> v.getSecret() != null).hasSize(1);
    assertThat(config.getSecret().getSecretName()).isEqualTo("orders-db");
    assertThat(config.getSecret().getOptional()).isNotEqualTo(Boolean.TRUE);
    assertThat(config.getSecret().getItems())
        .extracting(i -> i.getKey() + "->" + i.getPath())
        .containsExactly(
            "url->spring.datasource.url",
            "username->spring.datasource.username",
            "password->spring.datasource.password");
    Container c = pod.getContainers().getFirst();
    VolumeMount mount =
        c.getVolumeMounts().stream()
            .filter(m -> m.getName().equals(config.getName()))
            .findFirst()
            .orElseThrow();
    assertThat(mount.getReadOnly()).isTrue();
    assertThat(env(sut))
        .containsEntry("SPRING_CONFIG_IMPORT", "optional:configtree:" + mount.getMountPath() + "/")
        .containsEntry("SPRING_THREADS_VIRTUAL_ENABLED", "true")
        .containsEntry("SHIPPING_QUOTE_URL", "http://shop-stub:8080/downstream")
        .doesNotContainKeys("SPRING_DATASOURCE_URL", "SPRING_DATASOURCE_USERNAME");
    assertThat(env(sut).keySet()).noneMatch(k -> k.contains("PASSWORD"));
    assertThat(env(sut).values()).noneMatch(v -> v.contains("db.example"));

    // No database of vtbench's: no Cluster, seed, credentials, or policy for one; the SUT's
    // egress is open, since the database's address is in a Secret the operator does not read.
    assertThat(play.cluster("shop-db")).isNull();
    assertThat(k8s.configMaps().inNamespace(ns).withName("shop-seed").get()).isNull();
    assertThat(k8s.secrets().inNamespace(ns).withName("shop-db-app").get()).isNull();
    List<NetworkPolicy> policies =
        k8s.network().v1().networkPolicies().inNamespace(ns).list().getItems();
    assertThat(policies)
        .extracting(p -> p.getMetadata().getName())
        .containsExactlyInAnyOrder("shop-sut", "shop-stub");
    NetworkPolicy sutPolicy =
        policies.stream()
            .filter(p -> p.getMetadata().getName().equals("shop-sut"))
            .findFirst()
            .orElseThrow();
    assertThat(sutPolicy.getSpec().getPolicyTypes()).containsExactly("Ingress");

    // The run goes on as any service's: available, measured, recorded.
    play.available("shop-stub");
    play.available("shop-sut");
    play.runningPodAfterInit(
        "shop-sut",
        "shop-sut-1",
        "registry.example/orders@sha256:beef",
        CpusetProbe.NAME,
        "cpuset=3 online=0-7");
    String load = ResourceNames.load(run, s.index(), false);
    await(load, WAIT, () -> play.testRun(load));
    play.startTestRun(load);
    play.finishTestRun(load, 0, UserServiceRunIT.serviceSummary());
    awaitStatus(ns, "shop", "Succeeded", condition("Succeeded", "True", "AllScenariosRecorded"));
    String csv =
        k8s.configMaps()
            .inNamespace(ns)
            .withName("shop-results")
            .get()
            .getData()
            .get(ResultsStore.CSV_KEY);
    assertThat(csv).doesNotContain("not-for-any-log").doesNotContain("db.example");
    ResultRow r = ResultsCsv.parse(csv).getFirst();
    assertThat(r.httpReqs()).isEqualTo(296);
    assertThat(r.pgCpuPct()).isNull();
    assertThat(r.notes()).contains(ScenarioRow.EXTERNAL_DATABASE_NOTE).contains("pinned_events");

    // The user's Secret: never owned, changed or deleted, also once the run is gone.
    k8s.resources(BenchmarkRunResource.class).inNamespace(ns).withName("shop").delete();
    await("the run deleted", WAIT, () -> OperatorIT.get(ns, "shop") == null ? true : null);
    Secret after = k8s.secrets().inNamespace(ns).withName("orders-db").get();
    assertThat(after).isNotNull();
    assertThat(after.getMetadata().getUid()).isEqualTo(secret.getMetadata().getUid());
    assertThat(after.getMetadata().getResourceVersion())
        .isEqualTo(secret.getMetadata().getResourceVersion());
    assertThat(after.getMetadata().getOwnerReferences()).isNullOrEmpty();
    assertThat(after.getData()).isEqualTo(secret.getData());
  }

  @Test
  void aSecretTheKubeletCannotMountFailsTheRunAtOnceNamingIt() {
    String ns = operator.startInNewNamespace("extdb-missing");
    Controllers play = new Controllers(k8s, ns).onNode("node-a");
    create(ns, "shop", SHOP);
    await("the SUT Deployment", WAIT, () -> play.deployment("shop-sut"));
    play.available("shop-stub");
    long start = System.nanoTime();
    // what the kubelet says when the Secret is missing; the pod stays in PodInitializing
    play.failedMount(
        "shop-sut",
        "shop-sut-7c9d8-x2k4q",
        "MountVolume.SetUp failed for volume \"service-config\" : secret \"orders-db\" not found");

    BenchmarkRunStatus status =
        awaitStatus(
            ns, "shop", "Failed", condition("Succeeded", "False", "DatabaseSecretUnavailable"));
    // seconds, not spec.timeouts.sutStart's 10 minutes
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(WAIT);
    assertThat(conditionOf(status, "Succeeded").getMessage())
        .startsWith("spec.database.external.secret " + ns + "/orders-db not found")
        .contains("keys url, username, password")
        .contains("kubectl create secret generic orders-db -n " + ns + " --from-file=DIR/")
        .contains("pod shop-sut-7c9d8-x2k4q");
    // the workloads are released, as on any failure
    await("the SUT released", WAIT, () -> play.deployment("shop-sut") == null ? true : null);
  }
}
