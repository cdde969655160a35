package dev.vtbench.engine.run;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.CpuWorkRules;
import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.model.rules.Quantities;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.engine.steady.WarmUpTrend;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where a run stands and what it does next: a pure function of the plan, the scenarios already
 * recorded and the SUT configuration that has been warmed up since the SUT last started. The local
 * runner loops over it; the reconciler carries out one of its actions per reconcile. Neither
 * platform keeps scenario or warm-up policy of its own.
 */
public final class RunCursor {

  /** Suffix of a warm-up load's id: never a row, never a recorded scenario. */
  public static final String WARM_UP_SUFFIX = "-jit-warmup";

  private final BenchmarkRunSpec spec;
  private final List<Scenario> plan;
  private final Set<String> recorded;
  private final List<Integer> levels;

  private RunCursor(
      BenchmarkRunSpec spec, List<Scenario> plan, Set<String> recorded, List<Integer> levels) {
    this.spec = spec;
    this.plan = plan;
    this.recorded = recorded;
    this.levels = levels;
  }

  /** The cursor of {@code spec} with the scenarios of {@code rows} recorded. */
  public static RunCursor of(BenchmarkRunSpec spec, Collection<ResultRow> rows) {
    return ofRecorded(spec, rows.stream().map(ResultRow::scenarioId).toList());
  }

  /** The cursor of {@code spec} with the scenarios {@code scenarioIds} recorded. */
  public static RunCursor ofRecorded(BenchmarkRunSpec spec, Collection<String> scenarioIds) {
    return new RunCursor(
        spec, Planner.plan(spec), Set.copyOf(scenarioIds), List.copyOf(spec.matrix.concurrency));
  }

  /**
   * The same cursor planning only {@code kept} of the matrix's levels from now on ({@link
   * dev.vtbench.engine.plan.Sizing}): scenarios at other levels leave the plan unless already
   * recorded, and warm-ups run at the highest level kept.
   */
  public RunCursor keepingLevels(List<Integer> kept) {
    List<Scenario> left =
        plan.stream()
            .filter(s -> kept.contains(s.concurrency()) || recorded.contains(s.id()))
            .toList();
    return new RunCursor(spec, left, recorded, List.copyOf(kept));
  }

  /** The levels planned from now on: the matrix's, or those sizing kept. */
  public List<Integer> levels() {
    return levels;
  }

  /** The same cursor once {@code scenarioId} is recorded too. */
  public RunCursor recording(String scenarioId) {
    Set<String> ids = new HashSet<>(recorded);
    ids.add(scenarioId);
    return new RunCursor(spec, plan, Set.copyOf(ids), levels);
  }

  /** What to do next. */
  public sealed interface Action permits Load, Done {}

  /** A k6 load against the SUT in {@code scenario()}'s configuration. */
  public sealed interface Load extends Action permits WarmUp, Measure {
    Scenario scenario();

    /** The id the load runs under: the scenario's, or its warm-up's (never a row). */
    default String id() {
      return this instanceof WarmUp ? scenario().id() + WARM_UP_SUFFIX : scenario().id();
    }
  }

  /**
   * Unmeasured load before {@code scenario} while its SUT is not yet at steady state: a new JVM
   * compiles its hot paths during its first minute or so under load, and on one core that
   * compilation competes with the requests a measurement would count. Each warm-up is judged by
   * {@link SteadyState} at its end; another follows until the SUT is steady or the spec's cap
   * ({@code load.sutWarmup}) is spent.
   */
  public record WarmUp(Scenario scenario, Duration length) implements Load {

    /**
     * The SUT's state after this warm-up, judged on the windows it reported over the load ({@code
     * peaks} as {@code /api/runtime-info} gives them).
     */
    public WarmState after(WarmState warm, Map<String, Object> peaks) {
      return warm.afterWarmUp(length, LoadWindow.ofPhase(peaks, length));
    }
  }

  /** The measured load of {@code scenario}, whose row is then recorded. */
  public record Measure(Scenario scenario) implements Load {}

  /** Every scenario of the plan is recorded. */
  public record Done() implements Action {}

  /**
   * The next action, given how warm the running SUT is ({@code warm}; a SUT of another
   * configuration counts as not started).
   */
  public Action next(WarmState warm) {
    return next(warm, false);
  }

  /**
   * As {@link #next(WarmState)}; with {@code untilSteady} (a platform that ends a warm-up once
   * steady, {@link Platform#stopsWarmUpWhenSteady}) a warm-up is all the load still allowed, not
   * one round of it.
   */
  public Action next(WarmState warm, boolean untilSteady) {
    Optional<Scenario> next = nextScenario();
    if (next.isEmpty()) {
      return new Done();
    }
    Scenario s = next.get();
    WarmState now = warm.of(s.sut().restartKey());
    Duration left = warmUpLeft(now);
    if (left.isPositive()) {
      Duration round = warmUpRound();
      return new WarmUp(s, untilSteady || left.compareTo(round) < 0 ? left : round);
    }
    return new Measure(s);
  }

  /**
   * Warm-up load the SUT in state {@code warm} may still get: none once steady; else what is left
   * of the cap ({@code load.sutWarmup}), or, once that is spent, of {@link WarmUpTrend#limit} while
   * its last round still improved.
   */
  Duration warmUpLeft(WarmState warm) {
    if (warm.steady()) {
      return Duration.ZERO;
    }
    Duration left = warmUpCap().minus(warm.underLoad());
    if (left.isPositive() || !warm.improving()) {
      return left;
    }
    return WarmUpTrend.limit(warmUpCap()).minus(warm.underLoad());
  }

  /**
   * Whether the SUT in state {@code warm} goes to its measurement unsteady because its warm-up is
   * spent: what {@link #warmUpAdvice} then explains.
   */
  public boolean warmUpSpent(WarmState warm) {
    return !warm.steady() && warmUpCap().isPositive() && !warmUpLeft(warm).isPositive();
  }

  /**
   * Why the warm-up that ended with {@code windows} (its last round) and {@code warm} found no
   * steady state, and what to set so it would ({@link WarmUpTrend#advice}).
   */
  public String warmUpAdvice(WarmState warm, List<LoadWindow> windows) {
    return "warm-up spent after "
        + Durations.format(warm.underLoad())
        + " of load (spec.load.sutWarmup "
        + spec.load.sutWarmup
        + ", up to "
        + WarmUpTrend.EXTENSION
        + "× while improving) without steady state: "
        + WarmUpTrend.advice(windows, warm.underLoad(), Quantities.cpus(spec.sut.cpu));
  }

  /** One warm-up round's load: {@link SteadyState#warmUpRound} of the run's windows. */
  public Duration warmUpRound() {
    return SteadyState.warmUpRound(Workloads.window(spec));
  }

  /**
   * The load after which a new SUT that has stopped improving is measured, steady or not ({@code
   * load.sutWarmup}); one still improving gets up to {@link WarmUpTrend#limit} of it.
   */
  public Duration warmUpCap() {
    return Durations.parse("spec.load.sutWarmup", spec.load.sutWarmup);
  }

  /**
   * Most scenarios one cluster load runs one after another ({@link #stages}): each stage is a k6
   * container of the load's pod with its script in the load's ConfigMap, which holds 1 MiB; twelve
   * scripts of ~25 KiB and a user's module of up to 512 KiB fit.
   */
  public static final int MAX_STAGES = 12;

  /**
   * The scenarios one load may run back to back from {@code first} on: {@code first}, then the
   * planned scenarios that follow it directly with the same SUT configuration ({@link
   * Scenario#sut()}: thread mode, JVM, build and pool), none of them recorded, at most {@link
   * #MAX_STAGES}. They share a running, steady SUT, so nothing the cursor decides between them
   * changes unless a hold drifts (then the cursor asks for a warm-up, and the rest of the load is
   * not this cursor's next action any more). A cluster starts one load object for them instead of
   * one per scenario (docs/cluster-results.md, "Stages"); each still makes its own row.
   */
  public List<Scenario> stages(Scenario first) {
    List<Scenario> out = new ArrayList<>();
    boolean started = false;
    for (Scenario s : plan) {
      if (!started) {
        started = s.id().equals(first.id());
      }
      if (!started) {
        continue;
      }
      if (!s.sut().equals(first.sut()) || recorded.contains(s.id()) || out.size() == MAX_STAGES) {
        break;
      }
      out.add(s);
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(first.id() + " is not a planned, unrecorded scenario");
    }
    return List.copyOf(out);
  }

  /** Whether scenario {@code id} is recorded. */
  public boolean isRecorded(String id) {
    return recorded.contains(id);
  }

  /** The first planned scenario not yet recorded. */
  public Optional<Scenario> nextScenario() {
    return plan.stream().filter(s -> !recorded.contains(s.id())).findFirst();
  }

  public List<Scenario> plan() {
    return plan;
  }

  /** Planned scenarios already recorded (rows of scenarios outside the plan do not count). */
  public int done() {
    return (int) plan.stream().filter(s -> recorded.contains(s.id())).count();
  }

  public int total() {
    return plan.size();
  }

  /** "done/total", as status and progress lines show it. */
  public String progress() {
    return done() + "/" + total();
  }

  /**
   * The k6 plan of {@code load} against the SUT at {@code sutBaseUrl}, run by {@code runners} k6
   * processes (the platform's {@link Platform#loadRunners}).
   */
  public K6Plan k6Plan(Load load, String sutBaseUrl, int runners) {
    if (load instanceof WarmUp w) {
      return warmUp(
          K6Plan.fromSpec(
                  spec.load,
                  sutBaseUrl + Workloads.path(spec, warmUpCpuUs()),
                  Workloads.idMax(spec),
                  warmUpLevel())
              .withRequests(Workloads.requests(spec))
              .withUserScript(Workloads.userScript(spec)),
          w.length());
    }
    return measured(load.scenario(), sutBaseUrl, runners);
  }

  /**
   * Most CPU a warm-up request asks of the SUT when the matrix sweeps {@code cpuPerRequest}: enough
   * that the work loop runs hot (about 500 iterations a request at the 195 ns an iteration this
   * 2-vCPU AMD EPYC VM calibrates), little enough to leave the most requests, so the JIT sees every
   * other path soonest. A warm-up without it left the loop to be compiled in the first hold that
   * computed: the crossover's first 2 ms hold after each fresh virtual JVM climbed 311 → 353 and
   * 302 → 347 req/s from its first third to its last (2026-11-29 15:45 and 16:00 UTC), the two rows
   * of 54 that drifted for that reason.
   */
  static final long WARM_UP_CPU_US = 100;

  /**
   * The CPU a warm-up request computes: none without the axis, else {@link #WARM_UP_CPU_US} or the
   * matrix's smallest positive amount when that is less.
   */
  long warmUpCpuUs() {
    return CpuWorkRules.steps(spec.matrix.cpuPerRequest).stream()
        .filter(us -> us > 0)
        .mapToLong(Long::longValue)
        .map(us -> Math.min(us, WARM_UP_CPU_US))
        .min()
        .orElse(0);
  }

  /**
   * The level a warm-up loads the SUT at: the matrix's highest, whatever the next scenario's. The
   * JIT compiles a method once it has run often enough, so a JVM warmed at 50 VUs (about 500 req/s
   * here) was still compiling in bursts after 100 s, while the highest level gets there sooner and
   * makes hot every path the run's levels will take (docs/steady-state.md).
   */
  public int warmUpLevel() {
    return levels.stream().mapToInt(Integer::intValue).max().orElseThrow();
  }

  /**
   * The configuration {@code s}'s JVM starts with and warms up at: {@code s}'s, with the largest
   * pool any scenario of that JVM ({@link SutConfig#restartKey()}) uses. The SUT resizes its pool
   * live, so one JVM serves every pool size of a thread mode: the local platform resizes it before
   * each load, a cluster load's script does so in its setup. A small pool in held mode bounds
   * throughput to pool ÷ service time (about 95 req/s at pool 10 here), so a JVM warmed there would
   * see a seventh of the requests and compile for minutes; warmed at the largest pool it serves the
   * same paths at full rate.
   */
  public SutConfig jvmConfig(Scenario s) {
    String jvm = s.sut().restartKey();
    int pool =
        plan.stream()
            .map(Scenario::sut)
            .filter(c -> c.restartKey().equals(jvm))
            .mapToInt(SutConfig::hikariPool)
            .max()
            .orElseThrow();
    return s.sut().withHikariPool(pool);
  }

  /**
   * The configuration the SUT must be in for {@code load}: its JVM's ({@link #jvmConfig}) for a
   * warm-up, the scenario's own for a measurement (the same JVM, its pool resized).
   */
  public SutConfig loadConfig(Load load) {
    return load instanceof WarmUp ? jvmConfig(load.scenario()) : load.scenario().sut();
  }

  /**
   * The measured load of scenario {@code s} against the SUT at {@code sutBaseUrl}, shared by {@code
   * runners} k6 processes.
   */
  public K6Plan measured(Scenario s, String sutBaseUrl, int runners) {
    return K6Plan.fromSpec(
            spec.load,
            sutBaseUrl + Workloads.path(spec, s.cpuUs()),
            Workloads.idMax(spec),
            s.concurrency())
        .withRequests(Workloads.requests(spec))
        .withUserScript(Workloads.userScript(spec))
        // several runners' percentiles merge from their histograms only (LoadMerge)
        .withHistogram(runners > 1);
  }

  /** {@code length} of {@code measured}'s load, all of it hold, none of it recorded. */
  private static K6Plan warmUp(K6Plan measured, Duration length) {
    // not measured: no histogram
    return measured.withPhases(Duration.ofSeconds(1), Duration.ZERO, length).withHistogram(false);
  }

  /** Ramp + warm-up + hold (+3 s to start k6): the floor of one scenario's length, for ETAs. */
  public Duration scenarioLength() {
    return Durations.parse("spec.load.ramp", spec.load.ramp)
        .plus(Durations.parse("spec.load.warmup", spec.load.warmup))
        .plus(Durations.parse("spec.load.hold", spec.load.hold))
        .plusSeconds(3);
  }
}
