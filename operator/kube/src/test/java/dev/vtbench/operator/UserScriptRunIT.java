package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.condition;
import static dev.vtbench.operator.OperatorIT.conditionOf;
import static dev.vtbench.operator.OperatorIT.create;
import static dev.vtbench.operator.OperatorIT.k8s;
import static dev.vtbench.operator.OperatorIT.ownedBy;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.resources.CpusetProbe;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A user's own k6 module ({@code spec.workload.script.configMap}) through the operator, in-process,
 * against a real kube-apiserver and etcd, the test playing the controllers a bare API server lacks:
 * the module is read from the user's ConfigMap (never changed) into each load's own ConfigMap
 * beside vtbench's script, with the variables it reads its target from; a ConfigMap or key that is
 * not there, or a module too large, fails the run before anything is created, saying what to
 * create.
 */
class UserScriptRunIT {

  /** A service without database or stub, driven by the module in ConfigMap orders-k6. */
  static final String ORDERS =
      """
      sut:
        cpu: 1
        memory: 1Gi
        service: {image: registry.example/orders:1.4, port: 18080}
      workload: {script: {file: examples/byo-orders/k6/orders.js, configMap: {name: orders-k6, key: orders.js}}}
      database: {enabled: false}
      load: {ramp: 1s, warmup: 1s, hold: 3s, cpu: 1, memory: 256Mi, runner: testrun, sutWarmup: 0s}
      matrix: {threadModes: [virtual], hikariPoolSizes: [10], concurrency: [10], repetitions: 1}
      """;

  @RegisterExtension final InProcessOperator operator = new InProcessOperator();

  static ConfigMap userConfigMap(String ns, Map<String, String> data) {
    return k8s.configMaps()
        .inNamespace(ns)
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("orders-k6")
                .endMetadata()
                .withData(data)
                .build())
        .create();
  }

  @Test
  void eachLoadCarriesTheUsersModuleBesideTheScriptWithItsTarget() throws Exception {
    String ns = operator.startInNewNamespace("byo-script");
    Controllers play = new Controllers(k8s, ns).onNode("node-a");
    String module = Files.readString(Path.of("../../examples/byo-orders/k6/orders.js"));
    ConfigMap mine = userConfigMap(ns, Map.of("orders.js", module));
    BenchmarkRunResource run = create(ns, "orders", ORDERS);
    Scenario s = Planner.plan(run.getSpec()).getFirst();

    await("the SUT Deployment", WAIT, () -> play.deployment("orders-sut"));
    play.available("orders-sut");
    play.runningPodAfterInit(
        "orders-sut",
        "orders-sut-1",
        "registry.example/orders@sha256:beef",
        CpusetProbe.NAME,
        "cpuset=3 online=0-7");

    String load = ResourceNames.load(run, s.index(), false);
    GenericKubernetesResource testRun = await(load, WAIT, () -> play.testRun(load));
    ConfigMap own = k8s.configMaps().inNamespace(ns).withName(load).get();
    ownedBy(own, run);
    assertThat(own.getData()).containsOnlyKeys(LoadScript.SCRIPT_KEY, UserModule.FILE_NAME);
    assertThat(own.getData().get(UserModule.FILE_NAME)).isEqualTo(module);
    assertThat(own.getData().get(LoadScript.SCRIPT_KEY))
        .contains("import * as MODULE from './" + UserModule.FILE_NAME + "';")
        .contains("/actuator/metrics")
        .doesNotContain("\"upTo\"");
    // k6-operator mounts the whole ConfigMap as one folder and runs script.js from it
    @SuppressWarnings("unchecked")
    Map<String, Object> spec = (Map<String, Object>) testRun.getAdditionalProperties().get("spec");
    assertThat(spec.get("script"))
        .isEqualTo(Map.of("configMap", Map.of("name", load, "file", LoadScript.SCRIPT_KEY)));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> env =
        (List<Map<String, Object>>) ((Map<String, Object>) spec.get("runner")).get("env");
    assertThat(env)
        .contains(
            Map.of("name", UserModule.BASE_URL_ENV, "value", "http://orders-sut:8080"),
            Map.of("name", UserModule.REQUEST_TIMEOUT_ENV, "value", "60s"));

    // The user's ConfigMap was read, never taken: no owner, unchanged, there once the run is gone.
    k8s.resources(BenchmarkRunResource.class).inNamespace(ns).withName("orders").delete();
    await("the run deleted", WAIT, () -> OperatorIT.get(ns, "orders") == null ? true : null);
    ConfigMap after = k8s.configMaps().inNamespace(ns).withName("orders-k6").get();
    assertThat(after.getMetadata().getOwnerReferences()).isNullOrEmpty();
    assertThat(after.getMetadata().getResourceVersion())
        .isEqualTo(mine.getMetadata().getResourceVersion());
  }

  @Test
  void aMissingConfigMapFailsAtOnceSayingWhatToCreate() {
    String ns = operator.startInNewNamespace("byo-noscript");
    create(ns, "orders", ORDERS);

    BenchmarkRunStatus status =
        awaitStatus(ns, "orders", "Failed", condition("Succeeded", "False", "ScriptUnavailable"));

    assertThat(conditionOf(status, "Succeeded").getMessage())
        .isEqualTo(
            "spec.workload.script.configMap "
                + ns
                + "/orders-k6 not found: create it (kubectl create configmap orders-k6 -n "
                + ns
                + " --from-file=orders.js=examples/byo-orders/k6/orders.js), then create the"
                + " BenchmarkRun again");
    // nothing was created for it
    assertThat(new Controllers(k8s, ns).deployment("orders-sut")).isNull();
  }

  @Test
  void aConfigMapWithoutTheKeyOrWithAModuleTooLargeFailsSayingWhy() {
    String ns = operator.startInNewNamespace("byo-badscript");
    userConfigMap(
        ns,
        Map.of(
            "other.js",
            "export default function () {}\n",
            "large.js",
            "// " + "x".repeat(UserModule.MAX_BYTES)));
    create(ns, "nokey", ORDERS);
    create(ns, "large", ORDERS.replace("key: orders.js", "key: large.js"));

    BenchmarkRunStatus nokey =
        awaitStatus(ns, "nokey", "Failed", condition("Succeeded", "False", "ScriptUnavailable"));
    BenchmarkRunStatus large =
        awaitStatus(ns, "large", "Failed", condition("Succeeded", "False", "ScriptUnavailable"));

    assertThat(conditionOf(nokey, "Succeeded").getMessage())
        .startsWith(
            "spec.workload.script.configMap "
                + ns
                + "/orders-k6 has no key orders.js (it has [large.js, other.js])");
    assertThat(conditionOf(large, "Succeeded").getMessage())
        .startsWith(
            "spec.workload.script.configMap "
                + ns
                + "/orders-k6 key large.js is 524291 bytes; a k6 module may hold at most 524288");
    assertThat(new Controllers(k8s, ns).deployment("nokey-sut")).isNull();
    assertThat(new Controllers(k8s, ns).deployment("large-sut")).isNull();
  }
}
