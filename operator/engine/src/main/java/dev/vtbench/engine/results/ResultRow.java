package dev.vtbench.engine.results;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * One completed benchmark scenario: one line of {@code matrix.csv}.
 *
 * <p>Components are in CSV column order: first the reference rig's 23 columns ({@link
 * #REFERENCE_COLUMNS}), then vtbench's own ({@link #VTBENCH_COLUMNS}). Keeping the reference
 * columns first and unchanged lets a vtbench CSV be compared, column by column, with the seed rig's
 * own {@code matrix.csv}.
 *
 * <p><b>Units.</b> Latencies are milliseconds. {@code errorRate} is a fraction in [0, 1] (k6's
 * {@code http_req_failed} rate), not a percentage. CPU columns ({@code appCpuPct}, {@code
 * pgCpuPct}, {@code loadCpuPct}) are <em>percent of one core</em>, as {@code /proc} accounting
 * gives it: 100 means one logical CPU fully busy, so a tier pinned to 4 CPUs can reach 400. They
 * are peaks (or hold-window means, as the collector documents) of the whole tier's processes.
 * {@code rssMbMax} is MiB.
 *
 * <p><b>Absent values.</b> The scenario keys ({@code ts} to {@code rep}) and {@code throughputRps}
 * are always present. Every other column is nullable: {@code null} means "not measured" or "not
 * known" (for example any vtbench column when the row was read from a reference-rig CSV) and is
 * written as an empty field. It never means zero.
 *
 * @param ts when the scenario finished ({@code ts_iso})
 * @param threadMode {@value #PLATFORM} or {@value #VIRTUAL}
 * @param hikariPool HikariCP maximum pool size (fixed-size pool: min = max)
 * @param pathMode {@value #NORMAL} or {@value #SYNCHRONIZED} (the JEP 491 pinning check path)
 * @param connMode {@value #RELEASED} (connection returned before the downstream call) or {@value
 *     #HELD} (held across it, in one transaction)
 * @param concurrency k6 virtual users (closed model) or the VU cap (open model)
 * @param rep repetition number of this scenario, from 1
 * @param throughputRps completed requests per second in the measured window
 * @param p50Ms median latency
 * @param p95Ms 95th percentile latency
 * @param p99Ms 99th percentile latency
 * @param p999Ms 99.9th percentile latency
 * @param maxMs maximum latency
 * @param errorRate failed requests ÷ requests, a fraction in [0, 1]
 * @param httpReqs requests in the measured window
 * @param appCpuPct SUT CPU, percent of one core
 * @param pgCpuPct PostgreSQL CPU, percent of one core
 * @param loadCpuPct load generator CPU, percent of one core
 * @param hikariActiveMax peak of {@code hikaricp.connections.active}
 * @param hikariPendingMax peak of {@code hikaricp.connections.pending}
 * @param jvmThreadsMax peak live platform threads in the SUT JVM
 * @param rssMbMax peak resident set size of the SUT, MiB
 * @param pinnedEvents {@code jdk.VirtualThreadPinned} JFR events in the window
 * @param scenarioId the planner's stable id for the scenario, unique within a run
 * @param workload the SUT endpoint exercised, e.g. {@code order-summary}
 * @param executor {@value #CLOSED} (k6 VU-based executor) or {@value #OPEN} (arrival-rate)
 * @param tomcatThreads {@code server.tomcat.threads.max} of the SUT
 * @param stubDelayMs the downstream stub's fixed delay
 * @param sutCpuset the SUT's Linux cpuset, e.g. {@code 0-3} or {@code 0-1,4-5}
 * @param littlesLawBoundRps throughput bound from Little's law, see {@link DerivedMetrics}
 * @param littlesLawRatio {@code throughputRps ÷ littlesLawBoundRps}
 * @param generatorSaturated whether the load generator's CPU was at its limit
 * @param bottleneck heuristic name of the binding resource, see {@link DerivedMetrics}
 */
public record ResultRow(
    Instant ts,
    String threadMode,
    int hikariPool,
    String pathMode,
    String connMode,
    int concurrency,
    int rep,
    double throughputRps,
    Double p50Ms,
    Double p95Ms,
    Double p99Ms,
    Double p999Ms,
    Double maxMs,
    Double errorRate,
    Long httpReqs,
    Double appCpuPct,
    Double pgCpuPct,
    Double loadCpuPct,
    Integer hikariActiveMax,
    Integer hikariPendingMax,
    Integer jvmThreadsMax,
    Double rssMbMax,
    Long pinnedEvents,
    String scenarioId,
    String workload,
    String executor,
    Integer tomcatThreads,
    Double stubDelayMs,
    String sutCpuset,
    Double littlesLawBoundRps,
    Double littlesLawRatio,
    Boolean generatorSaturated,
    Bottleneck bottleneck) {

  public static final String PLATFORM = "platform";
  public static final String VIRTUAL = "virtual";
  public static final String RELEASED = "released";
  public static final String HELD = "held";
  public static final String NORMAL = "normal";
  public static final String SYNCHRONIZED = "synchronized";
  public static final String CLOSED = "closed";
  public static final String OPEN = "open";

  /** The reference rig's 23 columns, in its order. */
  public static final List<String> REFERENCE_COLUMNS =
      List.of(
          "ts_iso",
          "thread_mode",
          "hikari_pool",
          "path_mode",
          "conn_mode",
          "concurrency",
          "rep",
          "throughput_rps",
          "p50_ms",
          "p95_ms",
          "p99_ms",
          "p999_ms",
          "max_ms",
          "error_rate",
          "http_reqs",
          "app_cpu_pct",
          "pg_cpu_pct",
          "load_cpu_pct",
          "hikari_active_max",
          "hikari_pending_max",
          "jvm_threads_max",
          "rss_mb_max",
          "pinned_events");

  /** Columns vtbench adds after the reference ones: scenario inputs first, then derived values. */
  public static final List<String> VTBENCH_COLUMNS =
      List.of(
          "scenario_id",
          "workload",
          "executor",
          "tomcat_threads",
          "stub_delay_ms",
          "sut_cpuset",
          "littles_law_bound_rps",
          "littles_law_ratio",
          "generator_saturated",
          "bottleneck");

  /** Every column, in CSV order. */
  public static final List<String> COLUMNS =
      Stream.concat(REFERENCE_COLUMNS.stream(), VTBENCH_COLUMNS.stream()).toList();

  public ResultRow {
    Objects.requireNonNull(ts, "ts");
    threadMode = normalise(threadMode, "threadMode");
    pathMode = normalise(pathMode, "pathMode");
    connMode = normalise(connMode, "connMode");
    executor = executor == null ? null : normalise(executor, "executor");
  }

  private static String normalise(String value, String name) {
    return Objects.requireNonNull(value, name).trim().toLowerCase(Locale.ROOT);
  }

  public boolean isVirtual() {
    return VIRTUAL.equals(threadMode);
  }

  public boolean isPlatform() {
    return PLATFORM.equals(threadMode);
  }

  public boolean isHeld() {
    return HELD.equals(connMode);
  }

  /** A copy with the derived columns replaced. */
  public ResultRow withDerived(
      Double littlesLawBoundRps,
      Double littlesLawRatio,
      Boolean generatorSaturated,
      Bottleneck bottleneck) {
    return toBuilder()
        .littlesLawBoundRps(littlesLawBoundRps)
        .littlesLawRatio(littlesLawRatio)
        .generatorSaturated(generatorSaturated)
        .bottleneck(bottleneck)
        .build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .ts(ts)
        .threadMode(threadMode)
        .hikariPool(hikariPool)
        .pathMode(pathMode)
        .connMode(connMode)
        .concurrency(concurrency)
        .rep(rep)
        .throughputRps(throughputRps)
        .p50Ms(p50Ms)
        .p95Ms(p95Ms)
        .p99Ms(p99Ms)
        .p999Ms(p999Ms)
        .maxMs(maxMs)
        .errorRate(errorRate)
        .httpReqs(httpReqs)
        .appCpuPct(appCpuPct)
        .pgCpuPct(pgCpuPct)
        .loadCpuPct(loadCpuPct)
        .hikariActiveMax(hikariActiveMax)
        .hikariPendingMax(hikariPendingMax)
        .jvmThreadsMax(jvmThreadsMax)
        .rssMbMax(rssMbMax)
        .pinnedEvents(pinnedEvents)
        .scenarioId(scenarioId)
        .workload(workload)
        .executor(executor)
        .tomcatThreads(tomcatThreads)
        .stubDelayMs(stubDelayMs)
        .sutCpuset(sutCpuset)
        .littlesLawBoundRps(littlesLawBoundRps)
        .littlesLawRatio(littlesLawRatio)
        .generatorSaturated(generatorSaturated)
        .bottleneck(bottleneck);
  }

  /**
   * Builds a row field by field; 33 positional arguments are too easy to get wrong. Defaults: path
   * mode {@value #NORMAL}, conn mode {@value #RELEASED}, rep 1, everything nullable {@code null}.
   */
  public static final class Builder {
    private Instant ts;
    private String threadMode;
    private int hikariPool;
    private String pathMode = NORMAL;
    private String connMode = RELEASED;
    private int concurrency;
    private int rep = 1;
    private double throughputRps = Double.NaN;
    private Double p50Ms;
    private Double p95Ms;
    private Double p99Ms;
    private Double p999Ms;
    private Double maxMs;
    private Double errorRate;
    private Long httpReqs;
    private Double appCpuPct;
    private Double pgCpuPct;
    private Double loadCpuPct;
    private Integer hikariActiveMax;
    private Integer hikariPendingMax;
    private Integer jvmThreadsMax;
    private Double rssMbMax;
    private Long pinnedEvents;
    private String scenarioId;
    private String workload;
    private String executor;
    private Integer tomcatThreads;
    private Double stubDelayMs;
    private String sutCpuset;
    private Double littlesLawBoundRps;
    private Double littlesLawRatio;
    private Boolean generatorSaturated;
    private Bottleneck bottleneck;

    private Builder() {}

    public Builder ts(Instant v) {
      ts = v;
      return this;
    }

    public Builder threadMode(String v) {
      threadMode = v;
      return this;
    }

    public Builder hikariPool(int v) {
      hikariPool = v;
      return this;
    }

    public Builder pathMode(String v) {
      pathMode = v;
      return this;
    }

    public Builder connMode(String v) {
      connMode = v;
      return this;
    }

    public Builder concurrency(int v) {
      concurrency = v;
      return this;
    }

    public Builder rep(int v) {
      rep = v;
      return this;
    }

    public Builder throughputRps(double v) {
      throughputRps = v;
      return this;
    }

    public Builder p50Ms(Double v) {
      p50Ms = v;
      return this;
    }

    public Builder p95Ms(Double v) {
      p95Ms = v;
      return this;
    }

    public Builder p99Ms(Double v) {
      p99Ms = v;
      return this;
    }

    public Builder p999Ms(Double v) {
      p999Ms = v;
      return this;
    }

    public Builder maxMs(Double v) {
      maxMs = v;
      return this;
    }

    public Builder errorRate(Double v) {
      errorRate = v;
      return this;
    }

    public Builder httpReqs(Long v) {
      httpReqs = v;
      return this;
    }

    public Builder appCpuPct(Double v) {
      appCpuPct = v;
      return this;
    }

    public Builder pgCpuPct(Double v) {
      pgCpuPct = v;
      return this;
    }

    public Builder loadCpuPct(Double v) {
      loadCpuPct = v;
      return this;
    }

    public Builder hikariActiveMax(Integer v) {
      hikariActiveMax = v;
      return this;
    }

    public Builder hikariPendingMax(Integer v) {
      hikariPendingMax = v;
      return this;
    }

    public Builder jvmThreadsMax(Integer v) {
      jvmThreadsMax = v;
      return this;
    }

    public Builder rssMbMax(Double v) {
      rssMbMax = v;
      return this;
    }

    public Builder pinnedEvents(Long v) {
      pinnedEvents = v;
      return this;
    }

    public Builder scenarioId(String v) {
      scenarioId = v;
      return this;
    }

    public Builder workload(String v) {
      workload = v;
      return this;
    }

    public Builder executor(String v) {
      executor = v;
      return this;
    }

    public Builder tomcatThreads(Integer v) {
      tomcatThreads = v;
      return this;
    }

    public Builder stubDelayMs(Double v) {
      stubDelayMs = v;
      return this;
    }

    public Builder sutCpuset(String v) {
      sutCpuset = v;
      return this;
    }

    public Builder littlesLawBoundRps(Double v) {
      littlesLawBoundRps = v;
      return this;
    }

    public Builder littlesLawRatio(Double v) {
      littlesLawRatio = v;
      return this;
    }

    public Builder generatorSaturated(Boolean v) {
      generatorSaturated = v;
      return this;
    }

    public Builder bottleneck(Bottleneck v) {
      bottleneck = v;
      return this;
    }

    public ResultRow build() {
      return new ResultRow(
          ts,
          threadMode,
          hikariPool,
          pathMode,
          connMode,
          concurrency,
          rep,
          throughputRps,
          p50Ms,
          p95Ms,
          p99Ms,
          p999Ms,
          maxMs,
          errorRate,
          httpReqs,
          appCpuPct,
          pgCpuPct,
          loadCpuPct,
          hikariActiveMax,
          hikariPendingMax,
          jvmThreadsMax,
          rssMbMax,
          pinnedEvents,
          scenarioId,
          workload,
          executor,
          tomcatThreads,
          stubDelayMs,
          sutCpuset,
          littlesLawBoundRps,
          littlesLawRatio,
          generatorSaturated,
          bottleneck);
    }
  }
}
