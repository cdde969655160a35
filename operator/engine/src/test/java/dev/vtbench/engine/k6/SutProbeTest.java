package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The SUT's load windows through a cluster run's compact summary and back. */
class SutProbeTest {

  /** A summary as cluster.js writes it: three windows of a 15 s hold as compact arrays. */
  static final String SUMMARY =
      """
      {"metrics":{},"vtbench":{"sut":{"cpuset":"1"},"sutCpuSeconds":3.1,"holdSeconds":15,
       "peaks":{"hikariActiveMax":12},
       "windows":{"windowSeconds":5,"list":[[5.001,1000,1.0,0.01],[4.999,1010,1.02,0],
       [5,990,null,null]]}}}
      """;

  @Test
  void theWindowsComeBackInTheShapeTheSutReportsThem() {
    SutProbe probe = SutProbe.parse(SUMMARY);

    assertThat(LoadWindow.ofPhase(probe.peaks(), Duration.ofSeconds(15)))
        .containsExactly(
            new LoadWindow(5.001, 1000, 1.0, 0.01),
            new LoadWindow(4.999, 1010, 1.02, 0.0),
            new LoadWindow(5, 990, null, null));
    // the peaks keep their own keys beside the windows
    assertThat(probe.peaks()).containsEntry("hikariActiveMax", 12).containsKey(SutProbe.WINDOWS);
  }

  @Test
  void windowsThatAgreeMakeASteadyVerdictAfterTheRoundTrip() {
    String steady = SUMMARY.replace("null,null", "1.0,0.02");
    assertThat(
            SteadyState.judge(
                LoadWindow.ofPhase(SutProbe.parse(steady).peaks(), Duration.ofSeconds(15))))
        .isEqualTo(SteadyState.Verdict.STEADY);
    // an unknown CPU among known ones cannot agree
    assertThat(
            SteadyState.judge(
                LoadWindow.ofPhase(SutProbe.parse(SUMMARY).peaks(), Duration.ofSeconds(15))))
        .isEqualTo(SteadyState.Verdict.NOT_STEADY);
  }

  @Test
  void aSummaryWithoutWindowsHasNone() {
    String none =
        """
        {"vtbench":{"sut":{},"holdSeconds":3,"peaks":{"hikariActiveMax":1}}}
        """;
    SutProbe probe = SutProbe.parse(none);
    assertThat(probe.peaks()).doesNotContainKey(SutProbe.WINDOWS);
    assertThat(LoadWindow.ofPhase(probe.peaks(), Duration.ofSeconds(3))).isEmpty();
  }

  @Test
  void theScriptAsksForTheHoldsWholeWindowsAtMost24() {
    Duration five = Duration.ofSeconds(5);
    assertThat(ScriptPlan.holdWindows(Duration.ofSeconds(2), five)).isZero();
    assertThat(ScriptPlan.holdWindows(Duration.ofMillis(14_999), five)).isEqualTo(2);
    assertThat(ScriptPlan.holdWindows(Duration.ofSeconds(30), five)).isEqualTo(6);
    assertThat(ScriptPlan.holdWindows(Duration.ofMinutes(10), five))
        .isEqualTo(K6Script.MAX_WINDOWS);
    assertThat(ScriptPlan.holdWindows(Duration.ofSeconds(45), Duration.ofSeconds(15))).isEqualTo(3);
    assertThat(
            K6ScriptTest.plan(
                K6Script.renderForCluster(
                    K6ScriptTest.plan(K6Plan.Executor.RAMPING_VUS, 1000, 0, 30_000),
                    "http://run-sut:8080",
                    "http://run-stub:8080",
                    null,
                    five)))
        .containsEntry(
            "sutWindows",
            java.util.Map.of("resetPath", "/api/runtime-info/reset?windowMs=5000", "count", 6));
    // 3 s requests (seed 003): windows of 15 s, the reset asks the SUT for them
    assertThat(
            K6ScriptTest.plan(
                K6Script.renderForCluster(
                    K6ScriptTest.plan(K6Plan.Executor.RAMPING_VUS, 1000, 0, 45_000),
                    "http://run-sut:8080",
                    "http://run-stub:8080",
                    null,
                    SteadyState.window(Duration.ofSeconds(3)))))
        .containsEntry(
            "sutWindows",
            java.util.Map.of("resetPath", "/api/runtime-info/reset?windowMs=15000", "count", 3));
  }
}
