package dev.vtbench.engine.k6;

import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.engine.model.spec.LoadSpec;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One k6 load: what to hit, how hard, and for how long. Only the {@code hold} window is measured.
 *
 * @param targetUrl full URL with path and query; every {@value #ID_PLACEHOLDER} is replaced per
 *     request by one random id in [1, {@code idMax}]
 * @param idMax largest id drawn for {@value #ID_PLACEHOLDER}
 * @param executor closed model ({@link Executor#RAMPING_VUS}) or open model ({@link
 *     Executor#CONSTANT_ARRIVAL_RATE})
 * @param level VUs in the closed model, requests per second in the open model
 * @param maxVUs most VUs k6 may run in the open model; ignored by the closed model, where the VUs
 *     are {@code level}
 * @param ramp from 0 to {@code level}; may be zero
 * @param warmup at {@code level} before measuring; may be zero
 * @param hold the measured window at {@code level}
 * @param requestTimeout per request; a timed-out request counts as an error
 * @param requests a user's request mix sent to {@code targetUrl} as the base URL (then {@code
 *     idMax} is unused); empty: every request is {@code targetUrl} with a random id
 * @param userScript true: each iteration is the user's own k6 module ({@link UserModule}), which
 *     reads {@code targetUrl} as its base URL; {@code requests} is then empty and {@code idMax}
 *     unused
 * @param histogram true: k6 also counts the hold's latencies into a histogram that adds up across
 *     load runners ({@link LoadResult#holdHistogram}, {@link LoadMerge}), which costs it CPU per
 *     hold request and memory per VU (docs/cluster.md); only a load split over several runners
 *     needs it, so it is off unless asked for. Not with {@code userScript}: the user's module sends
 *     its requests itself, where vtbench cannot count them
 */
public record K6Plan(
    String targetUrl,
    long idMax,
    Executor executor,
    int level,
    int maxVUs,
    Duration ramp,
    Duration warmup,
    Duration hold,
    Duration requestTimeout,
    List<MixedRequest> requests,
    boolean userScript,
    boolean histogram) {

  public static final String ID_PLACEHOLDER = "{id}";

  /**
   * A load of one endpoint, or of a user's mix when {@code requests} is not empty; no histogram.
   */
  public K6Plan(
      String targetUrl,
      long idMax,
      Executor executor,
      int level,
      int maxVUs,
      Duration ramp,
      Duration warmup,
      Duration hold,
      Duration requestTimeout,
      List<MixedRequest> requests) {
    this(
        targetUrl,
        idMax,
        executor,
        level,
        maxVUs,
        ramp,
        warmup,
        hold,
        requestTimeout,
        requests,
        false,
        false);
  }

  /** A load of one endpoint: every request is {@code targetUrl} with a random id. */
  public K6Plan(
      String targetUrl,
      long idMax,
      Executor executor,
      int level,
      int maxVUs,
      Duration ramp,
      Duration warmup,
      Duration hold,
      Duration requestTimeout) {
    this(targetUrl, idMax, executor, level, maxVUs, ramp, warmup, hold, requestTimeout, List.of());
  }

  /** This load sending {@code mix} to {@code targetUrl} as the base URL instead. */
  public K6Plan withRequests(List<MixedRequest> mix) {
    return new Builder(this).requests(mix).build();
  }

  /**
   * This load with the user's own module as each iteration ({@code true}), {@code targetUrl} its
   * base URL.
   */
  public K6Plan withUserScript(boolean user) {
    return new Builder(this).userScript(user).build();
  }

  /** This load counting the hold's latencies into a mergeable histogram ({@code true}) or not. */
  public K6Plan withHistogram(boolean on) {
    return new Builder(this).histogram(on).build();
  }

  /**
   * This load's target, level and requests over other phases: {@code ramp}, then {@code warmup},
   * then {@code hold}.
   */
  public K6Plan withPhases(Duration ramp, Duration warmup, Duration hold) {
    return new Builder(this).phases(ramp, warmup, hold).build();
  }

  /** A plan with some of another's components changed: the one place that copies them all. */
  private static final class Builder {
    private final K6Plan from;
    private Duration ramp;
    private Duration warmup;
    private Duration hold;
    private List<MixedRequest> requests;
    private boolean userScript;
    private boolean histogram;

    Builder(K6Plan from) {
      this.from = from;
      this.ramp = from.ramp;
      this.warmup = from.warmup;
      this.hold = from.hold;
      this.requests = from.requests;
      this.userScript = from.userScript;
      this.histogram = from.histogram;
    }

    Builder phases(Duration ramp, Duration warmup, Duration hold) {
      this.ramp = ramp;
      this.warmup = warmup;
      this.hold = hold;
      return this;
    }

    Builder requests(List<MixedRequest> requests) {
      this.requests = requests;
      return this;
    }

    Builder userScript(boolean userScript) {
      this.userScript = userScript;
      return this;
    }

    Builder histogram(boolean histogram) {
      this.histogram = histogram;
      return this;
    }

    K6Plan build() {
      return new K6Plan(
          from.targetUrl,
          from.idMax,
          from.executor,
          from.level,
          from.maxVUs,
          ramp,
          warmup,
          hold,
          from.requestTimeout,
          requests,
          userScript,
          histogram);
    }
  }

  /** The two load models, by their k6 executor names as written in a BenchmarkRun. */
  public enum Executor {
    /** Closed model: {@code level} VUs, each sends its next request when the last one returns. */
    RAMPING_VUS(SpecRules.CLOSED_EXECUTOR),
    /** Open model: {@code level} requests start every second, however slow the answers are. */
    CONSTANT_ARRIVAL_RATE(SpecRules.OPEN_EXECUTOR);

    private final String k6Name;

    Executor(String k6Name) {
      this.k6Name = k6Name;
    }

    public String k6Name() {
      return k6Name;
    }

    /**
     * @throws IllegalArgumentException naming the allowed values
     */
    public static Executor fromK6Name(String name) {
      for (Executor e : values()) {
        if (e.k6Name.equals(name)) {
          return e;
        }
      }
      throw new IllegalArgumentException(
          "load.executor: '" + name + "' is not one of ramping-vus, constant-arrival-rate");
    }
  }

  /**
   * @throws IllegalArgumentException listing every invalid field by name
   */
  public K6Plan {
    requests = requests == null ? List.of() : List.copyOf(requests);
    List<String> errors = new ArrayList<>();
    if (targetUrl == null || targetUrl.isBlank()) {
      errors.add("load.targetUrl: required");
    } else {
      checkUrl(targetUrl, errors);
    }
    if (idMax < 1) {
      errors.add("load.idMax must be >= 1 (was " + idMax + ")");
    }
    if (executor == null) {
      errors.add("load.executor: required");
    }
    if (level < 1) {
      errors.add("load.level must be >= 1 (was " + level + ")");
    }
    if (executor == Executor.CONSTANT_ARRIVAL_RATE && maxVUs < 1) {
      errors.add("load.maxVUs must be >= 1 for the open model (was " + maxVUs + ")");
    }
    if (maxVUs < 0) {
      errors.add("load.maxVUs must be >= 0 (was " + maxVUs + ")");
    }
    checkDuration("load.ramp", ramp, false, errors);
    checkDuration("load.warmup", warmup, false, errors);
    checkDuration("load.hold", hold, true, errors);
    checkDuration("load.requestTimeout", requestTimeout, true, errors);
    if (userScript && !requests.isEmpty()) {
      errors.add("workload: a user's k6 module and a request mix exclude each other");
    }
    if (userScript && histogram) {
      errors.add(
          "workload: a user's k6 module sends its requests itself, where vtbench cannot count"
              + " them into a latency histogram (which a load split over runners needs)");
    }
    if (!errors.isEmpty()) {
      throw new IllegalArgumentException("invalid k6 plan: " + String.join("; ", errors));
    }
  }

  /**
   * A plan from a BenchmarkRun's load section; the target and the level come from the scenario.
   *
   * @throws IllegalArgumentException naming the field when a duration or the executor is invalid
   */
  public static K6Plan fromSpec(LoadSpec load, String targetUrl, long idMax, int level) {
    return new K6Plan(
        targetUrl,
        idMax,
        Executor.fromK6Name(load.executor),
        level,
        load.maxVUs,
        Durations.parse("spec.load.ramp", load.ramp),
        Durations.parse("spec.load.warmup", load.warmup),
        Durations.parse("spec.load.hold", load.hold),
        Durations.parse("spec.load.requestTimeout", load.requestTimeout));
  }

  /** When the measured window opens, from the start of the load. */
  public Duration holdStart() {
    return ramp.plus(warmup);
  }

  public boolean openModel() {
    return executor == Executor.CONSTANT_ARRIVAL_RATE;
  }

  /**
   * VUs the open model initialises before the load starts: enough for {@code level} requests per
   * second answered within one second. Initialising a VU mid-run costs the generator a burst of CPU
   * right when the target is slowest, so the common case should never need it; k6 still grows to
   * {@code maxVUs} when answers are slower.
   */
  public int preAllocatedVUs() {
    return Math.min(maxVUs, level);
  }

  private static void checkUrl(String url, List<String> errors) {
    try {
      URI uri = new URI(url.replace(ID_PLACEHOLDER, "1"));
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
        errors.add("load.targetUrl: '" + url + "' must be an absolute http(s) URL with a host");
      }
    } catch (java.net.URISyntaxException e) {
      errors.add("load.targetUrl: '" + url + "' is not a URL: " + e.getMessage());
    }
  }

  private static void checkDuration(
      String field, Duration d, boolean positive, List<String> errors) {
    if (d == null) {
      errors.add(field + ": required");
    } else if (positive && (d.isNegative() || d.isZero())) {
      errors.add(field + " must be > 0 (was " + Durations.format(d) + ")");
    } else if (d.isNegative()) {
      errors.add(field + " must be >= 0 (was " + d + ")");
    } else if (d.getNano() % 1_000_000 != 0) {
      // k6 would round, and the hold would no longer be the window the throughput divides by
      errors.add(field + " must be whole milliseconds (was " + d + ")");
    }
  }
}
