package dev.vtbench.engine.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A user's service's windows and peaks from readings with hand-computed answers, read back the way
 * the steady-state check and the row read vtbench's SUT's own.
 */
class ServiceWindowsTest {

  static final long S = 1_000_000_000L;

  @Test
  void readingsAtWindowEndsBecomeTheSutsWindowsAndJudgeSteadyState() {
    ServiceWindows w = new ServiceWindows();
    w.start(new ServiceWindows.Reading(0, 1_000L, 10.0, 60.0, 0.0));
    // 500 requests and 0.5 CPU seconds per 5 s window, the JIT quiet (0.05 s of 5 s = 1 %; its
    // threads' CPU 0.005 s, 1 % of the window's CPU)
    for (int i = 1; i <= 4; i++) {
      w.windowEnd(
          new ServiceWindows.Reading(
              5 * S * i, 1_000L + 500 * i, 10 + 0.5 * i, 60 + 0.05 * i, 0.005 * i));
    }

    List<LoadWindow> windows = LoadWindow.ofPhase(w.peaks(), Duration.ofSeconds(20));
    // a warm-up stopped once steady after 3 windows keeps those 3, whatever closed after
    assertThat(LoadWindow.ofPhase(LoadWindow.firstWindows(w.peaks(), 3), Duration.ofSeconds(20)))
        .containsExactlyElementsOf(windows.subList(0, 3));
    assertThat(LoadWindow.firstWindows(w.peaks(), 9)).isEqualTo(w.peaks());

    assertThat(windows)
        .hasSize(4)
        .allSatisfy(
            x -> {
              assertThat(x.throughput()).isEqualTo(100.0);
              assertThat(x.cpuMsPerRequest()).isEqualTo(1.0);
              assertThat(x.jitShare()).isEqualTo(0.01);
            });
    assertThat(SteadyState.judge(windows)).isEqualTo(SteadyState.Verdict.STEADY);
    assertThat(list(w))
        .extracting(x -> x.get("jitCpuSeconds"))
        .containsExactly(0.005, 0.005, 0.005, 0.005);
    assertThat(w.peaks().get(ServiceWindows.NOTES))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
        .containsExactly(
            "hikaricp.connections.active not read: never sampled",
            "hikaricp.connections.pending not read: never sampled",
            "jvm.threads.live not read: never sampled",
            "jvm.memory.used not read: never sampled",
            "tomcat.threads.busy not read: never sampled",
            "tomcat.threads.config.max not read: never sampled",
            "http.server.requests.active not read: never sampled");
  }

  @Test
  void withoutARequestCountThereAreNoWindowsAndTheNotesSaySteadyStateWasNotJudged() {
    ServiceWindows w = new ServiceWindows();
    w.note("no Actuator (spec.sut.service.actuatorPath is empty)");
    w.start(new ServiceWindows.Reading(0, null, 1.0, null, null));
    w.windowEnd(new ServiceWindows.Reading(5 * S, null, 2.0, null, null));
    w.windowEnd(new ServiceWindows.Reading(10 * S, null, 3.0, null, null));
    w.rssMb(300.5);

    Map<String, Object> peaks = w.peaks();

    assertThat(peaks).doesNotContainKey(ServiceWindows.WINDOWS).containsEntry("rssMbMax", 300.5);
    assertThat(LoadWindow.ofPhase(peaks, Duration.ofSeconds(10))).isEmpty();
    assertThat(SteadyState.judge(LoadWindow.ofPhase(peaks, Duration.ofSeconds(10))))
        .isEqualTo(SteadyState.Verdict.TOO_SHORT);
    assertThat(peaks.get(ServiceWindows.NOTES).toString())
        .contains("no Actuator")
        .contains("steady state not judged: no request count per window from http.server.requests");
  }

  /** On a cluster the CPU comes from Actuator: unread at either edge, the window's is unknown. */
  @Test
  void anUnreadCpuCounterLeavesTheWindowsCpuUnknownNotZero() {
    ServiceWindows w = new ServiceWindows();
    w.start(new ServiceWindows.Reading(0, 0L, 2.0, 1.0, null));
    w.windowEnd(new ServiceWindows.Reading(5 * S, 500L, null, 1.25, null));
    w.windowEnd(new ServiceWindows.Reading(10 * S, 1_000L, 3.0, 1.25, null));

    assertThat(LoadWindow.ofPhase(w.peaks(), Duration.ofSeconds(10)))
        .containsExactly(new LoadWindow(5, 500, null, 0.25), new LoadWindow(5, 500, null, 0.0));
  }

  /**
   * The compiler threads' CPU as the local sampler totals it: a window is the growth of the total,
   * unknown where either edge is (the pid not a JVM, /proc unreadable).
   */
  @Test
  void theJitsCpuIsTheGrowthOfItsTotalAndUnknownWhereAnEdgeIs() {
    ServiceWindows w = new ServiceWindows();
    w.start(new ServiceWindows.Reading(0, 0L, 1.0, 2.0, 0.0));
    w.windowEnd(new ServiceWindows.Reading(5 * S, 500L, 2.0, 4.5, 0.31));
    w.windowEnd(new ServiceWindows.Reading(10 * S, 1_000L, 3.0, 5.0, null));
    w.windowEnd(new ServiceWindows.Reading(15 * S, 1_500L, 4.0, 5.0, 0.4));
    w.windowEnd(new ServiceWindows.Reading(20 * S, 2_000L, 5.0, 5.0, 0.45));

    // 0.31 s of CPU beside 2.5 s of compile time: the compilers waited for the core
    assertThat(list(w))
        .extracting(x -> x.get("jitCpuSeconds"))
        .containsExactly(0.31, null, null, 0.05);
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(ServiceWindows w) {
    return (List<Map<String, Object>>)
        ((Map<String, Object>) w.peaks().get(ServiceWindows.WINDOWS)).get("list");
  }

  @Test
  void oneLostCountDropsEveryWindowRatherThanJudgeOnAGap() {
    ServiceWindows w = new ServiceWindows();
    w.start(new ServiceWindows.Reading(0, 0L, 0.0, null, null));
    w.windowEnd(new ServiceWindows.Reading(5 * S, 500L, 0.5, null, null));
    w.windowEnd(new ServiceWindows.Reading(10 * S, null, 1.0, null, null));
    w.windowEnd(new ServiceWindows.Reading(15 * S, 1_500L, 1.5, null, null));

    assertThat(w.peaks()).doesNotContainKey(ServiceWindows.WINDOWS);
  }

  @Test
  void gaugesKeepTheirPeakAndAGaugeReadOnceIsNotReportedMissing() {
    ServiceWindows w = new ServiceWindows();
    w.gauge(ActuatorMetric.HIKARI_ACTIVE, null, "HTTP 503 at /actuator/metrics/x");
    w.gauge(ActuatorMetric.HIKARI_ACTIVE, 7.0, null);
    w.gauge(ActuatorMetric.HIKARI_ACTIVE, 10.0, null);
    w.gauge(ActuatorMetric.HIKARI_ACTIVE, 4.0, null);
    w.gauge(ActuatorMetric.THREADS, null, "HTTP 404 at /actuator/metrics/jvm.threads.live");

    Map<String, Object> peaks = w.peaks();

    assertThat(peaks).containsEntry("hikariActiveMax", 10.0).containsEntry("jvmThreadsMax", null);
    assertThat(peaks.get(ServiceWindows.NOTES).toString())
        .doesNotContain("hikaricp.connections.active")
        .contains("jvm.threads.live not read: HTTP 404 at /actuator/metrics/jvm.threads.live");
  }
}
