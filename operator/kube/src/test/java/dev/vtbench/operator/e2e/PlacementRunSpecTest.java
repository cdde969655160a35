package dev.vtbench.operator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecValidation;
import dev.vtbench.engine.model.rules.Quantities;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** PlacementE2E's run: admissible, placed as docs/cluster.md says, within the load nodes' CPU. */
class PlacementRunSpecTest {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  /** What a load node has to give: 0.9 CPU allocatable on local-cluster.sh create --nodes 3. */
  private static final long LOAD_NODE_MILLIS = 900;

  /** k6-operator's starter pod (fixed by k6-operator). */
  private static final long STARTER_MILLIS = 50;

  /** vtbench 50m, CloudNativePG 25m, k6-operator 25m (hack/offline/e2e.sh), wherever they land. */
  private static final long OPERATORS_MILLIS = 100;

  private static RunSpec spec() {
    return PlacementE2E.spec(
        JSON,
        Path.of("../../examples/two-core.yaml"),
        "vtbench-e2e",
        "vtbench/postgresql:15",
        "vtbench/k6:1.8.1");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> section(RunSpec spec, String name) {
    var s = (Map<String, Object>) spec.resource().getAdditionalProperties().get("spec");
    return (Map<String, Object>) s.get(name);
  }

  @Test
  void oneScenarioOfTwoTestRunRunnersEachTierOnItsLabelTheSutsNodeItsOwn() {
    RunSpec spec = spec();
    assertThat(spec.resource().getMetadata().getName()).isEqualTo("two-core-placement");
    assertThat(spec.plan(JSON)).hasSize(1);
    assertThat(spec.expectedRunner()).isEqualTo("testrun");
    assertThat(section(spec, "load")).containsEntry("parallelism", PlacementE2E.RUNNERS);
    assertThat(section(spec, "sut"))
        .containsEntry("dedicatedNode", true)
        .containsEntry("nodeSelector", Map.of("vtbench.dev/tier", "sut"));
    assertThat(section(spec, "stub"))
        .containsEntry("nodeSelector", Map.of("vtbench.dev/tier", "stub"));
    assertThat(section(spec, "database"))
        .containsEntry("nodeSelector", Map.of("vtbench.dev/tier", "database"));
    assertThat(section(spec, "load"))
        .containsEntry("nodeSelector", Map.of("vtbench.dev/load", "true"));
  }

  @Test
  void theSpecIsAdmissible() {
    BenchmarkRun run = JSON.convertValue(spec().resource(), BenchmarkRun.class);
    assertThat(SpecValidation.cluster(run)).isEmpty();
  }

  @Test
  void eachLoadNodesRequestsFitItsCpuWithAWarmUpsRunnerStillCounted() {
    RunSpec spec = spec();
    long runner = Math.round(spec.loadCpus() * 1000);
    long stub = Quantities.millis(String.valueOf(section(spec, "stub").get("cpu")));
    long database = Math.round(spec.databaseCpus() * 1000);
    // the stub's node: the stub, a runner and the one before it, the starter, the operators
    assertThat(stub + 2 * runner + STARTER_MILLIS + OPERATORS_MILLIS)
        .isLessThanOrEqualTo(LOAD_NODE_MILLIS);
    assertThat(database + 2 * runner + STARTER_MILLIS + OPERATORS_MILLIS)
        .isLessThanOrEqualTo(LOAD_NODE_MILLIS);
    // the SUT's node: the pinned SUT fits only there (1.9 CPU allocatable)
    assertThat(
            NodeRoles.choose(
                java.util.List.of(
                    new NodeRoles.Candidate("vm", 1900),
                    new NodeRoles.Candidate("vm-2", LOAD_NODE_MILLIS),
                    new NodeRoles.Candidate("vm-3", LOAD_NODE_MILLIS)),
                Math.round(spec.sutCpus() * 1000)))
        .contains(new NodeRoles("vm", "vm-2", "vm-3"));
  }
}
