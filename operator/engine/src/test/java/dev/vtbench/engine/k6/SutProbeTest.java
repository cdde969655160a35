package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.vtbench.engine.metrics.ServiceWindows;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The SUT's load windows through a cluster run's compact summary and back. */
class SutProbeTest {

  /** A summary as cluster.js writes it: three windows of a 15 s hold as compact arrays. */
  static final String SUMMARY =
      """
      {"metrics":{},"vtbench":{"sut":{"cpuset":"1"},"sutCpuSeconds":3.1,"holdSeconds":15,
       "peaks":{"hikariActiveMax":12},
       "windows":{"windowSeconds":5,"list":[[5.001,1000,1.0,0.01,0.002],[4.999,1010,1.02,0,0],
       [5,990,null,null,null]]}}}
      """;

  @Test
  void theWindowsComeBackInTheShapeTheSutReportsThem() {
    SutProbe probe = SutProbe.parse(SUMMARY);

    assertThat(LoadWindow.ofPhase(probe.peaks(), Duration.ofSeconds(15)))
        .extracting(
            LoadWindow::seconds,
            LoadWindow::requests,
            LoadWindow::cpuSeconds,
            LoadWindow::compileSeconds)
        .containsExactly(
            tuple(5.001, 1000L, 1.0, 0.01),
            tuple(4.999, 1010L, 1.02, 0.0),
            tuple(5.0, 990L, null, null));
    // the peaks keep their own keys beside the windows
    assertThat(probe.peaks()).containsEntry("hikariActiveMax", 12).containsKey(SutProbe.WINDOWS);
    assertThat(list(probe)).extracting(w -> w.get("jitCpuSeconds")).containsExactly(0.002, 0, null);
  }

  /** A script from before jitCpuSeconds writes four fields a window: the fifth is unknown. */
  @Test
  void aRowWithoutTheJitsCpuLeavesItUnknown() {
    SutProbe probe =
        SutProbe.parse(
            SUMMARY
                .replace(",0.01,0.002]", ",0.01]")
                .replace(",0,0]", ",0]")
                .replace("null,null,null]", "null,null]"));

    assertThat(list(probe))
        .extracting(w -> w.get("compileSeconds"), w -> w.get("jitCpuSeconds"))
        .containsExactly(tuple(0.01, null), tuple(0, null), tuple(null, null));
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> list(SutProbe probe) {
    return (List<Map<String, Object>>)
        ((Map<String, Object>) probe.peaks().get(SutProbe.WINDOWS)).get("list");
  }

  @Test
  void windowsThatAgreeMakeASteadyVerdictAfterTheRoundTrip() {
    String steady = SUMMARY.replace("null,null,null", "1.0,0.02,0.004");
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

  /**
   * The SUT's and the stub's CFS throttling as cluster.js writes them: the SUT's at the probe's top
   * level, the stub's in its window.
   */
  @Test
  void throttlingOfTheSutAndTheStubReadBack() {
    String throttled =
        SUMMARY.replace(
            "\"holdSeconds\":15,",
            "\"holdSeconds\":15,\"sutThrottledPct\":12.5,\"sutCpuLimitCores\":0.5,"
                + "\"stub\":{\"cpuSeconds\":1.5,\"cpuset\":\"0-3\",\"stealPct\":0.1,"
                + "\"throttledPct\":30.2,\"cpuLimitCores\":0.25},");
    SutProbe probe = SutProbe.parse(throttled);

    assertThat(probe.sutThrottledPct()).isEqualTo(12.5);
    assertThat(probe.sutCpuLimitCores()).isEqualTo(0.5);
    assertThat(probe.stubThrottledPct()).isEqualTo(30.2);
    assertThat(probe.stub().cpuLimitCores()).isEqualTo(0.25);
  }

  /** No limit: nothing throttled, which is a measured 0, not unknown. */
  @Test
  void withoutALimitThrottlingIsZeroAndTheLimitNull() {
    String unlimited =
        SUMMARY.replace(
            "\"holdSeconds\":15,",
            "\"holdSeconds\":15,\"sutThrottledPct\":0,\"sutCpuLimitCores\":null,"
                + "\"stub\":{\"cpuSeconds\":1.5,\"throttledPct\":0.0,\"cpuLimitCores\":null},");
    SutProbe probe = SutProbe.parse(unlimited);

    assertThat(probe.sutThrottledPct()).isEqualTo(0.0);
    assertThat(probe.sutCpuLimitCores()).isNull();
    assertThat(probe.stubThrottledPct()).isEqualTo(0.0);
    assertThat(probe.stub().cpuLimitCores()).isNull();
  }

  /**
   * A summary without the fields (a SUT or stub from before them, a script that could not read
   * them) or with them null leaves both unknown.
   */
  @Test
  void throttlingNotReportedIsUnknown() {
    SutProbe without = SutProbe.parse(SUMMARY);
    assertThat(without.sutThrottledPct()).isNull();
    assertThat(without.stubThrottledPct()).as("no stub window").isNull();

    SutProbe olderStub =
        SutProbe.parse(
            SUMMARY.replace(
                "\"holdSeconds\":15,",
                "\"holdSeconds\":15,\"sutThrottledPct\":null,\"stub\":{\"cpuSeconds\":1.5},"));
    assertThat(olderStub.sutThrottledPct()).isNull();
    assertThat(olderStub.stub()).isNotNull();
    assertThat(olderStub.stubThrottledPct()).isNull();
  }

  /**
   * A user's service's summary as cluster-service.js writes it: raw Actuator readings at the edges
   * of two 5 s windows (ms since the first, requests less the reader's own reads, CPU and JIT
   * seconds so far), the gauges' maxima and the notes.
   */
  static final String SERVICE =
      """
      {"metrics":{},"vtbench":{"sut":{"javaVersion":"25.0.3+9-LTS","availableProcessors":2},
       "sutCpuSeconds":3.0,"dbCpuSeconds":null,"sutThrottledPct":null,"sutCpuLimitCores":null,
       "stub":null,"holdSeconds":10,
       "peaks":{"hikariActiveMax":4,"hikariPendingMax":0,"jvmThreadsMax":31,"heapMbMax":80.5,
        "tomcatBusyMax":20,"tomcatMaxThreads":20,"requestsActiveMax":21},
       "actuator":{"windowMs":5000,
        "readings":[[0,1000,10.0,5.0],[5000,1500,11.0,5.1],[10001,2010,12.5,5.1]],
        "missing":{},"notes":["pinned_events empty: counted by JFR inside vtbench's own SUT only"]}}}
      """;

  @Test
  void aServicesReadingsBecomeTheWindowsServiceWindowsCutsLocally() {
    SutProbe probe = SutProbe.parse(SERVICE);

    // 1500 - 1000 requests in 5.000 s, 11.0 - 10.0 CPU s, 5.1 - 5.0 JIT s; then 510 in 5.001 s
    assertThat(LoadWindow.ofPhase(probe.peaks(), Duration.ofSeconds(10)))
        .containsExactly(new LoadWindow(5.0, 500, 1.0, 0.1), new LoadWindow(5.001, 510, 1.5, 0.0));
    assertThat(probe.peaks())
        .containsEntry("hikariActiveMax", 4.0)
        .containsEntry("hikariPendingMax", 0.0)
        .containsEntry("jvmThreadsMax", 31.0)
        .containsEntry("heapMbMax", 80.5)
        .containsEntry("tomcatBusyMax", 20.0)
        .containsEntry("tomcatMaxThreads", 20.0)
        .containsEntry("requestsActiveMax", 21.0)
        .containsEntry("rssMbMax", null)
        .containsEntry(ServiceWindows.NOTES, java.util.List.of(ServiceWindows.NO_PINNED_EVENTS));
    assertThat(probe.cpuSeconds()).isEqualTo(3.0);
    assertThat(probe.cpuPct()).isEqualTo(30.0);
    assertThat(probe.sut().javaVersion()).isEqualTo("25.0.3+9-LTS");
    assertThat(probe.sut().availableProcessors()).isEqualTo(2);
    assertThat(probe.sut().cpuset()).isNull();
    assertThat(probe.sut().node()).isNull();
    assertThat(probe.sutThrottledPct()).as("a service reports no cgroup").isNull();
    assertThat(list(probe))
        .as("the runner cannot see the service's compiler threads")
        .allSatisfy(w -> assertThat(w).containsEntry("jitCpuSeconds", null));
  }

  @Test
  void aMetricTheServiceDoesNotHaveLeavesItsNumberUnknownAndSaysWhy() {
    String noCpu =
        SERVICE
            .replace("10.0,5.0]", "null,5.0]")
            .replace("11.0,5.1]", "null,5.1]")
            .replace("12.5,5.1]", "null,5.1]")
            .replace("\"hikariActiveMax\":4", "\"hikariActiveMax\":null")
            .replace("\"sutCpuSeconds\":3.0", "\"sutCpuSeconds\":null")
            .replace(
                "\"missing\":{}",
                "\"missing\":{\"CPU_SECONDS\":\"HTTP 404 at /actuator/metrics/process.cpu.time\","
                    + "\"HIKARI_ACTIVE\":\"HTTP 404 at /actuator/metrics/hikaricp.connections.active\"}");
    SutProbe probe = SutProbe.parse(noCpu);

    assertThat(LoadWindow.ofPhase(probe.peaks(), Duration.ofSeconds(10)))
        .containsExactly(
            new LoadWindow(5.0, 500, null, 0.1), new LoadWindow(5.001, 510, null, 0.0));
    assertThat(probe.cpuSeconds()).isNull();
    assertThat(probe.peaks()).containsEntry("hikariActiveMax", null);
    assertThat(probe.peaks().get(ServiceWindows.NOTES))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
        .containsExactly(
            ServiceWindows.NO_PINNED_EVENTS,
            "process.cpu.time not read: HTTP 404 at /actuator/metrics/process.cpu.time",
            "hikaricp.connections.active not read: HTTP 404 at"
                + " /actuator/metrics/hikaricp.connections.active");
  }

  @Test
  void aServiceWithoutActuatorHasNoWindowsAndIsNeverSteady() {
    String none =
        """
        {"vtbench":{"sut":null,"sutCpuSeconds":null,"holdSeconds":10,
         "peaks":{"hikariActiveMax":null,"hikariPendingMax":null,"jvmThreadsMax":null,
          "heapMbMax":null},
         "actuator":{"windowMs":5000,"readings":[],
          "missing":{"REQUESTS":"no Actuator","CPU_SECONDS":"no Actuator",
           "HIKARI_ACTIVE":"no Actuator"},
          "notes":["no Actuator (spec.sut.service.actuatorPath is empty)"]}}}
        """;
    SutProbe probe = SutProbe.parse(none);

    assertThat(probe.peaks()).doesNotContainKey(SutProbe.WINDOWS);
    assertThat(SteadyState.judge(LoadWindow.ofPhase(probe.peaks(), Duration.ofSeconds(10))))
        .isEqualTo(SteadyState.Verdict.TOO_SHORT);
    assertThat(probe.peaks().get(ServiceWindows.NOTES).toString())
        .contains(ServiceWindows.NO_ACTUATOR)
        .contains("hikaricp.connections.active not read: no Actuator")
        .contains("jvm.threads.live not read: never sampled")
        .contains("http.server.requests not read: no Actuator")
        .contains("process.cpu.time not read: no Actuator")
        .contains("steady state not judged: no request count per window");
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
                    five,
                    false)))
        .containsEntry(
            "sutWindows",
            java.util.Map.of(
                "resetPath",
                "/api/runtime-info/reset?windowMs=5000&startAtEpochMs=",
                "leadMs",
                1000,
                "count",
                6));
    // 3 s requests (seed 003): windows of 15 s, the reset asks the SUT for them
    assertThat(
            K6ScriptTest.plan(
                K6Script.renderForCluster(
                    K6ScriptTest.plan(K6Plan.Executor.RAMPING_VUS, 1000, 0, 45_000),
                    "http://run-sut:8080",
                    "http://run-stub:8080",
                    null,
                    SteadyState.window(Duration.ofSeconds(3)),
                    false)))
        .containsEntry(
            "sutWindows",
            java.util.Map.of(
                "resetPath",
                "/api/runtime-info/reset?windowMs=15000&startAtEpochMs=",
                "leadMs",
                1000,
                "count",
                3));
  }
}
