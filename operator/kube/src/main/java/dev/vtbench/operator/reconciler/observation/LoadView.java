package dev.vtbench.operator.reconciler.observation;

import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.load.LoadPods;
import dev.vtbench.operator.load.LoadScript;
import dev.vtbench.operator.load.LoadState;
import dev.vtbench.operator.reconciler.status.WarmUpStatus;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The run's load objects as one pass sees them, and the one that runs the cursor's next load.
 *
 * @param all every load object the run owns (TestRuns and its own Jobs)
 * @param name the name of the next load's object: of the load whose later stage it is when one runs
 *     it ({@link LoadScript#stages}), else the one it would be created under; null without a load
 * @param object the next load's object, if it exists (for a warm-up: of this round)
 * @param stale an earlier warm-up round's object under the name the next load needs
 * @param state where that load stands (running, finished, failed), or null without one
 * @param pods the pods labelled as that load's: those whose owner chain ends at the load, and those
 *     ignored ({@link LoadPods}); read from its trusted pods only
 */
public record LoadView(
    List<HasMetadata> all,
    String name,
    HasMetadata object,
    HasMetadata stale,
    LoadState state,
    LoadPods pods) {

  static LoadView observe(
      BenchmarkRunResource run,
      RunCursor.Action action,
      WarmState warm,
      String sutStart,
      List<HasMetadata> loads,
      List<Job> jobs,
      List<Pod> pods) {
    if (!(action instanceof RunCursor.Load l)) {
      return new LoadView(List.copyOf(loads), null, null, null, null, LoadPods.NONE);
    }
    // a later stage of a load already running the next scenarios runs under that load's name
    String name =
        (l instanceof RunCursor.Measure ? staged(loads, l.id()) : Optional.<HasMetadata>empty())
            .map(o -> o.getMetadata().getName())
            .orElse(loadName(run, l));
    String round = warmUpFrom(l, warm, sutStart);
    HasMetadata load = named(loads, name).filter(o -> ofRound(o, round)).orElse(null);
    HasMetadata stale = named(loads, name).filter(o -> !ofRound(o, round)).orElse(null);
    if (load == null) {
      return new LoadView(List.copyOf(loads), name, null, stale, null, LoadPods.NONE);
    }
    List<String> stages = LoadScript.stages(load);
    LoadPods loadPods = LoadPods.of(load, jobs, labelledAs(pods, stages.getFirst(), round));
    // Ended, yet no terminated runner pod: the pod informer may lag the TestRun's or Job's by a
    // moment, so it counts as running; if the pod is gone for good, the deadline fails.
    LoadState state =
        LoadState.fromRunnerPods(
            name,
            loadPods.runners(),
            run.getSpec().load.parallelism,
            LoadScript.stageContainer(position(stages, l.id()), Math.max(1, stages.size())));
    return new LoadView(List.copyOf(loads), name, load, stale, state, loadPods);
  }

  /**
   * The pods labelled as one load's (k6-operator's initializer and starter, and the runner), by
   * anyone, for a warm-up those of the round labelled {@code round} ({@link #warmUpFrom}), not an
   * earlier round's: {@link LoadPods} says which of them are the load's.
   */
  public static List<Pod> labelledAs(List<Pod> pods, RunCursor.Load load, String round) {
    return labelledAs(pods, load.id(), round);
  }

  /**
   * The pods labelled as the load of the scenario {@code scenarioId} (a staged load's first), of
   * round {@code round}.
   */
  static List<Pod> labelledAs(List<Pod> pods, String scenarioId, String round) {
    return pods.stream()
        .filter(p -> "load".equals(p.getMetadata().getLabels().get(Labels.COMPONENT)))
        .filter(p -> scenarioId.equals(p.getMetadata().getLabels().get(Labels.SCENARIO)))
        .filter(p -> ofRound(p, round))
        .toList();
  }

  /**
   * The measured load among {@code loads} that runs the scenario {@code scenarioId} as a later
   * stage, if one does ({@link LoadScript#STAGES}).
   */
  static Optional<HasMetadata> staged(List<HasMetadata> loads, String scenarioId) {
    return loads.stream()
        .filter(o -> ofRound(o, null))
        .filter(o -> o.getMetadata().getDeletionTimestamp() == null)
        .filter(o -> LoadScript.stages(o).indexOf(scenarioId) > 0)
        .findFirst();
  }

  /** The scenario ids the current load runs, in order ({@link LoadScript#stages}); empty: none. */
  List<String> stages() {
    return object == null ? List.of() : LoadScript.stages(object);
  }

  static int position(List<String> stages, String scenarioId) {
    return Math.max(0, stages.indexOf(scenarioId));
  }

  /**
   * The {@link Labels#WARM_UP_FROM} of {@code load} started at {@code warm} on the SUT start {@code
   * sutStart}: a warm-up round's, null for a measured load.
   */
  public static String warmUpFrom(RunCursor.Load load, WarmState warm, String sutStart) {
    return load instanceof RunCursor.WarmUp ? WarmUpStatus.roundLabel(warm, sutStart) : null;
  }

  /**
   * Whether {@code o} belongs to the warm-up round labelled {@code round} (null: a measured load).
   */
  public static boolean ofRound(HasMetadata o, String round) {
    Map<String, String> labels = o.getMetadata().getLabels();
    return Objects.equals(round, labels == null ? null : labels.get(Labels.WARM_UP_FROM));
  }

  /** The load object's name for {@code load}: one per scenario, and one for its warm-up. */
  static String loadName(BenchmarkRunResource run, RunCursor.Load load) {
    return ResourceNames.load(run, load.scenario().index(), load instanceof RunCursor.WarmUp);
  }

  private static Optional<HasMetadata> named(List<HasMetadata> all, String name) {
    return all.stream().filter(o -> name.equals(o.getMetadata().getName())).findFirst();
  }
}
