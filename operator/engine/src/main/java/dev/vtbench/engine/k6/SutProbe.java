package dev.vtbench.engine.k6;

import dev.vtbench.engine.metrics.SutView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a cluster run's k6 script saw of the SUT ({@link K6Script#renderForCluster}): its cpuset and
 * JVM, its CPU seconds and CFS throttling over the hold and its peaks; and the stub's window over
 * the hold. Fields the runner could not read are null. A user's service ({@link
 * K6Script#renderForClusterService}) reports no cpuset, node, CPU model or kernel, and its peaks
 * come with {@code notes} saying why ({@link ServiceProbe}).
 *
 * @param peaks the SUT's peaks over the hold, and under {@value #WINDOWS} its load windows in the
 *     shape {@code /api/runtime-info} reports them ({@code windowSeconds}, {@code list} of {@code
 *     seconds}, {@code requests}, {@code cpuSeconds}, {@code compileSeconds}, {@code
 *     jitCpuSeconds}), as {@link dev.vtbench.engine.steady.LoadWindow#ofPhase} reads them
 * @param sut the SUT as it reported itself ({@link SutView}; its node from {@code NODE_NAME}, the
 *     downward API), with no artifact: the operator knows the image
 * @param onlineCpus the node's online CPUs as a cpu list, to tell an exclusive cpuset from the
 *     whole node
 * @param dbCpuSeconds the database container's CPU seconds over the hold, which the SUT reads
 *     through the function {@link dev.vtbench.engine.seed.DbCpuSql} installs; null where unread
 * @param sutThrottledPct the share of the hold's CFS periods in which the SUT's CPU limit held it
 *     back, in percent (its cgroup's {@code cpu.stat} in {@code /api/runtime-info}'s {@code cfs},
 *     read at the hold's edges); 0 without a limit, null where unread (a user's service, a SUT that
 *     reports no {@code cfs})
 * @param sutCpuLimitCores the SUT's CPU limit in cores as its cgroup gives it; null for no limit or
 *     unread
 * @param dbThrottledPct the same share for the database container, which the SUT reads through the
 *     function {@link dev.vtbench.engine.seed.DbCpuSql} installs ({@code dbCfs}); null where unread
 *     (the reactive SUT, a user's service)
 * @param stub what the stub measured over the hold, or null when its window was not read
 * @param load what the probing k6 runner read of itself over the hold ({@link LoadReading}); its
 *     fields null where its k6 has no {@code k6/x/vtbench} extension
 * @param error why the SUT could not be read before the load, or null
 */
public record SutProbe(
    SutView sut,
    String onlineCpus,
    Double cpuSeconds,
    Double dbCpuSeconds,
    Double sutThrottledPct,
    Double sutCpuLimitCores,
    Double dbThrottledPct,
    StubWindow stub,
    LoadReading load,
    double holdSeconds,
    Map<String, Object> peaks,
    String error) {

  /** Key of the load windows in {@link #peaks()}, as in {@code /api/runtime-info}'s peaks. */
  public static final String WINDOWS = "windows";

  /** The fields of one window, in the order the cluster script writes them as an array. */
  private static final List<String> WINDOW_FIELDS =
      List.of("seconds", "requests", "cpuSeconds", "compileSeconds", "jitCpuSeconds");

  /** The SUT's CPU over the hold in percent of one core, or null when unmeasured. */
  public Double cpuPct() {
    return percentOfOneCore(cpuSeconds);
  }

  /** The database's CPU over the hold in percent of one core, or null when unmeasured. */
  public Double dbCpuPct() {
    return percentOfOneCore(dbCpuSeconds);
  }

  /** The stub's CPU over the hold in percent of one core, or null when unmeasured. */
  public Double stubCpuPct() {
    return stub == null ? null : percentOfOneCore(stub.cpuSeconds());
  }

  /**
   * The share of the hold's CFS periods in which the stub's CPU limit held it back, in percent; 0
   * without a limit, null where unmeasured.
   */
  public Double stubThrottledPct() {
    return stub == null ? null : stub.throttledPct();
  }

  /**
   * The probing k6 runner's own CPU over the hold in percent of one core (every thread of its k6
   * process), or null where its k6 could not say (no {@code k6/x/vtbench} extension).
   */
  public Double loadCpuPct() {
    return percentOfOneCore(load.cpuSeconds());
  }

  /**
   * The share of the hold's CFS periods in which the probing runner's CPU limit held k6 back, in
   * percent; 0 without a limit, null where unread.
   */
  public Double loadThrottledPct() {
    return load.throttledPct();
  }

  private Double percentOfOneCore(Double seconds) {
    return seconds == null || holdSeconds <= 0 ? null : 100 * seconds / holdSeconds;
  }

  /**
   * Of the summaries of the runners that shared one load, the one whose runner observed the SUT
   * around the hold: k6 gives each one-VU probe scenario to a single runner (execution segments),
   * so one summary carries the SUT's and the stub's readings and the others only what setup() read.
   * The summary with the most readings; the first of equals.
   *
   * @throws IllegalArgumentException when a summary does not parse ({@link #parse})
   */
  public static String probing(List<String> summaries) {
    String best = summaries.getFirst();
    int most = -1;
    for (String summary : summaries) {
      SutProbe p = parse(summary);
      int readings =
          (p.cpuSeconds() == null ? 0 : 1)
              + (p.dbCpuSeconds() == null ? 0 : 1)
              + (p.sutThrottledPct() == null ? 0 : 1)
              + (p.dbThrottledPct() == null ? 0 : 1)
              + (p.stub() == null ? 0 : 1)
              + (int) p.peaks().values().stream().filter(Objects::nonNull).count();
      if (readings > most) {
        most = readings;
        best = summary;
      }
    }
    return best;
  }

  /**
   * Reads the {@value K6Script#PROBE_KEY} object of a cluster run's summary.
   *
   * @throws IllegalArgumentException when the summary has none: it was not made by {@link
   *     K6Script#renderForCluster}
   */
  public static SutProbe parse(String summaryJson) {
    JsonNode root;
    try {
      root = JsonMapper.shared().readTree(summaryJson == null ? "" : summaryJson);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("k6 summary is not JSON: " + e.getOriginalMessage(), e);
    }
    JsonNode p = root == null ? null : root.get(K6Script.PROBE_KEY);
    if (p == null || !p.isObject()) {
      throw new IllegalArgumentException(
          "k6 summary has no '" + K6Script.PROBE_KEY + "' object: was it made for a cluster run?");
    }
    JsonNode sut = p.path("sut");
    Map<String, Object> peaks = new LinkedHashMap<>();
    p.path("peaks")
        .properties()
        .forEach(
            e ->
                peaks.put(
                    e.getKey(),
                    e.getValue().isNumber()
                        ? e.getValue().numberValue()
                        : e.getValue().isTextual() ? e.getValue().textValue() : null));
    windows(p.path(WINDOWS)).ifPresent(w -> peaks.put(WINDOWS, w));
    if (p.path(ServiceProbe.KEY).isObject()) {
      // a user's service: raw Actuator readings, cut into windows as the local runner cuts them
      Map<String, Object> service = ServiceProbe.peaks(p.path(ServiceProbe.KEY), p.path("peaks"));
      peaks.clear();
      peaks.putAll(service);
    }
    return new SutProbe(
        new SutView(
            text(sut, "cpuset"),
            integer(sut, "availableProcessors"),
            integer(sut, "virtualThreadParallelism"),
            text(sut, "javaVersion"),
            text(sut, "node"),
            text(sut, "cpuModel"),
            text(sut, "kernel"),
            null,
            number(sut, "cpuWorkIterationNs")),
        text(sut, "onlineCpus"),
        number(p, "sutCpuSeconds"),
        number(p, "dbCpuSeconds"),
        number(p, "sutThrottledPct"),
        number(p, "sutCpuLimitCores"),
        number(p, "dbThrottledPct"),
        StubWindow.of(p.path("stub")),
        new LoadReading(
            number(p, "loadCpuSeconds"),
            number(p, "loadThrottledPct"),
            number(p, "loadCpuLimitCores")),
        p.path("holdSeconds").asDouble(0),
        peaks,
        p.path("sutError").isString() ? p.path("sutError").asString() : null);
  }

  /**
   * What the k6 runner that observed the SUT read of its own process through vtbench's k6 extension
   * ({@code k6/x/vtbench}, hack/k6/) at the hold's edges.
   *
   * @param cpuSeconds k6's CPU seconds over the hold (user + system, every thread), null where
   *     unread
   * @param throttledPct the share of the hold's CFS periods in which its cgroup's CPU limit held it
   *     back, in percent; 0 without a limit, null where unread
   * @param cpuLimitCores its CPU limit in cores; null for no limit or unread
   */
  public record LoadReading(Double cpuSeconds, Double throttledPct, Double cpuLimitCores) {}

  /**
   * The stub's accounting window over the hold (its {@code /api/runtime-info} window, read by the
   * runner).
   *
   * @param cpuSeconds the stub's process CPU seconds over the hold, null where unknown
   * @param cpuset the CPUs the stub could run on (its {@code Cpus_allowed_list}), null where
   *     unknown
   * @param coreBusyPct every core of the stub's node, CPU number → percent busy whoever used it;
   *     empty when not read (or left out of a summary that had to stay small)
   * @param stealPct the hypervisor's share of the node's cores, null where unknown
   * @param throttledPct the share of the window's CFS periods in which the stub's CPU limit held it
   *     back, in percent; 0 without a limit, null where unknown (a stub from before it said)
   * @param cpuLimitCores the stub's CPU limit in cores; null for no limit or unknown
   */
  public record StubWindow(
      Double cpuSeconds,
      String cpuset,
      SortedMap<Integer, Double> coreBusyPct,
      Double stealPct,
      Double throttledPct,
      Double cpuLimitCores) {

    public StubWindow {
      coreBusyPct = Collections.unmodifiableSortedMap(new TreeMap<>(coreBusyPct));
    }

    static StubWindow of(JsonNode w) {
      if (!w.isObject()) {
        return null;
      }
      SortedMap<Integer, Double> cores = new TreeMap<>();
      for (var e : w.path("coreBusyPct").properties()) {
        if (e.getValue().isNumber() && e.getKey().matches("\\d{1,4}")) {
          cores.put(Integer.parseInt(e.getKey()), e.getValue().asDouble());
        }
      }
      return new StubWindow(
          number(w, "cpuSeconds"),
          text(w, "cpuset"),
          cores,
          number(w, "stealPct"),
          number(w, "throttledPct"),
          number(w, "cpuLimitCores"));
    }
  }

  private static Integer integer(JsonNode node, String field) {
    return node.path(field).isNumber() ? node.path(field).asInt() : null;
  }

  private static Double number(JsonNode node, String field) {
    return node.path(field).isNumber() ? node.path(field).asDouble() : null;
  }

  /**
   * The summary's compact windows ({@code windowSeconds} and a list of {@code [seconds, requests,
   * cpuSeconds, compileSeconds, jitCpuSeconds]} arrays) in the runtime-info shape, a field past a
   * row's end null (a script from before it); empty when the summary has none or their length is
   * unknown.
   */
  private static Optional<Map<String, Object>> windows(JsonNode w) {
    if (!w.path("windowSeconds").isNumber()) {
      return Optional.empty();
    }
    List<Object> list = new ArrayList<>();
    for (JsonNode row : w.path("list")) {
      Map<String, Object> window = new LinkedHashMap<>();
      for (int i = 0; i < WINDOW_FIELDS.size(); i++) {
        JsonNode v = row.path(i);
        window.put(WINDOW_FIELDS.get(i), v.isNumber() ? v.numberValue() : null);
      }
      list.add(window);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("windowSeconds", w.path("windowSeconds").numberValue());
    out.put("list", list);
    return Optional.of(out);
  }

  private static String text(JsonNode node, String field) {
    return node.path(field).isString() ? node.path(field).asString() : null;
  }
}
