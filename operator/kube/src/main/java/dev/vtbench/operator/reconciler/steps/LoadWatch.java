package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.operator.load.LoadKind;
import dev.vtbench.operator.load.Remedy;
import dev.vtbench.operator.load.TestRunNudge;
import dev.vtbench.operator.reconciler.diagnosis.PodDiagnosis;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Conditions;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.EventReason;
import dev.vtbench.operator.reconciler.status.Events;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.resources.Labels;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A load whose runners have not all ended, looked at in order: a runner gone with its Job ({@link
 * LoadKind#lostRunner}), a runner not started within spec.timeouts.loadStart, a TestRun k6-operator
 * leaves unstarted ({@link LoadKind#stalled}), the load's deadline ({@link LoadKind#deadline});
 * else a look again after {@link #POLL}. What its kind decides ({@link Remedy}) is carried out
 * here: the writes, the Events, the status.
 */
final class LoadWatch {

  /** How often a running load is looked at when no informer event comes. */
  static final Duration POLL = Duration.ofSeconds(30);

  private final OwnedObjects owned;
  private final Events events;

  LoadWatch(OwnedObjects owned, Events events) {
    this.owned = owned;
    this.events = events;
  }

  Step.Result unfinished(RunView view, RunStatus status, RunCursor.Load load) {
    String name = view.loadName();
    LoadKind kind = LoadKind.of(view.load());
    var unfinished =
        new LoadKind.Unfinished(
            view.run(),
            view.load(),
            view.loadPods().runners(),
            load,
            view.now(),
            view.spec().timeouts.loadStart(),
            recreations(status, name));
    Optional<Remedy> lost = kind.lostRunner(unfinished);
    if (lost.isPresent()) {
      return carryOut(view, status, lost.get());
    }
    Instant created = Instant.parse(view.load().getMetadata().getCreationTimestamp());
    Optional<Step.Result> notStarted = notStarted(view, kind, name, created);
    if (notStarted.isPresent()) {
      return notStarted.get();
    }
    Optional<Remedy> stalled = kind.stalled(unfinished);
    if (stalled.isPresent()) {
      return carryOut(view, status, stalled.get());
    }
    K6Plan k6 = view.k6Plan(load);
    Duration deadline = LoadKind.deadline(k6, view.stagePosition());
    if (view.now().isAfter(created.plus(deadline))) {
      return Step.Result.fail(
          Reason.LoadTimedOut,
          name
              + (view.loadStages().size() > 1 ? " (stage " + load.id() + ")" : "")
              + " has not finished "
              + deadline.toSeconds()
              + " s after it was created, or it ended without a terminated runner pod to"
              + " read the summary from: is the k6 image pullable, the runner schedulable,"
              + " and nothing deleting its pods (kubectl describe pod -l "
              + Labels.SCENARIO
              + "="
              + load.id()
              + ")?");
    }
    return Step.Result.waitFor(POLL);
  }

  /** How often the load {@code name} has been created again ({@code status.loadRecreations}). */
  static int recreations(RunStatus status, String name) {
    if (!name.equals(status.status.recreatedLoad)) {
      return 0;
    }
    Integer n = status.status.loadRecreations;
    return n == null ? 1 : n; // a status written before the count: once
  }

  private Step.Result carryOut(RunView view, RunStatus status, Remedy remedy) {
    var run = view.run();
    return switch (remedy) {
      case Remedy.Wait w -> Step.Result.waitFor(w.after());
      case Remedy.Nudge n -> {
        owned.nudge(run, view.load(), view.now());
        if (n.firstTime()) {
          events.normal(run, EventReason.LoadNudged, n.message());
        }
        yield Step.Result.waitFor(TestRunNudge.EVERY);
      }
      case Remedy.Recreate r -> {
        owned.deleteLoad(run, view.load());
        status.status.recreatedLoad = r.as();
        status.status.loadRecreations = r.count();
        events.warning(run, EventReason.LoadRecreated, r.event());
        status.set(Conditions.LOAD_RUNNING, "False", Reason.LoadStarted, r.why());
        yield Step.Result.waitFor(r.after());
      }
      case Remedy.GiveUp g -> {
        events.warning(run, EventReason.LoadFailed, g.event());
        yield Step.Result.fail(
            g.startTimedOut() ? Reason.LoadStartTimedOut : Reason.LoadFailed, g.message());
      }
    };
  }

  /**
   * Before its runner pod starts: an image no wait can fetch fails at once, and no runner started
   * within spec.timeouts.loadStart of the load's creation fails with what the cluster says of the
   * load's pods (k6-operator's initializer included). Empty once a runner pod has started.
   */
  private static Optional<Step.Result> notStarted(
      RunView view, LoadKind kind, String name, Instant created) {
    List<Pod> pods = view.loadPods().trusted();
    Optional<PodDiagnosis.Trouble> stuck = PodDiagnosis.permanent(pods);
    if (stuck.isPresent()) {
      return Optional.of(
          Step.Result.fail(
              Reason.ImagePullFailed,
              name + ": " + stuck.get().message() + "; fix spec.load.image in a new BenchmarkRun"));
    }
    if (view.loadPods().runners().stream().anyMatch(PodDiagnosis::started)
        || kind.runnerStarted(view.load())) {
      return Optional.empty();
    }
    Deadline deadline = new Deadline(created, view.spec().timeouts.loadStart());
    if (!deadline.passed(view.now())) {
      Step.Result wait = deadline.waitFor(view.now());
      return Optional.of(wait.after().compareTo(POLL) < 0 ? wait : Step.Result.waitFor(POLL));
    }
    String why =
        PodDiagnosis.first(pods)
            .map(PodDiagnosis.Trouble::message)
            .orElseGet(
                () ->
                    pods.isEmpty()
                        ? kind.noPod(view.load())
                        : "its pods exist but no k6 runner container started");
    return Optional.of(
        Step.Result.fail(
            Reason.LoadStartTimedOut,
            name + ": no k6 runner started " + deadline.within() + ": " + why));
  }
}
