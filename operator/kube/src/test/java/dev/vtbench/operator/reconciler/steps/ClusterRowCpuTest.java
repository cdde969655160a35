package dev.vtbench.operator.reconciler.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.TierNodes;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.load.LoadState;
import dev.vtbench.operator.resources.CpusetProbe;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CPU columns of a cluster row, from what the k6 runner read around the hold
 * (runner-summary.json: a 3 s hold, the SUT used 1.3 s of CPU) and where the pods ran. The
 * throttling columns: {@link ClusterRowThrottlingTest}.
 */
class ClusterRowCpuTest {

  /** The stub's window on a 2-core node: CPU 0 (the shared pool) 95 % busy, CPU 1 30 %. */
  static final String STUB =
      "\"stub\":{\"cpuSeconds\":0.6,\"cpuset\":\"0\",\"coreBusyPct\":{\"0\":95.0,\"1\":30.0},"
          + "\"stealPct\":1.5},";

  /** The stub's throttling in its window: 3 % of its periods, on a 250m limit. */
  static final String THROTTLED_STUB =
      "\"stealPct\":1.5,\"throttledPct\":3.0,\"cpuLimitCores\":0.25";

  @Test
  void theStubsCpuOverTheHoldIsItsOwnColumn() throws Exception {
    ResultRow row = row(twoCoreSpec(), withStub(STUB), true);

    assertThat(row.appCpuPct()).isCloseTo(43.33, within(0.01));
    // 0.6 s of CPU in a 3 s hold: 20 % of one core
    assertThat(row.stubCpuPct()).isCloseTo(20.0, within(1e-9));
    // k6's own CPU is not measured on a cluster: empty, not zero; nor PostgreSQL's when the SUT
    // did not read it
    assertThat(row.pgCpuPct()).isNull();
    assertThat(row.loadCpuPct()).isNull();
  }

  @Test
  void theDatabasesCpuAsTheSutReadItIsPgCpuPct() throws Exception {
    ResultRow row = row(twoCoreSpec(), withStub(STUB + "\"dbCpuSeconds\":2.7,"), true);

    // 2.7 s of CPU in a 3 s hold: 90 % of one core
    assertThat(row.pgCpuPct()).isCloseTo(90.0, within(1e-9));
    assertThat(row.loadCpuPct()).isNull();
  }

  @Test
  void aDatabaseAtItsCpuLimitIsTheBottleneckOnAClusterToo() throws Exception {
    BenchmarkRunSpec spec = twoCoreSpec();
    spec.database.cpu = "1";

    ResultRow busy =
        row(spec, withStub(STUB.replace("95.0", "50.0") + "\"dbCpuSeconds\":2.9,"), true);
    ResultRow idle =
        row(spec, withStub(STUB.replace("95.0", "50.0") + "\"dbCpuSeconds\":0.3,"), true);

    assertThat(busy.bottleneck()).isEqualTo(Bottleneck.DATABASE_CPU);
    assertThat(idle.bottleneck()).isNotEqualTo(Bottleneck.DATABASE_CPU);
  }

  @Test
  void aBusySharedCoreSaturatesTheGeneratorWhoeverUsedIt() throws Exception {
    ResultRow row = row(twoCoreSpec(), withStub(STUB), true);

    assertThat(row.cpuBusyPct()).isEqualTo("0:95.0|1:30.0");
    assertThat(row.loadCoreBusyPct()).isEqualTo(95.0);
    assertThat(row.stealPct()).isEqualTo(1.5);
    assertThat(row.generatorSaturated()).isTrue();
    assertThat(row.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);
  }

  @Test
  void aSharedCoreWithRoomLeftIsNotSaturated() throws Exception {
    ResultRow row = row(twoCoreSpec(), withStub(STUB.replace("95.0", "70.0")), true);

    assertThat(row.loadCoreBusyPct()).isEqualTo(70.0);
    assertThat(row.generatorSaturated()).isFalse();
  }

  @Test
  void coresOfAnotherNodeSayNothingAboutTheGenerator() throws Exception {
    ResultRow row = row(twoCoreSpec(), withStub(STUB), false);

    assertThat(row.cpuBusyPct()).isNull();
    assertThat(row.loadCoreBusyPct()).isNull();
    assertThat(row.stealPct()).isNull();
    assertThat(row.generatorSaturated()).as("unknown, not false").isNull();
  }

  @Test
  void aGeneratorWithWholeCpusHasCoresNothingHereCanName() throws Exception {
    BenchmarkRunSpec spec = twoCoreSpec();
    spec.load.cpu = "2";

    ResultRow row = row(spec, withStub(STUB), true);

    // the node's cores are still the row's, the generator's share of them is unknown
    assertThat(row.cpuBusyPct()).isEqualTo("0:95.0|1:30.0");
    assertThat(row.loadCoreBusyPct()).isNull();
    assertThat(row.generatorSaturated()).isNull();
  }

  @Test
  void aStubWindowTheRunnerMissedLeavesTheColumnsEmptyNotZero() throws Exception {
    ResultRow row = row(twoCoreSpec(), summary(), true);

    assertThat(row.stubCpuPct()).isNull();
    assertThat(row.cpuBusyPct()).isNull();
    assertThat(row.generatorSaturated()).isNull();
    assertThat(row.appCpuPct()).isNotNull();
  }

  @Test
  void sameNodeMeansEveryRunnerAndStubPodOnOneScheduledNode() {
    assertThat(GeneratorCores.sameNode(List.of(pod("a")), List.of(pod("a")))).isTrue();
    assertThat(GeneratorCores.sameNode(List.of(pod("a")), List.of(pod("b")))).isFalse();
    assertThat(GeneratorCores.sameNode(List.of(pod("a")), List.of(pod("a"), pod("b")))).isFalse();
    assertThat(GeneratorCores.sameNode(List.of(pod(null)), List.of(pod(null)))).isFalse();
    assertThat(GeneratorCores.sameNode(List.of(), List.of(pod("a")))).isFalse();
  }

  /** examples/two-core.yaml's shares: k6 and the stub in the shared pool. */
  static BenchmarkRunSpec twoCoreSpec() {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.load.cpu = "200m";
    spec.stub.cpu = "400m";
    return spec;
  }

  static ResultRow row(BenchmarkRunSpec spec, String summary, boolean runnerOnStubNode) {
    Scenario s = Planner.plan(spec).getFirst();
    return row(
        spec, summary, runnerOnStubNode, new WarmState(s.sut().restartKey(), SIXTY, true, false));
  }

  static final java.time.Duration SIXTY = java.time.Duration.ofSeconds(60);

  /** The row of {@code summary}'s hold, measured on a SUT in state {@code warm}. */
  static ResultRow row(
      BenchmarkRunSpec spec, String summary, boolean runnerOnStubNode, WarmState warm) {
    Scenario s = Planner.plan(spec).getFirst();
    K6Plan k6 =
        RunCursor.of(spec, List.of())
            .k6Plan(new RunCursor.Measure(s), "http://sut:8080", spec.load.parallelism);
    SutProbe probe = SutProbe.parse(summary);
    return RecordStep.row(
        spec,
        s,
        new LoadState(true, List.of(summary), null),
        k6,
        spec.sut.image,
        warm,
        runnerOnStubNode,
        CpusetProbe.Cores.of(probe),
        new TierNodes(probe.sut().node(), null, null, List.of()));
  }

  @Test
  void aRowNotSteadySaysWhyInItsNotes() throws Exception {
    BenchmarkRunSpec spec = twoCoreSpec();
    String key = Planner.plan(spec).getFirst().sut().restartKey();

    ResultRow spent =
        row(
            spec,
            withStub(STUB),
            true,
            new WarmState(key, java.time.Duration.ofSeconds(180), false, false));
    ResultRow cold = row(spec, withStub(STUB), true, WarmState.NONE);

    assertThat(spent.steadyState()).isFalse();
    assertThat(spent.notes())
        .contains(
            "not steady: its JVM's warm-up found no steady state in 180 s of load (the run's"
                + " warm-up line, or its LoadRunning condition, says which criterion failed and"
                + " what to set)");
    assertThat(cold.notes())
        .contains("not steady: its JVM had no warm-up before this hold (spec.load.sutWarmup 0s)");
  }

  static String withStub(String stub) throws Exception {
    return summary().replace("\"holdSeconds\":3", stub + "\"holdSeconds\":3");
  }

  static String summary() throws Exception {
    return Files.readString(
        Path.of(ClusterRowCpuTest.class.getResource("/runner-summary.json").toURI()));
  }

  static Pod pod(String node) {
    return new PodBuilder().withNewSpec().withNodeName(node).endSpec().build();
  }
}
