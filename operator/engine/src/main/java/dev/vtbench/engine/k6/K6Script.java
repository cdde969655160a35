package dev.vtbench.engine.k6;

import dev.vtbench.engine.model.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the k6 script for one {@link K6Plan}, and says how to run it.
 *
 * <p>Every request carries a {@value #PHASE_TAG} tag, {@code warmup} or {@code hold}, fixed when
 * the request starts. Always-true thresholds on the {@code {phase:hold}} sub-metrics make k6 put
 * them into its summary (it reports tagged sub-metrics only when a threshold names them), and
 * {@code handleSummary} writes that summary as JSON to the file named by {@value #SUMMARY_ENV}.
 * {@link K6Summary} reads it back.
 */
public final class K6Script {

  /** Environment variable that names the JSON summary file; set by {@link #commandLine}. */
  public static final String SUMMARY_ENV = "VTBENCH_SUMMARY";

  public static final String PHASE_TAG = "phase";

  /** The measured sub-metrics, as k6 names them in the summary. */
  public static final String HOLD_DURATION = "http_req_duration{phase:hold}";

  public static final String HOLD_REQS = "http_reqs{phase:hold}";
  public static final String HOLD_FAILED = "http_req_failed{phase:hold}";

  /**
   * Open model only: iterations k6 could not start on schedule because every VU was busy. Not
   * tagged by phase, since k6 emits it per scenario; the hold is its own scenario there.
   */
  public static final String HOLD_DROPPED = "dropped_iterations{scenario:hold}";

  /** Trend statistics k6 computes for the summary, in the order it prints them. */
  public static final List<String> TREND_STATS =
      List.of("avg", "min", "p(50)", "p(95)", "p(99)", "p(99.9)", "max", "count");

  /**
   * Past the end of the hold, the time k6 gives requests still in flight. A request that started
   * inside the window ends, at the latest, when its timeout fires; the extra second covers k6
   * recording it.
   */
  static final Duration TIMEOUT_MARGIN = Duration.ofSeconds(1);

  private K6Script() {}

  /**
   * The arguments after the k6 binary: {@code run --quiet --no-usage-report --no-color --address=
   * --env VTBENCH_SUMMARY=<summaryJson> <script>}.
   *
   * <ul>
   *   <li>{@code --quiet}: no progress bar; the one-line summary still goes to stdout.
   *   <li>{@code --no-usage-report}: k6 otherwise phones home at the end of every run.
   *   <li>{@code --address=}: no REST API server, so two runs on one host do not fight over port
   *       6565 and nothing listens that nobody uses.
   * </ul>
   *
   * k6 exits 0 after a completed run, whatever the error rate: the thresholds only expose metrics
   * and always pass.
   */
  public static List<String> commandLine(Path script, Path summaryJson) {
    return List.of(
        "run",
        "--quiet",
        "--no-usage-report",
        "--no-color",
        "--address=",
        "--env",
        SUMMARY_ENV + "=" + summaryJson,
        script.toString());
  }

  /**
   * The longest k6 may run as scheduled, from the first request to the last response: ramp,
   * warm-up, hold, then the grace for requests still in flight. {@code k6 inspect
   * --execution-requirements} reports the same {@code totalDuration}. Process start-up and the
   * summary come on top.
   */
  public static Duration totalDuration(K6Plan plan) {
    return plan.holdStart().plus(plan.hold()).plus(holdGracefulStop(plan));
  }

  static Duration holdGracefulStop(K6Plan plan) {
    return plan.requestTimeout().plus(TIMEOUT_MARGIN);
  }

  /** The k6 script (JavaScript) for {@code plan}, run on this machine. */
  public static String render(K6Plan plan) {
    return render(plan, null);
  }

  /**
   * The k6 script for {@code plan} run inside a cluster, where nothing but the runner can reach the
   * SUT. The script then observes the SUT itself and puts what it saw into the summary, under
   * {@value #PROBE_KEY}: {@code setup()} reads the SUT's cpuset and JVM from {@code
   * /api/runtime-info}; a one-iteration probe at the hold's start resets the SUT's peaks and
   * records its process CPU time, a second at the hold's end records both again. The summary is a
   * compact JSON ({@link #SUMMARY_METRICS} only, under the 4 KiB a termination message may hold)
   * written to {@code /dev/termination-log}, so the operator reads it from the pod's status without
   * log access, and printed on a {@value #SUMMARY_LINE} line as a fallback.
   *
   * @param sutBaseUrl the SUT's base URL as the runner sees it, e.g. http://run-sut:8080
   */
  public static String renderForCluster(K6Plan plan, String sutBaseUrl) {
    return render(plan, sutBaseUrl);
  }

  /** Key of the SUT observations in a cluster run's summary. */
  public static final String PROBE_KEY = "vtbench";

  /** Prefix of the stdout line that repeats a cluster run's compact summary. */
  public static final String SUMMARY_LINE = "VTBENCH_SUMMARY ";

  /** Default summary path of a cluster run: the container's termination message. */
  public static final String TERMINATION_LOG = "/dev/termination-log";

  /** The metrics {@link K6Summary} reads; a cluster run's summary keeps only these. */
  public static final List<String> SUMMARY_METRICS =
      List.of(HOLD_DURATION, HOLD_REQS, HOLD_FAILED, HOLD_DROPPED, "vus_max");

  private static String render(K6Plan plan, String probeSutUrl) {
    boolean cluster = probeSutUrl != null;
    String model =
        plan.openModel()
            ? "open model (" + plan.executor().k6Name() + "), " + plan.level() + " requests/s"
            : "closed model (" + plan.executor().k6Name() + "), " + plan.level() + " VUs";
    StringBuilder js = new StringBuilder();
    js.append(
        """
        // vtbench load script, generated by K6Script: %s.
        // Measured: requests started in the hold window [%s, %s), tagged phase=hold.
        // Run: k6 %s
        import http from 'k6/http';
        import exec from 'k6/execution';%s

        const URL_PARTS = %s;
        const URL_NAME = %s;
        const ID_MAX = %d;
        const HOLD_START_MS = %d;
        const HOLD_MS = %d;
        %s
        export const options = {
          // Keep the generator's own work per request small, so it is not the bottleneck.
          discardResponseBodies: true,
          // One iteration, one request: a 3xx is an error, not a second request.
          maxRedirects: 0,
          // No 'url' tag: with a random id in every URL, each request would open its own time
          // series and k6's memory would grow with the run.
          systemTags: ['status', 'method', 'name', 'scenario', 'expected_response', 'error', 'error_code'],
          summaryTrendStats: %s,
          scenarios: {
        """
            .formatted(
                model,
                Durations.format(plan.holdStart()),
                Durations.format(plan.holdStart().plus(plan.hold())),
                String.join(" ", commandLine(Path.of("<this file>"), Path.of("<summary.json>"))),
                cluster ? "\nimport { Gauge } from 'k6/metrics';" : "",
                jsString(
                    Arrays.asList(
                        plan.targetUrl().split(Pattern.quote(K6Plan.ID_PLACEHOLDER), -1))),
                jsString(plan.targetUrl()),
                plan.idMax(),
                plan.holdStart().toMillis(),
                plan.hold().toMillis(),
                cluster
                    ? """
                      const SUMMARY_PATH = __ENV.%s || '%s';
                      const SUT = %s;
                      const SUT_CPU = new Gauge('vtbench_sut_cpu_seconds');
                      const PEAKS = ['hikariActiveMax', 'hikariPendingMax', 'jvmThreadsMax', 'rssMbMax',
                        'pinnedEvents'];
                      const PEAK = Object.fromEntries(PEAKS.map((p) => [p, new Gauge('vtbench_peak_' + p)]));
                      """
                        .formatted(SUMMARY_ENV, TERMINATION_LOG, jsString(probeSutUrl))
                    : """
                      const SUMMARY_PATH = __ENV.%s;
                      if (!SUMMARY_PATH) {
                        throw new Error('set %s to the file the JSON summary goes to: k6 run --env %s=<file>');
                      }
                      """
                        .formatted(SUMMARY_ENV, SUMMARY_ENV, SUMMARY_ENV),
                jsString(TREND_STATS)));
    if (cluster) {
      probeScenarios(plan, js);
    }
    if (plan.openModel()) {
      openScenarios(plan, js);
    } else {
      closedScenario(plan, js);
    }
    js.append(
        """
          },
          // Always true: they exist so that k6 reports these sub-metrics in the summary.
          thresholds: {
            '%s': ['max>=0'],
            '%s': ['count>=0'],
            '%s': ['rate>=0'],
        """
            .formatted(HOLD_DURATION, HOLD_REQS, HOLD_FAILED));
    if (plan.openModel()) {
      js.append("    '%s': ['count>=0'],\n".formatted(HOLD_DROPPED));
    }
    js.append(
        """
          },
        };

        // Success is 2xx only; anything else, a timeout or a refused connection is an error in
        // http_req_failed.
        http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }));

        const PARAMS = {
          warmup: { timeout: '%s', tags: { name: URL_NAME, phase: 'warmup' } },
          hold: { timeout: '%s', tags: { name: URL_NAME, phase: 'hold' } },
        };

        """
            .formatted(
                Durations.format(plan.requestTimeout()), Durations.format(plan.requestTimeout())));
    if (plan.openModel()) {
      js.append(
          """
          // The hold is its own scenario.
          function phase() {
            return exec.scenario.name === 'hold' ? 'hold' : 'warmup';
          }
          """);
    } else {
      js.append(
          """
          // Decided when the request starts, so the hold counts the requests it started: their
          // number over the hold's length is the throughput, however long the last ones take.
          function phase() {
            return Date.now() - exec.scenario.startTime >= HOLD_START_MS ? 'hold' : 'warmup';
          }
          """);
    }
    js.append(
        """

        export default function () {
          const id = 1 + Math.floor(Math.random() * ID_MAX);
          http.get(URL_PARTS.join(String(id)), PARAMS[phase()]);
        }

        %s

        // Never throws: an exception in handleSummary would lose the JSON file too.
        function oneLine(data) {
          try {
            const m = data.metrics;
            const d = m['%s'].values;
            const n = m['%s'].values.count;
            const failed = m['%s'].values.rate;
            const ms = (stat) => d[stat].toFixed(1) + ' ms';
            return 'vtbench hold: ' + n + ' requests in ' + HOLD_MS / 1000 + ' s = '
              + (n * 1000 / HOLD_MS).toFixed(1) + ' req/s, p50 ' + ms('p(50)') + ', p95 '
              + ms('p(95)') + ', p99 ' + ms('p(99)') + ', p99.9 ' + ms('p(99.9)') + ', max '
              + ms('max') + ', errors ' + (failed * 100).toFixed(2) + '%%\\n';
          } catch (e) {
            return 'vtbench hold: no summary line (' + e + ')\\n';
          }
        }
        """
            .formatted(
                cluster
                    ? CLUSTER_SUMMARY.formatted(jsString(SUMMARY_METRICS), SUMMARY_LINE)
                    : """
                    export function handleSummary(data) {
                      return { [SUMMARY_PATH]: JSON.stringify(data, null, 2), stdout: oneLine(data) };
                    }""",
                HOLD_DURATION,
                HOLD_REQS,
                HOLD_FAILED));
    return js.toString();
  }

  /** Cluster runs: the SUT probes and the compact summary. */
  private static final String CLUSTER_SUMMARY =
      """
      // Bodies are discarded for the load; the probes need theirs.
      const PROBE = { tags: { name: 'probe' }, responseType: 'text' };

      // The SUT as the runner sees it, once before the load.
      export function setup() {
        const r = http.get(SUT + '/api/runtime-info', PROBE);
        if (r.status !== 200) {
          return { sut: null, sutError: 'GET /api/runtime-info: ' + r.status + ' ' + r.error };
        }
        const info = r.json();
        return { sut: { cpuset: info.cpuset, availableProcessors: info.availableProcessors,
          javaVersion: info.javaVersion } };
      }

      // At the hold's start: a new peaks window, and the SUT's CPU time so far.
      export function probeStart() {
        const r = http.post(SUT + '/api/runtime-info/reset', null, PROBE);
        if (r.status === 200 && r.json().processCpuSeconds !== undefined) {
          SUT_CPU.add(r.json().processCpuSeconds);
        }
      }

      // At the hold's end: the peaks of the window, and the CPU time again. A Gauge keeps its
      // min and max, so max - min is the SUT's CPU seconds over the hold.
      export function probeEnd() {
        const r = http.get(SUT + '/api/runtime-info', PROBE);
        if (r.status !== 200) {
          return;
        }
        const info = r.json();
        if (info.processCpuSeconds !== undefined) {
          SUT_CPU.add(info.processCpuSeconds);
        }
        for (const p of PEAKS) {
          const v = info.peaks ? info.peaks[p] : undefined;
          if (typeof v === 'number') {
            PEAK[p].add(v);
          }
        }
      }

      // Only what the operator reads, so it fits a termination message (4 KiB).
      export function handleSummary(data) {
        const keep = %s;
        const metrics = {};
        for (const k of keep) {
          if (data.metrics[k]) {
            metrics[k] = { values: data.metrics[k].values };
          }
        }
        const value = (name, stat) => data.metrics[name] ? data.metrics[name].values[stat] : null;
        const cpu = data.metrics['vtbench_sut_cpu_seconds'];
        const peaks = {};
        for (const p of PEAKS) {
          peaks[p] = value('vtbench_peak_' + p, 'value');
        }
        const probe = {
          sut: data.setup_data ? data.setup_data.sut : null,
          sutError: data.setup_data ? data.setup_data.sutError : undefined,
          sutCpuSeconds: cpu ? cpu.values.max - cpu.values.min : null,
          holdSeconds: HOLD_MS / 1000,
          peaks: peaks,
        };
        const json = JSON.stringify({ metrics: metrics, vtbench: probe });
        return { [SUMMARY_PATH]: json, stdout: oneLine(data) + '%s' + json + '\\n' };
      }""";

  private static void probeScenarios(K6Plan plan, StringBuilder js) {
    js.append(
        """
            // One request each, at the hold's start and end: see probeStart and probeEnd.
            probe_start: {
              executor: 'per-vu-iterations',
              vus: 1,
              iterations: 1,
              startTime: '%s',
              exec: 'probeStart',
            },
            probe_end: {
              executor: 'per-vu-iterations',
              vus: 1,
              iterations: 1,
              startTime: '%s',
              exec: 'probeEnd',
            },
        """
            .formatted(
                Durations.format(plan.holdStart()),
                Durations.format(plan.holdStart().plus(plan.hold()))));
  }

  /*
   * One scenario for warm-up and hold, not two. A hand-over at the hold's start would need the
   * warm-up scenario to stop with gracefulStop 0, or its VUs would overlap the hold's and push
   * the concurrency above the level. But gracefulStop 0 cuts `level` requests in flight: the
   * server keeps working on them while the hold's fresh VUs send `level` new ones, so the hold
   * would open at up to twice the level. Here the same VUs keep going and only the phase tag
   * changes.
   */
  private static void closedScenario(K6Plan plan, StringBuilder js) {
    List<String> stages = new ArrayList<>();
    if (plan.ramp().isPositive()) {
      stages.add(stage(plan.ramp(), plan.level(), "ramp"));
    }
    stages.add(
        stage(
            plan.warmup().plus(plan.hold()),
            plan.level(),
            "warm-up " + Durations.format(plan.warmup()) + ", then hold"));
    js.append(
        """
            // Warm-up and hold in one scenario: a second scenario for the hold would either
            // overlap the warm-up (too many VUs) or start after cutting its requests mid-flight
            // (gracefulStop 0), which the server would still be serving as the hold began.
            closed: {
              executor: 'ramping-vus',
              startVUs: %d,
              stages: [
        %s      ],
              // No stage goes down, so there is nothing to ramp down gracefully.
              gracefulRampDown: '0s',
              // Requests in flight when the hold ends finish or time out and are measured:
              // cutting them would drop exactly the slowest ones from the tail.
              gracefulStop: '%s',
            },
        """
            .formatted(
                plan.ramp().isPositive() ? 0 : plan.level(),
                String.join("", stages),
                Durations.format(holdGracefulStop(plan))));
  }

  /*
   * In the open model arrivals do not wait for answers, so the warm-up can end abruptly at the
   * hold's start without changing what the server sees: the arrival stream continues at the
   * same rate, and the warm-up's requests then in flight are still served, only no longer
   * awaited. Ending it with gracefulStop 0 keeps the two scenarios from overlapping, so k6
   * hands the warm-up's VUs to the hold instead of needing twice as many, and
   * dropped_iterations{scenario:hold} counts the hold alone.
   */
  private static void openScenarios(K6Plan plan, StringBuilder js) {
    if (plan.holdStart().isPositive()) {
      List<String> stages = new ArrayList<>();
      if (plan.ramp().isPositive()) {
        stages.add(stage(plan.ramp(), plan.level(), "ramp"));
      }
      if (plan.warmup().isPositive()) {
        stages.add(stage(plan.warmup(), plan.level(), "warm-up"));
      }
      js.append(
          """
              // Ends exactly when the hold starts (gracefulStop 0): arrivals do not wait for
              // answers, so the server sees one unbroken stream, and the hold gets these VUs.
              warmup: {
                executor: 'ramping-arrival-rate',
                startRate: %d,
                timeUnit: '1s',
                preAllocatedVUs: %d,
                maxVUs: %d,
                stages: [
          %s      ],
                gracefulStop: '0s',
              },
          """
              .formatted(
                  plan.ramp().isPositive() ? 0 : plan.level(),
                  plan.preAllocatedVUs(),
                  plan.maxVUs(),
                  String.join("", stages)));
    }
    js.append(
        """
            hold: {
              executor: 'constant-arrival-rate',
              rate: %d,
              timeUnit: '1s',
              duration: '%s',
              preAllocatedVUs: %d,
              maxVUs: %d,
              startTime: '%s',
              // Requests in flight when the hold ends finish or time out and are measured:
              // cutting them would drop exactly the slowest ones from the tail.
              gracefulStop: '%s',
            },
        """
            .formatted(
                plan.level(),
                Durations.format(plan.hold()),
                plan.preAllocatedVUs(),
                plan.maxVUs(),
                Durations.format(plan.holdStart()),
                Durations.format(holdGracefulStop(plan))));
  }

  private static String stage(Duration duration, int target, String comment) {
    return "        { duration: '%s', target: %d }, // %s\n"
        .formatted(Durations.format(duration), target, comment);
  }

  /** A JavaScript literal for a string or a list of strings. */
  static String jsString(Object value) {
    // JSON is JavaScript, except that older engines reject raw U+2028/U+2029 in string literals.
    return JsonMapper.shared()
        .writeValueAsString(value)
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029");
  }
}
