package dev.vtbench.engine.steady;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The steady-state policy on a recorded warm-up and on series where the answer is known. */
class SteadyStateTest {

  /** A window whose compiler threads used {@code jitCpu} CPU seconds. */
  private static LoadWindow w(double s, long requests, double cpu, double jitCpu) {
    return new LoadWindow(s, requests, cpu, null, jitCpu);
  }

  /** A window of the 2026-11-23 recording: elapsed compile time only, its CPU unknown. */
  private static LoadWindow elapsed(double s, long requests, double cpu, double compile) {
    return new LoadWindow(s, requests, cpu, compile);
  }

  /**
   * A freshly started SUT (virtual threads, Tomcat 50, pool 50, alone on CPU 1 of a 2-vCPU VM)
   * under 200 constant VUs, read every ~11 s (2026-11-23, docs/steady-state.md): the JIT is busy
   * for the first ~55 s (its compile time exceeds the window: C1 and C2 threads), CPU per request
   * falls from 1.58 to 0.31 ms, and from the sixth window on throughput holds at 1,780–1,920 req/s.
   */
  static final List<LoadWindow> RECORDED_WARM_UP =
      List.of(
          elapsed(11.0, 6607, 10.45, 13.48),
          elapsed(11.1, 13098, 10.23, 11.40),
          elapsed(11.0, 15598, 10.59, 11.39),
          elapsed(11.3, 18640, 10.69, 11.07),
          elapsed(11.2, 20767, 7.73, 3.00),
          elapsed(11.1, 20445, 6.48, 0.52),
          elapsed(11.1, 19820, 6.16, 0.43),
          elapsed(11.0, 20897, 6.60, 0.17),
          elapsed(10.8, 19181, 5.99, 0.13),
          elapsed(10.9, 20634, 6.69, 1.17),
          elapsed(11.1, 19709, 5.97, 0.08),
          elapsed(10.9, 20555, 6.38, 0.12),
          elapsed(11.4, 21618, 6.45, 0.04),
          elapsed(10.9, 19482, 5.84, 0.15),
          elapsed(10.9, 20909, 6.33, 0.03),
          elapsed(10.9, 20696, 6.20, 0.09));

  /**
   * A fresh SUT (virtual threads, Tomcat 50, pool 50) alone on CPU 1 of a 2-vCPU AMD EPYC VM under
   * wrk -c200 from CPU 0, its own 5 s windows as /api/runtime-info reported them (2026-11-29, 02:03
   * UTC): seconds, requests, CPU seconds, elapsed compile seconds, compiler threads' CPU seconds.
   * The compiler threads used 23-41 % of the SUT's CPU for the first 65 s, while the elapsed
   * compile time read 81-128 % of every window; from window 14 they used 0-5 % (two bursts of 7-10
   * %), and the elapsed figure still read up to 17 %.
   */
  private static LoadWindow w(double s, long requests, double cpu, double compile, double jitCpu) {
    return new LoadWindow(s, requests, cpu, compile, jitCpu);
  }

  static final List<LoadWindow> AMD_WARM_UP =
      List.of(
          w(5.013, 441, 4.99, 5.315, 1.71),
          w(4.998, 1779, 4.99, 6.412, 1.61),
          w(5.003, 3823, 4.93, 5.217, 1.39),
          w(5.0, 4492, 4.96, 4.939, 1.35),
          w(4.999, 5581, 4.97, 4.061, 1.32),
          w(5.002, 6274, 4.99, 5.452, 1.42),
          w(4.996, 6681, 5.01, 4.38, 1.44),
          w(5.001, 6782, 4.98, 6.188, 1.62),
          w(5.001, 7907, 5.0, 5.079, 1.6),
          w(4.998, 8355, 4.95, 4.617, 1.83),
          w(5.0, 8566, 4.99, 4.65, 2.06),
          w(5.002, 8134, 4.95, 5.576, 1.86),
          w(4.998, 8762, 3.99, 2.316, 0.93),
          w(5.0, 8442, 3.47, 0.346, 0.16),
          w(5.0, 9111, 3.26, 0.028, 0.0),
          w(5.002, 8918, 3.15, 0.076, 0.05),
          w(4.998, 9097, 2.98, 0.009, 0.01),
          w(5.0, 8775, 3.52, 0.453, 0.13),
          w(5.0, 8791, 3.56, 0.825, 0.35),
          w(5.0, 8722, 3.64, 0.034, 0.03),
          w(5.002, 8676, 3.35, 0.143, 0.05),
          w(4.998, 8621, 3.63, 0.025, 0.01),
          w(4.999, 8751, 3.68, 0.073, 0.03),
          w(5.001, 8322, 3.97, 0.842, 0.24),
          w(5.003, 8660, 3.4, 0.106, 0.05));

  @Test
  void theRecordedWarmUpBecomesSteadyOnceItsLevelHoldsThreeWindows() {
    // windows 5-7 (56-89 s): 1,855, 1,841, 1,779 req/s at 0.37-0.31 ms a request, one level with
    // no slope; the old rule (three windows within 10 %, elapsed JIT under 5 %) said window 8
    assertThat(firstSteady(RECORDED_WARM_UP)).isEqualTo(7);
    assertThat(SteadyState.judge(RECORDED_WARM_UP.subList(0, 2)))
        .isEqualTo(SteadyState.Verdict.TOO_SHORT);
    assertThat(Shape.of(RECORDED_WARM_UP).kind()).isEqualTo(Shape.Kind.WARM_UP);
    assertThat(SteadyState.judge(RECORDED_WARM_UP)).isEqualTo(SteadyState.Verdict.STEADY);
  }

  @Test
  void theJitIsJudgedByItsCompilerThreadsCpuNotItsElapsedCompileTime() {
    // compiler threads at 23-41 % of the SUT's CPU until window 13, 24 % and 10 % in windows 14
    // and 15; from window 16 (80 s, the fourth round's end) one level with a quiet JIT, the
    // application's CPU per request (the compiler threads' left out) level since window 9
    assertThat(firstSteady(AMD_WARM_UP)).isEqualTo(16);
    assertThat(SteadyState.judge(AMD_WARM_UP.subList(0, 15)))
        .isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.judge(AMD_WARM_UP.subList(0, 20))).isEqualTo(SteadyState.Verdict.STEADY);
    // without the compiler threads' CPU, the trend alone takes windows 9-12 for a level (a false
    // plateau: the JIT still used 39 % of the SUT's CPU there, and CPU per request then fell from
    // 0.61 to 0.35 ms); the elapsed compile time is judged nowhere
    List<LoadWindow> asElapsed =
        AMD_WARM_UP.stream()
            .map(x -> new LoadWindow(x.seconds(), x.requests(), x.cpuSeconds(), x.compileSeconds()))
            .toList();
    assertThat(asElapsed.getFirst().jitShare()).isNull();
    assertThat(firstSteady(asElapsed)).isEqualTo(12);
  }

  private static int firstSteady(List<LoadWindow> series) {
    for (int n = 1; n <= series.size(); n++) {
      if (SteadyState.judge(series.subList(0, n)) == SteadyState.Verdict.STEADY) {
        return n;
      }
    }
    return -1;
  }

  @Test
  void theExplanationGivesTheShapeAndTheJitsShare() {
    assertThat(SteadyState.explain(AMD_WARM_UP.subList(0, 12)))
        .isEqualTo(
            "1626 req/s, warm-up, one level for the last 4 windows (need 3), JIT 39% of the SUT's"
                + " CPU (max 5% or 0.03 cores)");
    assertThat(SteadyState.explain(RECORDED_WARM_UP.subList(0, 8))).endsWith("JIT not measured");
    assertThat(SteadyState.explain(RECORDED_WARM_UP.subList(0, 1)))
        .isEqualTo("1 windows of 11 s, need 3");
  }

  @Test
  void aSeriesThatStillClimbsIsNotSteadyWhileANoisyFlatOneIs() {
    // 3 % more every window for ten windows: any three of them agree within 10 %, yet it climbs
    List<LoadWindow> climbing = new java.util.ArrayList<>();
    for (int i = 0; i < 10; i++) {
      climbing.add(w(5, Math.round(5000 * Math.pow(1.03, i)), 2.5, 0.01));
    }
    assertThat(SteadyState.judge(climbing)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
    // windows 27-37 % apart with no trend (a real service on one core): flat, so steady
    long[] noisy = {960, 1300, 1000, 1350, 940, 1280, 1010, 1330, 980, 1290};
    List<LoadWindow> flat = new java.util.ArrayList<>();
    for (long r : noisy) {
      flat.add(w(5, r, r * 0.004, 0.01));
    }
    assertThat(SteadyState.judge(flat)).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(Shape.of(flat).kind()).isEqualTo(Shape.Kind.FLAT);
    // a step up, then the new level for two windows: not yet; for three: a finished warm-up
    List<LoadWindow> step =
        new java.util.ArrayList<>(java.util.Collections.nCopies(6, w(5, 4000, 2, 0.01)));
    step.addAll(java.util.Collections.nCopies(2, w(5, 5000, 2.5, 0.01)));
    assertThat(SteadyState.judge(step)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
    step.add(w(5, 5000, 2.5, 0.01));
    assertThat(SteadyState.judge(step)).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(Shape.of(step).kind()).isEqualTo(Shape.Kind.WARM_UP);
    // and a step down that holds is a slowdown, steady at its level
    List<LoadWindow> down =
        new java.util.ArrayList<>(java.util.Collections.nCopies(6, w(5, 5000, 2.5, 0.01)));
    down.addAll(java.util.Collections.nCopies(4, w(5, 4000, 2, 0.01)));
    assertThat(Shape.of(down).kind()).isEqualTo(Shape.Kind.SLOWDOWN);
    assertThat(SteadyState.judge(down)).isEqualTo(SteadyState.Verdict.STEADY);
  }

  @Test
  void aCompilerUsingMoreThanFivePercentOfTheSutsCpuIsNotSteady() {
    List<LoadWindow> level = java.util.Collections.nCopies(8, w(5, 5000, 2.5, 0.2));
    assertThat(level.getFirst().jitShare()).isEqualTo(0.08);
    assertThat(SteadyState.judge(level)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
    List<LoadWindow> quiet = java.util.Collections.nCopies(8, w(5, 5000, 2.5, 0.1));
    assertThat(SteadyState.judge(quiet)).isEqualTo(SteadyState.Verdict.STEADY);
  }

  @Test
  void aCompilerUsingAFewHundredthsOfACoreIsQuietWhateverItsShareOfAnIdleSut() {
    // the crossover's platform SUT at 192 req/s: 8-10 % busy, its compiler threads 18-44 % of that
    // (0.01-0.04 cores) for 175 s while its level held; what a compile costs is the core time it
    // takes, so up to 0.03 cores (0.15 s of a 5 s window) the JIT is quiet
    List<LoadWindow> idle = java.util.Collections.nCopies(8, w(5, 960, 0.45, 0.1));
    assertThat(idle.getFirst().jitShare()).isGreaterThan(SteadyState.JIT_QUIET);
    assertThat(SteadyState.judge(idle)).isEqualTo(SteadyState.Verdict.STEADY);
    // 0.05 cores of compiling is not a few hundredths: still warming
    List<LoadWindow> compiling = java.util.Collections.nCopies(8, w(5, 960, 0.6, 0.25));
    assertThat(SteadyState.judge(compiling)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
  }

  @Test
  void atLowRatesACpuPerRequestStepUnderThreeHundredthsOfACoreIsOneLevel() {
    // 96 req/s: 0.80 then 0.95 ms a request, 0.014 cores apart: the same level
    List<LoadWindow> lowRate =
        new java.util.ArrayList<>(java.util.Collections.nCopies(5, w(5, 480, 0.384, 0)));
    lowRate.addAll(java.util.Collections.nCopies(3, w(5, 480, 0.456, 0)));
    assertThat(SteadyState.judge(lowRate.subList(0, 6))).isEqualTo(SteadyState.Verdict.STEADY);
    // the same relative step at 2,000 req/s is 0.3 cores: a new level, two windows old
    List<LoadWindow> highRate =
        new java.util.ArrayList<>(java.util.Collections.nCopies(5, w(5, 10_000, 8.0, 0)));
    highRate.addAll(java.util.Collections.nCopies(2, w(5, 10_000, 9.5, 0)));
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
  void aShortHoldIsJudgedOnItsTrend() {
    List<LoadWindow> drifting =
        List.of(w(5, 4000, 1, 0), w(5, 4000, 1, 0), w(5, 5000, 1.25, 0), w(5, 5000, 1.25, 0));
    // as a warm-up series: a new level two windows old
    assertThat(SteadyState.judge(drifting)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.judgeHold(drifting)).isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.judgeHold(drifting.subList(1, 3)))
        .isEqualTo(SteadyState.Verdict.NOT_STEADY);
    assertThat(SteadyState.judgeHold(drifting.subList(2, 4))).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.judgeHold(drifting.subList(0, 1)))
        .isEqualTo(SteadyState.Verdict.TOO_SHORT);
    // one slow first window of six: its thirds are 10.5 % apart, its trend flat
    List<LoadWindow> oddFirst =
        List.of(
            w(5, 4000, 1, 0),
            w(5, 5000, 1.25, 0),
            w(5, 5000, 1.25, 0),
            w(5, 5000, 1.25, 0),
            w(5, 5000, 1.25, 0),
            w(5, 5000, 1.25, 0));
    assertThat(SteadyState.judgeHold(oddFirst)).isEqualTo(SteadyState.Verdict.STEADY);
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
    var cpu = noisy.stream().mapToDouble(LoadWindow::cpuMsPerRequest).summaryStatistics();
    assertThat((cpu.getMax() - cpu.getMin()) / cpu.getAverage())
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
    assertThat(SutReset.path(Duration.ofSeconds(15), 1_764_000_000_000L))
        .isEqualTo("/api/runtime-info/reset?windowMs=15000&startAtEpochMs=1764000000000");
    // told ahead of a phase by the lead, or as early as the phase allows
    assertThat(SutReset.lead(Duration.ofSeconds(8))).isEqualTo(SutReset.LEAD);
    assertThat(SutReset.lead(Duration.ofSeconds(2))).isEqualTo(Duration.ofSeconds(2));
    assertThat(SutReset.lead(Duration.ZERO)).isEqualTo(Duration.ZERO);

    // 5 s windows hold one or two rounds of the ten threads: flat, so steady by trend, but their
    // noise (what hold_cv reports) is over a quarter of the level
    List<LoadWindow> fiveSeconds = tenThreadsInStep(5_000);
    assertThat(fiveSeconds.stream().map(LoadWindow::requests).distinct())
        .containsExactlyInAnyOrder(10L, 20L);
    assertThat(Shape.of(fiveSeconds).kind()).isEqualTo(Shape.Kind.FLAT);
    assertThat(SteadyState.throughputCv(fiveSeconds)).isGreaterThan(0.25);
    // 15 s windows (5 floors) hold five rounds: steady from the first three
    List<LoadWindow> fifteen =
        tenThreadsInStep(SteadyState.window(Duration.ofSeconds(3)).toMillis());
    assertThat(SteadyState.judge(fifteen.subList(0, SteadyState.WINDOWS)))
        .isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.judge(fifteen)).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.judgeHold(fifteen)).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(SteadyState.throughputCv(fifteen)).isLessThan(0.1);
  }

  @Test
  void windowsAddUpAndAnUnknownCounterStaysUnknown() {
    LoadWindow sum =
        LoadWindow.sum(
            List.of(
                new LoadWindow(5, 100, 0.5, 0.2, 0.1), new LoadWindow(4.5, 90, 0.25, 0.1, 0.0)));
    assertThat(sum).isEqualTo(new LoadWindow(9.5, 190, 0.75, 0.30000000000000004, 0.1));
    assertThat(sum.jitShare()).isCloseTo(0.1 / 0.75, within(1e-12));
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
