package dev.vtbench.engine.k6;

import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.steady.SutReset;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the k6 script for one {@link K6Plan}, and says how to run it.
 *
 * <p>Every request carries a {@value #PHASE_TAG} tag, {@code warmup} or {@code hold}, fixed when
 * the request starts. Always-true thresholds on the {@code {phase:hold}} sub-metrics make k6 put
 * them into its summary (it reports tagged sub-metrics only when a threshold names them), and
 * {@code handleSummary} writes that summary as JSON to the file named by {@value #SUMMARY_ENV}
 * ({@link K6Summary} reads it back), and when the plan asks for it ({@link K6Plan#histogram}) the
 * hold's latencies as a histogram that adds up across runners ({@value #HISTOGRAM_KEY}).
 *
 * <p>The JavaScript is fixed, in resources next to this class: {@code script.js}, then {@code
 * user.js} when each iteration is the user's own k6 module ({@link K6Plan#userScript}, {@link
 * UserModule}) or {@code histogram.js} for a plan with a histogram, then {@code local.js} or {@code
 * cluster.js}. What varies from load to load is one JSON object, the {@link ScriptPlan}, injected
 * as the script's {@code PLAN}.
 *
 * <p>A user's module is imported, never copied in: it must lie beside the script as {@link
 * UserModule#FILE_NAME}, and k6 must run with {@link UserModule#env}.
 */
public final class K6Script {

  /** Environment variable that names the JSON summary file; set by {@link #commandLine}. */
  public static final String SUMMARY_ENV = "VTBENCH_SUMMARY";

  public static final String PHASE_TAG = "phase";

  /**
   * Environment variables that make one k6 process runner {@code index} of {@code n} sharing a load
   * (a plain Job's pods, spec.load.parallelism): the script takes that execution segment of every
   * scenario, as k6-operator gives each TestRun runner with {@code --execution-segment}. The index
   * is the one Kubernetes sets in an Indexed Job's pods.
   */
  public static final String RUNNERS_ENV = "VTBENCH_RUNNERS";

  public static final String RUNNER_INDEX_ENV = "JOB_COMPLETION_INDEX";

  /** The measured sub-metrics, as k6 names them in the summary. */
  public static final String HOLD_DURATION = "http_req_duration{phase:hold}";

  public static final String HOLD_REQS = "http_reqs{phase:hold}";
  public static final String HOLD_FAILED = "http_req_failed{phase:hold}";

  /**
   * Open model only: iterations k6 could not start on schedule because every VU was busy. Not
   * tagged by phase, since k6 emits it per scenario; the hold is its own scenario there.
   */
  public static final String HOLD_DROPPED = "dropped_iterations{scenario:hold}";

  /**
   * Key of the hold's latency histogram ({@link dev.vtbench.engine.stats.HistogramText}) at the
   * summary's top level, beside {@code metrics}: what makes the latencies of several runners
   * mergeable.
   */
  public static final String HISTOGRAM_KEY = "holdHistogram";

  /**
   * Prefix of the k6 Counters that count the hold's latencies by bucket: {@code
   * vtbench_hold_latency_<group>}, each bucket a sub-metric tagged {@value #HISTOGRAM_TAG} with its
   * place in the group.
   */
  static final String HISTOGRAM_METRIC = "vtbench_hold_latency_";

  static final String HISTOGRAM_TAG = "bucket";

  /**
   * Buckets per Counter. k6 lets a script make metrics in its init context only, which every VU
   * runs: a Counter per bucket (~500) cost 1.6 GB and 20 s of start-up for 1,000 VUs on this
   * machine, while one Counter for all buckets would have k6 match each sample against ~500 tagged
   * sub-metrics. Groups of 24 (about the square root of the slots) keep both small: 21 Counters per
   * VU, 24 sub-metrics per sample.
   */
  static final int HISTOGRAM_GROUP = 24;

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
   * /api/runtime-info}; a one-iteration probe {@link SutReset#lead} ahead of the hold's start tells
   * the SUT when to reset its peaks and load windows ({@link SutReset#path}), which it does on time
   * and records its process CPU time then, a second at the hold's end reads them, with the hold's
   * windows (at most {@link #MAX_WINDOWS}); the two also open and end an accounting window on the
   * stub, which {@code handleSummary} reads back (the stub's CPU and its node's cores over the
   * hold, {@link SutProbe.StubWindow}). The summary is a compact JSON (of k6's metrics only {@link
   * #SUMMARY_METRICS}, beside the hold's {@value #HISTOGRAM_KEY} when the plan has one; under the 4
   * KiB a termination message may hold) written to {@code /dev/termination-log}, so the operator
   * reads it from the pod's status without log access, and printed on a {@value #SUMMARY_LINE} line
   * as a fallback.
   *
   * <p>Its setup first resizes the SUT's Hikari pool to {@code pool} ({@code POST
   * /api/pool?size=N}, answered once the pool holds exactly N connections): on a cluster the load,
   * not the operator, reaches the SUT, so one JVM serves every pool size of its thread mode there
   * too. A resize the SUT refuses fails the load.
   *
   * @param sutBaseUrl the SUT's base URL as the runner sees it, e.g. http://run-sut:8080
   * @param stubBaseUrl the stub's base URL as the runner sees it, e.g. http://run-stub:8080
   * @param pool the pool the load runs at; null leaves the SUT's pool as it is
   * @param window the length of the SUT's load windows ({@link
   *     dev.vtbench.engine.run.Workloads#window})
   */
  public static String renderForCluster(
      K6Plan plan,
      String sutBaseUrl,
      String stubBaseUrl,
      Integer pool,
      Duration window,
      boolean k6ReportsItself) {
    return render(
        plan,
        new ScriptPlan.Probed(sutBaseUrl, stubBaseUrl, pool, window, selfModule(k6ReportsItself)));
  }

  /** {@link #SELF_MODULE} for a k6 that has it ({@link K6Image#reportsItself}), else null. */
  private static String selfModule(boolean k6ReportsItself) {
    return k6ReportsItself ? SELF_MODULE : null;
  }

  /**
   * The k6 script for {@code plan} (with the user's request mix, {@link K6Plan#requests}, or their
   * own module, {@link K6Plan#userScript}) against a user's own service ({@code spec.sut.service})
   * inside a cluster, where nothing but the runner reaches it and only Spring Boot Actuator
   * describes it. Its summary has the shape of {@link #renderForCluster}'s, so {@link
   * SutProbe#parse} reads both the same way: {@code setup()} reads the JVM's version and processors
   * ({@code jvm.info}, {@code system.cpu.count}); one VU reads Actuator through the hold ({@link
   * ServiceProbe}): at its start and at the end of each of its whole windows of {@code window} (at
   * most {@link #MAX_WINDOWS}) the request count less the reader's own reads, process CPU and JIT
   * time, between them the peak gauges every {@link
   * dev.vtbench.engine.metrics.ActuatorMetric#GAUGE_EVERY}, and the CPU time again at the hold's
   * end. {@link SutProbe#parse} cuts the windows ({@link
   * dev.vtbench.engine.metrics.ServiceWindows}) and the notes say what is missing and why: the CPU
   * model and kernel always (a service does not report them; the operator takes the cpuset and node
   * from the SUT's pod), everything Actuator gives when the service has none (then no window, and
   * the row is never steady).
   *
   * <p>Unlike {@link #renderForCluster} it resizes no pool (a service takes its pool from its
   * environment at start) and opens the stub's accounting window only when the service calls the
   * stub.
   *
   * @param service the service as the spec describes it: its Actuator path, whether it calls the
   *     stub
   * @param serviceBaseUrl its base URL as the runner sees it, e.g. http://run-sut:8080
   * @param stubBaseUrl the stub's base URL as the runner sees it; ignored (may be null) when the
   *     service calls no stub ({@link ServiceSpec#usesStub})
   * @param window the length of the load windows ({@link dev.vtbench.engine.run.Workloads#window})
   */
  public static String renderForClusterService(
      K6Plan plan,
      ServiceSpec service,
      String serviceBaseUrl,
      String stubBaseUrl,
      Duration window,
      boolean k6ReportsItself) {
    return render(
        plan,
        new ScriptPlan.Watched(
            serviceBaseUrl,
            service.usesStub() ? stubBaseUrl : null,
            service.hasActuator() ? service.actuatorPath : "",
            window,
            selfModule(k6ReportsItself)));
  }

  /** Key of the SUT observations in a cluster run's summary. */
  public static final String PROBE_KEY = "vtbench";

  /**
   * vtbench's k6 extension (hack/k6/): k6's own CPU time and cgroup at the hold's edges. The
   * cluster script asks for it only from a k6 image that has it ({@link K6Image}).
   */
  public static final String SELF_MODULE = "k6/x/vtbench";

  /** Prefix of the stdout line that repeats a cluster run's compact summary. */
  public static final String SUMMARY_LINE = "VTBENCH_SUMMARY ";

  /**
   * The most a cluster run's compact summary may take: a termination message holds 4 KiB, and the
   * margin covers characters that take more than one byte. Past it the stub's per-core list is left
   * out (a node with very many cores), then the hold's latency histogram.
   */
  public static final int SUMMARY_MAX_BYTES = 3900;

  /** Default summary path of a cluster run: the container's termination message. */
  public static final String TERMINATION_LOG = "/dev/termination-log";

  /** The metrics {@link K6Summary} reads; a cluster run's summary keeps only these. */
  public static final List<String> SUMMARY_METRICS =
      List.of(HOLD_DURATION, HOLD_REQS, HOLD_FAILED, HOLD_DROPPED, "vus_max");

  /**
   * Most SUT load windows a cluster run's summary carries: 24 windows of 5 s cover a 2-minute hold,
   * and as compact arrays they take under 800 bytes of the 4 KiB termination message. The windows
   * of a longer hold past the 24th are dropped, so its drift check and {@code hold_cv} see its
   * first two minutes only.
   */
  public static final int MAX_WINDOWS = 24;

  /** Where {@link ScriptPlan} goes in {@code script.js}: the one thing a script is filled with. */
  static final String PLAN_PLACEHOLDER = "__VTBENCH_PLAN__";

  private static final String SCRIPT = withOnePlaceholder(resource("script.js"));

  /**
   * Appended for a plan with a histogram ({@link K6Plan#histogram}): the bucket Counters, their
   * thresholds, the counting of each hold response and the histogram's text for the summary.
   */
  private static final String HISTOGRAM = resource("histogram.js");

  /** Appended for a run on this machine: the whole summary to the file k6 is told. */
  private static final String LOCAL = resource("local.js");

  /**
   * Appended for a run in a cluster: what both kinds of SUT share (the stub's window, the CPU and
   * peak gauges, the compact summary), then what reads vtbench's SUT or a user's service.
   */
  private static final String CLUSTER = resource("cluster.js");

  private static final String CLUSTER_SUT = resource("cluster-sut.js");
  private static final String CLUSTER_SERVICE = resource("cluster-service.js");

  /**
   * Appended after {@code script.js} when each iteration is the user's own module: it imports the
   * module from {@link UserModule#FILE_NAME} beside the script and calls it.
   */
  private static final String USER = importing(resource("user.js"), UserModule.FILE_NAME);

  private static String render(K6Plan plan, ScriptPlan.Cluster cluster) {
    if (plan.userScript() && cluster instanceof ScriptPlan.Probed) {
      throw new IllegalArgumentException(
          "a user's k6 module runs against spec.sut.service only, not vtbench's own SUT");
    }
    String plannedScript = SCRIPT.replace(PLAN_PLACEHOLDER, jsString(ScriptPlan.of(plan, cluster)));
    return plannedScript
        + "\n"
        + (plan.userScript() ? USER + "\n" : "")
        + (plan.histogram() ? HISTOGRAM + "\n" : "")
        + switch (cluster) {
          case null -> LOCAL;
          case ScriptPlan.Probed p -> CLUSTER + "\n" + CLUSTER_SUT;
          case ScriptPlan.Watched w -> CLUSTER + "\n" + CLUSTER_SERVICE;
        };
  }

  private static String resource(String name) {
    try (InputStream in = K6Script.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " missing from the classpath next to K6Script");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code script}, checked to import the module from {@code ./fileName}. */
  private static String importing(String script, String fileName) {
    if (!script.contains("from './" + fileName + "';")) {
      throw new IllegalStateException("user.js must import the user's module from ./" + fileName);
    }
    return script;
  }

  private static String withOnePlaceholder(String script) {
    if (script.indexOf(PLAN_PLACEHOLDER) != script.lastIndexOf(PLAN_PLACEHOLDER)
        || !script.contains(PLAN_PLACEHOLDER)) {
      throw new IllegalStateException("script.js must hold " + PLAN_PLACEHOLDER + " exactly once");
    }
    return script;
  }

  /** A JavaScript literal for a string, a list or a map: its JSON, indented. */
  static String jsString(Object value) {
    // JSON is JavaScript, except that older engines reject raw U+2028/U+2029 in string literals.
    return JsonMapper.shared()
        .writerWithDefaultPrettyPrinter()
        .writeValueAsString(value)
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029");
  }
}
