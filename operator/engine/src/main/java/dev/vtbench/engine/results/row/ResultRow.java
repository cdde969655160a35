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
 * @param threadMode {@value #PLATFORM} or {@value #VIRTUAL} (the servlet SUT), or {@value
 *     #REACTIVE} (the WebFlux + R2DBC SUT, seed 002's baseline)
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
 * @param littlesLawBoundRps throughput bound from Little's law, see {@link
 *     dev.vtbench.engine.results.derived.DerivedMetrics}
 * @param littlesLawRatio {@code throughputRps ÷ littlesLawBoundRps}
 * @param generatorSaturated whether the load generator's cores (or its own CPU) were at their
 *     limit; null when neither was measured (a cluster row whose runner's cores are not known)
 * @param bottleneck heuristic name of the binding resource, see {@link
 *     dev.vtbench.engine.results.derived.DerivedMetrics}
 * @param meanMs mean latency of the hold's requests (k6's {@code avg})
 * @param stubCpuPct the downstream stub's CPU, percent of one core
 * @param vtbenchCpuPct the vtbench process's own CPU (local runner), percent of one core
 * @param loadCoreBusyPct how busy the load generator's cores were, whoever used them: mean over
 *     those cores of the share neither idle nor waiting for I/O, 0 to 100
 * @param stealPct time the hypervisor gave to other guests, percent of all cores' time
 * @param cpuBusyPct every core's busy share as {@code cpu:pct} joined by {@code |}, e.g. {@code
 *     0:92.1|1:88.0}
 * @param node the node (Kubernetes) or host the SUT ran on
 * @param tierNodes the node or host each tier ran on, as {@link TierNodes} writes it, e.g. {@code
 *     sut=node-a;stub=node-b;database=node-c;load=node-b+node-c}: the load's runners' distinct
 *     nodes sorted, a tier whose node is not known (the service's own database) left out; null
 *     where none is known and in rows from before the column
 * @param cpuModel the machine's CPU model
 * @param kernel the Linux kernel release
 * @param jdkVersion the SUT JVM's {@code Runtime.version()}
 * @param sutArtifact what the SUT ran from: its image reference, or {@code sha256:} and the first
 *     16 hex digits of the jar's SHA-256
 * @param warmupS seconds of load the SUT had served since it started, before this row's hold
 * @param steadyState whether the SUT was at steady state ({@code SteadyState}): found steady before
 *     the hold, and the hold's own windows agreeing; null in rows from before vtbench judged it
 * @param holdCv coefficient of variation of the throughput across the hold's windows
 * @param serviceFloorMs the time every request blocks for at least, the denominator of the
 *     Little's-law bound and of the figures' walls: the stub's delay or the endpoint's own wait
 *     ({@code spec.workload.blockFor}), whichever the workload blocks on
 * @param targetRps open model: the arrival rate k6 was asked for; null in the closed model
 * @param droppedIterations open model: requests k6 could not start on schedule during the hold
 *     because every VU was busy; null in the closed model
 * @param overloaded whether the row is past the knee ({@link
 *     dev.vtbench.engine.results.derived.Overload}): errors, a missed arrival rate, or a tail close
 *     to the request timeout; null in rows from before vtbench judged it
 * @param heapMbMax peak JVM heap in use, MiB (a user's service: Actuator's {@code jvm.memory.used}
 *     of area heap; vtbench's SUT: the heap in use, sampled every few milliseconds); null where not
 *     read
 * @param handlerThread a thread that served a workload request near the hold's end, as {@code
 *     Thread.toString()}: a virtual thread names its carrier ({@code
 *     VirtualThread[#171,tomcat-handler-9]/runnable@ForkJoinPool-1-worker-4}), a platform thread
 *     its pool, the reactive SUT its event loop; null for a user's service or a hold without
 *     requests
 * @param notes why columns are empty or a judgement could not be made, e.g. a user's service
 *     without Actuator; {@code "; "} between notes, null when there is nothing to say
 * @param jvmOptions the SUT JVM's extra options, the value of {@code spec.matrix.jvmOptions} the
 *     row ran with, e.g. {@code -XX:+UseZGC}; null for none (and in rows from before that axis)
 * @param buildName the name of the {@code spec.matrix.builds} entry the row ran ({@code build}),
 *     e.g. {@code boot-3.4}; null without that axis (and in rows from before it); what the build
 *     ran from is {@code sut_artifact}
 * @param loadRunners how many k6 runners shared the scenario's load ({@code spec.load.parallelism}
 *     on Kubernetes, 1 locally); with more than one, the latency columns come from the sum of their
 *     histograms (within 2 %), the counts from their sum; null in rows from before the column
 * @param sutThrottledPct the share of the hold's CFS periods in which the SUT's cgroup was held
 *     back by its CPU limit, in percent ({@code cpu.stat}'s {@code nr_throttled} ÷ {@code
 *     nr_periods} between the hold's start and end); 0 where it had no limit (nothing could hold it
 *     back); null where unmeasured, with a note saying why. {@link
 *     dev.vtbench.engine.results.derived.Throttling} names the rows it marks
 * @param stubThrottledPct the same for the downstream stub's cgroup; null where unmeasured or the
 *     run has no stub
 * @param loadThrottledPct the same for the load generator's (k6's) cgroup: on a cluster the runner
 *     that observed the SUT, read through vtbench's k6 extension; null where unmeasured (a k6
 *     without the extension), with a note
 * @param pgThrottledPct the same for PostgreSQL's cgroup: locally the postmaster's, on a cluster
 *     the database container's, which the SUT reads through the function the operator installs;
 *     null where unmeasured (with a note) or the database is the service's own
 * @param jvmProcessors the processors the SUT's JVM sees ({@code availableProcessors}: its cpuset,
 *     or its CPU limit rounded up), which sizes its GC, JIT and common pools; null where unread (a
 *     user's service)
 * @param vtParallelism the virtual-thread scheduler's parallelism, the carrier threads virtual
 *     threads run on (the JVM's {@code VirtualThreadSchedulerMXBean}: {@code jvm_processors} unless
 *     {@code -Djdk.virtualThreadScheduler.parallelism} says otherwise); recorded in every thread
 *     mode, null where unread
 * @param tomcatBusyMax a user's service's peak of Tomcat's busy worker threads (Actuator's {@code
 *     tomcat.threads.busy}, sampled every second, the sampler's own read among them); null for
 *     vtbench's SUTs and where unread (with a note)
 * @param tomcatMaxThreads a user's service's maximum of Tomcat worker threads as it runs them
 *     (Actuator's {@code tomcat.threads.config.max}); null where unread
 * @param requestsActiveMax a user's service's peak of requests in progress inside it (Actuator's
 *     {@code http.server.requests.active}, sampled every second, the sampler's own read among
 *     them); null where unread
 * @param cpuWorkUs microseconds of CPU each request was asked to compute besides its own work
 *     ({@code spec.matrix.cpuPerRequest}, the SUT's {@code ?cpuUs=}); null without that axis (and
 *     in rows from before it)
 * @param cpuWorkIterationNs the calibration that turned {@code cpu_work_us} into work: CPU
 *     nanoseconds one SHA-256 iteration cost on this machine, as the SUT measured it at start; null
 *     where unread (a user's service, rows from before the knob)
 * @param holdWindows the hold's windows as the SUT or its sampler cut them ({@code
 *     LoadWindow.encode}), what {@code steady_state}'s hold verdict was judged on; null in rows
 *     from before the column
 * @param warmupSteady whether the SUT's warm-up had found it steady before this hold (the other
 *     half of {@code steady_state}); null in rows from before the column
 * @param warmupTpNoise the warm-up level's throughput noise, a share of its level, which widens the
 *     hold's tolerance; null where unknown
 * @param warmupCpuNoise the same for CPU per request
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
  public static final String CLOSED = "closed";
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
