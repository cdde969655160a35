package dev.vtbench.engine.run;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.metrics.SutView;
import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.plan.Sizing;
import dev.vtbench.engine.results.derived.GeneratorCrossCheck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.engine.steady.WarmUpTrend;
import dev.vtbench.proc.CoreBusy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The local loop over the {@link RunCursor}: ask it what comes next, do it on the platform, record
 * the row, ask again. Every decision (which scenario, whether to warm up) is the cursor's.
 */
public final class BenchmarkRunner {

  private BenchmarkRunner() {}

  /**
   * What a run did, for the closing report.
   *
   * @param held the measured hold windows of this run's rows, added up
   * @param crossChecks the generator cross-checks the platform made ({@link
   *     Platform#independentLoad})
   */
  public record Outcome(
      List<ResultRow> rows,
      int skipped,
      Duration wall,
      Duration held,
      List<GeneratorCrossCheck> crossChecks) {

    public Outcome {
      rows = List.copyOf(rows);
      crossChecks = List.copyOf(crossChecks);
    }

    /**
     * Wall clock ÷ measured hold: what everything else (JVM starts, warm-ups, ramps, settling,
     * start-up) costs on top of the windows the rows report.
     */
    public double wallPerHold() {
      return held.isZero() ? Double.NaN : (double) wall.toMillis() / held.toMillis();
    }
  }

  public static Outcome run(
      BenchmarkRun run, Platform platform, ResultSink sink, Progress progress) {
    return run(run, platform, sink, progress, true);
  }

  /**
   * Runs every scenario of {@code run} not yet in {@code sink}.
   *
   * @param sized whether each JVM's warm-up at the top level also sizes the run: levels the load
   *     generator cannot drive under its limit leave the plan ({@link Sizing}); false runs the
   *     levels as written
   */
  public static Outcome run(
      BenchmarkRun run, Platform platform, ResultSink sink, Progress progress, boolean sized) {
    BenchmarkRunSpec spec = run.spec;
    RunCursor cursor = RunCursor.of(spec, sink.existing());
    List<Duration> warmUps = new ArrayList<>();
    int skipped = cursor.done();
    if (skipped > 0) {
      progress.message("resuming: " + skipped + " of " + cursor.total() + " scenarios done");
    }
    long started = System.nanoTime();
    Duration held = Duration.ZERO;
    platform.prepareDatabase(spec);

    List<ResultRow> rows = new ArrayList<>();
    List<GeneratorCrossCheck> crossChecks = new ArrayList<>();
    List<Integer> crossCheckedLevels = GeneratorCrossCheck.levels(spec.matrix.concurrency);
    WarmState warm = WarmState.NONE;
    String announced = null;
    boolean untilSteady = platform.stopsWarmUpWhenSteady();
    while (cursor.next(warm, untilSteady) instanceof RunCursor.Load load) {
      Scenario s = load.scenario();
      if (!s.id().equals(announced)) {
        announced = s.id();
        progress.scenarioStarted(s, cursor.done() + 1, cursor.total(), eta(cursor, warm, warmUps));
      }
      SutView sut = platform.prepareSut(cursor.loadConfig(load));
      K6Plan k6 = cursor.k6Plan(load, platform.sutBaseUrl(), platform.loadRunners());
      Scenario named = s.withId(load.id());
      warm = warm.of(s.sut().restartKey());
      if (load instanceof RunCursor.WarmUp w) {
        progress.message(
            "SUT: "
                + (untilSteady ? "unmeasured warm-up load until steady, up to " : "")
                + Durations.format(w.length())
                + (untilSteady ? "" : " of unmeasured warm-up load")
                + " ("
                + Durations.format(warm.underLoad())
                + " so far, at most "
                + Durations.format(cursor.warmUpCap())
                + (warm.improving() ? " and " + WarmUpTrend.EXTENSION + "× while improving" : "")
                + (untilSteady ? ")" : " until steady)"));
        WarmState before = warm;
        Duration window = Workloads.window(spec);
        Platform.Measurement m =
            platform.runWarmUp(
                named,
                k6,
                K6Script.render(k6),
                progress,
                new SteadyAfter(before, window, progress)::test);
        List<LoadWindow> windows = LoadWindow.ofPhase(m.peaks(), w.length());
        // a warm-up the platform stopped once steady ran its windows; any other ran its whole
        // length, however few windows that held (one shorter than a window holds none)
        WarmState early = before.afterWarmUp(window.multipliedBy(windows.size()), windows);
        warm = untilSteady && early.steady() ? early : before.afterWarmUp(w.length(), windows);
        List<LoadWindow> round =
            windows.subList(
                Math.max(0, windows.size() - SteadyState.WINDOWS_PER_WARM_UP_ROUND),
                windows.size());
        boolean ended = warm.steady() || cursor.warmUpSpent(warm);
        if (ended) {
          warmUps.add(warm.underLoad());
        }
        if (ended && sized) {
          cursor = size(cursor, spec, k6, m, round, progress);
        }
        // the cluster's words (WarmUpVerdict), and what the round's windows showed
        progress.message(
            WarmUpVerdict.of(warm, cursor, round)
                + (cursor.warmUpSpent(warm)
                    ? ""
                    : ": " + SteadyState.explain(warm.series().isEmpty() ? round : warm.series())));
        continue;
      }
      Platform.Measurement measured = platform.runLoad(named, k6, K6Script.render(k6), progress);
      held = held.plus(k6.hold());
      ResultRow row = ScenarioRow.of(spec, s, sut, measured, k6, warm);
      if (Boolean.FALSE.equals(row.steadyState()) && warm.steady()) {
        progress.message(
            "SUT: the hold was not steady: "
                + SteadyState.explainHold(
                    ScenarioRow.holdWindows(measured, k6),
                    warm.shape(),
                    ScenarioRow.sutCores(measured)));
      }
      warm = ScenarioRow.afterMeasure(warm, measured.peaks(), k6, ScenarioRow.sutCores(measured));
      sink.append(row);
      rows.add(row);
      progress.scenarioFinished(row);
      if (s.rep() == 1 && crossCheckedLevels.contains(s.concurrency())) {
        // the SUT is still warm and in this row's configuration: the same load from another
        // generator says whether k6 was the limit
        platform
            .independentLoad(k6, progress)
            .map(other -> crossCheck(row, other))
            .ifPresent(
                c -> {
                  crossChecks.add(c);
                  progress.message(c.sentence());
                });
      }
      cursor = cursor.recording(s.id());
    }
    return new Outcome(
        rows, skipped, Duration.ofNanos(System.nanoTime() - started), held, crossChecks);
  }

  /**
   * Whether a SUT warming up from {@code before} is steady after the windows it has shown so far:
   * the judgement a round's end makes. Each time a round's worth of windows more has closed it says
   * where the warm-up stands, as the rounds did (two windows may close between two reads, so it
   * counts rounds passed, not exact multiples).
   */
  private static final class SteadyAfter {
    private final WarmState before;
    private final Duration window;
    private final Progress progress;
    private int roundsSaid;

    SteadyAfter(WarmState before, Duration window, Progress progress) {
      this.before = before;
      this.window = window;
      this.progress = progress;
    }

    boolean test(List<LoadWindow> seen) {
      WarmState now = before.afterWarmUp(window.multipliedBy(seen.size()), seen);
      int rounds = seen.size() / SteadyState.WINDOWS_PER_WARM_UP_ROUND;
      if (!now.steady() && rounds > roundsSaid) {
        roundsSaid = rounds;
        progress.message(
            "SUT not steady after "
                + Durations.format(now.underLoad())
                + " of load: "
                + SteadyState.explain(now.series()));
      }
      return now.steady();
    }
  }

  /**
   * The cursor after sizing on the warm-up that just ended ({@code m}, its last round {@code
   * round}, at the top level): levels the generator cannot drive leave the plan, and the line says
   * what was measured and what was kept. Unchanged where the generator's cores or the round's rate
   * were not measured.
   */
  private static RunCursor size(
      RunCursor cursor,
      BenchmarkRunSpec spec,
      K6Plan k6,
      Platform.Measurement m,
      List<LoadWindow> round,
      Progress progress) {
    CoreBusy cores = m.cpu() == null ? null : m.cpu().cores();
    Double busy = cores == null ? null : cores.generatorBusyPct();
    double rps = round.isEmpty() ? 0 : LoadWindow.sum(round).throughput();
    if (busy == null || rps <= 0) {
      return cursor;
    }
    Sizing.Result r =
        Sizing.of(
            cursor.levels(),
            new Sizing.Probe(cursor.warmUpLevel(), rps, busy / 100, cores.generatorCores().size()),
            Workloads.ownService(spec) ? 0 : Workloads.serviceFloor(spec).toMillis(),
            k6.openModel());
    progress.message(r.line());
    return r.changed() ? cursor.keepingLevels(r.kept()) : cursor;
  }

  /**
   * Time left: each scenario's ramp, warm-up and hold, and a warm-up for every JVM still to start,
   * as long as this run's warm-ups took on average (the cap before the first ends), the running
   * JVM's own if it is not yet steady.
   */
  static Duration eta(RunCursor cursor, WarmState warm, List<Duration> warmUps) {
    List<Scenario> left = cursor.plan().stream().filter(s -> !cursor.isRecorded(s.id())).toList();
    Duration perWarmUp =
        warmUps.isEmpty()
            ? cursor.warmUpCap()
            : warmUps.stream().reduce(Duration.ZERO, Duration::plus).dividedBy(warmUps.size());
    Duration warmUpsLeft = perWarmUp.multipliedBy(Planner.sutStarts(left));
    if (!left.isEmpty() && left.getFirst().sut().restartKey().equals(warm.sutKey())) {
      // the running JVM: what its warm-up has left, none once steady
      Duration own = warm.steady() ? Duration.ZERO : perWarmUp.minus(warm.underLoad());
      warmUpsLeft = warmUpsLeft.minus(perWarmUp).plus(own.isNegative() ? Duration.ZERO : own);
    }
    return cursor.scenarioLength().multipliedBy(left.size()).plus(warmUpsLeft);
  }

  private static GeneratorCrossCheck crossCheck(ResultRow row, Platform.IndependentLoad other) {
    return new GeneratorCrossCheck(
        row.scenarioId(),
        row.threadMode(),
        row.concurrency(),
        other.generator(),
        row.throughputRps(),
        other.rps(),
        row.loadCoreBusyPct(),
        other.coreBusyPct(),
        other.p99Ms(),
        other.errors());
  }
}
