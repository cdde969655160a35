package dev.vtbench.engine.steady;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The steady-state policy on a recorded warm-up and on series where the answer is known. */
class SteadyStateTest {

  private static LoadWindow w(double s, long requests, double cpu, double jit) {
    return new LoadWindow(s, requests, cpu, jit);
  }

  /**
   * A freshly started SUT (virtual threads, Tomcat 50, pool 50, alone on CPU 1 of a 2-vCPU VM)
   * under 200 constant VUs, read every ~11 s (2026-11-23, docs/steady-state.md): the JIT is busy
   * for the first ~55 s (its compile time exceeds the window: C1 and C2 threads), CPU per request
   * falls from 1.58 to 0.31 ms, and from the sixth window on throughput holds at 1,780–1,920 req/s.
   */
  static final List<LoadWindow> RECORDED_WARM_UP =
      List.of(
          w(11.0, 6607, 10.45, 13.48),
          w(11.1, 13098, 10.23, 11.40),
          w(11.0, 15598, 10.59, 11.39),
          w(11.3, 18640, 10.69, 11.07),
          w(11.2, 20767, 7.73, 3.00),
          w(11.1, 20445, 6.48, 0.52),
          w(11.1, 19820, 6.16, 0.43),
          w(11.0, 20897, 6.60, 0.17),
          w(10.8, 19181, 5.99, 0.13),
          w(10.9, 20634, 6.69, 1.17),
          w(11.1, 19709, 5.97, 0.08),
          w(10.9, 20555, 6.38, 0.12),
          w(11.4, 21618, 6.45, 0.04),
          w(10.9, 19482, 5.84, 0.15),
          w(10.9, 20909, 6.33, 0.03),
          w(10.9, 20696, 6.20, 0.09));

  @Test
  void theRecordedWarmUpBecomesSteadyOnceTheJitGoesQuietAndWindowsAgree() {
    int firstSteady = -1;
    for (int n = 1; n <= RECORDED_WARM_UP.size(); n++) {
      if (SteadyState.judge(RECORDED_WARM_UP.subList(0, n)) == SteadyState.Verdict.STEADY) {
        firstSteady = n;
        break;
      }
    }
    // Windows 6 to 8 (about 56-89 s): JIT under 5 %, throughput within 6.2 %, CPU per request 2 %.
    assertThat(firstSteady).isEqualTo(8);
    assertThat(SteadyState.judge(RECORDED_WARM_UP.subList(0, 2)))
        .isEqualTo(SteadyState.Verdict.TOO_SHORT);
    // A late burst of compilation (window 10: 1.17 s of JIT in 10.9 s) is not steady either.
    assertThat(SteadyState.judge(RECORDED_WARM_UP.subList(0, 10)))
        .isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.judge(RECORDED_WARM_UP)).isEqualTo(SteadyState.Verdict.STEADY);
  }

  @Test
  void theExplanationGivesTheNumbersTheVerdictWasTakenOn() {
    assertThat(SteadyState.explain(RECORDED_WARM_UP.subList(0, 5)))
        .isEqualTo(
            "1854 req/s, throughput spread 27% (max 10%), CPU/request spread 57% (max 10%), JIT"
                + " up to 104% of a window (max 5%)");
    assertThat(SteadyState.explain(RECORDED_WARM_UP.subList(0, 1)))
        .isEqualTo("1 windows of 11 s, need 3");
  }

  @Test
  void windowsThatDisagreeOnThroughputOrCpuPerRequestAreNotSteady() {
    assertThat(SteadyState.judge(List.of(w(5, 5000, 1, 0), w(5, 5000, 1, 0), w(5, 5600, 1.12, 0))))
        .as("throughput 12 %% apart")
        .isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.judge(List.of(w(5, 5000, 1, 0), w(5, 5000, 1, 0), w(5, 5000, 1.2, 0))))
        .as("CPU per request 20 %% apart")
        .isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.judge(List.of(w(5, 5000, 1, 0), w(5, 5200, 1.04, 0), w(5, 4900, 1, 0))))
        .isEqualTo(SteadyState.Verdict.STEADY);
  }

  @Test
  void atLowRatesCpuPerRequestNoiseBelowThreeHundredthsOfACoreIsNotHeldAgainstASteadySut() {
    // 96 req/s (held, pool 10): CPU per request 0.80, 0.95, 0.78 ms = 21 % apart, 0.016 cores.
    List<LoadWindow> lowRate =
        List.of(w(5, 480, 0.384, 0.01), w(5, 480, 0.456, 0.02), w(5, 480, 0.374, 0));
    assertThat(SteadyState.judge(lowRate)).isEqualTo(SteadyState.Verdict.STEADY);
    // The same relative spread at 2,000 req/s is 0.34 cores: not noise.
    List<LoadWindow> highRate =
        List.of(w(5, 10_000, 8.0, 0.01), w(5, 10_000, 9.5, 0.02), w(5, 10_000, 7.8, 0));
    assertThat(SteadyState.judge(highRate)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
  }

  @Test
  void aWindowWithoutRequestsIsNeverSteadyAndUnknownCountersAreNotHeldAgainstIt() {
    assertThat(SteadyState.judge(List.of(w(5, 0, 0.1, 0), w(5, 0, 0.1, 0), w(5, 0, 0.1, 0))))
        .isEqualTo(SteadyState.Verdict.NOT_STEADY);
    List<LoadWindow> noJvmCounters =
        List.of(
            new LoadWindow(5, 5000, null, null),
            new LoadWindow(5, 5100, null, null),
            new LoadWindow(5, 4950, null, null));
    assertThat(SteadyState.judge(noJvmCounters)).isEqualTo(SteadyState.Verdict.STEADY);
  }

  @Test
  void aShortHoldIsJudgedOnItsFirstAndLastWindow() {
    List<LoadWindow> drifting =
        List.of(w(5, 4000, 1, 0), w(5, 5000, 1.25, 0), w(5, 5000, 1.25, 0), w(5, 5000, 1.25, 0));
    assertThat(SteadyState.judge(drifting)).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.judgeHold(drifting)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.judgeHold(drifting.subList(1, 3))).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.judgeHold(drifting.subList(0, 1)))
        .isEqualTo(SteadyState.Verdict.TOO_SHORT);
    // A hold is judged for drift: windows that agree while the JIT compiles a little are steady.
    List<LoadWindow> compilingALittle = List.of(w(5, 5000, 1, 0.4), w(5, 5050, 1.01, 0.3));
    assertThat(SteadyState.judgeHold(compilingALittle)).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.judge(compilingALittle.subList(0, 2)))
        .isEqualTo(SteadyState.Verdict.TOO_SHORT);
  }

  @Test
  void aLongHoldIsJudgedOnItsEndsSoNoiseDoesNotGrowWithItsLength() {
    // twelve windows of a warm JVM: CPU per request jitters ±8 % (a GC cycle here and there), so
    // the twelve spread by 16 %, more than the tolerance, while nothing drifts
    List<LoadWindow> noisy = new java.util.ArrayList<>();
    for (int i = 0; i < 12; i++) {
      noisy.add(w(5, 14_500 + (i % 2) * 100, i % 3 == 0 ? 4.6 : 4.0, 0.01));
    }
    assertThat(SteadyState.spread(noisy.stream().map(LoadWindow::cpuMsPerRequest).toList()))
        .isGreaterThan(SteadyState.TOLERANCE);
    assertThat(SteadyState.judgeHold(noisy)).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.holdEnds(noisy)).hasSize(2);
    assertThat(SteadyState.holdEnds(noisy).getFirst().seconds()).isEqualTo(20.0);

    // the same hold whose throughput sinks by 15 % from its first to its last third drifts
    List<LoadWindow> sinking = new java.util.ArrayList<>();
    for (int i = 0; i < 12; i++) {
      sinking.add(w(5, Math.round(14_500 * (1 - 0.15 * i / 11.0)), 4.0, 0.01));
    }
    assertThat(SteadyState.judgeHold(sinking)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.explainHold(sinking))
        .startsWith("first vs last third: ")
        .contains("max 10%");
  }

  /**
   * Windows of {@code windowMs} over 120 s of seed 003's platform run: 10 threads, each finishing a
   * 3 s request every 3,002 ms, their first requests started 40 ms apart (the ramp); CPU per
   * request constant (1 ms), JIT quiet.
   */
  private static List<LoadWindow> tenThreadsInStep(long windowMs) {
    List<LoadWindow> out = new java.util.ArrayList<>();
    for (long start = 10_000; start + windowMs <= 130_000; start += windowMs) {
      long completions = 0;
      for (int t = 0; t < 10; t++) {
        for (long end = 40L * t + 3_002; end < 130_000; end += 3_002) {
          if (end >= start && end < start + windowMs) {
            completions++;
          }
        }
      }
      out.add(w(windowMs / 1000.0, completions, completions * 0.001, 0));
    }
    return out;
  }

  @Test
  void windowsOfFiveServiceFloorsCountSlowRequestsEvenlyWhereFiveSecondsCannot() {
    assertThat(SteadyState.window(Duration.ofMillis(20))).isEqualTo(SteadyState.WINDOW);
    assertThat(SteadyState.window(Duration.ofSeconds(1))).isEqualTo(SteadyState.WINDOW);
    assertThat(SteadyState.window(Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(15));
    assertThat(SteadyState.window(Duration.ZERO)).isEqualTo(SteadyState.WINDOW);
    assertThat(SteadyState.warmUpRound(Duration.ofSeconds(15))).isEqualTo(Duration.ofSeconds(60));
    assertThat(SteadyState.resetPath(Duration.ofSeconds(15)))
        .isEqualTo("/api/runtime-info/reset?windowMs=15000");

    // 5 s windows hold one or two rounds of the ten threads: never steady, however long it runs
    List<LoadWindow> fiveSeconds = tenThreadsInStep(5_000);
    assertThat(fiveSeconds.stream().map(LoadWindow::requests).distinct())
        .containsExactlyInAnyOrder(10L, 20L);
    for (int n = SteadyState.WINDOWS; n <= fiveSeconds.size(); n++) {
      assertThat(SteadyState.judge(fiveSeconds.subList(0, n)))
          .isEqualTo(SteadyState.Verdict.NOT_STEADY);
    }
    // 15 s windows (5 floors) hold five rounds: steady from the first three
    List<LoadWindow> fifteen =
        tenThreadsInStep(SteadyState.window(Duration.ofSeconds(3)).toMillis());
    assertThat(SteadyState.judge(fifteen.subList(0, SteadyState.WINDOWS)))
        .isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.judge(fifteen)).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.judgeHold(fifteen)).isEqualTo(SteadyState.Verdict.STEADY);
  }

  @Test
  void windowsAddUpAndAnUnknownCounterStaysUnknown() {
    LoadWindow sum = LoadWindow.sum(List.of(w(5, 100, 0.5, 0.1), w(4.5, 90, 0.25, 0.0)));
    assertThat(sum).isEqualTo(new LoadWindow(9.5, 190, 0.75, 0.1));
    assertThat(LoadWindow.sum(List.of(w(5, 100, 0.5, 0.1), new LoadWindow(5, 90, null, null))))
        .isEqualTo(new LoadWindow(10, 190, null, null));
  }

  @Test
  void holdCvIsTheSampleCoefficientOfVariationOfWindowThroughput() {
    // 900, 1000, 1100 req/s: mean 1000, sample sd 100.
    List<LoadWindow> ws = List.of(w(10, 9000, 1, 0), w(10, 10000, 1, 0), w(10, 11000, 1, 0));
    assertThat(SteadyState.throughputCv(ws)).isCloseTo(0.1, within(1e-9));
    assertThat(SteadyState.throughputCv(ws.subList(0, 1))).isNull();
  }

  @Test
  void aPhasesWindowsAreTheWholeOnesSinceItsStartNotThoseCutAfterIt() {
    Map<String, Object> peaks =
        Map.of(
            "windows",
            Map.of(
                "windowSeconds",
                5.0,
                "list",
                List.of(
                    Map.of(
                        "seconds", 5.0, "requests", 100, "cpuSeconds", 1.0, "compileSeconds", 0.2),
                    Map.of("seconds", 5.0, "requests", 110, "cpuSeconds", 1.1),
                    Map.of("seconds", 5.0, "requests", 0, "cpuSeconds", 0.01))));
    List<LoadWindow> hold = LoadWindow.ofPhase(peaks, Duration.ofSeconds(12));
    assertThat(hold).hasSize(2);
    assertThat(hold.get(0)).isEqualTo(new LoadWindow(5, 100, 1.0, 0.2));
    assertThat(hold.get(1).compileSeconds()).isNull();
    assertThat(LoadWindow.ofPhase(Map.of(), Duration.ofSeconds(12))).isEmpty();
    assertThat(LoadWindow.ofPhase(peaks, Duration.ofSeconds(15))).hasSize(3);
  }
}
