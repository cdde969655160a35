package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.reconciler.observation.LoadView;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.observation.TierStarts;
import dev.vtbench.operator.reconciler.status.Conditions;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.EventReason;
import dev.vtbench.operator.reconciler.status.Events;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.reconciler.status.WarmUpStatus;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A measured hold is recorded only if the tiers it measured stayed the same processes throughout: a
 * load whose SUT pod, stub pod or database primary was replaced or restarted since it began ({@link
 * TierStarts}, on the load since {@link LoadStep} created it) is deleted unrecorded, while it runs
 * or once it ended, and its scenario goes back to a warm-up (a new SUT's from the start; the same
 * SUT's as unsteady) before it is measured again. A scenario whose hold is dropped {@link #MAX}
 * times fails the run with reason HoldInterrupted: a tier that keeps restarting is a fault to fix,
 * not to measure through.
 */
final class InterruptedHolds {

  /** Holds of one scenario dropped before the run fails. */
  static final int MAX = 3;

  private final OwnedObjects owned;
  private final Events events;

  InterruptedHolds(OwnedObjects owned, Events events) {
    this.owned = owned;
    this.events = events;
  }

  /**
   * Drops the run's first measured load whose tiers changed under it: the pass's result when one
   * was, else empty.
   */
  Optional<Step.Result> drop(RunView view, RunStatus status) {
    for (HasMetadata load : view.loads()) {
      if (!LoadView.ofRound(load, null) || load.getMetadata().getDeletionTimestamp() != null) {
        continue; // a warm-up round is judged, not recorded; one being deleted is done with
      }
      Optional<TierStarts> began = TierStarts.of(load);
      Optional<Scenario> inFlight = inFlight(view, load);
      if (began.isEmpty() || inFlight.isEmpty()) {
        continue;
      }
      Map<String, String> changes =
          began.get().changes(TierStarts.observe(view, view.jvm(inFlight.get()).key()));
      if (!changes.isEmpty()) {
        return Optional.of(
            drop(view, status, load, inFlight.get(), String.join("; ", changes.values())));
      }
    }
    return Optional.empty();
  }

  private Step.Result drop(
      RunView view, RunStatus status, HasMetadata load, Scenario s, String cause) {
    var run = view.run();
    owned.deleteLoad(run, load);
    BenchmarkRunStatus.HoldInterruptions was = status.status.holdInterruptions;
    String uid = load.getMetadata().getUid();
    if (was != null && uid != null && uid.equals(was.load)) {
      return Step.Result.waitFor(Duration.ofSeconds(1)); // counted when first seen
    }
    BenchmarkRunStatus.HoldInterruptions now = new BenchmarkRunStatus.HoldInterruptions();
    now.scenario = s.id();
    now.count = was != null && s.id().equals(was.scenario) && was.count != null ? was.count + 1 : 1;
    now.cause = cause;
    now.load = uid;
    status.status.holdInterruptions = now;
    // the same SUT, its database or stub new: warmed again before it is measured again (a new SUT
    // starts its warm-up over anyway, WarmUpStatus#read)
    WarmUpStatus.unsettle(status.status);
    String name = load.getMetadata().getName();
    if (now.count >= MAX) {
      String message =
          name
              + ": "
              + cause
              + "; the hold of "
              + s.id()
              + " was dropped "
              + now.count
              + " times: a tier keeps restarting (kubectl get pods -l app.kubernetes.io/part-of=vtbench"
              + " and kubectl describe pod for its events)";
      events.warning(run, EventReason.HoldInterrupted, message);
      return Step.Result.fail(Reason.HoldInterrupted, message);
    }
    String message =
        name
            + ": "
            + cause
            + " during the hold; dropped unrecorded, "
            + s.id()
            + " is warmed up and measured again ("
            + now.count
            + " of at most "
            + MAX
            + " drops)";
    events.warning(run, EventReason.HoldInterrupted, message);
    status.set(Conditions.LOAD_RUNNING, "False", Reason.HoldInterrupted, message);
    return Step.Result.waitFor(Duration.ofSeconds(1));
  }

  /**
   * The scenario of {@code load} not recorded yet that it runs or ran: its first stage not
   * recorded; empty when all are.
   */
  private static Optional<Scenario> inFlight(RunView view, HasMetadata load) {
    List<String> stages = LoadScript.stages(load);
    Set<String> recorded =
        view.recorded().rows().stream().map(ResultRow::scenarioId).collect(Collectors.toSet());
    return view.cursor().plan().stream()
        .filter(s -> stages.contains(s.id()) && !recorded.contains(s.id()))
        .findFirst();
  }
}
