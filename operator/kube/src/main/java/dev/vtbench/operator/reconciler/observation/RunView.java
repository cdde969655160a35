package dev.vtbench.operator.reconciler.observation;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.load.LoadPods;
import dev.vtbench.operator.load.LoadState;
import dev.vtbench.operator.load.RunnerKind;
import dev.vtbench.operator.reconciler.status.WarmUpStatus;
import dev.vtbench.operator.resources.Labels;
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
import java.util.Optional;

/**
 * Everything one pass knows, read once at its start: the recorded rows (the results ConfigMaps),
 * the run cursor's next action, and the objects the run owns from the informers' caches. Steps
 * decide from this; none of them reads the cluster again.
 *
 * @param runner how k6 runs: a TestRun or a Job ({@link RunnerKind#choose})
 * @param warm how warm the SUT of the next scenario is ({@link WarmUpStatus}); a fresh start when
 *     it runs another configuration or restarted
 * @param sutStart which start of the SUT that is ({@link SutPods#start}), or null when unobserved
 * @param action the cursor's next action, given {@code warm}
 * @param loadView the run's load objects and the one that runs {@code action} ({@link LoadView})
 * @param pods every pod of the run (SUT, stub, k6 initializers and runners), by the run label, and
 *     CloudNativePG's pods of its database, by its Cluster's
 */
public record RunView(
    BenchmarkRunResource run,
    BenchmarkRunSpec spec,
    Instant now,
    RunnerKind runner,
    ResultsStore.Recorded recorded,
    RunCursor cursor,
    WarmState warm,
    String sutStart,
    RunCursor.Action action,
    GenericKubernetesResource database,
    Deployment sut,
    Deployment stub,
    LoadView loadView,
    List<Pod> pods) {

  public static RunView observe(
      BenchmarkRunResource run,
      Context<BenchmarkRunResource> ctx,
      ResultsStore results,
      Capabilities capabilities,
      RunnerKind runner,
      BenchmarkRunStatus status,
      Instant now) {
    BenchmarkRunSpec spec = run.getSpec();
    Secondaries cache = new Secondaries(ctx);
    ResultsStore.Recorded recorded = results.read(run, cache.results());
    RunCursor cursor = RunCursor.of(spec, recorded.rows());
    List<Deployment> deployments = cache.list(Deployment.class, RunInformers.DEPLOYMENTS);
    List<Pod> pods = new ArrayList<>(cache.list(Pod.class, RunInformers.PODS));
    if (capabilities.cnpg()) {
      // CloudNativePG's pods of the run's database (the tier label it inherits): TierStarts
      pods.addAll(cache.list(Pod.class, RunInformers.DATABASE_PODS));
    }
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
        LoadView.observe(run, action, warm, sutStart, loads, jobs, pods),
        List.copyOf(pods));
  }

  /** The run's pods of one tier: sut, stub, load or database. */
  public List<Pod> pods(String component) {
    return ofComponent(pods, component);
  }

  private static List<Pod> ofComponent(List<Pod> pods, String component) {
    return pods.stream()
        .filter(p -> component.equals(p.getMetadata().getLabels().get(Labels.COMPONENT)))
        .toList();
  }

  /** Every load object the run owns (TestRuns and its own Jobs). */
  public List<HasMetadata> loads() {
    return loadView.all();
  }

  /** The name of the next load's object ({@link LoadView#name}); null without a load. */
  public String loadName() {
    return loadView.name();
  }

  /** The next load's object, if it exists; null otherwise. */
  public HasMetadata load() {
    return loadView.object();
  }

  /** An earlier warm-up round's object under the name the next load needs, or null. */
  public HasMetadata staleLoad() {
    return loadView.stale();
  }

  /** Where the next load stands, or null without its object. */
  public LoadState loadState() {
    return loadView.state();
  }

  public LoadPods loadPods() {
    return loadView.pods();
  }

  /** The scenario ids the current load runs, in order; empty: none. */
  public List<String> loadStages() {
    return loadView.stages();
  }

  /**
   * Where the next load's scenario runs among its load object's stages, from 0: always 0 for a load
   * of one scenario (a warm-up round among them).
   */
  public int stagePosition() {
    return nextLoad().map(l -> LoadView.position(loadStages(), l.id())).orElse(0);
  }

  /** Whether stages of the current load follow the one of the next load's scenario. */
  public boolean laterStages() {
    List<String> stages = loadStages();
    int at = nextLoad().map(l -> stages.indexOf(l.id())).orElse(-1);
    return at >= 0 && at < stages.size() - 1;
  }

  /** The {@link Labels#WARM_UP_FROM} of the next load (null: none, or a measured one). */
  public String warmUpFrom() {
    return nextLoad().map(l -> LoadView.warmUpFrom(l, warm, sutStart)).orElse(null);
  }

  /** The next load, if the run has one. */
  public Optional<RunCursor.Load> nextLoad() {
    return action instanceof RunCursor.Load l ? Optional.of(l) : Optional.empty();
  }

  public String sutUrl() {
    return SutTier.url(run);
  }

  /**
   * The configuration of the SUT Deployment that serves {@code s}: its JVM's ({@link
   * RunCursor#jvmConfig}), the same for every pool size of its thread mode, so a pool change does
   * not roll the SUT; each load resizes the pool in its setup ({@link #loadPool}).
   */
  public SutConfig jvm(Scenario s) {
    return cursor.jvmConfig(s);
  }

  /**
   * The Hikari pool the SUT must hold for {@code l}, which its script resizes before the load; null
   * for a user's service, which took its pool size at start ({@link SutConfig#poolResizesLive}).
   */
  public Integer loadPool(RunCursor.Load l) {
    SutConfig config = cursor.loadConfig(l);
    return config.poolResizesLive() ? config.hikariPool() : null;
  }

  /** Whether the run has a stub: vtbench's SUT calls it, a user's service where the spec says. */
  public boolean usesStub() {
    return spec().sut.runsStub();
  }

  public K6Plan k6Plan(RunCursor.Load l) {
    return cursor.k6Plan(l, sutUrl(), spec.load.parallelism);
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
