package dev.vtbench.operator.resources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.load.TestLoads;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A measured load of several scenarios of one SUT configuration as objects: one ConfigMap with a
 * script per stage, one Job whose pod runs the stages one after another (each earlier stage an init
 * container the same as the k6 container but for its name and script), annotated with the stages'
 * scenario ids in order; a load of one scenario is what it always was.
 */
class StagedLoadTest {

  static final List<String> STAGES =
      List.of("r1-virtual-pool10-c10", "r1-virtual-pool10-c20", "r1-virtual-pool10-c50");

  @Test
  void eachStageHasItsScriptKeyAndItsContainerTheLastOnesAreAOneScenarioLoads() {
    assertThat(List.of(0, 1, 2))
        .extracting(i -> LoadScript.scriptKey(i, 3))
        .containsExactly("stage-1.js", "stage-2.js", LoadScript.SCRIPT_KEY);
    assertThat(List.of(0, 1, 2))
        .extracting(i -> LoadScript.stageContainer(i, 3))
        .containsExactly("k6-stage-1", "k6-stage-2", "k6");
    assertThat(LoadScript.scriptKey(0, 1)).isEqualTo(LoadScript.SCRIPT_KEY);
    assertThat(LoadScript.stageContainer(0, 1)).isEqualTo("k6");
  }

  @Test
  void theConfigMapHoldsEveryStagesScriptAndTheModuleOnce() {
    BenchmarkRunResource run = DesiredObjectsTest.run("orders");
    LoadScript script =
        new LoadScript(List.of("// c10", "// c20", "// c50"), "// theirs", LoadTierScriptTest.ENV);

    ConfigMap cm = script.configMap(run, "orders-load-0");

    assertThat(script.scripts()).containsExactly("// c10", "// c20", "// c50");
    assertThat(cm.getData())
        .containsOnly(
            Map.entry("stage-1.js", "// c10"),
            Map.entry("stage-2.js", "// c20"),
            Map.entry(LoadScript.SCRIPT_KEY, "// c50"),
            Map.entry(UserModule.FILE_NAME, "// theirs"));
  }

  @Test
  void oneJobRunsTheStagesInOrderInOnePod() {
    BenchmarkRunResource run = DesiredObjectsTest.pinned();

    Job job =
        TestLoads.job(
            run, TestLoads.request("orders-load-0", STAGES, null, LoadTierScriptTest.ENV));

    assertThat(job.getMetadata().getAnnotations())
        .containsEntry(LoadScript.STAGES, String.join(",", STAGES));
    assertThat(job.getMetadata().getLabels()).containsEntry(Labels.SCENARIO, STAGES.getFirst());
    assertThat(LoadScript.stages(job)).isEqualTo(STAGES);
    var pod = job.getSpec().getTemplate().getSpec();
    assertThat(pod.getInitContainers())
        .extracting(Container::getName)
        .containsExactly("k6-stage-1", "k6-stage-2");
    Container main = pod.getContainers().getFirst();
    List<Container> all = new ArrayList<>(pod.getInitContainers());
    all.add(main);
    for (int i = 0; i < all.size(); i++) {
      Container c = all.get(i);
      assertThat(c.getArgs())
          .as(c.getName())
          .last()
          .isEqualTo("/scripts/" + LoadScript.scriptKey(i, 3));
      // the same container but its name and script: resources (Guaranteed, so the pod stays
      // Guaranteed), security, mounts, env, and a termination message each
      assertThat(c.getResources()).isEqualTo(main.getResources());
      assertThat(c.getSecurityContext()).isEqualTo(main.getSecurityContext());
      assertThat(c.getVolumeMounts()).isEqualTo(main.getVolumeMounts());
      assertThat(c.getEnv()).isEqualTo(main.getEnv());
      assertThat(c.getTerminationMessagePolicy()).isEqualTo("File");
      // the same k6 arguments, but each stage's metrics tagged with its own scenario
      assertThat(c.getArgs().subList(0, c.getArgs().size() - 1))
          .isEqualTo(
              main.getArgs().subList(0, main.getArgs().size() - 1).stream()
                  .map(a -> a.replace(STAGES.getLast(), STAGES.get(all.indexOf(c))))
                  .toList());
      assertThat(String.join(" ", c.getArgs())).contains(STAGES.get(i));
    }
  }

  @Test
  void aLoadOfOneScenarioHasNoStagesAnnotationAndNoInitContainer() {
    BenchmarkRunResource run = DesiredObjectsTest.pinned();
    Job one =
        TestLoads.job(
            run, TestLoads.request("orders-load-0", STAGES.subList(0, 1), null, Map.of()));

    assertThat(one).isEqualTo(TestLoads.job(run, "orders-load-0", STAGES.getFirst()));
    assertThat(one.getMetadata().getAnnotations()).doesNotContainKey(LoadScript.STAGES);
    assertThat(one.getSpec().getTemplate().getSpec().getInitContainers()).isEmpty();
    assertThat(LoadScript.stages(one)).containsExactly(STAGES.getFirst());
  }
}
