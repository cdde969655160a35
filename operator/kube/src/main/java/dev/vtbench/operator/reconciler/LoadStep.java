package dev.vtbench.operator.reconciler;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.operator.reconciler.Conditions.Reason;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

/**
 * The cursor's next load (a warm-up or a measured scenario) as a TestRun or Job: started once,
 * watched until its runner pod ends, failed past its deadline. A finished warm-up marks the SUT's
 * config warm; a finished measurement goes on to {@link RecordStep}.
 */
final class LoadStep implements Step {

  /** Past its scheduled length, how long a load may take to start and report before it fails. */
  static final Duration LOAD_GRACE = Duration.ofMinutes(5);

  private final OwnedObjects owned;
  private final Events events;

  LoadStep(OwnedObjects owned, Events events) {
    this.owned = owned;
    this.events = events;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    var run = view.run();
    if (view.nextLoad().isEmpty()) {
      owned.deleteLoadsExcept(view, Set.of());
      return Result.next();
    }
    RunCursor.Load load = view.nextLoad().get();
    int index = load.scenario().index();
    // Loads of scenarios recorded before an operator restart that had no time to delete them.
    owned.deleteLoadsExcept(
        view, Set.of(ResourceNames.load(run, index, false), ResourceNames.load(run, index, true)));
    boolean warmUp = load instanceof RunCursor.WarmUp;
    String name = RunView.loadName(run, load);
    K6Plan k6 = view.k6Plan(load);
    if (view.load() == null) {
      owned.startLoad(
          run, view.runner(), name, load.id(), K6Script.renderForCluster(k6, view.sutUrl()));
      status.set(
          Conditions.LOAD_RUNNING,
          "True",
          warmUp ? Reason.WarmingUp : Reason.LoadStarted,
          (warmUp ? "JIT warm-up before " : "measuring ")
              + load.scenario().id()
              + " ("
              + view.runner()
              + " "
              + name
              + ", about "
              + K6Script.totalDuration(k6).toSeconds()
              + " s)");
      events.normal(run, warmUp ? EventReason.WarmUpStarted : EventReason.LoadStarted, name);
      return Result.waitFor(deadline(k6));
    }
    LoadState state = view.loadState();
    if (!state.finished()) {
      Instant created = Instant.parse(view.load().getMetadata().getCreationTimestamp());
      if (view.now().isAfter(created.plus(deadline(k6)))) {
        return Result.fail(
            Reason.LoadTimedOut,
            name
                + " has not finished "
                + deadline(k6).toSeconds()
                + " s after it was created, or it ended without a terminated runner pod to"
                + " read the summary from: is the k6 image pullable, the runner schedulable,"
                + " and nothing deleting its pods (kubectl describe pod -l "
                + Labels.SCENARIO
                + "="
                + load.id()
                + ")?");
      }
      return Result.waitFor(Duration.ofSeconds(30));
    }
    if (state.failure() != null) {
      events.warning(run, EventReason.LoadFailed, state.failure());
      return Result.fail(Reason.LoadFailed, state.failure());
    }
    if (warmUp) {
      status.status.warmedUp = load.scenario().sut().key();
      owned.deleteLoad(run, view.runner(), name);
      status.set(Conditions.LOAD_RUNNING, "False", Reason.LoadFinished, "warm-up done");
      return Result.waitFor(Duration.ofSeconds(1));
    }
    return Result.next();
  }

  /** Scheduled length plus {@link #LOAD_GRACE}: past this the load is declared stuck. */
  static Duration deadline(K6Plan plan) {
    return K6Script.totalDuration(plan).plus(LOAD_GRACE);
  }
}
