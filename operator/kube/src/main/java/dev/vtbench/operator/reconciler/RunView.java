package dev.vtbench.operator.reconciler;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.LoadTier;
import dev.vtbench.operator.resources.Ownership;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.SutTier;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one pass knows, read once at its start: the recorded rows (the results ConfigMaps),
 * the run cursor's next action, and the objects the run owns from the informers' caches. Steps
 * decide from this; none of them reads the cluster again.
 *
 * @param runner how k6 runs: testrun or job
 * @param warm how warm the SUT of the next scenario is ({@link WarmUpStatus}); a fresh start when
 *     it runs another configuration or restarted
 * @param sutStart which start of the SUT that is ({@link SutPods#start}), or null when unobserved
 * @param action the cursor's next action, given {@code warm}
 * @param loadName the name of {@code action}'s load object: of the load whose later stage it is
 *     when one runs it ({@link LoadTier#stages}), else the one it would be created under; null
 *     without a load
 * @param load the load object of {@code action}, if it exists (for a warm-up: of this step)
 * @param staleLoad an earlier warm-up step's object under the name {@code action}'s load needs
 * @param loadState where that load stands (running, finished, failed), or null without one
 * @param loadPods the pods labelled as that load's: those whose owner chain ends at the load, and
 *     those ignored ({@link LoadPods}); read from its trusted pods only
 * @param loads every load object the run owns (TestRuns and its own Jobs)
 * @param pods every pod of the run (SUT, stub, k6 initializers and runners), by the run label
 */
record RunView(
    BenchmarkRunResource run,
    BenchmarkRunSpec spec,
    Instant now,
    String runner,
    ResultsStore.Recorded recorded,
    RunCursor cursor,
    WarmState warm,
    String sutStart,
    RunCursor.Action action,
    GenericKubernetesResource database,
    Deployment sut,
    Deployment stub,
    List<HasMetadata> loads,
    String loadName,
    HasMetadata load,
    HasMetadata staleLoad,
    LoadState loadState,
    LoadPods loadPods,
    List<Pod> pods) {

  static RunView observe(
      BenchmarkRunResource run,
      Context<BenchmarkRunResource> ctx,
      ResultsStore results,
      Capabilities capabilities,
      String runner,
      BenchmarkRunStatus status,
      Instant now) {
    BenchmarkRunSpec spec = run.getSpec();
    ResultsStore.Recorded recorded = results.read(run);
    RunCursor cursor = RunCursor.of(spec, recorded.rows());
    Secondaries cache = new Secondaries(ctx);
    List<Deployment> deployments = cache.list(Deployment.class, RunInformers.DEPLOYMENTS);
    List<Pod> pods = cache.list(Pod.class, RunInformers.PODS);
    // The JVM the next scenario runs on: one per thread mode, its pool resized by each load
    SutConfig nextSut = cursor.nextScenario().map(cursor::jvmConfig).orElse(null);
    String sutStart =
        nextSut == null
            ? null
            : SutPods.start(ofComponent(pods, SutTier.COMPONENT), nextSut.key()).orElse(null);
    WarmState warm =
        nextSut == null ? WarmState.NONE : WarmUpStatus.read(status, nextSut, sutStart);
    RunCursor.Action action = cursor.next(warm);
    List<HasMetadata> loads = new ArrayList<>();
    List<Job> jobs = cache.list(Job.class, RunInformers.JOBS);
    // Only what this run created: k6-operator copies the runner labels onto its own initializer
    // and runner Jobs, which belong to their TestRun and must be left alone.
    jobs.stream()
        .filter(j -> ownedBy(j, run))
        .filter(j -> "load".equals(j.getMetadata().getLabels().get(Labels.COMPONENT)))
        .forEach(loads::add);
    if (capabilities.k6Operator()) {
      cache.list(GenericKubernetesResource.class, RunInformers.TEST_RUNS).stream()
          .filter(t -> ownedBy(t, run))
          .forEach(loads::add);
    }
    HasMetadata load = null;
    HasMetadata stale = null;
    LoadState state = null;
    LoadPods loadPods = LoadPods.NONE;
    String loadName = null;
    if (action instanceof RunCursor.Load l) {
      // a later stage of a load already running the next scenarios runs under that load's name
      String name =
          (l instanceof RunCursor.Measure ? staged(loads, l.id()) : Optional.<HasMetadata>empty())
              .map(o -> o.getMetadata().getName())
              .orElse(loadName(run, l));
      loadName = name;
      String step = warmUpFrom(l, warm, sutStart);
      load = named(loads, name).filter(o -> ofStep(o, step)).orElse(null);
      stale = named(loads, name).filter(o -> !ofStep(o, step)).orElse(null);
      if (load != null) {
        List<String> stages = LoadTier.stages(load);
        loadPods = LoadPods.of(load, jobs, labelledAs(pods, stages.getFirst(), step));
        List<Pod> runners = loadPods.trusted().stream().filter(RunView::isRunner).toList();
        // Ended, yet no terminated runner pod: the pod informer may lag the TestRun's or Job's
        // by a moment, so it counts as running; if the pod is gone for good, the deadline fails.
        state =
            Objects.requireNonNullElse(
                LoadState.fromRunnerPods(
                    name,
                    runners,
                    spec.load.parallelism,
                    LoadTier.stageContainer(position(stages, l.id()), Math.max(1, stages.size()))),
                LoadState.RUNNING);
      }
    }
    return new RunView(
        run,
        spec,
        now,
        runner,
        recorded,
        cursor,
        warm,
        sutStart,
        action,
        capabilities.cnpg()
            ? owned(
                    cache.list(GenericKubernetesResource.class, RunInformers.CLUSTERS),
                    ResourceNames.database(run),
                    run)
                .orElse(null)
            : null,
        owned(deployments, ResourceNames.sut(run), run).orElse(null),
        owned(deployments, ResourceNames.stub(run), run).orElse(null),
        List.copyOf(loads),
        loadName,
        load,
        stale,
        state,
        loadPods,
        List.copyOf(pods));
  }

  /** The run's pods of one tier: sut, stub or load. */
  List<Pod> pods(String component) {
    return ofComponent(pods, component);
  }

  private static List<Pod> ofComponent(List<Pod> pods, String component) {
    return pods.stream()
        .filter(p -> component.equals(p.getMetadata().getLabels().get(Labels.COMPONENT)))
        .toList();
  }

  /**
   * The pods labelled as one load's (k6-operator's initializer and starter, and the runner), by
   * anyone, for a warm-up those of the step labelled {@code step} ({@link #warmUpFrom}), not an
   * earlier step's: {@link LoadPods} says which of them are the load's.
   */
  static List<Pod> labelledAs(List<Pod> pods, RunCursor.Load load, String step) {
    return labelledAs(pods, load.id(), step);
  }

  /**
   * The pods labelled as the load of the scenario {@code scenarioId} (a staged load's first), of
   * step {@code step}.
   */
  static List<Pod> labelledAs(List<Pod> pods, String scenarioId, String step) {
    return pods.stream()
        .filter(p -> "load".equals(p.getMetadata().getLabels().get(Labels.COMPONENT)))
        .filter(p -> scenarioId.equals(p.getMetadata().getLabels().get(Labels.SCENARIO)))
        .filter(p -> ofStep(p, step))
        .toList();
  }

  /**
   * The measured load among {@code loads} that runs the scenario {@code scenarioId} as a later
   * stage, if one does ({@link LoadTier#STAGES}).
   */
  static Optional<HasMetadata> staged(List<HasMetadata> loads, String scenarioId) {
    return loads.stream()
        .filter(o -> ofStep(o, null))
        .filter(o -> o.getMetadata().getDeletionTimestamp() == null)
        .filter(o -> LoadTier.stages(o).indexOf(scenarioId) > 0)
        .findFirst();
  }

  /** The scenario ids the current load runs, in order ({@link LoadTier#stages}); empty: none. */
  List<String> loadStages() {
    return load == null ? List.of() : LoadTier.stages(load);
  }

  /**
   * Where the next load's scenario runs among its load object's stages, from 0: always 0 for a load
   * of one scenario (a warm-up step among them).
   */
  int stagePosition() {
    return nextLoad().map(l -> position(loadStages(), l.id())).orElse(0);
  }

  /** Whether stages of the current load follow the one of the next load's scenario. */
  boolean laterStages() {
    List<String> stages = loadStages();
    int at = nextLoad().map(l -> stages.indexOf(l.id())).orElse(-1);
    return at >= 0 && at < stages.size() - 1;
  }

  private static int position(List<String> stages, String scenarioId) {
    return Math.max(0, stages.indexOf(scenarioId));
  }

  /**
   * The {@link Labels#WARM_UP_FROM} of {@code load} started at {@code warm} on the SUT start {@code
   * sutStart}: a warm-up step's, null for a measured load.
   */
  static String warmUpFrom(RunCursor.Load load, WarmState warm, String sutStart) {
    return load instanceof RunCursor.WarmUp ? WarmUpStatus.stepLabel(warm, sutStart) : null;
  }

  /** The {@link Labels#WARM_UP_FROM} of the next load (null: none, or a measured one). */
  String warmUpFrom() {
    return nextLoad().map(l -> warmUpFrom(l, warm, sutStart)).orElse(null);
  }

  /** Whether {@code o} belongs to the load step labelled {@code step} (null: a measured load). */
  static boolean ofStep(HasMetadata o, String step) {
    Map<String, String> labels = o.getMetadata().getLabels();
    return Objects.equals(step, labels == null ? null : labels.get(Labels.WARM_UP_FROM));
  }

  /** The load object's name for {@code load}: one per scenario, and one for its warm-up. */
  static String loadName(BenchmarkRunResource run, RunCursor.Load load) {
    return ResourceNames.load(run, load.scenario().index(), load instanceof RunCursor.WarmUp);
  }

  /** The next load, if the run has one. */
  Optional<RunCursor.Load> nextLoad() {
    return action instanceof RunCursor.Load l ? Optional.of(l) : Optional.empty();
  }

  String sutUrl() {
    return SutTier.url(run);
  }

  /**
   * The configuration of the SUT Deployment that serves {@code s}: its JVM's ({@link
   * RunCursor#jvmConfig}), the same for every pool size of its thread mode, so a pool change does
   * not roll the SUT; each load resizes the pool in its setup ({@link #loadPool}).
   */
  SutConfig jvm(Scenario s) {
    return cursor.jvmConfig(s);
  }

  /**
   * The Hikari pool the SUT must hold for {@code l}, which its script resizes before the load; null
   * for a user's service, which took its pool size at start ({@link SutConfig#poolResizesLive}).
   */
  Integer loadPool(RunCursor.Load l) {
    SutConfig config = cursor.loadConfig(l);
    return config.poolResizesLive() ? config.hikariPool() : null;
  }

  /** Whether the run has a stub: vtbench's SUT calls it, a user's service where the spec says. */
  boolean usesStub() {
    var service = spec().sut.service;
    return service == null || service.usesStub();
  }

  K6Plan k6Plan(RunCursor.Load l) {
    return cursor.k6Plan(l, sutUrl(), spec.load.parallelism);
  }

  /**
   * k6-operator labels its initializer and starter pods like the runner (it copies the runner's
   * labels), but only runner pods carry {@code runner=true}; the initializer's exit is not a
   * summary.
   */
  static boolean isRunner(Pod pod) {
    var labels = pod.getMetadata().getLabels();
    return !labels.containsKey("k6_cr") || "true".equals(labels.get("runner"));
  }

  /** The run's own: labels say which run an object claims to be of, this says it is. */
  static boolean ownedBy(HasMetadata o, BenchmarkRunResource run) {
    return Ownership.owns(run, o);
  }

  /** The run's own object of that name; one of someone else's counts as absent. */
  private static <T extends HasMetadata> Optional<T> owned(
      List<T> all, String name, BenchmarkRunResource run) {
    return named(all, name).filter(o -> ownedBy(o, run));
  }

  private static <T extends HasMetadata> Optional<T> named(List<T> all, String name) {
    return all.stream().filter(o -> name.equals(o.getMetadata().getName())).findFirst();
  }
}
