package dev.vtbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.proc.CfsStat;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The throttling columns of a row and the notes for those left empty, from a local runner's cgroup
 * readings and from a cluster runner's summary.
 */
class TierThrottlingTest {

  static final CfsStat.Snapshot LIMITED_START = new CfsStat.Snapshot(1000, 10, 0.5, 1.5);
  // 400 periods later, 30 of them throttled: 7.5 %
  static final CfsStat.Snapshot LIMITED_END = new CfsStat.Snapshot(1400, 40, 2.0, 1.5);
  // a process vtbench started: no limit, so the periods the kernel counts throttle nothing
  static final CfsStat.Snapshot FREE_START = new CfsStat.Snapshot(0, 0, 0, null);
  static final CfsStat.Snapshot FREE_END = new CfsStat.Snapshot(300, 300, 0, null);

  static final TierThrottling.Readings LIMITED =
      new TierThrottling.Readings(LIMITED_START, LIMITED_END);
  static final TierThrottling.Readings FREE = new TierThrottling.Readings(FREE_START, FREE_END);

  @Test
  void locallyEachTierIsItsCgroupBetweenTheHoldsEdges() {
    TierThrottling t = TierThrottling.local(LIMITED, FREE, LIMITED, LIMITED);

    assertThat(t.sutPct()).isEqualTo(7.5);
    assertThat(t.stubPct()).as("no limit: nothing can throttle it").isZero();
    assertThat(t.pgPct()).isEqualTo(7.5);
    assertThat(t.loadPct()).isEqualTo(7.5);
    assertThat(t.notes()).isEmpty();
  }

  @Test
  void locallyAReadingMissingAtEitherEdgeIsEmptyWithANote() {
    TierThrottling t =
        TierThrottling.local(
            new TierThrottling.Readings(null, LIMITED_END),
            new TierThrottling.Readings(FREE_START, null),
            new TierThrottling.Readings(null, null),
            new TierThrottling.Readings(null, null));

    assertThat(t.sutPct()).isNull();
    assertThat(t.stubPct()).isNull();
    assertThat(t.pgPct()).isNull();
    assertThat(t.notes())
        .containsExactly(
            TierThrottling.LOCAL_SUT_NOTE,
            TierThrottling.LOCAL_STUB_NOTE,
            TierThrottling.LOCAL_PG_NOTE,
            TierThrottling.LOCAL_LOAD_NOTE);
  }

  @Test
  void withoutAStubOrADatabaseThereIsNoFigureAndNothingToSay() {
    TierThrottling t = TierThrottling.local(FREE, null, null, FREE);

    assertThat(t.sutPct()).isZero();
    assertThat(t.stubPct()).isNull();
    assertThat(t.pgPct()).isNull();
    assertThat(t.notes()).isEmpty();
  }

  /** This JVM's own cgroup, read as the local runner reads a tier's: Linux answers. */
  @Test
  void thisProcessReadsAsATierWould() {
    long pid = ProcessHandle.current().pid();
    CfsStat.Snapshot start = CfsStat.read(Path.of("/"), pid);
    CfsStat.Snapshot end = CfsStat.read(Path.of("/"), pid);
    if (java.nio.file.Files.exists(Path.of("/proc/self/cgroup"))) {
      TierThrottling.Readings own = new TierThrottling.Readings(start, end);
      TierThrottling t = TierThrottling.local(own, null, null, own);
      assertThat(t.sutPct()).isNotNull().isBetween(0.0, 100.0);
    }
  }

  static String summary(String probe) {
    return "{\"metrics\":{},\"vtbench\":{\"sut\":{},\"holdSeconds\":10" + probe + "}}";
  }

  @Test
  void onAClusterTheRunnersFiguresAreTheColumns() {
    SutProbe probe =
        SutProbe.parse(
            summary(
                ",\"sutThrottledPct\":12.5,\"sutCpuLimitCores\":1,\"dbThrottledPct\":40.2,"
                    + "\"stub\":{\"cpuSeconds\":1,\"throttledPct\":0.0,\"cpuLimitCores\":null},"
                    + "\"loadCpuSeconds\":2.5,\"loadThrottledPct\":9.0,\"loadCpuLimitCores\":0.25"));

    TierThrottling t = TierThrottling.cluster(new BenchmarkRunSpec(), probe);

    assertThat(t.sutPct()).isEqualTo(12.5);
    assertThat(t.stubPct()).isZero();
    assertThat(t.pgPct()).isEqualTo(40.2);
    assertThat(t.loadPct()).isEqualTo(9.0);
    // 2.5 s of k6's CPU in a 10 s hold: a quarter of a core, its whole limit
    assertThat(probe.loadCpuPct()).isEqualTo(25.0);
    assertThat(t.notes()).isEmpty();
  }

  @Test
  void onAClusterWhatTheRunnerDidNotReadIsEmptyAndTheNotesSayWhy() {
    BenchmarkRunSpec own = new BenchmarkRunSpec();
    assertThat(TierThrottling.cluster(own, SutProbe.parse(summary(""))).notes())
        .containsExactly(
            TierThrottling.CLUSTER_SUT_NOTE,
            TierThrottling.NO_STUB_WINDOW_NOTE,
            TierThrottling.CLUSTER_PG_NOTE,
            TierThrottling.CLUSTER_LOAD_NOTE);
    assertThat(
            TierThrottling.cluster(own, SutProbe.parse(summary(",\"stub\":{\"cpuSeconds\":1}")))
                .notes())
        .containsExactly(
            TierThrottling.CLUSTER_SUT_NOTE,
            TierThrottling.CLUSTER_STUB_NOTE,
            TierThrottling.CLUSTER_PG_NOTE,
            TierThrottling.CLUSTER_LOAD_NOTE);

    // a user's service that calls no stub, on its own database: only the service's own note
    BenchmarkRunSpec service = new BenchmarkRunSpec();
    service.sut.service = new ServiceSpec();
    service.database.external = new dev.vtbench.engine.model.spec.ExternalDatabaseSpec();
    TierThrottling t = TierThrottling.cluster(service, SutProbe.parse(summary("")));
    assertThat(t.sutPct()).isNull();
    assertThat(t.stubPct()).isNull();
    assertThat(t.pgPct()).isNull();
    assertThat(t.notes())
        .containsExactly(TierThrottling.SERVICE_NOTE, TierThrottling.CLUSTER_LOAD_NOTE);
  }
}
