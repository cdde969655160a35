package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.k6.K6Plan.Executor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

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

  /** The text of one scenario's object literal in the script. */
  static String scenario(String js, String name) {
    Matcher m = Pattern.compile("(?s)\n    " + name + ": \\{\n(.*?)\n    },").matcher(js);
    assertThat(m.find()).as("scenario %s in%n%s", name, js).isTrue();
    return m.group(1);
  }

  @Test
  void closedModelRampsThenKeepsTheSameVUsThroughWarmupAndHold() {
    String js = K6Script.render(plan(Executor.RAMPING_VUS, 1000, 2000, 3000));

    String closed = scenario(js, "closed");
    assertThat(closed)
        .contains("executor: 'ramping-vus'")
        .contains("startVUs: 0,")
        .containsSubsequence(
            "{ duration: '1s', target: 20 }, // ramp",
            "{ duration: '5s', target: 20 }, // warm-up 2s, then hold")
        .contains("gracefulRampDown: '0s'")
        // in-flight hold requests get their timeout plus a second to be recorded
        .contains("gracefulStop: '6s'");
    assertThat(js)
        .doesNotContain("arrival-rate")
        .doesNotContain("\n    hold: {")
        .doesNotContain("dropped_iterations")
        .contains("const HOLD_START_MS = 3000;")
        .contains("const HOLD_MS = 3000;")
        .contains("Date.now() - exec.scenario.startTime >= HOLD_START_MS ? 'hold' : 'warmup'")
        .contains("// Measured: requests started in the hold window [3s, 6s), tagged phase=hold.");
  }

  @Test
  void closedModelWithoutRampStartsAtTheLevel() {
    String closed = scenario(K6Script.render(plan(Executor.RAMPING_VUS, 0, 0, 1500)), "closed");
    assertThat(closed)
        .contains("startVUs: 20,")
        .contains("{ duration: '1500ms', target: 20 }, // warm-up 0s, then hold")
        .doesNotContain("// ramp");
  }

  @Test
  void openModelHandsOverFromARampingWarmupToAConstantRateHold() {
    String js = K6Script.render(plan(Executor.CONSTANT_ARRIVAL_RATE, 1000, 2000, 3000));

    assertThat(scenario(js, "warmup"))
        .contains("executor: 'ramping-arrival-rate'")
        .contains("startRate: 0,")
        .contains("timeUnit: '1s'")
        .contains("preAllocatedVUs: 20,")
        .contains("maxVUs: 50,")
        .containsSubsequence(
            "{ duration: '1s', target: 20 }, // ramp", "{ duration: '2s', target: 20 }, // warm-up")
        .contains("gracefulStop: '0s'");
    assertThat(scenario(js, "hold"))
        .contains("executor: 'constant-arrival-rate'")
        .contains("rate: 20,")
        .contains("timeUnit: '1s'")
        .contains("duration: '3s'")
        .contains("preAllocatedVUs: 20,")
        .contains("maxVUs: 50,")
        .contains("startTime: '3s'")
        .contains("gracefulStop: '6s'");
    assertThat(js)
        .contains("'dropped_iterations{scenario:hold}': ['count>=0']")
        .contains("exec.scenario.name === 'hold' ? 'hold' : 'warmup'")
        .doesNotContain("ramping-vus");
  }

  @Test
  void openModelWithoutRampStartsTheWarmupAtTheRateAndWithoutWarmupHasOnlyTheHold() {
    String warmOnly = K6Script.render(plan(Executor.CONSTANT_ARRIVAL_RATE, 0, 2000, 3000));
    assertThat(scenario(warmOnly, "warmup"))
        .contains("startRate: 20,")
        .contains("{ duration: '2s', target: 20 }, // warm-up")
        .doesNotContain("// ramp");

    String holdOnly = K6Script.render(plan(Executor.CONSTANT_ARRIVAL_RATE, 0, 0, 3000));
    assertThat(holdOnly).doesNotContain("\n    warmup: {");
    assertThat(scenario(holdOnly, "hold")).contains("startTime: '0s'");
  }

  @Test
  void bothModelsMeasureTheHoldSubMetricsWithTheTailStatistics() {
    for (Executor e : Executor.values()) {
      String js = K6Script.render(plan(e, 1000, 2000, 3000));
      assertThat(js)
          .as(e.name())
          .contains(
              "summaryTrendStats: [\"avg\",\"min\",\"p(50)\",\"p(95)\",\"p(99)\",\"p(99.9)\",\"max\",\"count\"]")
          .contains("'http_req_duration{phase:hold}': ['max>=0']")
          .contains("'http_reqs{phase:hold}': ['count>=0']")
          .contains("'http_req_failed{phase:hold}': ['rate>=0']")
          .contains("http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }))")
          .contains("timeout: '5s', tags: { name: URL_NAME, phase: 'hold' }")
          .contains("const SUMMARY_PATH = __ENV.VTBENCH_SUMMARY;")
          .contains("[SUMMARY_PATH]: JSON.stringify(data, null, 2)")
          .contains("stdout: oneLine(data)")
          .contains("discardResponseBodies: true")
          // no per-URL time series: the random id would make one per request
          .contains(
              "systemTags: ['status', 'method', 'name', 'scenario', 'expected_response', 'error',"
                  + " 'error_code'],");
    }
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
    assertThat(js)
        .contains("const URL_PARTS = [\"http://h:1/café/\",\"/b?q='x'&id=\",\"\"];")
        .contains("const URL_NAME = \"http://h:1/café/{id}/b?q='x'&id={id}\";")
        .contains("const ID_MAX = 7;")
        .contains("const id = 1 + Math.floor(Math.random() * ID_MAX);")
        .contains("http.get(URL_PARTS.join(String(id)), PARAMS[phase()]);");
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
    assertThat(fixed).contains("const URL_PARTS = [\"http://h:1/livez\"];");
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
