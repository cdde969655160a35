package dev.vtbench.engine.steady;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hold rule on holds recorded by the crossover run (examples/crossover.yaml, 30 s holds of six
 * 5 s windows, 90 VUs, pool 50; 2-vCPU AMD EPYC VM, 2026-11-29 11:31-12:18 UTC, the SUT's own
 * windows from results/crossover/k6/*-sut.json): seconds, requests, CPU seconds, compiler threads'
 * CPU seconds.
 */
class HoldTrendTest {

  private static LoadWindow w(double s, long requests, double cpu, double jitCpu) {
    return new LoadWindow(s, requests, cpu, null, jitCpu);
  }

  /** r2, virtual, 16 ms: five windows at one level, then one 5 s burst of a faster host. */
  static final List<LoadWindow> VIRTUAL_16MS_BURST_AT_THE_END =
      List.of(
          w(5.002, 271, 4.79, 0.03),
          w(5.0, 282, 4.82, 0.0),
          w(5.0, 271, 4.78, 0.05),
          w(5.0, 277, 4.88, 0.0),
          w(5.0, 274, 4.83, 0.0),
          w(5.0, 360, 4.71, 0.01));

  /** r1, platform, 16 ms: the closed loop's 10 s oscillation (90 VUs queueing for one core). */
  static final List<LoadWindow> PLATFORM_16MS_OSCILLATING =
      List.of(
          w(5.037, 287, 4.89, 0.04),
          w(5.0, 245, 4.6, 0.0),
          w(5.074, 296, 4.88, 0.02),
          w(4.949, 247, 4.63, 0.0),
          w(5.048, 289, 4.74, 0.01),
          w(4.979, 252, 4.71, 0.0));

  /**
   * r1, platform, 0 ms: the first hold of a JVM whose compiler started again; CPU/request sinks.
   */
  static final List<LoadWindow> PLATFORM_0MS_STILL_COMPILING =
      List.of(
          w(5, 1900, 1.65, 0.29),
          w(5, 1929, 1.58, 0.16),
          w(5, 1911, 1.41, 0.1),
          w(5, 1924, 1.34, 0.11),
          w(5, 1930, 1.26, 0.01),
          w(5, 1938, 1.19, 0.06));

  /** r3, reactive, 2 ms: throughput still climbing, 1,811 to 2,059 requests a window. */
  static final List<LoadWindow> REACTIVE_2MS_CLIMBING =
      List.of(
          w(5, 1811, 5.02, 0.31),
          w(5, 1886, 5.0, 0.26),
          w(5, 2017, 4.98, 0.06),
          w(5, 2002, 5.0, 0.02),
          w(5, 2054, 4.99, 0.0),
          w(5, 2059, 4.88, 0.03));

  private static List<LoadWindow> series(double... requests) {
    return java.util.Arrays.stream(requests).mapToObj(r -> w(5, Math.round(r), 1, 0)).toList();
  }

  @Test
  void aSteadyClimbMovesAsMuchAsTheThirdsDiffer() {
    // thirds: 101 and 109 req/s, 8 apart; the trend: 2 a window over the 4 windows between the
    // thirds' centres
    List<LoadWindow> climb = series(500, 510, 520, 530, 540, 550);
    assertThat(HoldTrend.move(climb, LoadWindow::throughput)).isCloseTo(8.0, within(1e-9));
    assertThat(HoldTrend.share(climb, LoadWindow::throughput)).isCloseTo(8.0 / 105, within(1e-9));
    assertThat(HoldTrend.slope(new double[] {50, 49, 48, 47, 46, 45, 44})).isEqualTo(-1.0);
    assertThat(HoldTrend.move(series(50, 65), LoadWindow::throughput)).isCloseTo(3.0, within(1e-9));
    assertThat(HoldTrend.share(series(50), LoadWindow::throughput)).isZero();
  }

  /**
   * byo-clinic's r3 virtual hold (same VM, 2026-11-29 15:10 UTC): CPU per request rose for two
   * windows (1.04, 1.12 ms) and fell back (0.85).
   */
  static final List<LoadWindow> BYO_CLINIC_HUMP =
      List.of(
          w(5.01, 3784, 3.58, 0.16),
          w(5.007, 3710, 3.62, 0.05),
          w(4.998, 3849, 3.63, 0.06),
          w(4.995, 3683, 3.89, 0.05),
          w(5.011, 3632, 4.09, 0.02),
          w(4.987, 3989, 3.44, 0.04));

  @Test
  void theThirdsAndTheTrendMustAgree() {
    double[] cpu = BYO_CLINIC_HUMP.stream().mapToDouble(LoadWindow::appCpuMsPerRequest).toArray();
    double level = Changepoints.median(cpu);
    // the trend alone reads a rise past the tolerance; the thirds do not
    assertThat(Math.abs(HoldTrend.slope(cpu)) * 4 / level).isGreaterThan(SteadyState.TOLERANCE);
    assertThat(HoldTrend.share(BYO_CLINIC_HUMP, LoadWindow::appCpuMsPerRequest))
        .isLessThan(SteadyState.TOLERANCE);
    assertThat(SteadyState.judgeHold(BYO_CLINIC_HUMP)).isEqualTo(SteadyState.Verdict.STEADY);
    // thirds that differ over a flat trend: no consistent move
    List<LoadWindow> opposite = series(500, 500, 500, 500, 400, 560);
    assertThat(HoldTrend.move(opposite, LoadWindow::throughput)).isZero();
  }

  @Test
  void oneOddWindowMovesTheTrendLittleWhereItMovedTheThirdsMuch() {
    double[] tp =
        VIRTUAL_16MS_BURST_AT_THE_END.stream().mapToDouble(LoadWindow::throughput).toArray();
    double thirds = (tp[4] + tp[5]) / (tp[0] + tp[1]) - 1;
    assertThat(thirds).isGreaterThan(SteadyState.TOLERANCE);
    assertThat(HoldTrend.share(VIRTUAL_16MS_BURST_AT_THE_END, LoadWindow::throughput))
        .isLessThan(0.05);
    assertThat(SteadyState.judgeHold(VIRTUAL_16MS_BURST_AT_THE_END))
        .isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.judgeHold(PLATFORM_16MS_OSCILLATING))
        .isEqualTo(SteadyState.Verdict.STEADY);
  }

  @Test
  void aHoldThatStillCompilesOrStillClimbsDrifts() {
    assertThat(SteadyState.judgeHold(PLATFORM_0MS_STILL_COMPILING))
        .isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.explainHold(PLATFORM_0MS_STILL_COMPILING))
        .startsWith("first vs last third: 383 vs 387 req/s; moved: throughput ")
        .endsWith("CPU/request 17% (max 10% or 0.03 cores)");
    assertThat(SteadyState.judgeHold(REACTIVE_2MS_CLIMBING))
        .isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.explainHold(REACTIVE_2MS_CLIMBING)).contains("moved: throughput 1");
  }

  @Test
  void aWindowWithoutRequestsInAHoldIsNotSteady() {
    List<LoadWindow> stalled =
        List.of(w(5, 2000, 1, 0), w(5, 0, 0.1, 0), w(5, 2000, 1, 0), w(5, 2000, 1, 0));
    assertThat(SteadyState.judgeHold(stalled)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
  }
}
