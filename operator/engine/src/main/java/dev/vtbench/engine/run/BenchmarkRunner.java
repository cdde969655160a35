package dev.vtbench.engine.run;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.k6.K6Summary;
import dev.vtbench.engine.k6.LoadResult;
import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.Durations;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.results.DerivedMetrics;
import dev.vtbench.engine.results.ResultRow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scenario loop both platforms share: plan, then for each scenario not yet recorded — prepare
 * the SUT (restarting only on config change), run k6, parse, derive, append the row.
 */
public final class BenchmarkRunner {

  private BenchmarkRunner() {}

  /** What a run did, for the closing report. */
  public record Outcome(List<ResultRow> rows, int skipped, Duration wall, Duration loadPhases) {

    /** Total time ÷ time under load: what the orchestration costs on top of the measurements. */
    public double overhead() {
      return loadPhases.isZero() ? Double.NaN : (double) wall.toMillis() / loadPhases.toMillis();
    }
  }

  public static Outcome run(
      BenchmarkRun run, Platform platform, ResultSink sink, Progress progress) {
    BenchmarkRunSpec spec = run.spec;
    List<Scenario> plan = Planner.plan(spec);
    Set<String> done = new HashSet<>();
    sink.existing().forEach(r -> done.add(r.scenarioId()));
    List<Scenario> todo = plan.stream().filter(s -> !done.contains(s.id())).toList();
    if (!done.isEmpty()) {
      progress.message(
          "resuming: " + (plan.size() - todo.size()) + " of " + plan.size() + " scenarios done");
    }
    long started = System.nanoTime();
    Duration underLoad = Duration.ZERO;
    platform.prepareDatabase(spec);

    Duration perScenario = phaseLength(spec);
    List<ResultRow> rows = new ArrayList<>();
    SutConfig warmedUp = null;
    for (int i = 0; i < todo.size(); i++) {
      Scenario s = todo.get(i);
      Duration eta = perScenario.multipliedBy(todo.size() - i);
      progress.scenarioStarted(s, plan.size() - todo.size() + i + 1, plan.size(), eta);
      Platform.SutView sut = platform.prepareSut(s.sut());
      K6Plan k6 = k6Plan(spec, platform.sutBaseUrl(), s);
      if (!s.sut().equals(warmedUp)) {
        warmUpJit(platform, s, k6, spec, progress);
        warmedUp = s.sut();
      }
      String script = K6Script.render(k6);
      long loadStart = System.nanoTime();
      Platform.Measurement m = platform.runLoad(s, k6, script, progress);
      underLoad = underLoad.plusNanos(System.nanoTime() - loadStart);
      ResultRow row = resultRow(spec, s, sut, m, k6);
      sink.append(row);
      rows.add(row);
      progress.scenarioFinished(row);
    }
    return new Outcome(
        rows, plan.size() - todo.size(), Duration.ofNanos(System.nanoTime() - started), underLoad);
  }

  /** The measured load of scenario {@code s} against the SUT at {@code sutBaseUrl}. */
  public static K6Plan k6Plan(BenchmarkRunSpec spec, String sutBaseUrl, Scenario s) {
    return K6Plan.fromSpec(
        spec.load, sutBaseUrl + Workloads.path(spec), Workloads.idMax(spec), s.concurrency());
  }

  /**
   * The unmeasured JIT warm-up before {@code measured} on a freshly started SUT: {@code
   * load.sutWarmup} at the measured level, or null when it is 0s.
   */
  public static K6Plan warmUpPlan(BenchmarkRunSpec spec, K6Plan measured) {
    Duration length = Durations.parse("spec.load.sutWarmup", spec.load.sutWarmup);
    if (length.isZero()) {
      return null;
    }
    return new K6Plan(
        measured.targetUrl(),
        measured.idMax(),
        measured.executor(),
        measured.level(),
        measured.maxVUs(),
        Duration.ofSeconds(1),
        Duration.ZERO,
        length,
        measured.requestTimeout());
  }

  /**
   * The CSV row of one measured scenario: the k6 summary parsed, the SUT's view and peaks, each
   * tier's CPU, then the derived columns (Little's-law bound, saturation, bottleneck).
   */
  public static ResultRow resultRow(
      BenchmarkRunSpec spec, Scenario s, Platform.SutView sut, Platform.Measurement m, K6Plan k6) {
    LoadResult load = K6Summary.parse(m.k6SummaryJson(), k6.hold());
    return DerivedMetrics.derive(row(spec, s, sut, load, m), rig(spec, m));
  }

  /**
   * A fresh JVM compiles its hot paths during its first seconds under load; on a SUT with one core
   * that compilation competes with requests, and the first scenario of every block would measure
   * it. So each new SUT first gets {@code load.sutWarmup} of unmeasured load at the block's first
   * level.
   */
  private static void warmUpJit(
      Platform platform, Scenario s, K6Plan measured, BenchmarkRunSpec spec, Progress progress) {
    K6Plan warm = warmUpPlan(spec, measured);
    if (warm == null) {
      return;
    }
    progress.message("SUT: " + Durations.format(warm.hold()) + " of unmeasured warm-up load (JIT)");
    Scenario warmScenario =
        new Scenario(s.index(), s.id() + "-jit-warmup", s.rep(), s.concurrency(), s.sut());
    platform.runLoad(warmScenario, warm, K6Script.render(warm), progress);
  }

  /** Ramp + warm-up + hold: the floor of one scenario's length, for the ETA. */
  static Duration phaseLength(BenchmarkRunSpec spec) {
    return Durations.parse("spec.load.ramp", spec.load.ramp)
        .plus(Durations.parse("spec.load.warmup", spec.load.warmup))
        .plus(Durations.parse("spec.load.hold", spec.load.hold))
        .plusSeconds(3);
  }

  private static ResultRow row(
      BenchmarkRunSpec spec,
      Scenario s,
      Platform.SutView sut,
      LoadResult load,
      Platform.Measurement m) {
    Map<String, Object> peaks = m.peaks();
    return ResultRow.builder()
        .ts(Instant.now())
        .threadMode(s.threadMode())
        .hikariPool(s.hikariPool())
        .pathMode(spec.workload.pathMode)
        .connMode(spec.workload.connectionMode)
        .concurrency(s.concurrency())
        .rep(s.rep())
        .throughputRps(load.throughputRps())
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
        .workload(spec.workload.endpoint)
        .executor(spec.load.executor)
        .tomcatThreads(spec.sut.tomcatMaxThreads)
        .stubDelayMs(
            (double) Durations.parse("spec.workload.stubDelay", spec.workload.stubDelay).toMillis())
        .sutCpuset(sut.cpuset())
        .build();
  }

  private static DerivedMetrics.Rig rig(BenchmarkRunSpec spec, Platform.Measurement m) {
    return new DerivedMetrics.Rig(
        Workloads.serviceFloor(spec).toMillis(),
        m.cpu().appCpus(),
        m.cpu().pgCpus(),
        m.cpu().loadCpus());
  }

  private static Integer intOf(Object o) {
    return o instanceof Number n ? n.intValue() : null;
  }
}
