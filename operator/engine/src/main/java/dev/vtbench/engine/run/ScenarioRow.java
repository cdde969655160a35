package dev.vtbench.engine.run;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Summary;
import dev.vtbench.engine.k6.LoadMerge;
import dev.vtbench.engine.k6.LoadResult;
import dev.vtbench.engine.metrics.ServiceWindows;
import dev.vtbench.engine.metrics.SutView;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.derived.DerivedMetrics;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.RowNotes;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.proc.CoreBusy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One measured scenario as a CSV row: the same assembly on every platform. */
public final class ScenarioRow {

  private ScenarioRow() {}

  /**
   * The CSV row of one measured scenario: the k6 summary parsed, the SUT's view and peaks, each
   * tier's CPU and each core's, the SUT's and the stub's CFS throttling, where the SUT and each
   * other tier ran, then the derived columns (Little's-law bound, saturation, bottleneck).
   */
  public static ResultRow of(
      BenchmarkRunSpec spec,
      Scenario s,
      SutView sut,
      Platform.Measurement m,
      K6Plan k6,
      WarmState warm) {
    // one runner's percentiles as k6 computed them; several runners' from their summed histograms
    LoadResult load =
        LoadMerge.merge(m.k6Summaries().stream().map(j -> K6Summary.parse(j, k6.hold())).toList());
    List<LoadWindow> hold = holdWindows(m, k6);
    double cores = sutCores(m);
    boolean drifted =
        SteadyState.judgeHold(hold, warm.shape(), cores) == SteadyState.Verdict.NOT_STEADY;
    ResultRow row = row(spec, s, sut, load, m);
    row =
        row.toBuilder()
            .warmupS((double) warm.underLoad().toSeconds())
            .steadyState(warm.steady() && !drifted)
            .holdWindows(LoadWindow.encode(hold))
            .warmupSteady(warm.steady())
            .warmupTpNoise(warm.shape() == null ? null : warm.shape().throughputNoise())
            .warmupCpuNoise(warm.shape() == null ? null : warm.shape().cpuNoise())
            .holdCv(SteadyState.throughputCv(hold))
            .notes(
                row.notes() != null && row.notes().contains(ServiceWindows.NOT_JUDGED)
                    ? row.notes()
                    : RowNotes.add(row.notes(), UNSTEADY, unsteady(warm, drifted, hold, cores)))
            .build();
    return DerivedMetrics.derive(row, rig(spec, m));
  }

  /** How the note that says why a row is not steady begins. */
  static final String UNSTEADY = "not steady: ";

  /**
   * Why a row is not steady, or null when it is: its SUT's warm-up ended without steady state, or
   * its hold drifted, with the numbers.
   */
  private static String unsteady(
      WarmState warm, boolean drifted, List<LoadWindow> hold, double cores) {
    if (!warm.steady() && warm.underLoad().isZero()) {
      return UNSTEADY + "its JVM had no warm-up before this hold (spec.load.sutWarmup 0s)";
    }
    if (!warm.steady()) {
      return UNSTEADY
          + "its JVM's warm-up found no steady state in "
          + warm.underLoad().toSeconds()
          + " s of load (the run's warm-up line, or its LoadRunning condition, says which"
          + " criterion failed and what to set)";
    }
    if (!drifted) {
      return null;
    }
    return UNSTEADY
        + (SteadyState.jitCompeted(hold, cores)
            ? "the JIT compiled through the hold on a busy core, "
            : "the hold drifted, ")
        + SteadyState.explainHold(hold, warm.shape(), cores);
  }

  /** The SUT's cores as the platform measured them, NaN where it did not. */
  public static double sutCores(Platform.Measurement m) {
    return m.cpu() == null ? Double.NaN : m.cpu().appCpus();
  }

  /**
   * The SUT's state after the measured load {@code k6}: its whole length counts as load, and its
   * hold, judged on the windows in {@code peaks}, says whether the SUT is (still) steady.
   */
  public static WarmState afterMeasure(
      WarmState warm, Map<String, Object> peaks, K6Plan k6, double sutCores) {
    return warm.afterMeasure(
        k6.ramp().plus(k6.warmup()).plus(k6.hold()),
        SteadyState.judgeHold(LoadWindow.ofPhase(peaks, k6.hold()), warm.shape(), sutCores));
  }

  /** The SUT's windows over the hold of {@code k6}: the platform resets them at its start. */
  public static List<LoadWindow> holdWindows(Platform.Measurement m, K6Plan k6) {
    return LoadWindow.ofPhase(m.peaks(), k6.hold());
  }

  private static ResultRow row(
      BenchmarkRunSpec spec, Scenario s, SutView sut, LoadResult load, Platform.Measurement m) {
    Map<String, Object> peaks = m.peaks();
    CoreBusy cores = m.cpu().cores();
    boolean open =
        K6Plan.Executor.fromK6Name(spec.load.executor) == K6Plan.Executor.CONSTANT_ARRIVAL_RATE;
    return ResultRow.builder()
        .ts(Instant.now())
        .threadMode(s.threadMode())
        .hikariPool(s.hikariPool())
        .pathMode(spec.workload.pathMode)
        .connMode(spec.workload.connectionMode)
        .concurrency(s.concurrency())
        .rep(s.rep())
        .throughputRps(load.throughputRps())
        .meanMs(Double.isNaN(load.meanMs()) ? null : load.meanMs())
        .p50Ms(load.p50Ms())
        .p95Ms(load.p95Ms())
        .p99Ms(load.p99Ms())
        .p999Ms(load.p999Ms())
        .maxMs(load.maxMs())
        .errorRate(load.errorRate())
        .httpReqs(load.httpReqs())
        .appCpuPct(m.cpu().appPct())
        .pgCpuPct(m.cpu().pgPct())
        .loadCpuPct(m.cpu().loadPct())
        .hikariActiveMax(intOf(peaks.get("hikariActiveMax")))
        .hikariPendingMax(intOf(peaks.get("hikariPendingMax")))
        .jvmThreadsMax(intOf(peaks.get("jvmThreadsMax")))
        .rssMbMax(peaks.get("rssMbMax") instanceof Number n ? n.doubleValue() : null)
        .pinnedEvents(peaks.get("pinnedEvents") instanceof Number n ? n.longValue() : null)
        .scenarioId(s.id())
        .workload(Workloads.name(spec))
        .executor(spec.load.executor)
        .tomcatThreads(spec.sut.tomcatMaxThreads)
        .stubDelayMs(
            Workloads.callsStub(spec)
                ? (double)
                    Durations.parse("spec.workload.stubDelay", spec.workload.stubDelay).toMillis()
                : null)
        .serviceFloorMs(
            Workloads.ownService(spec) ? null : (double) Workloads.serviceFloor(spec).toMillis())
        .targetRps(open ? (double) s.concurrency() : null)
        .droppedIterations(open ? Math.round(load.droppedIterations()) : null)
        .sutCpuset(sut.cpuset())
        .stubCpuPct(m.cpu().stubPct())
        .vtbenchCpuPct(m.cpu().vtbenchPct())
        .loadCoreBusyPct(cores == null ? null : cores.generatorBusyPct())
        .stealPct(cores == null ? null : cores.stealPct())
        .cpuBusyPct(cores == null ? null : cores.list())
        .node(sut.node())
        .tierNodes(m.nodes().format())
        .cpuModel(sut.cpuModel())
        .kernel(sut.kernel())
        .jdkVersion(sut.javaVersion())
        .sutArtifact(sut.artifact())
        .heapMbMax(peaks.get("heapMbMax") instanceof Number n ? n.doubleValue() : null)
        .handlerThread(peaks.get("handlerThread") instanceof String t ? t : null)
        .notes(notes(spec, sut, peaks, m.throttling()))
        .jvmOptions(s.sut().jvmOptions())
        .buildName(s.sut().build())
        .cpuWorkUs(spec.matrix.cpuPerRequest == null ? null : s.cpuUs())
        .cpuWorkIterationNs(sut.cpuWorkIterationNs())
        .loadRunners(m.k6Summaries().size())
        .sutThrottledPct(m.throttling().sutPct())
        .stubThrottledPct(m.throttling().stubPct())
        .loadThrottledPct(m.throttling().loadPct())
        .pgThrottledPct(m.throttling().pgPct())
        .jvmProcessors(sut.availableProcessors())
        .vtParallelism(sut.virtualThreadParallelism())
        .tomcatBusyMax(intOf(peaks.get("tomcatBusyMax")))
        .tomcatMaxThreads(intOf(peaks.get("tomcatMaxThreads")))
        .requestsActiveMax(intOf(peaks.get("requestsActiveMax")))
        .build();
  }

  private static DerivedMetrics.Rig rig(BenchmarkRunSpec spec, Platform.Measurement m) {
    return new DerivedMetrics.Rig(
        Workloads.serviceFloor(spec).toMillis(),
        m.cpu().appCpus(),
        m.cpu().pgCpus(),
        m.cpu().loadCpus(),
        Durations.parse("spec.load.requestTimeout", spec.load.requestTimeout).toMillis(),
        m.cpu().loadCpuLimited());
  }

  /**
   * Why a row of a service on its own database ({@code spec.database.external}) says nothing of
   * that database, on both platforms: in its notes, in place of any other pg_cpu_pct note.
   */
  public static final String EXTERNAL_DATABASE_NOTE =
      "pg_cpu_pct empty and the database's placement unrecorded: it is the service's own"
          + " (spec.database.external), which vtbench neither runs nor measures, so its node, cores"
          + " and other load are unknown and may limit the service";

  /** Why a row has no {@code jvm_processors} or {@code vt_parallelism}. */
  public static final String JVM_NOTE =
      "jvm_processors and vt_parallelism empty: the SUT's JVM did not report them"
          + " (availableProcessors and virtualThreadParallelism in /api/runtime-info; a user's"
          + " service does not)";

  /**
   * The reasons numbers are missing ({@link ServiceWindows#NOTES}), the user's own database's, the
   * JVM's and the throttling's ({@link TierThrottling#notes}), joined; null when none.
   */
  private static String notes(
      BenchmarkRunSpec spec, SutView sut, Map<String, Object> peaks, TierThrottling throttling) {
    List<String> notes =
        peaks.get(ServiceWindows.NOTES) instanceof List<?> l
            ? new ArrayList<>(l.stream().map(String::valueOf).toList())
            : new ArrayList<>();
    if (spec.database.external != null) {
      notes.removeIf(n -> n.startsWith("pg_cpu_pct empty"));
      notes.add(EXTERNAL_DATABASE_NOTE);
    }
    if (sut.availableProcessors() == null || sut.virtualThreadParallelism() == null) {
      notes.add(JVM_NOTE);
    }
    notes.addAll(throttling.notes());
    return notes.isEmpty() ? null : String.join("; ", notes);
  }

  private static Integer intOf(Object o) {
    return o instanceof Number n ? n.intValue() : null;
  }
}
