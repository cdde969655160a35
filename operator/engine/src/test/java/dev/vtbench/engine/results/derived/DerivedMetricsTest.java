package dev.vtbench.engine.results.derived;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.derived.DerivedMetrics.Rig;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import java.util.List;
import org.junit.jupiter.api.Test;

class DerivedMetricsTest {

  private static final double STUB_MS = 100;
  // The reference core map: SUT on 8 logical CPUs, PostgreSQL on 2, load generator + stub on 6.
  private static final Rig REFERENCE = new Rig(STUB_MS, 8, 2, 6);

  @Test
  void platformThreadsCapThroughputAtThreadsOverDelay() {
    ConcurrencyLimits limits = ConcurrencyLimits.forScenario("platform", "released", 2000, 200, 50);

    assertThat(limits).isEqualTo(new ConcurrencyLimits(2000, 200, null));
    assertThat(DerivedMetrics.littlesLawBoundRps(limits, STUB_MS)).isEqualTo(2000.0);
  }

  @Test
  void heldPoolCapsThroughputAtPoolOverDelayInBothModes() {
    for (String mode : List.of("platform", "virtual")) {
      ConcurrencyLimits limits = ConcurrencyLimits.forScenario(mode, "held", 2000, 200, 50);
      assertThat(limits.binding()).isEqualTo(ConcurrencyLimits.Kind.HIKARI_POOL);
      assertThat(DerivedMetrics.littlesLawBoundRps(limits, STUB_MS)).isEqualTo(500.0);
    }
  }

  @Test
  void virtualThreadsAreBoundOnlyByTheOfferedConcurrencyInReleasedMode() {
    ConcurrencyLimits limits = ConcurrencyLimits.forScenario("virtual", "released", 500, 200, 50);

    assertThat(limits).isEqualTo(new ConcurrencyLimits(500, null, null));
    assertThat(limits.binding()).isEqualTo(ConcurrencyLimits.Kind.VUS);
    assertThat(DerivedMetrics.littlesLawBoundRps(limits, STUB_MS)).isEqualTo(5000.0);
  }

  @Test
  void platformModeWithoutAThreadCountAssumesSpringBootsDefault() {
    ConcurrencyLimits limits =
        ConcurrencyLimits.forScenario("platform", "released", 10000, null, 50);
    assertThat(limits.tomcatThreads()).isEqualTo(200);
  }

  @Test
  void tiesGoToServerSideLimits() {
    assertThat(new ConcurrencyLimits(200, 200, 200).binding())
        .isEqualTo(ConcurrencyLimits.Kind.TOMCAT_THREADS);
    assertThat(new ConcurrencyLimits(50, null, 50).binding())
        .isEqualTo(ConcurrencyLimits.Kind.HIKARI_POOL);
  }

  @Test
  void rejectsNonsenseInputs() {
    assertThatThrownBy(() -> new ConcurrencyLimits(0, null, null))
        .hasMessageContaining("vus must be > 0");
    assertThatThrownBy(
            () -> DerivedMetrics.littlesLawBoundRps(new ConcurrencyLimits(1, null, null), 0))
        .hasMessageContaining("serviceTimeMs");
  }

  @Test
  void ratioIsMeasuredOverBoundAndNaNWithoutABound() {
    assertThat(DerivedMetrics.littlesLawRatio(1996, 2000)).isCloseTo(0.998, within(1e-9));
    assertThat(DerivedMetrics.littlesLawRatio(1996, 0)).isNaN();
    assertThat(DerivedMetrics.littlesLawRatio(1996, Double.POSITIVE_INFINITY)).isNaN();
  }

  @Test
  void generatorIsSaturatedFromEightyFivePercentOfItsCores() {
    assertThat(DerivedMetrics.generatorSaturated(170, 2)).isTrue();
    assertThat(DerivedMetrics.generatorSaturated(169.9, 2)).isFalse();
    assertThat(DerivedMetrics.generatorSaturated(444, 6)).isFalse(); // the reference rig, ~74%
    assertThat(DerivedMetrics.generatorSaturated(500, Double.NaN)).isFalse();
  }

  @Test
  void bottleneckRulesApplyInOrder() {
    ConcurrencyLimits threads = new ConcurrencyLimits(2000, 200, null);
    assertThat(DerivedMetrics.bottleneck(true, true, true, 1.0, threads))
        .isEqualTo(Bottleneck.LOAD_GENERATOR);
    assertThat(DerivedMetrics.bottleneck(false, true, true, 1.0, threads))
        .isEqualTo(Bottleneck.SUT_CPU);
    assertThat(DerivedMetrics.bottleneck(false, false, true, 1.0, threads))
        .isEqualTo(Bottleneck.DATABASE_CPU);
    assertThat(DerivedMetrics.bottleneck(false, false, false, 0.8, threads))
        .isEqualTo(Bottleneck.TOMCAT_THREADS);
    assertThat(DerivedMetrics.bottleneck(false, false, false, 0.79, threads))
        .isEqualTo(Bottleneck.UNKNOWN);
    assertThat(DerivedMetrics.bottleneck(false, false, false, Double.NaN, threads))
        .isEqualTo(Bottleneck.UNKNOWN);
    assertThat(
            DerivedMetrics.bottleneck(
                false, false, false, 0.99, new ConcurrencyLimits(2000, null, 50)))
        .isEqualTo(Bottleneck.HIKARI_POOL);
    assertThat(
            DerivedMetrics.bottleneck(
                false, false, false, 1.05, new ConcurrencyLimits(500, null, null)))
        .isEqualTo(Bottleneck.NONE);
  }

  @Test
  void derivesTheReferenceRigsStory() {
    // Hero: platform at 2,500 VUs plateaus at the 200-thread wall.
    ResultRow platform =
        DerivedMetrics.derive(
            Rows.row("platform", "released", 50, 2500, 2226).appCpuPct(160.0).build(), REFERENCE);
    assertThat(platform.littlesLawBoundRps()).isEqualTo(2000.0);
    assertThat(platform.littlesLawRatio()).isCloseTo(1.113, within(1e-9));
    assertThat(platform.bottleneck()).isEqualTo(Bottleneck.TOMCAT_THREADS);
    assertThat(platform.generatorSaturated()).isNull(); // load CPU not measured

    // Virtual at 500 VUs keeps up with the offered load: nothing on the server binds.
    ResultRow virtual500 =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 50, 500, 5262).loadCpuPct(150.0).build(), REFERENCE);
    assertThat(virtual500.littlesLawBoundRps()).isEqualTo(5000.0);
    assertThat(virtual500.generatorSaturated()).isFalse();
    assertThat(virtual500.bottleneck()).isEqualTo(Bottleneck.NONE);

    // The 10,000-VU closed-model overload point: far below VUs ÷ delay, no tier saturated.
    ResultRow overload =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 50, 10000, 10091)
                .appCpuPct(520.0)
                .loadCpuPct(444.0)
                .build(),
            REFERENCE);
    assertThat(overload.littlesLawRatio()).isCloseTo(0.10091, within(1e-9));
    assertThat(overload.bottleneck()).isEqualTo(Bottleneck.UNKNOWN);

    // Bottleneck experiment: held, pool 50, 2,000 VUs → 500 req/s for both modes.
    for (String mode : List.of("platform", "virtual")) {
      ResultRow held =
          DerivedMetrics.derive(Rows.row(mode, "held", 50, 2000, 497).build(), REFERENCE);
      assertThat(held.littlesLawBoundRps()).isEqualTo(500.0);
      assertThat(held.bottleneck()).isEqualTo(Bottleneck.HIKARI_POOL);
    }
    // Held with a large pool: platform hits its thread wall, virtual rides the pool.
    assertThat(
            DerivedMetrics.derive(Rows.row("platform", "held", 800, 2000, 1987).build(), REFERENCE)
                .bottleneck())
        .isEqualTo(Bottleneck.TOMCAT_THREADS);
    assertThat(
            DerivedMetrics.derive(Rows.row("virtual", "held", 800, 2000, 7610).build(), REFERENCE)
                .bottleneck())
        .isEqualTo(Bottleneck.HIKARI_POOL);
  }

  @Test
  void derivesGeneratorAndCpuSaturationOnASmallMachine() {
    Rig twoCores = new Rig(STUB_MS, Double.NaN, 1, 2);
    ResultRow k6Bound =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 50, 2500, 3100).loadCpuPct(190.0).build(), twoCores);
    assertThat(k6Bound.generatorSaturated()).isTrue();
    assertThat(k6Bound.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);

    // SUT CPUs come from the row's cpuset when the rig does not say.
    ResultRow cpuBound =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 50, 2500, 3100)
                .loadCpuPct(100.0)
                .sutCpuset("2-3")
                .appCpuPct(185.0)
                .build(),
            twoCores);
    assertThat(cpuBound.generatorSaturated()).isFalse();
    assertThat(cpuBound.bottleneck()).isEqualTo(Bottleneck.SUT_CPU);

    ResultRow dbBound =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 50, 2500, 3100).pgCpuPct(95.0).build(), twoCores);
    assertThat(dbBound.bottleneck()).isEqualTo(Bottleneck.DATABASE_CPU);
  }

  @Test
  void aBusyGeneratorCoreSaturatesTheGeneratorWhoeverUsedIt() {
    Rig twoCores = new Rig(STUB_MS, Double.NaN, 1, 1);
    // k6 itself used 40 % of its one core; the stub, PostgreSQL and vtbench filled the rest
    ResultRow shared =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 50, 200, 1800)
                .loadCpuPct(40.0)
                .loadCoreBusyPct(93.0)
                .build(),
            twoCores);
    assertThat(shared.generatorSaturated()).isTrue();
    assertThat(shared.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);

    ResultRow roomLeft =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 50, 200, 1800)
                .loadCpuPct(40.0)
                .loadCoreBusyPct(84.9)
                .build(),
            twoCores);
    assertThat(roomLeft.generatorSaturated()).isFalse();
    // where k6 still agreed with wrk on this machine (results/README.md, "The generator")
    assertThat(DerivedMetrics.generatorCoresSaturated(80.3)).isFalse();
    // where it measured 12 to 17 % less than wrk
    assertThat(DerivedMetrics.generatorCoresSaturated(85.6)).isTrue();

    // k6's own share at its limit still counts where the cores were read
    ResultRow k6Alone =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 50, 200, 1800)
                .loadCpuPct(95.0)
                .loadCoreBusyPct(84.0)
                .build(),
            twoCores);
    assertThat(k6Alone.generatorSaturated()).isTrue();
  }

  @Test
  void withoutPerCoreDataOnlyTheGeneratorsOwnShareCounts() {
    // a cluster row: no load_core_busy_pct, so today's rule on k6's own CPU
    ResultRow r =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 50, 200, 1800).loadCpuPct(80.0).build(),
            new Rig(STUB_MS, Double.NaN, 1, 1));
    assertThat(r.generatorSaturated()).isFalse();
    assertThat(
            DerivedMetrics.derive(Rows.row("virtual", "released", 50, 200, 1800).build(), REFERENCE)
                .generatorSaturated())
        .isNull();
  }

  @Test
  void releasedModeRequestsQueuedForAConnectionNameThePool() {
    // virtual, released, pool 20, 200 VUs: bound 200 / 0.1 s = 2,000 req/s, measured 600 (ratio
    // 0.3, below every modelled bound); 170 requests waited for a connection, of 180 that could
    ResultRow queued =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 20, 200, 600).hikariPendingMax(170).build(), REFERENCE);
    assertThat(queued.littlesLawRatio()).isCloseTo(0.3, within(1e-9));
    assertThat(queued.bottleneck()).isEqualTo(Bottleneck.HIKARI_POOL);

    // a few waiters are a burst, not the ceiling: still unknown
    ResultRow burst =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 20, 200, 600).hikariPendingMax(30).build(), REFERENCE);
    assertThat(burst.bottleneck()).isEqualTo(Bottleneck.UNKNOWN);

    // no pending peak measured: unknown, not a guess
    assertThat(
            DerivedMetrics.derive(Rows.row("virtual", "released", 20, 200, 600).build(), REFERENCE)
                .bottleneck())
        .isEqualTo(Bottleneck.UNKNOWN);

    // a saturated tier still comes first
    ResultRow cpuBound =
        DerivedMetrics.derive(
            Rows.row("virtual", "released", 20, 200, 600)
                .hikariPendingMax(170)
                .appCpuPct(790.0)
                .build(),
            REFERENCE);
    assertThat(cpuBound.bottleneck()).isEqualTo(Bottleneck.SUT_CPU);
  }

  /**
   * The reactive SUT has no thread cap (its limits are virtual threads'), its pool is r2dbc-pool's
   * and its CPU the event loop's: the same rules, named for that stack.
   */
  @Test
  void reactiveRowsNameTheR2dbcPoolAndTheEventLoop() {
    ResultRow held =
        DerivedMetrics.derive(Rows.row("reactive", "held", 50, 2000, 497).build(), REFERENCE);
    assertThat(held.littlesLawBoundRps()).isEqualTo(500.0);
    assertThat(held.bottleneck()).isEqualTo(Bottleneck.R2DBC_POOL);
    assertThat(held.bottleneck().csvName()).isEqualTo("r2dbc-pool");

    ResultRow queued =
        DerivedMetrics.derive(
            Rows.row("reactive", "released", 20, 200, 600).hikariPendingMax(170).build(),
            REFERENCE);
    assertThat(queued.bottleneck()).isEqualTo(Bottleneck.R2DBC_POOL);

    Rig twoCores = new Rig(STUB_MS, Double.NaN, 1, 2);
    ResultRow busy =
        DerivedMetrics.derive(
            Rows.row("reactive", "released", 50, 2500, 3100)
                .loadCpuPct(100.0)
                .sutCpuset("2-3")
                .appCpuPct(185.0)
                .build(),
            twoCores);
    assertThat(busy.bottleneck()).isEqualTo(Bottleneck.EVENT_LOOP);
    assertThat(Bottleneck.fromCsv("event-loop")).isEqualTo(Bottleneck.EVENT_LOOP);

    // no thread wall: 5,000 VUs ÷ 0.1 s, where platform's bound is 2,000
    ResultRow keptUp =
        DerivedMetrics.derive(Rows.row("reactive", "released", 50, 500, 4900).build(), REFERENCE);
    assertThat(keptUp.littlesLawBoundRps()).isEqualTo(5000.0);
    assertThat(keptUp.bottleneck()).isEqualTo(Bottleneck.NONE);
    // the servlet SUT's labels stay
    assertThat(Bottleneck.SUT_CPU.onStackOf("virtual")).isEqualTo(Bottleneck.SUT_CPU);
    assertThat(Bottleneck.HIKARI_POOL.onStackOf("platform")).isEqualTo(Bottleneck.HIKARI_POOL);
  }

  @Test
  void thePoolQueueRuleNeedsMoreVusThanConnectionsAndReleasedMode() {
    assertThat(DerivedMetrics.releasedPoolQueued("released", 200, 20, 90)).isTrue();
    assertThat(DerivedMetrics.releasedPoolQueued("released", 200, 20, 89)).isFalse();
    assertThat(DerivedMetrics.releasedPoolQueued("released", 20, 20, 5)).isFalse();
    assertThat(DerivedMetrics.releasedPoolQueued("held", 200, 20, 170)).isFalse();
    assertThat(DerivedMetrics.releasedPoolQueued("released", 200, 20, null)).isFalse();
  }

  @Test
  void cpusetMembersListsEveryCpu() {
    assertThat(Cpusets.members("0-2,5")).containsExactly(0, 1, 2, 5);
    assertThatThrownBy(() -> Cpusets.members("0-4294967")).hasMessageContaining("beyond");
  }

  @Test
  void withoutAServiceTimeTheBoundStaysEmpty() {
    ResultRow r =
        DerivedMetrics.derive(
            Rows.row("platform", "released", 50, 2500, 2226).build(), new Rig(Double.NaN, 8, 2, 6));
    assertThat(r.littlesLawBoundRps()).isNull();
    assertThat(r.littlesLawRatio()).isNull();
    assertThat(r.bottleneck()).isEqualTo(Bottleneck.UNKNOWN);
  }

  @Test
  void countsCpusInALinuxCpuList() {
    assertThat(Cpusets.size("0-7")).isEqualTo(8);
    assertThat(Cpusets.size("0-3,8,10-11")).isEqualTo(7);
    assertThat(Cpusets.size(" 5 ")).isEqualTo(1);
    assertThatThrownBy(() -> Cpusets.size("3-1")).hasMessageContaining("descending");
    assertThatThrownBy(() -> Cpusets.size("a-b")).hasMessageContaining("malformed");
  }
}
