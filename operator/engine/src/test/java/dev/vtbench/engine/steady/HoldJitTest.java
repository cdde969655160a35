package dev.vtbench.engine.steady;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JIT in a hold counts where it took CPU from requests ({@link SteadyState#jitCompeted}), on
 * holds recorded on a 2-vCPU AMD EPYC VM with the SUT alone on CPU 1: seconds, requests, CPU
 * seconds, compiler threads' CPU seconds.
 */
class HoldJitTest {

  private static LoadWindow w(double s, long requests, double cpu, double jitCpu) {
    return new LoadWindow(s, requests, cpu, null, jitCpu);
  }

  /**
   * The quickstart's first platform hold (50 VUs) after a warm-up whose requests waited for nothing
   * (2026-11-29 19:10 UTC): the compiler threads at half the core, the core full, 453 req/s against
   * the 478 of the thread wall, and nothing moves between the two windows.
   */
  static final List<LoadWindow> COMPILING_ON_A_FULL_CORE =
      List.of(w(5.01, 2289, 5.01, 2.4), w(5.0, 2263, 5.0, 2.66));

  /**
   * The crossover's first platform hold at 0 µs (results/reference/crossover-epyc, r1): the
   * compiler threads at 10 % of the SUT's CPU over the hold, on a core 30 % busy; throughput on the
   * thread wall (385 req/s, 40 threads ÷ 0.1 s = 400).
   */
  static final List<LoadWindow> COMPILING_ON_AN_IDLE_CORE =
      List.of(
          w(5.011, 1918, 2.14, 0.62),
          w(5, 1921, 1.53, 0.09),
          w(5, 1935, 1.34, 0.11),
          w(5, 1934, 1.3, 0.06),
          w(5, 1937, 1.35, 0.01),
          w(5, 1913, 1.36, 0.04));

  @Test
  void aHoldWhoseJitTookAFullCoreFromRequestsIsNotSteadyThoughNothingDrifted() {
    assertThat(SteadyState.jitCompeted(COMPILING_ON_A_FULL_CORE, 1)).isTrue();
    assertThat(SteadyState.judgeHold(COMPILING_ON_A_FULL_CORE, null, 1))
        .isEqualTo(SteadyState.Verdict.NOT_STEADY);
    // the drift rule alone, as before this rule, called it steady
    assertThat(SteadyState.judgeHold(COMPILING_ON_A_FULL_CORE))
        .isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.explainHold(COMPILING_ON_A_FULL_CORE, null, 1))
        .endsWith(
            "; JIT 51% of the SUT's CPU, its cores 100% busy (counts from 90%: max 5% or 0.03"
                + " cores)");
  }

  @Test
  void theJitOnACoreWithRoomToSpareTakesIdleTimeAndDoesNotCount() {
    assertThat(SteadyState.jitCompeted(COMPILING_ON_AN_IDLE_CORE, 1)).isFalse();
    assertThat(SteadyState.judgeHold(COMPILING_ON_AN_IDLE_CORE, null, 1))
        .isEqualTo(SteadyState.Verdict.STEADY);
    // the same hold on a SUT of four cores is a quarter as busy
    assertThat(SteadyState.jitCompeted(COMPILING_ON_A_FULL_CORE, 4)).isFalse();
  }

  @Test
  void unknownCoresOrUnknownCompilerThreadsJudgeNothing() {
    assertThat(SteadyState.jitCompeted(COMPILING_ON_A_FULL_CORE, Double.NaN)).isFalse();
    assertThat(SteadyState.jitCompeted(List.of(new LoadWindow(5, 2289, 5.01, null, null)), 1))
        .isFalse();
    assertThat(SteadyState.explainHold(COMPILING_ON_A_FULL_CORE)).doesNotContain("JIT");
  }

  @Test
  void aQuietJitOnAFullCoreCountsNothing() {
    // the crossover's 16 ms holds: the core full, the compiler threads at 0-1 % of it
    List<LoadWindow> cpuBound =
        List.of(
            w(5.002, 271, 4.79, 0.03),
            w(5.0, 282, 4.82, 0.0),
            w(5.0, 271, 4.78, 0.05),
            w(5.0, 277, 4.88, 0.0));
    assertThat(SteadyState.jitCompeted(cpuBound, 1)).isFalse();
  }
}
