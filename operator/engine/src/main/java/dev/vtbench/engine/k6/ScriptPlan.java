package dev.vtbench.engine.k6;

import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.stats.HistogramText;
import dev.vtbench.engine.stats.LatencyHistogram;
import dev.vtbench.engine.steady.SutReset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The one JSON object a k6 script reads as {@code PLAN}: everything that differs between loads,
 * from the target to k6's scenarios. The JavaScript around it is fixed (resources next to {@link
 * K6Script}); the schedule is decided here, where a unit test sees it without k6.
 */
final class ScriptPlan {

  private ScriptPlan() {}

  /** What a cluster run's script observes besides the load: vtbench's SUT or a user's service. */
  sealed interface Cluster permits Probed, Watched {

    /** The SUT's base URL as the runner sees it. */
    String sut();

    /** The stub's base URL as the runner sees it; null when no stub runs. */
    String stub();

    Duration window();

    /**
     * The k6 extension the script reads k6's own CPU and cgroup from ({@link
     * K6Script#SELF_MODULE}), or null for a k6 without it ({@link K6Image}).
     */
    String selfModule();
  }

  /**
   * The tiers a cluster run's script probes around the hold, by their base URLs as the runner sees
   * them, the Hikari pool the SUT must hold for this load ({@code null}: leave it as it is), the
   * length of the SUT's load windows, and k6's extension if it has it.
   */
  record Probed(String sut, String stub, Integer pool, Duration window, String selfModule)
      implements Cluster {}

  /**
   * A user's service, which the script watches through Spring Boot Actuator ({@link ServiceProbe}):
   * its base URL, the stub's (null when the service calls none), Actuator's base path (empty: none)
   * the length of its load windows, and k6's extension if it has it.
   */
  record Watched(String sut, String stub, String actuatorPath, Duration window, String selfModule)
      implements Cluster {}

  /**
   * The peaks {@code /api/runtime-info} reports that a cluster summary carries for vtbench's SUT.
   */
  static final List<String> SUT_PEAKS =
      List.of(
          "hikariActiveMax",
          "hikariPendingMax",
          "jvmThreadsMax",
          "rssMbMax",
          "heapMbMax",
          "pinnedEvents");

  /**
   * {@code PLAN} for {@code plan}; with a {@code cluster} also the part only a cluster run reads
   * ({@code cluster}: where the SUT and the stub are, what to read of them, what the compact
   * summary keeps and how it is printed).
   */
  static Map<String, Object> of(K6Plan plan, Cluster cluster) {
    Map<String, Object> p = new LinkedHashMap<>();
    // For the reader of a generated script; the JavaScript does not read these three.
    p.put(
        "model",
        plan.openModel()
            ? "open model (" + plan.executor().k6Name() + "), " + plan.level() + " requests/s"
            : "closed model (" + plan.executor().k6Name() + "), " + plan.level() + " VUs");
    p.put(
        "measured",
        (plan.userScript()
                ? "every request of the iterations started in the hold window ["
                : "requests started in the hold window [")
            + Durations.format(plan.holdStart())
            + ", "
            + Durations.format(plan.holdStart().plus(plan.hold()))
            + "), tagged "
            + K6Script.PHASE_TAG
            + "=hold");
    p.put(
        "run",
        "k6 "
            + String.join(
                " ", K6Script.commandLine(Path.of("<this file>"), Path.of("<summary.json>"))));
    p.put("target", target(plan));
    p.put("holdStartMs", plan.holdStart().toMillis());
    p.put("holdMs", plan.hold().toMillis());
    // Open model: the hold is its own scenario. Closed model: one scenario, the phase follows
    // the clock (see closedScenario).
    p.put("holdIsAScenario", plan.openModel());
    p.put("summaryEnv", K6Script.SUMMARY_ENV);
    p.put(
        "runners", object("countEnv", K6Script.RUNNERS_ENV, "indexEnv", K6Script.RUNNER_INDEX_ENV));
    p.put("summaryPath", cluster == null ? null : K6Script.TERMINATION_LOG);
    p.put("summaryTrendStats", K6Script.TREND_STATS);
    p.put("scenarios", scenarios(plan, cluster));
    p.put("thresholds", thresholds(plan));
    if (plan.histogram()) {
      p.put("histogram", histogram());
    }
    p.put(
        "holdMetrics",
        object(
            "duration", K6Script.HOLD_DURATION,
            "requests", K6Script.HOLD_REQS,
            "failed", K6Script.HOLD_FAILED));
    if (cluster == null) {
      return p;
    }
    Map<String, Object> c =
        object(
            "sut", cluster.sut(),
            "stub", cluster.stub(),
            "summaryMetrics", K6Script.SUMMARY_METRICS,
            "summaryLine", K6Script.SUMMARY_LINE,
            "summaryBytes", K6Script.SUMMARY_MAX_BYTES,
            "probeKey", K6Script.PROBE_KEY,
            "selfModule", cluster.selfModule());
    int windows = holdWindows(plan.hold(), cluster.window());
    switch (cluster) {
      case Probed probed -> {
        c.put("pool", probed.pool());
        c.put("poolPath", SutConfig.POOL_PATH);
        c.put("peaks", SUT_PEAKS);
        p.put(
            "sutWindows",
            object(
                "resetPath",
                SutReset.pathStartingAt(probed.window()),
                "leadMs",
                SutReset.lead(plan.holdStart()).toMillis(),
                "count",
                windows));
      }
      case Watched watched -> {
        c.put("peaks", ServiceProbe.PEAK_KEYS);
        c.put("actuator", ServiceProbe.plan(watched.actuatorPath(), watched.window(), windows));
      }
    }
    p.put("cluster", c);
    return p;
  }

  /**
   * The SUT's load windows a cluster summary carries: the whole windows of {@code window} in a hold
   * of {@code hold} ({@link dev.vtbench.engine.steady.LoadWindow#ofPhase} reads no more), at most
   * {@link K6Script#MAX_WINDOWS}.
   */
  static int holdWindows(Duration hold, Duration window) {
    long whole = hold.toMillis() / window.toMillis();
    return (int) Math.min(K6Script.MAX_WINDOWS, whole);
  }

  /**
   * What an iteration sends: a user's module, a user's mix, or the URL split at every {@value
   * K6Plan#ID_PLACEHOLDER}, so that a request joins the parts with its random id (the unsplit URL
   * names every request's time series).
   */
  private static Map<String, Object> target(K6Plan plan) {
    if (plan.userScript()) {
      // user.js imports the module; its base URL and timeout reach it as variables (UserModule.env)
      return object(
          "module",
          "./" + UserModule.FILE_NAME,
          "base",
          plan.targetUrl(),
          "timeout",
          Durations.format(plan.requestTimeout()));
    }
    if (!plan.requests().isEmpty()) {
      return object(
          "base",
          plan.targetUrl(),
          "requests",
          mix(plan.requests()),
          "timeout",
          Durations.format(plan.requestTimeout()));
    }
    return object(
        "urlParts",
        Arrays.asList(plan.targetUrl().split(Pattern.quote(K6Plan.ID_PLACEHOLDER), -1)),
        "name",
        plan.targetUrl(),
        "idMax",
        plan.idMax(),
        "timeout",
        Durations.format(plan.requestTimeout()));
  }

  /**
   * A user's mix as the script reads it: each request with the running sum of the weights up to it
   * ({@code upTo}), so one uniform draw in [0, total) picks a request by its weight.
   */
  private static List<Map<String, Object>> mix(List<MixedRequest> requests) {
    List<Map<String, Object>> out = new ArrayList<>();
    int upTo = 0;
    for (MixedRequest r : requests) {
      upTo += r.weight();
      Map<String, Object> params = new LinkedHashMap<>();
      r.params()
          .forEach(
              (name, d) ->
                  params.put(
                      name,
                      d.values() != null
                          ? object("values", d.values())
                          : object("from", d.from(), "to", d.to())));
      out.add(
          object(
              "method", r.method(),
              "path", r.path(),
              "name", r.name(),
              "params", params,
              "headers", r.headers(),
              "body", r.body(),
              "expected", r.expectedStatus(),
              "upTo", upTo));
    }
    return out;
  }

  private static Map<String, Object> scenarios(K6Plan plan, Cluster cluster) {
    Map<String, Object> s = new LinkedHashMap<>();
    if (cluster instanceof Probed) {
      // One request each, ahead of the hold's start and at its end: see probeStart and probeEnd.
      Duration lead = SutReset.lead(plan.holdStart());
      s.put("probe_start", probe(plan.holdStart().minus(lead), "probeStart"));
      s.put("probe_end", probe(plan.holdStart().plus(plan.hold()), "probeEnd"));
    } else if (cluster instanceof Watched) {
      // One VU through the whole hold, reading Actuator at its windows' ends: see watchHold. It
      // ends when the load does at the latest, so k6's scheduled length stays totalDuration.
      Map<String, Object> watch = probe(plan.holdStart(), "watchHold");
      watch.put("maxDuration", Durations.format(plan.hold().plus(K6Script.holdGracefulStop(plan))));
      watch.put("gracefulStop", "0s");
      s.put(ServiceProbe.SCENARIO, watch);
    }
    if (plan.openModel()) {
      if (plan.holdStart().isPositive()) {
        s.put("warmup", openWarmup(plan));
      }
      s.put("hold", openHold(plan));
    } else {
      s.put("closed", closedScenario(plan));
    }
    return s;
  }

  private static Map<String, Object> probe(Duration start, String function) {
    return object(
        "executor",
        "per-vu-iterations",
        "vus",
        1,
        "iterations",
        1,
        "startTime",
        Durations.format(start),
        "exec",
        function);
  }

  /*
   * One scenario for warm-up and hold, not two. A hand-over at the hold's start would need the
   * warm-up scenario to stop with gracefulStop 0, or its VUs would overlap the hold's and push
   * the concurrency above the level. But gracefulStop 0 cuts `level` requests in flight: the
   * server keeps working on them while the hold's fresh VUs send `level` new ones, so the hold
   * would open at up to twice the level. Here the same VUs keep going and only the phase tag
   * changes.
   */
  private static Map<String, Object> closedScenario(K6Plan plan) {
    List<Map<String, Object>> stages = new ArrayList<>();
    if (plan.ramp().isPositive()) {
      stages.add(stage(plan.ramp(), plan.level()));
    }
    stages.add(stage(plan.warmup().plus(plan.hold()), plan.level())); // warm-up, then hold
    return object(
        "executor",
        K6Plan.Executor.RAMPING_VUS.k6Name(),
        "startVUs",
        plan.ramp().isPositive() ? 0 : plan.level(),
        "stages",
        stages,
        // No stage goes down, so there is nothing to ramp down gracefully.
        "gracefulRampDown",
        "0s",
        // Requests in flight when the hold ends finish or time out and are measured: cutting
        // them would drop exactly the slowest ones from the tail.
        "gracefulStop",
        Durations.format(K6Script.holdGracefulStop(plan)));
  }

  /*
   * In the open model arrivals do not wait for answers, so the warm-up can end abruptly at the
   * hold's start without changing what the server sees: the arrival stream continues at the
   * same rate, and the warm-up's requests then in flight are still served, only no longer
   * awaited. Ending it with gracefulStop 0 keeps the two scenarios from overlapping, so k6
   * hands the warm-up's VUs to the hold instead of needing twice as many, and
   * dropped_iterations{scenario:hold} counts the hold alone.
   */
  private static Map<String, Object> openWarmup(K6Plan plan) {
    List<Map<String, Object>> stages = new ArrayList<>();
    if (plan.ramp().isPositive()) {
      stages.add(stage(plan.ramp(), plan.level()));
    }
    if (plan.warmup().isPositive()) {
      stages.add(stage(plan.warmup(), plan.level()));
    }
    return object(
        "executor",
        "ramping-arrival-rate",
        "startRate",
        plan.ramp().isPositive() ? 0 : plan.level(),
        "timeUnit",
        "1s",
        "preAllocatedVUs",
        plan.preAllocatedVUs(),
        "maxVUs",
        plan.maxVUs(),
        "stages",
        stages,
        "gracefulStop",
        "0s");
  }

  private static Map<String, Object> openHold(K6Plan plan) {
    return object(
        "executor", K6Plan.Executor.CONSTANT_ARRIVAL_RATE.k6Name(),
        "rate", plan.level(),
        "timeUnit", "1s",
        "duration", Durations.format(plan.hold()),
        "preAllocatedVUs", plan.preAllocatedVUs(),
        "maxVUs", plan.maxVUs(),
        "startTime", Durations.format(plan.holdStart()),
        // As in the closed model: the hold's requests in flight at its end are measured.
        "gracefulStop", Durations.format(K6Script.holdGracefulStop(plan)));
  }

  private static Map<String, Object> stage(Duration duration, int target) {
    return object("duration", Durations.format(duration), "target", target);
  }

  /** Always true: they make k6 report the hold's sub-metrics in its summary. */
  private static Map<String, Object> thresholds(K6Plan plan) {
    Map<String, Object> t = new LinkedHashMap<>();
    t.put(K6Script.HOLD_DURATION, List.of("max>=0"));
    t.put(K6Script.HOLD_REQS, List.of("count>=0"));
    t.put(K6Script.HOLD_FAILED, List.of("rate>=0"));
    if (plan.openModel()) {
      t.put(K6Script.HOLD_DROPPED, List.of("count>=0"));
    }
    return t;
  }

  /**
   * How the script counts the hold's latencies into a {@link LatencyHistogram} and writes it
   * ({@link HistogramText}), when the plan asks for one ({@link K6Plan#histogram}): the buckets'
   * constants, which Counters and tags hold them, and where the text goes in the summary.
   */
  private static Map<String, Object> histogram() {
    return object(
        "scheme", HistogramText.SCHEME,
        "lowMs", LatencyHistogram.LOW_MS,
        "logGamma", LatencyHistogram.LOG_GAMMA,
        "buckets", LatencyHistogram.BUCKETS,
        "slots", LatencyHistogram.SLOTS,
        "bridgedGap", HistogramText.BRIDGED_GAP,
        "metric", K6Script.HISTOGRAM_METRIC,
        "tag", K6Script.HISTOGRAM_TAG,
        "groupSize", K6Script.HISTOGRAM_GROUP,
        "summaryKey", K6Script.HISTOGRAM_KEY);
  }

  /** A JSON object with its keys in the order given: key, value, key, value, … */
  private static Map<String, Object> object(Object... keysAndValues) {
    Map<String, Object> o = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      o.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return o;
  }
}
