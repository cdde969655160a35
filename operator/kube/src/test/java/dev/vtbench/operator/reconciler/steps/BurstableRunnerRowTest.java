package dev.vtbench.operator.reconciler.steps;

import static dev.vtbench.operator.reconciler.steps.ClusterRowCpuTest.STUB;
import static dev.vtbench.operator.reconciler.steps.ClusterRowCpuTest.row;
import static dev.vtbench.operator.reconciler.steps.ClusterRowCpuTest.twoCoreSpec;
import static dev.vtbench.operator.reconciler.steps.ClusterRowCpuTest.withStub;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.QuantityRules;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.proc.CoreBusy;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The generator columns of a cluster row whose k6 runner had no CPU limit (spec.load.qos
 * Burstable): it is judged by the cores it ran on, the node's shared pool, as a local k6 is, never
 * against spec.load.cpu, which was only its request. With {@link ClusterRowCpuTest}'s fixtures: the
 * stub's cpuset, the shared pool, is CPU 0.
 */
class BurstableRunnerRowTest {

  /** examples/cluster-parity.yaml's k6: 250m, unpinned, in the shared pool. */
  static BenchmarkRunSpec parity(String qos) {
    BenchmarkRunSpec spec = twoCoreSpec();
    spec.load.pinned = false;
    spec.load.cpu = "250m";
    spec.load.qos = qos;
    return spec;
  }

  /** k6 used 0.66 s of CPU in the 3 s hold, 22 % of one core; its cgroup throttled it in none. */
  static final String K6 = "\"loadCpuSeconds\":0.66,\"loadThrottledPct\":0.0,";

  @Test
  void k6sOwnCpuCountsAgainstItsPoolNotAgainstItsRequest() throws Exception {
    String roomy = STUB.replace("95.0", "70.0") + K6;

    ResultRow guaranteed = row(parity(QuantityRules.GUARANTEED), withStub(roomy), true);
    ResultRow burstable = row(parity(QuantityRules.BURSTABLE), withStub(roomy), true);

    assertThat(guaranteed.loadCpuPct()).isCloseTo(22.0, within(1e-9));
    assertThat(guaranteed.generatorSaturated()).as("22 % ≥ 85 % of its 250m limit").isTrue();
    assertThat(guaranteed.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);

    assertThat(burstable.loadCpuPct()).isCloseTo(22.0, within(1e-9));
    assertThat(burstable.loadThrottledPct()).isZero();
    assertThat(burstable.loadCoreBusyPct()).isEqualTo(70.0);
    assertThat(burstable.generatorSaturated()).as("22 % of CPU 0, which was 70 % busy").isFalse();
    assertThat(burstable.bottleneck()).isNotEqualTo(Bottleneck.LOAD_GENERATOR);
  }

  @Test
  void aBusyPoolStillSaturatesABurstableK6() throws Exception {
    ResultRow row = row(parity(QuantityRules.BURSTABLE), withStub(STUB + K6), true);

    assertThat(row.loadCoreBusyPct()).isEqualTo(95.0);
    assertThat(row.generatorSaturated()).isTrue();
  }

  @Test
  void aBurstableK6AskingForWholeCpusStillRunsInTheSharedPool() throws Exception {
    BenchmarkRunSpec spec = parity(QuantityRules.BURSTABLE);
    spec.load.cpu = "1";

    ResultRow row = row(spec, withStub(STUB.replace("95.0", "70.0") + K6), true);

    // only a Guaranteed pod gets cores of its own: this one shares the stub's
    assertThat(row.loadCoreBusyPct()).isEqualTo(70.0);
    assertThat(row.generatorSaturated()).isFalse();
  }

  @Test
  void aBurstableK6OnAnotherNodeIsUnknownNotClearedByItsZeroThrottling() throws Exception {
    ResultRow guaranteed = row(parity(QuantityRules.GUARANTEED), withStub(STUB + K6), false);
    ResultRow burstable = row(parity(QuantityRules.BURSTABLE), withStub(STUB + K6), false);

    assertThat(guaranteed.loadCoreBusyPct()).isNull();
    assertThat(guaranteed.generatorSaturated()).as("against its limit").isTrue();
    assertThat(burstable.loadCoreBusyPct()).isNull();
    assertThat(burstable.loadThrottledPct()).as("nothing could throttle it").isZero();
    assertThat(burstable.generatorSaturated()).as("unknown, not false").isNull();
  }

  @Test
  void theGeneratorsCpusAreItsLimitOrElseItsPool() {
    CoreBusy pool = new CoreBusy(new TreeMap<>(Map.of(0, 70.0, 1, 30.0)), 0, Set.of(0));
    CoreBusy noPool = new CoreBusy(new TreeMap<>(Map.of(0, 70.0, 1, 30.0)), 0, Set.of());

    assertThat(GeneratorCores.cpus(parity(QuantityRules.GUARANTEED), pool)).isEqualTo(0.25);
    assertThat(GeneratorCores.cpus(parity(QuantityRules.GUARANTEED), null)).isEqualTo(0.25);
    assertThat(GeneratorCores.cpus(parity(QuantityRules.BURSTABLE), pool)).isEqualTo(1.0);
    assertThat(GeneratorCores.cpus(parity(QuantityRules.BURSTABLE), noPool)).isNaN();
    assertThat(GeneratorCores.cpus(parity(QuantityRules.BURSTABLE), null)).isNaN();
  }
}
