package dev.vtbench.engine.steady;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmUpTrendTest {

  /** A 5 s window: requests, CPU seconds, the compiler threads' CPU seconds. */
  static LoadWindow w(long requests, double cpu, double jit) {
    return new LoadWindow(5, requests, cpu, null, jit);
  }

  @Test
  void aRoundGettingFasterIsImproving() {
    assertThat(
            WarmUpTrend.improving(
                List.of(w(1500, 1, 0.1), w(1500, 1, 0.1), w(1800, 1.2, 0.1), w(1800, 1.2, 0.1))))
        .isTrue();
  }

  @Test
  void aRoundGettingCheaperPerRequestIsImproving() {
    assertThat(
            WarmUpTrend.improving(
                List.of(w(2000, 4, 0.1), w(2000, 4, 0.1), w(2000, 3, 0.1), w(2000, 3, 0.1))))
        .isTrue();
  }

  @Test
  void aJitCompilingHalfAsLongIsImproving() {
    assertThat(
            WarmUpTrend.improving(
                List.of(w(2000, 4, 2), w(2000, 4, 2), w(2000, 4, 0.8), w(2000, 4, 0.8))))
        .isTrue();
  }

  @Test
  void aFlatRoundIsNotImprovingWhateverItsJit() {
    assertThat(
            WarmUpTrend.improving(
                List.of(w(2000, 4, 2), w(2010, 4, 2.1), w(1990, 4, 1.9), w(2000, 4, 2))))
        .isFalse();
    assertThat(WarmUpTrend.improving(List.of(w(2000, 4, 2)))).isFalse();
  }

  @Test
  void aCpuDropUnderTheNoiseFloorIsNotImproving() {
    // 20 req/s, 50 -> 40 ms a request: 0.2 of a core less, no; at 2 req/s 0.02: under the floor
    assertThat(
            WarmUpTrend.improving(
                List.of(w(10, 0.5, 0), w(10, 0.5, 0), w(10, 0.4, 0), w(10, 0.4, 0))))
        .isFalse();
  }

  @Test
  void adviceNamesTheCpuWhenTheJitCompetesForABusyCore() {
    List<LoadWindow> busy = List.of(w(2000, 4.8, 1), w(2000, 4.8, 1), w(2000, 4.8, 1));
    assertThat(WarmUpTrend.advice(busy, Duration.ofSeconds(180), 1))
        .endsWith(
            "the JIT was still compiling while the SUT used 0.96 of its 1 core, so compilation and"
                + " requests share them: give it another core (spec.sut.cpu: 2) or measure at"
                + " lower concurrency");
  }

  @Test
  void adviceNamesTheWarmUpWhenTheJitHasRoomButIsStillCompiling() {
    List<LoadWindow> compiling = List.of(w(2000, 2, 1), w(2000, 2, 1), w(2000, 2, 1));
    assertThat(WarmUpTrend.advice(compiling, Duration.ofSeconds(180), 1))
        .endsWith(
            "the JVM was still compiling after 180 s of load: give it more"
                + " (spec.load.sutWarmup: 360s)");
  }

  @Test
  void adviceSaysWhenMoreWarmUpWouldNotHelp() {
    // two levels taking turns, four windows each: the last level is two windows old
    List<LoadWindow> alternating = new java.util.ArrayList<>();
    for (long r : new long[] {2000, 2000, 2000, 2000, 1500, 1500, 1500, 1500, 2000, 2000}) {
      alternating.add(w(r, r / 1000.0, 0));
    }
    assertThat(SteadyState.judge(alternating)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(WarmUpTrend.advice(alternating, Duration.ofSeconds(180), 1))
        .startsWith("400 req/s, no steady state yet, one level for the last 2 windows (need 3)")
        .contains("its level keeps moving with a quiet JIT and no improvement")
        .doesNotContain("spec.");
    // the same windows in a noisy but flat order are one level: steady
    List<LoadWindow> noisy =
        List.of(w(2000, 2, 0), w(1500, 1.5, 0), w(2000, 2, 0), w(1500, 1.5, 0), w(2000, 2, 0));
    assertThat(SteadyState.judge(noisy)).isEqualTo(SteadyState.Verdict.STEADY);
  }

  @Test
  void theLimitIsTwiceTheCap() {
    assertThat(WarmUpTrend.limit(Duration.ofSeconds(180))).isEqualTo(Duration.ofSeconds(360));
  }
}
