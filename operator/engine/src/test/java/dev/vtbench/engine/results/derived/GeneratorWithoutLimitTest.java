package dev.vtbench.engine.results.derived;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.derived.DerivedMetrics.Rig;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.ResultRowBuilder;
import org.junit.jupiter.api.Test;

/**
 * {@code generator_saturated} for a k6 with a CPU limit (a Guaranteed runner) and without one (a
 * Burstable runner, spec.load.qos, or a local k6): without a limit, k6 is judged by the cores it
 * ran on, and a throttling of 0 % (nothing could throttle it) clears nothing. Figures of
 * examples/cluster-parity.yaml: k6 at 0.44 ms of CPU per request drives 500 req/s with 22 % of one
 * core, at its 250m limit's 85 % (21.25 %).
 */
class GeneratorWithoutLimitTest {

  private static final double STUB_MS = 200;

  /** A Guaranteed runner with 250m: limits = requests. */
  private static final Rig LIMITED = new Rig(STUB_MS, Double.NaN, 0.2, 0.25, 60_000, true);

  /** A Burstable runner on a node whose shared pool is one core (CPU 0, as on two cores). */
  private static final Rig POOL_OF_ONE = new Rig(STUB_MS, Double.NaN, 0.2, 1, 60_000, false);

  /** A Burstable runner whose cores were not measured (not on the stub's node). */
  private static final Rig POOL_UNKNOWN =
      new Rig(STUB_MS, Double.NaN, 0.2, Double.NaN, 60_000, false);

  private static ResultRowBuilder virtualAt500() {
    return Rows.row("virtual", "released", 50, 100, 480.0)
        .stubDelayMs(STUB_MS)
        .sutCpuset("1")
        .appCpuPct(20.0)
        .loadCpuPct(22.0)
        .loadThrottledPct(0.0);
  }

  @Test
  void k6sOwnCpuIsJudgedAgainstItsLimitOnlyWhereItHadOne() {
    ResultRow limited = DerivedMetrics.derive(virtualAt500().build(), LIMITED);
    assertThat(limited.generatorSaturated()).as("22 % of a 250m limit").isTrue();
    assertThat(limited.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);

    ResultRow burstable =
        DerivedMetrics.derive(virtualAt500().loadCoreBusyPct(70.0).build(), POOL_OF_ONE);
    assertThat(burstable.generatorSaturated()).as("22 % of a free core").isFalse();
    assertThat(burstable.bottleneck()).isNotEqualTo(Bottleneck.LOAD_GENERATOR);
  }

  @Test
  void aBurstableK6IsTheLimitWhenItsPoolIsBusyOrItFillsIt() {
    ResultRow busyPool =
        DerivedMetrics.derive(virtualAt500().loadCoreBusyPct(88.0).build(), POOL_OF_ONE);
    assertThat(busyPool.generatorSaturated()).isTrue();

    ResultRow k6FillsIt =
        DerivedMetrics.derive(
            virtualAt500().loadCpuPct(86.0).loadCoreBusyPct(84.0).build(), POOL_OF_ONE);
    assertThat(k6FillsIt.generatorSaturated()).isTrue();
  }

  @Test
  void withoutALimitZeroThrottlingClearsNothing() {
    ResultRow noCpu = virtualAt500().loadCpuPct(null).build();

    assertThat(DerivedMetrics.derive(noCpu, LIMITED).generatorSaturated())
        .as("its limit did not hold it back")
        .isFalse();
    assertThat(DerivedMetrics.derive(noCpu, POOL_UNKNOWN).generatorSaturated())
        .as("nothing could hold it back, and its cores are unknown")
        .isNull();
    assertThat(DerivedMetrics.derive(virtualAt500().build(), POOL_UNKNOWN).generatorSaturated())
        .as("its own CPU, against cores nobody measured")
        .isNull();
  }

  @Test
  void aThrottledK6IsTheLimitWhateverTheRig() {
    ResultRow held = virtualAt500().loadThrottledPct(22.0).build();
    assertThat(DerivedMetrics.derive(held, LIMITED).generatorSaturated()).isTrue();
    assertThat(DerivedMetrics.derive(held, POOL_UNKNOWN).generatorSaturated()).isTrue();
  }

  @Test
  void readBackARowKeepsWhatItsRunJudgedWhereTheRowCannotTell() {
    // a Burstable row whose runner was not on the stub's node: unknown, and unknown it stays
    ResultRow unknown =
        DerivedMetrics.derive(virtualAt500().build(), POOL_UNKNOWN).toBuilder()
            .steadyState(true)
            .build();
    assertThat(unknown.generatorSaturated()).isNull();
    ResultRow readBack = Rederive.row(unknown);
    assertThat(readBack.generatorSaturated()).isNull();
    assertThat(Rederive.relabelled(readBack)).isFalse();

    // a Guaranteed row cleared by its limit's throttling stays cleared
    ResultRow cleared =
        DerivedMetrics.derive(virtualAt500().loadCpuPct(10.0).build(), LIMITED).toBuilder()
            .steadyState(true)
            .build();
    assertThat(cleared.generatorSaturated()).isFalse();
    assertThat(Rederive.row(cleared).generatorSaturated()).isFalse();
    assertThat(Rederive.relabelled(Rederive.row(cleared))).isFalse();
  }
}
