package dev.vtbench.operator.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.load.TestLoads;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A load of a user's own k6 module ({@code spec.workload.script}) as objects: its ConfigMap holds
 * vtbench's script and the module under the name the script imports, both runners mount the whole
 * ConfigMap as one folder, and k6 gets the module's variables ({@link UserModule#env}); a load
 * without a module is what it always was.
 */
class LoadTierScriptTest {

  static final Map<String, String> ENV =
      Map.of(
          UserModule.BASE_URL_ENV, "http://orders-sut:8080",
          UserModule.REQUEST_TIMEOUT_ENV, "60s");

  @Test
  void theLoadsConfigMapHoldsTheModuleBesideTheScript() {
    BenchmarkRunResource run = DesiredObjectsTest.run("orders");
    LoadScript script = new LoadScript(List.of("// vtbench"), "// theirs", ENV);

    ConfigMap cm = script.configMap(run, "orders-load-0");

    assertThat(cm.getData())
        .containsExactly(
            Map.entry(LoadScript.SCRIPT_KEY, "// vtbench"),
            Map.entry(UserModule.FILE_NAME, "// theirs"));
    assertThat(cm.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(o -> assertThat(o.getUid()).isEqualTo(run.getMetadata().getUid()));
    assertThat(
            new LoadScript(List.of("// vtbench"), null, Map.of())
                .configMap(run, "orders-load-0")
                .getData())
        .containsOnlyKeys(LoadScript.SCRIPT_KEY);
  }

  @Test
  void aJobMountsTheWholeConfigMapAndRunsK6WithTheModulesVariables() {
    BenchmarkRunResource run = DesiredObjectsTest.run("orders");

    Job job =
        TestLoads.job(
            run, TestLoads.request("orders-load-0", List.of("r1-virtual-pool10-c10"), null, ENV));

    var pod = job.getSpec().getTemplate().getSpec();
    Volume script =
        pod.getVolumes().stream().filter(v -> v.getConfigMap() != null).findFirst().orElseThrow();
    assertThat(script.getConfigMap().getName()).isEqualTo("orders-load-0");
    assertThat(script.getConfigMap().getItems()).as("every key, the module too").isNullOrEmpty();
    Container k6 = pod.getContainers().getFirst();
    assertThat(k6.getArgs()).last().isEqualTo("/scripts/" + LoadScript.SCRIPT_KEY);
    assertThat(k6.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue)))
        .containsAllEntriesOf(ENV);
    assertThat(
            TestLoads.job(run, "orders-load-0", "r1-virtual-pool10-c10")
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .getFirst()
                .getEnv())
        .noneMatch(v -> v.getName().startsWith("VTBENCH_"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void aTestRunsRunnerAndInitializerGetTheModulesVariables() {
    BenchmarkRunResource run = DesiredObjectsTest.run("orders");

    GenericKubernetesResource testRun =
        TestLoads.testRun(
            run, TestLoads.request("orders-load-0", List.of("r1-virtual-pool10-c10"), null, ENV));

    Map<String, Object> spec = (Map<String, Object>) testRun.getAdditionalProperties().get("spec");
    for (String pod : List.of("runner", "initializer")) {
      assertThat((List<Map<String, Object>>) ((Map<String, Object>) spec.get(pod)).get("env"))
          .as(pod)
          .containsExactly(
              Map.of("name", UserModule.BASE_URL_ENV, "value", "http://orders-sut:8080"),
              Map.of("name", UserModule.REQUEST_TIMEOUT_ENV, "value", "60s"));
    }
  }
}
