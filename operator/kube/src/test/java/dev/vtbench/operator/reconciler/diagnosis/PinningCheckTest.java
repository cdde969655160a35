package dev.vtbench.operator.reconciler.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.SutSpec;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.TierNodes;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.load.LoadState;
import dev.vtbench.operator.reconciler.steps.RecordStep;
import dev.vtbench.operator.reconciler.steps.SutImage;
import dev.vtbench.operator.resources.CpusetProbe;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The operator's pinning decision and the provenance a cluster row keeps (SutImage too). */
class PinningCheckTest {

  @Test
  void anExclusiveCpusetOfTheRequestedSizeIsGranted() {
    assertThat(PinningCheck.refusal(true, 2, "2-3", "0-7")).isEmpty();
    assertThat(PinningCheck.refusal(true, 1, "1", null)).isEmpty();
  }

  @Test
  void theWholeNodeUnderTheDefaultPolicyIsRefusedWithTheFix() {
    // the kubelet's "none" policy: the shared pool, every CPU of an 8-CPU node
    assertThat(PinningCheck.refusal(true, 2, "0-7", "0-7"))
        .hasValueSatisfying(
            m ->
                assertThat(m)
                    .contains("cpuset 0-7 (8 CPUs)")
                    .contains("asks for 2 exclusive CPUs")
                    .contains("--cpu-manager-policy=static"));
  }

  @Test
  void theRightSizeIsNotEnoughWhenItIsTheWholeNode() {
    // a 2-CPU node asked for 2: the size matches, but nothing is exclusive
    assertThat(PinningCheck.refusal(true, 2, "0-1", "0-1"))
        .hasValueSatisfying(m -> assertThat(m).contains("every CPU of its node"));
  }

  @Test
  void anUnreadableCpusetIsNotTakenOnTrust() {
    assertThat(PinningCheck.refusal(true, 2, null, "0-7"))
        .hasValueSatisfying(m -> assertThat(m).contains("could not be read"));
  }

  @Test
  void unpinnedAsksForNothing() {
    assertThat(PinningCheck.refusal(false, 0, "0-7", "0-7")).isEmpty();
    assertThat(PinningCheck.refusal(false, 0, null, null)).isEmpty();
  }

  @Test
  void theSpecAndTheRunnersProbeAreWhatIsChecked() throws Exception {
    String summary = runnerSummary();
    SutSpec sut = new SutSpec();
    sut.cpu = "1";
    // runner-summary.json: the SUT reported cpuset 1
    assertThat(PinningCheck.refusal(sut, CpusetProbe.Cores.of(SutProbe.parse(summary)))).isEmpty();
    sut.cpu = "2";
    assertThat(PinningCheck.refusal(sut, CpusetProbe.Cores.of(SutProbe.parse(summary))))
        .isPresent();
    sut.pinned = false;
    assertThat(PinningCheck.refusal(sut, CpusetProbe.Cores.of(SutProbe.parse(summary)))).isEmpty();
  }

  @Test
  void aClusterRowKeepsTheJdkVersionAndWhereTheSutRan() throws Exception {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.sut.image = "registry.example/vtbench/sut@sha256:0123abcd";
    List<Scenario> plan = Planner.plan(spec);
    Scenario s = plan.getFirst();
    K6Plan k6 =
        RunCursor.of(spec, List.of())
            .k6Plan(new RunCursor.Measure(s), "http://sut:8080", spec.load.parallelism);
    String summary =
        runnerSummary()
            .replace(
                "\"availableProcessors\":1",
                "\"availableProcessors\":1,\"node\":\"node-a\",\"cpuModel\":\"Test CPU\","
                    + "\"kernel\":\"6.8.0-45-generic\",\"onlineCpus\":\"0-3\"");

    ResultRow row =
        RecordStep.row(
            spec,
            s,
            new LoadState(true, List.of(summary), null),
            k6,
            spec.sut.image,
            WarmState.NONE,
            false,
            CpusetProbe.Cores.of(SutProbe.parse(summary)),
            new TierNodes(
                SutProbe.parse(summary).sut().node(),
                "node-b",
                "node-c",
                List.of("node-c", "node-b", "node-c")));

    assertThat(row.jdkVersion()).isEqualTo("25.0.3+9-LTS");
    assertThat(row.node()).isEqualTo("node-a");
    // every tier's node in one column, the SUT's the same as node's, the runners' sorted
    assertThat(row.tierNodes())
        .isEqualTo("sut=node-a;stub=node-b;database=node-c;load=node-b+node-c");
    assertThat(row.cpuModel()).isEqualTo("Test CPU");
    assertThat(row.kernel()).isEqualTo("6.8.0-45-generic");
    assertThat(row.sutArtifact()).isEqualTo("registry.example/vtbench/sut@sha256:0123abcd");
    assertThat(row.meanMs()).isCloseTo(101.808, org.assertj.core.data.Offset.offset(0.001));
    // no per-core data in a cluster: the columns stay empty rather than guessed
    assertThat(row.cpuBusyPct()).isNull();
    assertThat(row.loadCoreBusyPct()).isNull();
  }

  @Test
  void theImageIsTheDigestTheKubeletResolvedForTheMeasuredConfig() {
    Pod measured = sutPod("cfg-a", "docker.io/vtbench/sut@sha256:aaaa");
    Pod other = sutPod("cfg-b", "docker.io/vtbench/sut@sha256:bbbb");
    Pod starting = sutPod("cfg-a", null);

    assertThat(SutImage.of(List.of(other, starting, measured), "cfg-a", "vtbench/sut:dev"))
        .isEqualTo("docker.io/vtbench/sut@sha256:aaaa");
    // no pod of that config observed: the spec's reference
    assertThat(SutImage.of(List.of(other), "cfg-a", "vtbench/sut:dev"))
        .isEqualTo("vtbench/sut:dev");
  }

  private static Pod sutPod(String config, String imageId) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("run-sut-" + config)
        .withAnnotations(Map.of(SutTier.CONFIG_ANNOTATION, config))
        .endMetadata()
        .withNewStatus()
        .addNewContainerStatus()
        .withName("sut")
        .withImageID(imageId)
        .endContainerStatus()
        .endStatus()
        .build();
  }

  private static String runnerSummary() throws Exception {
    return Files.readString(
        Path.of(PinningCheckTest.class.getResource("/runner-summary.json").toURI()));
  }
}
