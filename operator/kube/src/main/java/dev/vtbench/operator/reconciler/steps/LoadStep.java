package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.run.ClusterScript;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.run.WarmUpVerdict;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.load.LoadRequest;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.load.LoadState;
import dev.vtbench.operator.reconciler.diagnosis.IgnoredPods;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.observation.TierStarts;
import dev.vtbench.operator.reconciler.status.Conditions;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.EventReason;
import dev.vtbench.operator.reconciler.status.Events;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.reconciler.status.WarmUpStatus;
import dev.vtbench.operator.resources.StubTier;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The cursor's next load (a warm-up or a measured scenario) as the run's kind of load object
 * ({@link dev.vtbench.operator.load.LoadKind}): started once, watched until its runner pods end
 * ({@link LoadWatch}: deadlines, a lost runner, a stalled TestRun). A finished warm-up round is
 * judged by the engine's steady-state policy and its result goes into status ({@link
 * WarmUpStatus}); the cursor then asks for another step or the measurement. Steps share the load's
 * name: the next starts once the last one's object is gone. A measured load a tier restarted under
 * is dropped first ({@link InterruptedHolds}); a finished measurement goes on to {@link
 * RecordStep}.
 */
public final class LoadStep implements Step {

  private final OwnedObjects owned;
  private final Events events;
  private final IgnoredPods ignored;
  private final UserScriptCheck userScript;
  private final LoadWatch watch;
  private final InterruptedHolds holds;

  public LoadStep(OwnedObjects owned, Events events, UserScriptCheck userScript) {
    this.owned = owned;
    this.events = events;
    this.ignored = new IgnoredPods(events);
    this.userScript = userScript;
    this.watch = new LoadWatch(owned, events);
    this.holds = new InterruptedHolds(owned, events);
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    var run = view.run();
    if (view.nextLoad().isEmpty()) {
      owned.deleteLoadsExcept(view, Set.of());
      return Result.next();
    }
    Optional<Result> dropped = holds.drop(view, status);
    if (dropped.isPresent()) {
      return dropped.get();
    }
    RunCursor.Load load = view.nextLoad().get();
    String name = view.loadName();
    // Loads of scenarios recorded before an operator restart that had no time to delete them, and
    // a measurement the SUT restarted under (the cursor asks for a warm-up again): not this load.
    owned.deleteLoadsExcept(view, Set.of(name));
    if (view.staleLoad() != null) {
      owned.deleteLoad(run, view.staleLoad());
      status.set(
          Conditions.LOAD_RUNNING,
          "False",
          Reason.WarmingUp,
          "waiting for the last warm-up round's " + name + " to be deleted");
      return Result.waitFor(Duration.ofSeconds(1));
    }
    if (view.load() == null) {
      return start(view, status, load, name);
    }
    // Pods that claim to be this load's and are not: their summary is never read.
    ignored.report(run, name, view.loadPods().ignored());
    LoadState state = view.loadState();
    if (!state.finished()) {
      return watch.unfinished(view, status, load);
    }
    if (state.failure() != null) {
      events.warning(run, EventReason.LoadFailed, state.failure());
      return Result.fail(Reason.LoadFailed, state.failure());
    }
    if (load instanceof RunCursor.WarmUp w) {
      return warmedUp(view, status, w, state);
    }
    return Result.next();
  }

  /** The load's scripts, then its object, as many stages as its kind runs in one. */
  private Result start(RunView view, RunStatus status, RunCursor.Load load, String name) {
    var run = view.run();
    String module;
    try {
      module = userScript.read(run); // as it is now: the user's ConfigMap may have gone
    } catch (UserConfigMap.Unavailable e) {
      return Result.fail(Reason.ScriptUnavailable, e.getMessage());
    }
    List<RunCursor.Load> stages = stages(view, load);
    K6Plan k6 = view.k6Plan(load);
    owned.startLoad(
        run,
        view.runner().load(),
        new LoadRequest(
            name,
            stages.stream().map(RunCursor.Load::id).toList(),
            view.warmUpFrom(),
            load instanceof RunCursor.Measure
                ? TierStarts.observe(view, view.jvm(load.scenario()).key()).encode()
                : null,
            new LoadScript(
                stages.stream().map(l -> script(view, view.k6Plan(l), l)).toList(),
                module,
                UserModule.env(k6))));
    boolean warmUp = load instanceof RunCursor.WarmUp;
    status.set(
        Conditions.LOAD_RUNNING,
        "True",
        warmUp ? Reason.WarmingUp : Reason.LoadStarted,
        (warmUp ? WarmUpStatus.roundMessage(view.warm(), view.cursor()) + " before " : "measuring ")
            + load.scenario().id()
            + (stages.size() > 1 ? " and the next " + (stages.size() - 1) + " as stages" : "")
            + " ("
            + view.runner().label()
            + " "
            + name
            + ", about "
            + K6Script.totalDuration(k6).multipliedBy(stages.size()).toSeconds()
            + " s)");
    events.normal(run, warmUp ? EventReason.WarmUpStarted : EventReason.LoadStarted, name);
    // Back when the runner must have started, if no pod event comes first.
    return Result.waitFor(view.spec().timeouts.loadStart().duration().plusSeconds(1));
  }

  /** A finished warm-up round, judged: its result into status, its load deleted. */
  private Result warmedUp(RunView view, RunStatus status, RunCursor.WarmUp w, LoadState state) {
    var run = view.run();
    String name = view.loadName();
    WarmState after;
    List<LoadWindow> round;
    try {
      Map<String, Object> peaks = SutProbe.parse(state.summary()).peaks();
      after = w.after(view.warm(), peaks);
      round = LoadWindow.ofPhase(peaks, w.length());
    } catch (IllegalArgumentException e) {
      return Result.fail(
          Reason.SummaryUnreadable,
          "the summary of " + name + " does not parse: " + e.getMessage());
    }
    WarmUpStatus.write(status.status, after, view.jvm(w.scenario()), view.sutStart());
    owned.deleteLoad(run, view.load());
    String verdict = WarmUpVerdict.of(after, view.cursor(), round);
    status.set(Conditions.LOAD_RUNNING, "False", Reason.LoadFinished, verdict);
    events.normal(run, EventReason.WarmUpFinished, name + ": " + verdict);
    return Result.waitFor(Duration.ofSeconds(1));
  }

  /**
   * The loads one load object runs, as the run's kind of load says ({@link
   * dev.vtbench.operator.load.LoadKind#stages}): a staged Job's several, else one.
   */
  static List<RunCursor.Load> stages(RunView view, RunCursor.Load load) {
    return view.runner().load().stages(view.cursor(), view.spec().load.parallelism, load);
  }

  /**
   * The load's script: vtbench's SUT is read through its runtime-info and resized to the load's
   * pool; a user's service through its Actuator, at the pool it started with, by their mix or their
   * own module, which the load's ConfigMap carries beside the script.
   */
  private static String script(RunView view, K6Plan k6, RunCursor.Load load) {
    return ClusterScript.render(
        view.spec(), k6, view.sutUrl(), StubTier.url(view.run()), view.loadPool(load));
  }
}
