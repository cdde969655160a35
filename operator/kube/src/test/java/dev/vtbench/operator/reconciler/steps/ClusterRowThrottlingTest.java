package dev.vtbench.operator.reconciler.steps;

import static dev.vtbench.operator.reconciler.steps.ClusterRowCpuTest.STUB;
import static dev.vtbench.operator.reconciler.steps.ClusterRowCpuTest.THROTTLED_STUB;
import static dev.vtbench.operator.reconciler.steps.ClusterRowCpuTest.row;
import static dev.vtbench.operator.reconciler.steps.ClusterRowCpuTest.summary;
import static dev.vtbench.operator.reconciler.steps.ClusterRowCpuTest.twoCoreSpec;
import static dev.vtbench.operator.reconciler.steps.ClusterRowCpuTest.withStub;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.VerdictRows;
import dev.vtbench.engine.run.TierThrottling;
import org.junit.jupiter.api.Test;

/**
 * The throttling columns of a cluster row (the SUT's, the stub's, the database's and k6's own),
 * from what the k6 runner read around the hold, with {@link ClusterRowCpuTest}'s fixtures.
 */
class ClusterRowThrottlingTest {

  /**
   * CFS throttling over the hold as the runner read it: the SUT's (its cgroup's counters at the
   * hold's edges) and the stub's (its window) fill their columns, and a SUT held back in 12.5 % of
   * its periods is the bottleneck, the root cause, and out of verdicts.
   */
  @Test
  void theSutsAndTheStubsThrottlingFillTheirColumnsAndNameTheBottleneck() throws Exception {
    String stub = STUB.replace("95.0", "70.0").replace("\"stealPct\":1.5", THROTTLED_STUB);
    ResultRow row =
        row(
            twoCoreSpec(),
            withStub(
                stub
                    + "\"sutThrottledPct\":12.5,\"sutCpuLimitCores\":0.5,\"dbThrottledPct\":0.0,"
                    + "\"loadCpuSeconds\":0.3,\"loadThrottledPct\":0.0,"),
            true);

    assertThat(row.sutThrottledPct()).isEqualTo(12.5);
    assertThat(row.stubThrottledPct()).isEqualTo(3.0);
    assertThat(row.pgThrottledPct()).isZero();
    // the SUT's JVM as it reported itself before the load
    assertThat(row.jvmProcessors()).isEqualTo(1);
    assertThat(row.vtParallelism()).isEqualTo(1);
    assertThat(row.bottleneck()).isEqualTo(Bottleneck.SUT_THROTTLED);
    assertThat(VerdictRows.leftOutBecause(row)).contains(VerdictRows.SUT_THROTTLED);
    assertThat(row.notes()).isNull();

    ResultRow stubOnly =
        row(
            twoCoreSpec(),
            withStub(stub.replace("3.0", "6.0") + "\"sutThrottledPct\":0,\"dbThrottledPct\":0,"),
            true);
    assertThat(stubOnly.bottleneck()).isEqualTo(Bottleneck.STUB_THROTTLED);
    assertThat(VerdictRows.leftOutBecause(stubOnly))
        .as("only the SUT's throttling voids a verdict")
        .isEmpty();
  }

  /** A runner that read neither leaves both columns empty, and the row's notes say why. */
  @Test
  void throttlingNotReadIsEmptyAndTheNotesSayWhy() throws Exception {
    ResultRow noWindow = row(twoCoreSpec(), summary(), true);

    assertThat(noWindow.sutThrottledPct()).isNull();
    assertThat(noWindow.stubThrottledPct()).isNull();
    assertThat(noWindow.notes())
        .contains(TierThrottling.CLUSTER_SUT_NOTE)
        .contains(TierThrottling.NO_STUB_WINDOW_NOTE)
        .contains(TierThrottling.CLUSTER_PG_NOTE);

    ResultRow oldStub =
        row(
            twoCoreSpec(),
            withStub(
                STUB + "\"sutThrottledPct\":0.0,\"dbThrottledPct\":0.0,\"loadThrottledPct\":0.0,"),
            true);
    assertThat(oldStub.sutThrottledPct()).isZero();
    assertThat(oldStub.notes()).isEqualTo(TierThrottling.CLUSTER_STUB_NOTE);
    assertThat(oldStub.pgThrottledPct()).isZero();

    // a k6 without vtbench's extension (any image but vtbench/k6): its figures empty, saying why
    assertThat(noWindow.loadCpuPct()).isNull();
    assertThat(noWindow.loadThrottledPct()).isNull();
    assertThat(noWindow.notes()).contains(TierThrottling.CLUSTER_LOAD_NOTE);
  }

  /**
   * k6's own CPU and throttling as vtbench's k6 reports them: load_cpu_pct filled, and a k6 held
   * back in at least 5 % of its periods saturated (the generator was the limit), as locally.
   */
  @Test
  void k6sOwnCpuAndThrottlingFillTheirColumnsAndAThrottledK6IsTheLimit() throws Exception {
    String roomy = STUB.replace("95.0", "50.0");
    ResultRow free =
        row(
            twoCoreSpec(),
            withStub(roomy + "\"loadCpuSeconds\":0.3,\"loadThrottledPct\":1.0,"),
            true);
    // 0.3 s of CPU in a 3 s hold: 10 % of one core, half of its 200m
    assertThat(free.loadCpuPct()).isCloseTo(10.0, within(1e-9));
    assertThat(free.loadThrottledPct()).isEqualTo(1.0);
    assertThat(free.generatorSaturated()).isFalse();

    ResultRow held =
        row(
            twoCoreSpec(),
            withStub(roomy + "\"loadCpuSeconds\":0.5,\"loadThrottledPct\":22.0,"),
            true);
    assertThat(held.loadThrottledPct()).isEqualTo(22.0);
    assertThat(held.generatorSaturated()).isTrue();
    assertThat(held.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);
  }
}
