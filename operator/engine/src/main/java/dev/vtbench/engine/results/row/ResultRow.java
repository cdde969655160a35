package dev.vtbench.engine.results.row;

import static dev.vtbench.engine.results.row.Column.Part.KEY;
import static dev.vtbench.engine.results.row.Column.Part.REFERENCE;
import static dev.vtbench.engine.results.row.Column.Part.VTBENCH;

import dev.vtbench.engine.model.rules.SpecRules;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One completed benchmark scenario: one line of {@code matrix.csv}.
 *
 * <p>Components are the CSV's columns, in order: each carries its header name and rounding in a
 * {@link Column} annotation, and {@link dev.vtbench.engine.results.csv.ResultsCsv} derives the
 * header, the writer and the reader from them. Adding a column is one component here, one setter in
 * {@link ResultRowBuilder}, the code that produces its value and its entry in docs/columns.md, at
 * the same place in the order (docs-check holds that). First come the reference rig's 23 columns
 * ({@link #REFERENCE_COLUMNS}), then vtbench's own ({@link #VTBENCH_COLUMNS}). Keeping the
 * reference columns first and unchanged lets a vtbench CSV be compared, column by column, with the
 * seed rig's own {@code matrix.csv}.
 *
 * <p>Each column's meaning, unit and the cases where it is empty are described once, in
 * docs/columns.md: one entry per column, in this record's order, checked by hack/docs-check.py. A
 * nullable component is null exactly where its field is empty.
 */
public record ResultRow(
    @Column(name = "ts_iso", part = KEY) Instant ts,
    @Column(name = "thread_mode", part = KEY) String threadMode,
    @Column(name = "hikari_pool", part = KEY) int hikariPool,
    @Column(name = "path_mode", part = KEY) String pathMode,
    @Column(name = "conn_mode", part = KEY) String connMode,
    @Column(name = "concurrency", part = KEY) int concurrency,
    @Column(name = "rep", part = KEY) int rep,
    @Column(name = "throughput_rps", part = KEY, decimals = 2) double throughputRps,
    @Column(name = "p50_ms", part = REFERENCE, decimals = 3) Double p50Ms,
    @Column(name = "p95_ms", part = REFERENCE, decimals = 3) Double p95Ms,
    @Column(name = "p99_ms", part = REFERENCE, decimals = 3) Double p99Ms,
    @Column(name = "p999_ms", part = REFERENCE, decimals = 3) Double p999Ms,
    @Column(name = "max_ms", part = REFERENCE, decimals = 3) Double maxMs,
    @Column(name = "error_rate", part = REFERENCE, decimals = 6) Double errorRate,
    @Column(name = "http_reqs", part = REFERENCE) Long httpReqs,
    @Column(name = "app_cpu_pct", part = REFERENCE, decimals = 1) Double appCpuPct,
    @Column(name = "pg_cpu_pct", part = REFERENCE, decimals = 1) Double pgCpuPct,
    @Column(name = "load_cpu_pct", part = REFERENCE, decimals = 1) Double loadCpuPct,
    @Column(name = "hikari_active_max", part = REFERENCE) Integer hikariActiveMax,
    @Column(name = "hikari_pending_max", part = REFERENCE) Integer hikariPendingMax,
    @Column(name = "jvm_threads_max", part = REFERENCE) Integer jvmThreadsMax,
    @Column(name = "rss_mb_max", part = REFERENCE, decimals = 1) Double rssMbMax,
    @Column(name = "pinned_events", part = REFERENCE) Long pinnedEvents,
    @Column(name = "scenario_id", part = VTBENCH) String scenarioId,
    @Column(name = "workload", part = VTBENCH) String workload,
    @Column(name = "executor", part = VTBENCH) String executor,
    @Column(name = "tomcat_threads", part = VTBENCH) Integer tomcatThreads,
    @Column(name = "stub_delay_ms", part = VTBENCH, decimals = 3) Double stubDelayMs,
    @Column(name = "sut_cpuset", part = VTBENCH) String sutCpuset,
    @Column(name = "littles_law_bound_rps", part = VTBENCH, decimals = 1) Double littlesLawBoundRps,
    @Column(name = "littles_law_ratio", part = VTBENCH, decimals = 4) Double littlesLawRatio,
    @Column(name = "generator_saturated", part = VTBENCH) Boolean generatorSaturated,
    @Column(name = "bottleneck", part = VTBENCH) Bottleneck bottleneck,
    @Column(name = "mean_ms", part = VTBENCH, decimals = 3) Double meanMs,
    @Column(name = "stub_cpu_pct", part = VTBENCH, decimals = 1) Double stubCpuPct,
    @Column(name = "vtbench_cpu_pct", part = VTBENCH, decimals = 1) Double vtbenchCpuPct,
    @Column(name = "load_core_busy_pct", part = VTBENCH, decimals = 1) Double loadCoreBusyPct,
    @Column(name = "steal_pct", part = VTBENCH, decimals = 1) Double stealPct,
    @Column(name = "cpu_busy_pct", part = VTBENCH) String cpuBusyPct,
    @Column(name = "node", part = VTBENCH) String node,
    @Column(name = "tier_nodes", part = VTBENCH) String tierNodes,
    @Column(name = "cpu_model", part = VTBENCH) String cpuModel,
    @Column(name = "kernel", part = VTBENCH) String kernel,
    @Column(name = "jdk_version", part = VTBENCH) String jdkVersion,
    @Column(name = "sut_artifact", part = VTBENCH) String sutArtifact,
    @Column(name = "warmup_s", part = VTBENCH, decimals = 1) Double warmupS,
    @Column(name = "steady_state", part = VTBENCH) Boolean steadyState,
    @Column(name = "hold_cv", part = VTBENCH, decimals = 4) Double holdCv,
    @Column(name = "service_floor_ms", part = VTBENCH, decimals = 3) Double serviceFloorMs,
    @Column(name = "target_rps", part = VTBENCH, decimals = 1) Double targetRps,
    @Column(name = "dropped_iterations", part = VTBENCH) Long droppedIterations,
    @Column(name = "overloaded", part = VTBENCH) Boolean overloaded,
    @Column(name = "heap_mb_max", part = VTBENCH, decimals = 1) Double heapMbMax,
    @Column(name = "handler_thread", part = VTBENCH) String handlerThread,
    @Column(name = "notes", part = VTBENCH) String notes,
    @Column(name = "jvm_options", part = VTBENCH) String jvmOptions,
    @Column(name = "build", part = VTBENCH) String buildName,
    @Column(name = "load_runners", part = VTBENCH) Integer loadRunners,
    @Column(name = "sut_throttled_pct", part = VTBENCH, decimals = 1) Double sutThrottledPct,
    @Column(name = "stub_throttled_pct", part = VTBENCH, decimals = 1) Double stubThrottledPct,
    @Column(name = "load_throttled_pct", part = VTBENCH, decimals = 1) Double loadThrottledPct,
    @Column(name = "pg_throttled_pct", part = VTBENCH, decimals = 1) Double pgThrottledPct,
    @Column(name = "jvm_processors", part = VTBENCH) Integer jvmProcessors,
    @Column(name = "vt_parallelism", part = VTBENCH) Integer vtParallelism,
    @Column(name = "tomcat_busy_max", part = VTBENCH) Integer tomcatBusyMax,
    @Column(name = "tomcat_max_threads", part = VTBENCH) Integer tomcatMaxThreads,
    @Column(name = "requests_active_max", part = VTBENCH) Integer requestsActiveMax,
    @Column(name = "cpu_work_us", part = VTBENCH) Long cpuWorkUs,
    @Column(name = "cpu_work_iteration_ns", part = VTBENCH, decimals = 1) Double cpuWorkIterationNs,
    @Column(name = "hold_windows", part = VTBENCH) String holdWindows,
    @Column(name = "warmup_steady", part = VTBENCH) Boolean warmupSteady,
    @Column(name = "warmup_tp_noise", part = VTBENCH, decimals = 4) Double warmupTpNoise,
    @Column(name = "warmup_cpu_noise", part = VTBENCH, decimals = 4) Double warmupCpuNoise) {

  public static final String PLATFORM = "platform";
  public static final String VIRTUAL = "virtual";
  public static final String REACTIVE = "reactive";

  /**
   * The {@code workload} of a user's service's rows ({@code spec.sut.service}): its mix, not an
   * endpoint.
   */
  public static final String OWN_SERVICE_WORKLOAD = "service";

  /** The thread modes in the order the summary and the figures show them. */
  public static final List<String> THREAD_MODES = List.of(PLATFORM, VIRTUAL, REACTIVE);

  public static final String RELEASED = "released";
  public static final String HELD = "held";
  public static final String NORMAL = "normal";
  public static final String SYNCHRONIZED = "synchronized";
  public static final String OPEN = "open";

  /** The reference rig's 23 columns, in its order. */
  public static final List<String> REFERENCE_COLUMNS = Columns.names(KEY, REFERENCE);

  /** Columns vtbench adds after the reference ones: scenario inputs first, then derived values. */
  public static final List<String> VTBENCH_COLUMNS = Columns.names(VTBENCH);

  /** Every column, in CSV order. */
  public static final List<String> COLUMNS = Columns.names(KEY, REFERENCE, VTBENCH);

  public ResultRow {
    Objects.requireNonNull(ts, "ts");
    threadMode = normalise(threadMode, "threadMode");
    pathMode = normalise(pathMode, "pathMode");
    connMode = normalise(connMode, "connMode");
    executor = executor == null ? null : normalise(executor, "executor");
    // no extra options is one value, however it was written: absent, as an empty field reads
    jvmOptions = jvmOptions == null || jvmOptions.isBlank() ? null : jvmOptions.strip();
    buildName = buildName == null || buildName.isBlank() ? null : buildName.strip();
  }

  /** {@link #jvmOptions}, empty for none: the value as the spec lists it. */
  public String jvmOptionsOrEmpty() {
    return jvmOptions == null ? "" : jvmOptions;
  }

  /** {@link #buildName}, empty without builds. */
  public String buildOrEmpty() {
    return buildName == null ? "" : buildName;
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

  public boolean isReactive() {
    return REACTIVE.equals(threadMode);
  }

  /**
   * The SUT's CPU time per request in milliseconds ({@code app_cpu_pct} ÷ 100 cores ÷ throughput);
   * null when the row has no SUT CPU or no throughput.
   */
  public Double sutCpuMsPerRequest() {
    return appCpuPct == null || !(throughputRps > 0) ? null : appCpuPct * 10.0 / throughputRps;
  }

  public boolean isHeld() {
    return HELD.equals(connMode);
  }

  /**
   * Whether k6 drove this row with an arrival rate (open model, {@code constant-arrival-rate}):
   * {@code concurrency} is then a rate in requests per second, not a number of VUs.
   */
  public boolean isOpenModel() {
    return SpecRules.OPEN_EXECUTOR.equals(executor) || OPEN.equals(executor);
  }

  /**
   * What {@code concurrency} counts, for a sentence: {@code VUs} in the closed model, {@code req/s
   * target} in the open model.
   */
  public String levelUnit() {
    return isOpenModel() ? "req/s target" : "VUs";
  }

  /**
   * The service-time floor of this row: {@code service_floor_ms}, or for rows written before that
   * column, the stub's delay (their workloads all blocked on it); null when neither is known.
   */
  public Double serviceFloor() {
    return serviceFloorMs != null ? serviceFloorMs : stubDelayMs;
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

  /**
   * A builder with the defaults: path mode {@value #NORMAL}, conn mode {@value #RELEASED}, rep 1,
   * everything nullable {@code null}.
   */
  public static ResultRowBuilder builder() {
    return ResultRowBuilder.withDefaults();
  }

  /** A builder holding this row's values. */
  public ResultRowBuilder toBuilder() {
    return new ResultRowBuilder(Columns.values(this));
  }
}
