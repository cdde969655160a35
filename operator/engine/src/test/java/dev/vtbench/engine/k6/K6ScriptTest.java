package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.k6.K6Plan.Executor;
import dev.vtbench.engine.metrics.ActuatorMetric;
import dev.vtbench.engine.metrics.ServiceWindows;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.stats.HistogramText;
import dev.vtbench.engine.stats.LatencyHistogram;
import dev.vtbench.engine.steady.SteadyState;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class K6ScriptTest {

  static final String URL = "http://127.0.0.1:8081/downstream?id={id}&delayMs=20";

  static K6Plan plan(Executor executor, long rampMs, long warmupMs, long holdMs) {
    return new K6Plan(
        URL,
        100_000,
        executor,
        20,
        executor == Executor.CONSTANT_ARRIVAL_RATE ? 50 : 0,
        Duration.ofMillis(rampMs),
        Duration.ofMillis(warmupMs),
        Duration.ofMillis(holdMs),
        Duration.ofSeconds(5));
  }

  /** The {@code PLAN} object a rendered script holds, parsed back from its text. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> plan(String js) {
    Matcher m = Pattern.compile("(?s)\nconst PLAN = (\\{\n.*?\n\\});\n").matcher(js);
    assertThat(m.find()).as("one PLAN object in%n%s", js).isTrue();
    assertThat(js).doesNotContain(K6Script.PLAN_PLACEHOLDER);
    return JsonMapper.shared().readValue(m.group(1), Map.class);
  }

  /** The object under {@code key}. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> child(Map<String, Object> parent, String key) {
    assertThat(parent).containsKey(key);
    return (Map<String, Object>) parent.get(key);
  }

  static Map<String, Object> scenarios(String js) {
    return child(plan(js), "scenarios");
  }

  /** One scenario of the plan, as k6 reads it from {@code options.scenarios}. */
  static Map<String, Object> scenario(String js, String name) {
    return child(scenarios(js), name);
  }

  static Map<String, Object> stage(String duration, int target) {
    return Map.of("duration", duration, "target", target);
  }

  @Test
  void closedModelRampsThenKeepsTheSameVUsThroughWarmupAndHold() {
    String js = K6Script.render(plan(Executor.RAMPING_VUS, 1000, 2000, 3000));

    assertThat(scenarios(js)).containsOnlyKeys("closed");
    assertThat(scenario(js, "closed"))
        .containsEntry("executor", "ramping-vus")
        .containsEntry("startVUs", 0)
        // a ramp, then warm-up (2s) and hold (3s) as one stage
        .containsEntry("stages", List.of(stage("1s", 20), stage("5s", 20)))
        .containsEntry("gracefulRampDown", "0s")
        // in-flight hold requests get their timeout plus a second to be recorded
        .containsEntry("gracefulStop", "6s");
    Map<String, Object> plan = plan(js);
    assertThat(plan)
        .containsEntry("holdStartMs", 3000)
        .containsEntry("holdMs", 3000)
        .containsEntry("holdIsAScenario", false)
        .containsEntry(
            "measured", "requests started in the hold window [3s, 6s), tagged phase=hold");
    assertThat(child(plan, "thresholds")).doesNotContainKey(K6Script.HOLD_DROPPED);
    assertThat(js)
        .contains("Date.now() - exec.scenario.startTime >= PLAN.holdStartMs ? 'hold' : 'warmup'");
  }

  @Test
  void closedModelWithoutRampStartsAtTheLevel() {
    assertThat(scenario(K6Script.render(plan(Executor.RAMPING_VUS, 0, 0, 1500)), "closed"))
        .containsEntry("startVUs", 20)
        // no ramp stage: warm-up (0s) and hold only
        .containsEntry("stages", List.of(stage("1500ms", 20)));
  }

  @Test
  void openModelHandsOverFromARampingWarmupToAConstantRateHold() {
    String js = K6Script.render(plan(Executor.CONSTANT_ARRIVAL_RATE, 1000, 2000, 3000));

    assertThat(scenarios(js)).containsOnlyKeys("warmup", "hold");
    assertThat(scenario(js, "warmup"))
        .containsEntry("executor", "ramping-arrival-rate")
        .containsEntry("startRate", 0)
        .containsEntry("timeUnit", "1s")
        .containsEntry("preAllocatedVUs", 20)
        .containsEntry("maxVUs", 50)
        // the ramp, then the warm-up
        .containsEntry("stages", List.of(stage("1s", 20), stage("2s", 20)))
        .containsEntry("gracefulStop", "0s");
    assertThat(scenario(js, "hold"))
        .containsEntry("executor", "constant-arrival-rate")
        .containsEntry("rate", 20)
        .containsEntry("timeUnit", "1s")
        .containsEntry("duration", "3s")
        .containsEntry("preAllocatedVUs", 20)
        .containsEntry("maxVUs", 50)
        .containsEntry("startTime", "3s")
        .containsEntry("gracefulStop", "6s");
    assertThat(child(plan(js), "thresholds"))
        .containsEntry("dropped_iterations{scenario:hold}", List.of("count>=0"));
    assertThat(plan(js)).containsEntry("holdIsAScenario", true);
    assertThat(js).contains("exec.scenario.name === 'hold' ? 'hold' : 'warmup'");
  }

  @Test
  void openModelWithoutRampStartsTheWarmupAtTheRateAndWithoutWarmupHasOnlyTheHold() {
    String warmOnly = K6Script.render(plan(Executor.CONSTANT_ARRIVAL_RATE, 0, 2000, 3000));
    assertThat(scenario(warmOnly, "warmup"))
        .containsEntry("startRate", 20)
        // no ramp stage: the warm-up only
        .containsEntry("stages", List.of(stage("2s", 20)));

    String holdOnly = K6Script.render(plan(Executor.CONSTANT_ARRIVAL_RATE, 0, 0, 3000));
    assertThat(scenarios(holdOnly)).containsOnlyKeys("hold");
    assertThat(scenario(holdOnly, "hold")).containsEntry("startTime", "0s");
  }

  @Test
  void bothModelsMeasureTheHoldSubMetricsWithTheTailStatistics() {
    for (Executor e : Executor.values()) {
      String js = K6Script.render(plan(e, 1000, 2000, 3000));
      Map<String, Object> plan = plan(js);
      assertThat(plan)
          .as(e.name())
          .containsEntry(
              "summaryTrendStats",
              List.of("avg", "min", "p(50)", "p(95)", "p(99)", "p(99.9)", "max", "count"))
          .containsEntry("summaryEnv", "VTBENCH_SUMMARY")
          .containsEntry("summaryPath", null);
      assertThat(child(plan, "thresholds"))
          .as(e.name())
          .containsEntry("http_req_duration{phase:hold}", List.of("max>=0"))
          .containsEntry("http_reqs{phase:hold}", List.of("count>=0"))
          .containsEntry("http_req_failed{phase:hold}", List.of("rate>=0"));
      assertThat(child(plan, "target")).as(e.name()).containsEntry("timeout", "5s");
      assertThat(js)
          .as(e.name())
          .contains("summaryTrendStats: PLAN.summaryTrendStats,")
          .contains("thresholds: PLAN.thresholds,")
          .contains("http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }))")
          .contains(
              "hold: { timeout: PLAN.target.timeout, tags: { name: PLAN.target.name, phase:"
                  + " 'hold' } }")
          .contains("const SUMMARY_PATH = __ENV[PLAN.summaryEnv] || PLAN.summaryPath;")
          .contains("[SUMMARY_PATH]: JSON.stringify(data, null, 2)")
          .contains("stdout: oneLine(data)")
          .contains("discardResponseBodies: true")
          // no per-URL time series: the random id would make one per request
          .contains(
              "systemTags: ['status', 'method', 'name', 'scenario', 'expected_response', 'error',"
                  + " 'error_code'],");
    }
  }

  /**
   * Every kind of script, both load models, a user's module too: without {@link K6Plan#histogram}
   * (the default) k6 makes no bucket Counter, no threshold names one, nothing is counted per
   * request and no summary gets a histogram; with it, the plan carries LatencyHistogram's
   * constants, the script counts each hold response by the same formula, the bucket thresholds are
   * added to the plan's and both summaries carry the text.
   */
  @Test
  void onlyAPlanWithAHistogramCountsTheHoldsLatencies() {
    MixedRequest get = new MixedRequest("GET", "/x", Map.of(), Map.of(), null, 1, List.of());
    for (Executor e : Executor.values()) {
      K6Plan off = plan(e, 1000, 2000, 3000);
      assertThat(off.histogram()).isFalse();
      K6Plan user = off.withUserScript(true);
      List<String> offScripts = new ArrayList<>(renderings(off));
      offScripts.addAll(renderings(off.withRequests(List.of(get))));
      // a user's module runs against a user's service only
      offScripts.add(K6Script.render(user));
      offScripts.add(
          K6Script.renderForClusterService(
              user, new ServiceSpec(), "http://run-sut:8080", null, SteadyState.WINDOW, false));
      for (String js : offScripts) {
        Map<String, Object> p = plan(js);
        assertThat(p).as(e.name()).doesNotContainKey("histogram");
        assertThat(child(p, "thresholds").keySet())
            .as(e.name())
            .noneMatch(k -> k.startsWith(K6Script.HISTOGRAM_METRIC));
        assertThat(js)
            .as(e.name())
            .doesNotContain(K6Script.HISTOGRAM_METRIC)
            .doesNotContain(K6Script.HISTOGRAM_KEY)
            .doesNotContain("Counter(")
            .doesNotContain("HOLD_HISTOGRAM.record =")
            .contains(
                "const HOLD_HISTOGRAM = { record: null, text: null, key: null, metric: null };")
            .contains("if (HOLD_HISTOGRAM.record && p === 'hold') {");
      }

      K6Plan on = off.withHistogram(true);
      for (K6Plan plan : List.of(on, on.withRequests(List.of(get)))) {
        for (String js : renderings(plan)) {
          Map<String, Object> p = plan(js);
          // the hold's latencies, counted in LatencyHistogram's buckets by the same formula
          assertThat(child(p, "histogram"))
              .as(e.name())
              .containsEntry("scheme", HistogramText.SCHEME)
              .containsEntry("lowMs", LatencyHistogram.LOW_MS)
              .containsEntry("logGamma", LatencyHistogram.LOG_GAMMA)
              .containsEntry("buckets", LatencyHistogram.BUCKETS)
              .containsEntry("slots", LatencyHistogram.SLOTS)
              .containsEntry("bridgedGap", HistogramText.BRIDGED_GAP)
              .containsEntry("metric", K6Script.HISTOGRAM_METRIC)
              .containsEntry("tag", K6Script.HISTOGRAM_TAG)
              .containsEntry("groupSize", K6Script.HISTOGRAM_GROUP)
              .containsEntry("summaryKey", K6Script.HISTOGRAM_KEY);
          assertThat(js)
              .as(e.name())
              .contains("import { Counter } from 'k6/metrics';")
              .contains("const i = Math.floor(Math.log(ms / HIST.lowMs) / HIST.logGamma);")
              .contains("Object.assign(options.thresholds, Object.fromEntries(")
              .contains("HOLD_HISTOGRAM.record = (res) => {")
              .contains("HOLD_HISTOGRAM.text = (data) => {");
          // the histogram's part comes after script.js's and before the summary's
          assertThat(js.indexOf("HOLD_HISTOGRAM.record = "))
              .isGreaterThan(js.indexOf("export default function"))
              .isLessThan(js.indexOf("export function handleSummary(data)"));
        }
      }
    }
  }

  /**
   * {@code plan}'s script for this machine, for vtbench's SUT on a cluster and a user's service.
   */
  static List<String> renderings(K6Plan plan) {
    return List.of(
        K6Script.render(plan),
        K6Script.renderForCluster(
            plan, "http://run-sut:8080", "http://run-stub:8080", 30, SteadyState.WINDOW, false),
        K6Script.renderForClusterService(
            plan, new ServiceSpec(), "http://run-sut:8080", null, SteadyState.WINDOW, false));
  }

  /** {@code plan}'s cluster script for the SUT run-sut, the stub run-stub and a pool of 30. */
  private static String clusterScript(K6Plan plan) {
    return K6Script.renderForCluster(
        plan, "http://run-sut:8080", "http://run-stub:8080", 30, SteadyState.WINDOW, true);
  }

  /** A cluster run: the probes around the hold, the SUT's URL and the compact summary. */
  @Test
  void theClusterScriptProbesTheSutAroundTheHold() {
    String js = clusterScript(plan(Executor.CONSTANT_ARRIVAL_RATE, 1000, 2000, 3000));
    assertThat(scenarios(js)).containsOnlyKeys("probe_start", "probe_end", "warmup", "hold");
    // the hold starts at 3 s: the SUT is told at once when (SutReset.lead)
    assertThat(scenario(js, "probe_start"))
        .containsEntry("executor", "per-vu-iterations")
        .containsEntry("startTime", "0s")
        .containsEntry("exec", "probeStart");
    assertThat(scenario(js, "probe_end")).containsEntry("startTime", "6s");
    // a hold at 10 s: told 5 s ahead, the lead the script waits out before its own counters
    String later = clusterScript(plan(Executor.CONSTANT_ARRIVAL_RATE, 1000, 9000, 3000));
    assertThat(scenario(later, "probe_start")).containsEntry("startTime", "5s");
    assertThat(scenario(later, "probe_end")).containsEntry("startTime", "13s");
    assertThat(plan(later).get("sutWindows"))
        .isInstanceOfSatisfying(Map.class, w -> assertThat(w.get("leadMs")).isEqualTo(5000));
    assertThat(plan(js))
        .containsEntry("summaryPath", K6Script.TERMINATION_LOG)
        .containsEntry(
            "cluster",
            Map.of(
                "sut", "http://run-sut:8080",
                "stub", "http://run-stub:8080",
                "pool", 30,
                "poolPath", SutConfig.POOL_PATH,
                "peaks", ScriptPlan.SUT_PEAKS,
                "summaryMetrics", K6Script.SUMMARY_METRICS,
                "summaryLine", K6Script.SUMMARY_LINE,
                "summaryBytes", K6Script.SUMMARY_MAX_BYTES,
                "probeKey", K6Script.PROBE_KEY,
                "selfModule", K6Script.SELF_MODULE));
    assertThat(js)
        .contains("export function probeStart(data)")
        .contains("export function probeEnd(data)")
        .doesNotContain("JSON.stringify(data, null, 2)");
    assertThat(plan(K6Script.render(plan(Executor.RAMPING_VUS, 0, 0, 1000))))
        .doesNotContainKey("cluster");
  }

  /**
   * A user's service on a cluster: one VU watches it through the hold, reading what {@link
   * ActuatorMetric} says (path, statistic, scale) from the rendered PLAN; no pool resize, no probes
   * of /api/runtime-info, the stub only when the service calls it, the user's mix as the load.
   */
  @Test
  void theClusterServiceScriptWatchesActuatorAsActuatorMetricSays() {
    MixedRequest byId =
        new MixedRequest(
            "GET",
            "/orders/{id}",
            Map.of("id", new MixedRequest.Draw(1L, 9L, null)),
            Map.of(),
            null,
            1,
            List.of());
    K6Plan mixed =
        new K6Plan(
            "http://run-sut:8080",
            1,
            Executor.RAMPING_VUS,
            20,
            0,
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            Duration.ofSeconds(12),
            Duration.ofSeconds(5),
            List.of(byId));
    ServiceSpec service = new ServiceSpec();
    service.stubUrlEnv = "SHIPPING_QUOTE_URL";
    String js =
        K6Script.renderForClusterService(
            mixed,
            service,
            "http://run-sut:8080",
            "http://run-stub:8080",
            SteadyState.WINDOW,
            false);

    assertThat(scenarios(js)).containsOnlyKeys(ServiceProbe.SCENARIO, "closed");
    assertThat(scenario(js, ServiceProbe.SCENARIO))
        .containsEntry("executor", "per-vu-iterations")
        .containsEntry("vus", 1)
        .containsEntry("startTime", "3s")
        .containsEntry("exec", "watchHold")
        // the hold and the grace of the load's last requests (5 s timeout + 1 s): no longer
        .containsEntry("maxDuration", "18s")
        .containsEntry("gracefulStop", "0s");
    Map<String, Object> cluster = child(plan(js), "cluster");
    assertThat(cluster)
        .containsEntry("sut", "http://run-sut:8080")
        .containsEntry("stub", "http://run-stub:8080")
        .containsEntry(
            "peaks",
            List.of(
                "hikariActiveMax",
                "hikariPendingMax",
                "jvmThreadsMax",
                "heapMbMax",
                "tomcatBusyMax",
                "tomcatMaxThreads",
                "requestsActiveMax"))
        .doesNotContainKeys("pool", "poolPath");
    Map<String, Object> actuator = child(cluster, "actuator");
    assertThat(actuator)
        .containsEntry("present", true)
        .containsEntry("windowMs", 5000)
        .containsEntry("windows", 2) // 12 s hold: two whole 5 s windows
        .containsEntry("gaugeEveryMs", 1000)
        .containsEntry("readingFields", ServiceProbe.READING)
        .containsEntry("jvmInfo", "/actuator/metrics/jvm.info")
        .containsEntry("summaryKey", ServiceProbe.KEY);
    Map<String, Object> metrics = child(actuator, "metrics");
    for (ActuatorMetric m : ActuatorMetric.values()) {
      assertThat(child(metrics, m.name()))
          .containsEntry("path", m.path("/actuator"))
          .containsEntry("statistic", m.statistic())
          .containsEntry("scale", m.scale())
          .containsEntry("peak", m.peakKey());
    }
    // Actuator's process.cpu.time is in ns (its base unit), the windows want seconds
    assertThat(child(metrics, "CPU_SECONDS"))
        .containsEntry("path", "/actuator/metrics/process.cpu.time")
        .containsEntry("scale", 1e-9);
    assertThat(child(metrics, "OWN_READS"))
        .containsEntry(
            "path",
            "/actuator/metrics/http.server.requests?tag=uri:/actuator/metrics/%7BrequiredMetricName%7D");
    assertThat(actuator.get("peaks"))
        .isEqualTo(ActuatorMetric.PEAKS.stream().map(ActuatorMetric::name).toList());
    assertThat(actuator.get("notes").toString()).doesNotContain(ServiceWindows.NO_ACTUATOR);
    assertThat(child(plan(js), "target")).containsEntry("base", "http://run-sut:8080");
    assertThat(js)
        .contains("export function watchHold(data)")
        .doesNotContain("export function probeStart(data)")
        .doesNotContain("/api/runtime-info/reset?windowMs");

    // no stub behind the service: none is probed; no Actuator: none is read, and the notes say so
    ServiceSpec plain = new ServiceSpec();
    plain.actuatorPath = "";
    String bare =
        K6Script.renderForClusterService(
            mixed, plain, "http://run-sut:8080", "http://run-stub:8080", SteadyState.WINDOW, false);
    assertThat(child(plan(bare), "cluster")).containsEntry("stub", null);
    assertThat(child(child(plan(bare), "cluster"), "actuator"))
        .containsEntry("present", false)
        .extracting(a -> a.get("notes").toString())
        .asString()
        .contains(ServiceWindows.NO_ACTUATOR);
  }

  @Test
  void everyIdPlaceholderGetsTheRandomIdAndTheUrlIsAnEscapedLiteral() {
    String js =
        K6Script.render(
            new K6Plan(
                "http://h:1/café/{id}/b?q='x'&id={id}",
                7,
                Executor.RAMPING_VUS,
                1,
                0,
                Duration.ZERO,
                Duration.ZERO,
                Duration.ofSeconds(1),
                Duration.ofSeconds(1)));
    assertThat(child(plan(js), "target"))
        .containsEntry("urlParts", List.of("http://h:1/café/", "/b?q='x'&id=", ""))
        .containsEntry("name", "http://h:1/café/{id}/b?q='x'&id={id}")
        .containsEntry("idMax", 7);
    assertThat(js)
        .contains("\"urlParts\" : [ \"http://h:1/café/\", \"/b?q='x'&id=\", \"\" ],")
        .contains("const id = 1 + Math.floor(Math.random() * ID_MAX);")
        .contains("http.get(URL_PARTS.join(String(id)), PARAMS[p]);");
    // what a URL cannot hold, a literal still escapes
    assertThat(K6Script.jsString("a\"b\\c\u2028d\u2029e\n"))
        .isEqualTo("\"a\\\"b\\\\c\\u2028d\\u2029e\\n\"");

    String fixed =
        K6Script.render(
            new K6Plan(
                "http://h:1/livez",
                1,
                Executor.RAMPING_VUS,
                1,
                0,
                Duration.ZERO,
                Duration.ZERO,
                Duration.ofSeconds(1),
                Duration.ofSeconds(1)));
    assertThat(child(plan(fixed), "target")).containsEntry("urlParts", List.of("http://h:1/livez"));
  }

  @Test
  void commandLineAndTotalDuration() {
    assertThat(K6Script.commandLine(Path.of("/w/load.js"), Path.of("/w/summary.json")))
        .containsExactly(
            "run",
            "--quiet",
            "--no-usage-report",
            "--no-color",
            "--address=",
            "--env",
            "VTBENCH_SUMMARY=/w/summary.json",
            "/w/load.js");
    // ramp + warm-up + hold + (timeout 5s + 1s) for the requests still in flight
    for (Executor e : Executor.values()) {
      assertThat(K6Script.totalDuration(plan(e, 1000, 2000, 3000))).hasSeconds(12);
      assertThat(K6Script.totalDuration(plan(e, 0, 0, 1500))).hasMillis(7500);
    }
  }
}
