package dev.vtbench.operator.reconciler;

import dev.vtbench.engine.gate.Gate;
import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.SpecValidator;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.Headline;
import dev.vtbench.engine.results.ResultRow;
import dev.vtbench.engine.run.BenchmarkRunner;
import dev.vtbench.engine.run.Platform;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.api.BenchmarkRunValidation;
import dev.vtbench.operator.reconciler.Conditions.Reason;
import dev.vtbench.operator.resources.Desired;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.results.Figures;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.GroupVersionKind;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.SecondaryToPrimaryMapper;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scenario loop of {@link BenchmarkRunner}, one step per reconcile: observe what exists (from
 * the informers), decide the next step from the status and the results ConfigMaps, act, and return.
 * Nothing waits inside: a Cluster turning Ready, a Deployment becoming available, a runner pod
 * terminating each wake the reconciler through its informer.
 *
 * <p>Order per scenario: database ready → stub and SUT (restarted only when the SUT config changes)
 * available → a JIT warm-up load after each SUT start → the measured load → its row appended to the
 * CSV → load objects deleted → next scenario. The row is appended before anything else changes, so
 * a restart at any point resumes without losing or duplicating a row.
 */
@ControllerConfiguration(name = "benchmarkrun")
public class BenchmarkRunReconciler
    implements Reconciler<BenchmarkRunResource>, Cleaner<BenchmarkRunResource> {

  private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRunReconciler.class);

  static final String CLUSTERS = "clusters";
  static final String TEST_RUNS = "testruns";
  static final GroupVersionKind CLUSTER_GVK =
      new GroupVersionKind("postgresql.cnpg.io", "v1", "Cluster");
  static final GroupVersionKind TEST_RUN_GVK = new GroupVersionKind("k6.io", "v1alpha1", "TestRun");

  /** Status lists at most this many rows; the CSV has them all. */
  static final int RECENT_ROWS = 20;

  /** Threshold violations named in the Succeeded condition and Event; status lists more. */
  static final int MESSAGE_VIOLATIONS = 5;

  /** Threshold violations and notes kept in status. */
  static final int STATUS_LINES = 10;

  /** Past its scheduled length, how long a load may take to start and report before it fails. */
  static final Duration LOAD_GRACE = Duration.ofMinutes(5);

  private final KubernetesClient client;
  private final Capabilities capabilities;
  private final ResultsStore results;
  private final Events events;
  private final Clock clock;

  /** What the cluster offers, discovered once at start-up. */
  public record Capabilities(boolean cnpg, boolean k6Operator) {

    public static Capabilities discover(KubernetesClient client) {
      return new Capabilities(
          has(client, "postgresql.cnpg.io/v1", "Cluster"),
          has(client, "k6.io/v1alpha1", "TestRun"));
    }

    private static boolean has(KubernetesClient client, String groupVersion, String kind) {
      var list = client.getApiResources(groupVersion);
      return list != null && list.getResources().stream().anyMatch(r -> kind.equals(r.getKind()));
    }
  }

  public BenchmarkRunReconciler(
      KubernetesClient client, Capabilities capabilities, ResultsStore results, Clock clock) {
    this.client = client;
    this.capabilities = capabilities;
    this.results = results;
    this.events = new Events(client, clock);
    this.clock = clock;
  }

  @Override
  public List<EventSource<?, BenchmarkRunResource>> prepareEventSources(
      EventSourceContext<BenchmarkRunResource> context) {
    List<EventSource<?, BenchmarkRunResource>> sources = new ArrayList<>();
    sources.add(informer(context, Deployment.class, "deployments", Labels.SELECTOR));
    sources.add(informer(context, Job.class, "jobs", Labels.SELECTOR));
    sources.add(
        informer(
            context, Pod.class, "runners", Labels.SELECTOR + "," + Labels.COMPONENT + "=load"));
    if (capabilities.cnpg()) {
      sources.add(
          new InformerEventSource<>(
              InformerEventSourceConfiguration.from(CLUSTER_GVK, BenchmarkRunResource.class)
                  .withName(CLUSTERS)
                  .withLabelSelector(Labels.SELECTOR)
                  .withSecondaryToPrimaryMapper(byRunLabel())
                  .build(),
              context));
    }
    if (capabilities.k6Operator()) {
      sources.add(
          new InformerEventSource<>(
              InformerEventSourceConfiguration.from(TEST_RUN_GVK, BenchmarkRunResource.class)
                  .withName(TEST_RUNS)
                  .withLabelSelector(Labels.SELECTOR)
                  .withSecondaryToPrimaryMapper(byRunLabel())
                  .build(),
              context));
    }
    return sources;
  }

  private static <R extends HasMetadata> InformerEventSource<R, BenchmarkRunResource> informer(
      EventSourceContext<BenchmarkRunResource> context,
      Class<R> type,
      String name,
      String selector) {
    return new InformerEventSource<>(
        InformerEventSourceConfiguration.from(type, BenchmarkRunResource.class)
            .withName(name)
            .withLabelSelector(selector)
            .withSecondaryToPrimaryMapper(byRunLabel())
            .build(),
        context);
  }

  /** Everything the operator creates carries the run's name as a label. */
  static <R extends HasMetadata> SecondaryToPrimaryMapper<R> byRunLabel() {
    return r -> {
      Map<String, String> labels = r.getMetadata().getLabels();
      String run = labels == null ? null : labels.get(Labels.RUN);
      return run == null ? Set.of() : Set.of(new ResourceID(run, r.getMetadata().getNamespace()));
    };
  }

  // --- reconcile ------------------------------------------------------------------------------

  @Override
  public UpdateControl<BenchmarkRunResource> reconcile(
      BenchmarkRunResource run, Context<BenchmarkRunResource> ctx) {
    Instant now = clock.instant();
    BenchmarkRunStatus status =
        run.getStatus() == null ? new BenchmarkRunStatus() : run.getStatus();
    run.setStatus(status);
    Long generation = run.getMetadata().getGeneration();
    status.observedGeneration = generation;
    if (status.startedAt == null) {
      status.startedAt = now.toString();
    }
    if (Conditions.ended(status)) {
      // Nothing more to measure: free the cores and the database, keep the results.
      release(run, false);
      return writeStatus(run, ctx);
    }

    List<String> problems = BenchmarkRunValidation.problems(run);
    if (!problems.isEmpty()) {
      return fail(ctx, run, Reason.InvalidSpec, "invalid spec: " + String.join("; ", problems));
    }
    BenchmarkRunSpec spec = run.getSpec();
    if (!capabilities.cnpg()) {
      return fail(
          ctx,
          run,
          Reason.CloudNativePGMissing,
          "CloudNativePG is not installed (no postgresql.cnpg.io/v1 Cluster API): install"
              + " CloudNativePG 1.27, then restart the vtbench operator");
    }
    String runner = runner(spec);
    if (runner == null) {
      return fail(
          ctx,
          run,
          Reason.K6OperatorMissing,
          "spec.load.runner is testrun but k6-operator is not installed (no k6.io/v1alpha1"
              + " TestRun API): install k6-operator, or set spec.load.runner to auto or job");
    }
    status.runner = runner;

    List<Scenario> plan = Planner.plan(spec);
    List<ResultRow> rows = results.rows(run);
    Set<String> done = rows.stream().map(ResultRow::scenarioId).collect(Collectors.toSet());
    status.scenariosTotal = plan.size();
    status.scenariosDone = (int) plan.stream().filter(s -> done.contains(s.id())).count();
    status.progress = status.scenariosDone + "/" + plan.size();
    status.resultsConfigMaps = new ArrayList<>(partNames(run));
    if (!rows.isEmpty() && !status.resultsConfigMaps.contains(ResourceNames.figures(run))) {
      status.resultsConfigMaps.add(ResourceNames.figures(run));
    }
    recent(status, rows);
    progressing(run, Reason.Running, "working on scenario " + (status.scenariosDone + 1));
    if (rows.isEmpty()) {
      // Before the first measurement: a missing baseline should cost seconds, not the whole run.
      try {
        baselineRows(run);
      } catch (IllegalStateException e) {
        return fail(ctx, run, Reason.BaselineUnavailable, e.getMessage());
      }
    }

    // 1. The database.
    apply(Desired.seed(run));
    apply(Desired.database(run));
    GenericKubernetesResource cluster =
        secondaries(ctx, GenericKubernetesResource.class, CLUSTERS).stream()
            .filter(c -> ResourceNames.database(run).equals(c.getMetadata().getName()))
            .findFirst()
            .orElse(null);
    if (!clusterReady(cluster)) {
      set(
          run,
          Conditions.DATABASE_READY,
          "False",
          Reason.DatabaseProvisioning,
          "waiting for CloudNativePG Cluster "
              + ResourceNames.database(run)
              + " to bootstrap and seed "
              + spec.database.seed.customers
              + " customers and "
              + spec.database.seed.orders
              + " orders"
              + clusterPhase(cluster));
      phase(run, Phase.PROVISIONING);
      return writeStatus(run, ctx);
    }
    if (!Conditions.isTrue(status, Conditions.DATABASE_READY)) {
      events.normal(run, EventReason.DatabaseReady, "Cluster " + ResourceNames.database(run));
    }
    set(
        run,
        Conditions.DATABASE_READY,
        "True",
        Reason.DatabaseBootstrapped,
        "CloudNativePG Cluster " + ResourceNames.database(run) + " is Ready and seeded");

    // 2. Done?
    Scenario next = plan.stream().filter(s -> !done.contains(s.id())).findFirst().orElse(null);
    cleanStaleLoads(run, ctx, next);
    if (next == null) {
      return succeed(ctx, run, rows);
    }
    status.scenario = next.id();
    phase(run, Phase.RUNNING);

    // 3. Stub and SUT, the SUT in this scenario's configuration.
    apply(Desired.stub(run));
    apply(Desired.service(run, ResourceNames.stub(run), "stub"));
    apply(Desired.service(run, ResourceNames.sut(run), "sut"));
    Deployment desiredSut = Desired.sut(run, next.sut());
    String configHash = Desired.configHash(next.sut());
    apply(desiredSut);
    List<Deployment> deployments = secondaries(ctx, Deployment.class, "deployments");
    Deployment sut = named(deployments, ResourceNames.sut(run));
    Deployment stub = named(deployments, ResourceNames.stub(run));
    if (!available(sut, configHash) || !available(stub, null)) {
      set(
          run,
          Conditions.SUT_READY,
          "False",
          Reason.SutStarting,
          "starting "
              + (available(stub, null) ? "" : "the stub and ")
              + "the SUT with "
              + next.sut().threadMode()
              + " threads, Hikari pool "
              + next.hikariPool()
              + " (config "
              + configHash
              + "); waiting for Deployment "
              + ResourceNames.sut(run)
              + " to be available");
      set(run, Conditions.LOAD_RUNNING, "False", Reason.SutStarting, "waiting for the SUT");
      return writeStatus(run, ctx);
    }
    set(
        run,
        Conditions.SUT_READY,
        "True",
        Reason.SutAvailable,
        "SUT runs config " + configHash + " for " + next.id());

    // 4. Load: a JIT warm-up after each SUT start, then the measured scenario.
    String sutUrl = "http://" + ResourceNames.sut(run) + ":" + Desired.HTTP_PORT;
    K6Plan measured = BenchmarkRunner.k6Plan(spec, sutUrl, next);
    K6Plan warm = BenchmarkRunner.warmUpPlan(spec, measured);
    boolean warmUp = warm != null && !configHash.equals(status.warmedUp);
    K6Plan k6 = warmUp ? warm : measured;
    String scenarioId = warmUp ? next.id() + "-jit-warmup" : next.id();
    String loadName = ResourceNames.load(run, next.index(), warmUp);

    LoadState state = observeLoad(run, ctx, runner, loadName, scenarioId);
    if (state == null) {
      startLoad(run, runner, loadName, scenarioId, K6Script.renderForCluster(k6, sutUrl));
      set(
          run,
          Conditions.LOAD_RUNNING,
          "True",
          warmUp ? Reason.WarmingUp : Reason.LoadStarted,
          (warmUp ? "JIT warm-up before " : "measuring ")
              + next.id()
              + " ("
              + runner
              + " "
              + loadName
              + ", about "
              + K6Script.totalDuration(k6).toSeconds()
              + " s)");
      events.normal(run, warmUp ? EventReason.WarmUpStarted : EventReason.LoadStarted, loadName);
      return writeStatus(run, ctx).rescheduleAfter(deadline(k6));
    }
    if (!state.finished()) {
      HasMetadata load = loadObject(ctx, runner, loadName);
      Instant created =
          load == null ? now : Instant.parse(load.getMetadata().getCreationTimestamp());
      if (now.isAfter(created.plus(deadline(k6)))) {
        return fail(
            ctx,
            run,
            Reason.LoadTimedOut,
            loadName
                + " has not finished "
                + deadline(k6).toSeconds()
                + " s after it was created, or it ended without a terminated runner pod to"
                + " read the summary from: is the k6 image pullable, the runner schedulable,"
                + " and nothing deleting its pods (kubectl describe pod -l "
                + Labels.SCENARIO
                + "="
                + scenarioId
                + ")?");
      }
      return writeStatus(run, ctx).rescheduleAfter(Duration.ofSeconds(30));
    }
    if (state.failure() != null) {
      events.warning(run, EventReason.LoadFailed, state.failure());
      return fail(ctx, run, Reason.LoadFailed, state.failure());
    }
    if (warmUp) {
      status.warmedUp = configHash;
      deleteLoad(run, runner, loadName);
      set(run, Conditions.LOAD_RUNNING, "False", Reason.LoadFinished, "warm-up done");
      return writeStatus(run, ctx).rescheduleAfter(Duration.ofSeconds(1));
    }
    ResultRow row;
    try {
      row = row(spec, next, state.summary(), measured);
    } catch (IllegalArgumentException e) {
      return fail(
          ctx,
          run,
          Reason.SummaryUnreadable,
          "the summary of " + loadName + " does not parse: " + e.getMessage());
    }
    // The row first: whatever happens after this line, the scenario is recorded exactly once.
    status.resultsConfigMaps = new ArrayList<>(results.append(run, row));
    status.resultsConfigMaps.add(ResourceNames.figures(run));
    deleteLoad(run, runner, loadName);
    rows = new ArrayList<>(rows);
    rows.add(row);
    status.scenariosDone++;
    status.progress = status.scenariosDone + "/" + plan.size();
    // The scenario that comes next, not the one just recorded, until the next reconcile says.
    status.scenario =
        plan.stream()
            .filter(s -> !done.contains(s.id()) && !s.id().equals(next.id()))
            .map(Scenario::id)
            .findFirst()
            .orElse(null);
    progressing(
        run,
        Reason.Running,
        status.scenariosDone < plan.size()
            ? "working on scenario " + (status.scenariosDone + 1)
            : "all " + plan.size() + " scenarios recorded; writing the figures");
    recent(status, rows);
    set(run, Conditions.LOAD_RUNNING, "False", Reason.LoadFinished, next.id() + " recorded");
    events.normal(run, EventReason.ScenarioRecorded, next.id() + ": " + Headline.of(row));
    return writeStatus(run, ctx).rescheduleAfter(Duration.ofSeconds(1));
  }

  @Override
  public DeleteControl cleanup(BenchmarkRunResource run, Context<BenchmarkRunResource> ctx) {
    boolean keep = run.getSpec() == null || run.getSpec().results.keepOnDelete;
    release(run, !keep);
    events.normal(
        run,
        EventReason.Cleanup,
        "deleted the run's workloads"
            + (keep ? "; kept the results ConfigMaps" : " and its results ConfigMaps"));
    return DeleteControl.defaultDelete();
  }

  // --- steps ----------------------------------------------------------------------------------

  private String runner(BenchmarkRunSpec spec) {
    return switch (spec.load.runner) {
      case "job" -> "job";
      case "testrun" -> capabilities.k6Operator() ? "testrun" : null;
      default -> capabilities.k6Operator() ? "testrun" : "job";
    };
  }

  private void startLoad(
      BenchmarkRunResource run, String runner, String name, String scenarioId, String script) {
    apply(Desired.script(run, name, script));
    if (runner.equals("testrun")) {
      apply(Desired.testRun(run, name, scenarioId));
    } else {
      apply(Desired.job(run, name, scenarioId));
    }
  }

  /** Null when the load object does not exist yet. */
  private LoadState observeLoad(
      BenchmarkRunResource run,
      Context<BenchmarkRunResource> ctx,
      String runner,
      String name,
      String scenarioId) {
    HasMetadata load = loadObject(ctx, runner, name);
    if (load == null) {
      return null;
    }
    List<Pod> pods =
        secondaries(ctx, Pod.class, "runners").stream()
            .filter(p -> scenarioId.equals(p.getMetadata().getLabels().get(Labels.SCENARIO)))
            .filter(BenchmarkRunReconciler::isRunner)
            .toList();
    LoadState fromPods = LoadState.fromRunnerPods(name, pods);
    if (fromPods != null) {
      return fromPods;
    }
    // Ended, yet no terminated runner pod: the pod informer may lag the TestRun's or Job's by a
    // moment, so wait; if the pod is gone for good, the load's deadline fails the run.
    return LoadState.RUNNING;
  }

  /**
   * k6-operator labels its initializer and starter pods like the runner (it copies the runner's
   * labels), but only runner pods carry {@code runner=true}; the initializer's exit is not a
   * summary.
   */
  static boolean isRunner(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    return !labels.containsKey("k6_cr") || "true".equals(labels.get("runner"));
  }

  static boolean ownedBy(HasMetadata o, BenchmarkRunResource run) {
    return o.getMetadata().getOwnerReferences() != null
        && o.getMetadata().getOwnerReferences().stream()
            .anyMatch(r -> Objects.equals(r.getUid(), run.getMetadata().getUid()));
  }

  private HasMetadata loadObject(Context<BenchmarkRunResource> ctx, String runner, String name) {
    List<? extends HasMetadata> all =
        runner.equals("testrun")
            ? secondaries(ctx, GenericKubernetesResource.class, TEST_RUNS)
            : secondaries(ctx, Job.class, "jobs");
    return all.stream()
        .filter(o -> name.equals(o.getMetadata().getName()))
        .findFirst()
        .orElse(null);
  }

  /** Load objects of scenarios already recorded (an operator stopped before deleting them). */
  private void cleanStaleLoads(
      BenchmarkRunResource run, Context<BenchmarkRunResource> ctx, Scenario next) {
    Set<String> keep = new HashSet<>();
    if (next != null) {
      keep.add(ResourceNames.load(run, next.index(), false));
      keep.add(ResourceNames.load(run, next.index(), true));
    }
    // Only what this run created: k6-operator copies the runner labels onto its own initializer
    // and runner Jobs, which belong to their TestRun and must be left alone.
    List<HasMetadata> loads =
        new ArrayList<>(
            secondaries(ctx, Job.class, "jobs").stream().filter(j -> ownedBy(j, run)).toList());
    if (capabilities.k6Operator()) {
      loads.addAll(secondaries(ctx, GenericKubernetesResource.class, TEST_RUNS));
    }
    for (HasMetadata l : loads) {
      if (!keep.contains(l.getMetadata().getName())
          && "load".equals(l.getMetadata().getLabels().get(Labels.COMPONENT))) {
        deleteLoad(run, l instanceof Job ? "job" : "testrun", l.getMetadata().getName());
      }
    }
  }

  private void deleteLoad(BenchmarkRunResource run, String runner, String name) {
    String ns = run.getMetadata().getNamespace();
    if (runner.equals("testrun")) {
      client
          .genericKubernetesResources(Desired.K6_API, "TestRun")
          .inNamespace(ns)
          .withName(name)
          .delete();
    } else {
      client
          .batch()
          .v1()
          .jobs()
          .inNamespace(ns)
          .withName(name)
          .withPropagationPolicy(io.fabric8.kubernetes.api.model.DeletionPropagation.BACKGROUND)
          .delete();
    }
    client.configMaps().inNamespace(ns).withName(name).delete();
  }

  /** The row from the runner's compact summary: the k6 numbers and what it saw of the SUT. */
  private static ResultRow row(BenchmarkRunSpec spec, Scenario s, String summary, K6Plan measured) {
    SutProbe probe = SutProbe.parse(summary);
    Platform.SutView view =
        new Platform.SutView(
            probe.cpuset(),
            probe.availableProcessors() == null ? 0 : probe.availableProcessors(),
            probe.javaVersion());
    // The SUT reports its own CPU; PostgreSQL's and the runner's need kubelet stats (not read).
    Platform.TierCpu cpu =
        new Platform.TierCpu(
            probe.cpuPct(),
            null,
            null,
            SpecValidator.millis(spec.sut.cpu) / 1000.0,
            SpecValidator.millis(spec.database.cpu) / 1000.0,
            SpecValidator.millis(spec.load.cpu) / 1000.0);
    return BenchmarkRunner.resultRow(
        spec, s, view, new Platform.Measurement(summary, cpu, probe.peaks()), measured);
  }

  private UpdateControl<BenchmarkRunResource> succeed(
      Context<BenchmarkRunResource> ctx, BenchmarkRunResource run, List<ResultRow> rows) {
    BenchmarkRunStatus status = run.getStatus();
    try {
      apply(Figures.configMap(run, rows));
    } catch (RuntimeException e) {
      LOG.warn("figures for {} not written: {}", run.getMetadata().getName(), e.toString());
    }
    status.scenario = null;
    String recorded =
        "all "
            + status.scenariosTotal
            + " scenarios recorded in ConfigMap "
            + String.join(", ", status.resultsConfigMaps);
    BenchmarkRunSpec.Thresholds thresholds = run.getSpec().thresholds;
    if (thresholds != null) {
      Gate.Verdict verdict;
      try {
        verdict = Gate.evaluate(thresholds, rows, baselineRows(run));
      } catch (IllegalStateException e) {
        return fail(ctx, run, Reason.BaselineUnavailable, recorded + "; " + e.getMessage());
      }
      status.thresholds = thresholdsResult(verdict);
      if (!verdict.met()) {
        return fail(
            ctx,
            run,
            Reason.ThresholdsNotMet,
            verdict.violations().size()
                + " of "
                + verdict.checks().size()
                + " threshold checks failed: "
                + verdict.describeViolations(MESSAGE_VIOLATIONS)
                + " ("
                + recorded
                + ")");
      }
      events.normal(
          run, EventReason.ThresholdsMet, "all " + verdict.checks().size() + " checks passed");
      recorded += "; all " + verdict.checks().size() + " threshold checks passed";
    }
    status.finishedAt = clock.instant().toString();
    set(run, Conditions.SUCCEEDED, "True", Reason.AllScenariosRecorded, recorded);
    set(run, Conditions.PROGRESSING, "False", Reason.Finished, "the run is complete");
    set(run, Conditions.LOAD_RUNNING, "False", Reason.Finished, "the run is complete");
    phase(run, Phase.SUCCEEDED);
    events.normal(
        run, EventReason.RunSucceeded, status.scenariosTotal + " scenarios; " + status.summary);
    release(run, false);
    return writeStatus(run, ctx);
  }

  private UpdateControl<BenchmarkRunResource> fail(
      Context<BenchmarkRunResource> ctx, BenchmarkRunResource run, Reason reason, String message) {
    BenchmarkRunStatus status = run.getStatus();
    status.finishedAt = clock.instant().toString();
    set(run, Conditions.SUCCEEDED, "False", reason, message);
    set(run, Conditions.PROGRESSING, "False", Reason.Failed, message);
    if (Conditions.isTrue(status, Conditions.LOAD_RUNNING)) {
      set(run, Conditions.LOAD_RUNNING, "False", Reason.Failed, "the run ended");
    }
    phase(run, Phase.FAILED);
    events.warning(
        run,
        switch (reason) {
          case InvalidSpec -> EventReason.InvalidSpec;
          case ThresholdsNotMet -> EventReason.ThresholdsNotMet;
          default -> EventReason.RunFailed;
        },
        message);
    release(run, false);
    return writeStatus(run, ctx);
  }

  /**
   * The baseline CSV's rows from the ConfigMap {@code spec.thresholds.baseline.configMapRef} names;
   * empty without a baseline.
   *
   * @throws IllegalStateException saying which ConfigMap and key to create, or why it is unusable
   */
  List<ResultRow> baselineRows(BenchmarkRunResource run) {
    BenchmarkRunSpec.Thresholds t = run.getSpec().thresholds;
    if (t == null || t.baseline == null || t.baseline.configMapRef == null) {
      return List.of();
    }
    String ns = run.getMetadata().getNamespace();
    String name = t.baseline.configMapRef.name;
    String key = t.baseline.configMapRef.key == null ? "matrix.csv" : t.baseline.configMapRef.key;
    String source = "baseline ConfigMap " + ns + "/" + name + " key " + key;
    ConfigMap cm;
    try {
      cm = client.configMaps().inNamespace(ns).withName(name).get();
    } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
      if (e.getCode() != 403) {
        throw e; // transient: the reconcile is retried
      }
      throw new IllegalStateException(
          source
              + " is not readable by the operator (403 Forbidden): the chart grants it in the"
              + " namespaces it watches; add this one to the chart's watchNamespaces (or leave"
              + " watchNamespaces empty to watch all)",
          e);
    }
    if (cm == null) {
      throw new IllegalStateException(
          source
              + " not found: create it from an earlier run's CSV (kubectl create configmap "
              + name
              + " -n "
              + ns
              + " --from-file="
              + key
              + "=results/<run>/matrix.csv), then create the BenchmarkRun again");
    }
    String csv = cm.getData() == null ? null : cm.getData().get(key);
    if (csv == null) {
      throw new IllegalStateException(
          source
              + " not found: the ConfigMap has "
              + (cm.getData() == null ? "no data keys" : "keys " + cm.getData().keySet())
              + "; set spec.thresholds.baseline.configMapRef.key or add the key");
    }
    try {
      return Gate.parseBaseline(source, csv);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  static BenchmarkRunStatus.ThresholdsResult thresholdsResult(Gate.Verdict verdict) {
    BenchmarkRunStatus.ThresholdsResult r = new BenchmarkRunStatus.ThresholdsResult();
    r.met = verdict.met();
    r.checks = verdict.checks().size();
    r.violated = verdict.violations().size();
    r.violations =
        verdict.violations().stream().limit(STATUS_LINES).map(Gate.Check::message).toList();
    r.notes = verdict.notes().stream().limit(STATUS_LINES).toList();
    return r;
  }

  /**
   * Deletes what the run created, except results ConfigMaps unless {@code results} is true.
   * Explicit deletes, not only owner references: the cores are freed the moment a run ends, and a
   * cluster without a garbage collector running is still cleaned.
   */
  void release(BenchmarkRunResource run, boolean deleteResults) {
    String ns = run.getMetadata().getNamespace();
    String selector = Labels.RUN + "=" + run.getMetadata().getName() + "," + Labels.SELECTOR;
    client.apps().deployments().inNamespace(ns).withLabelSelector(selector).delete();
    client.services().inNamespace(ns).withLabelSelector(selector).delete();
    client
        .batch()
        .v1()
        .jobs()
        .inNamespace(ns)
        .withLabelSelector(selector)
        .withPropagationPolicy(io.fabric8.kubernetes.api.model.DeletionPropagation.BACKGROUND)
        .delete();
    if (capabilities.k6Operator()) {
      client
          .genericKubernetesResources(Desired.K6_API, "TestRun")
          .inNamespace(ns)
          .withLabelSelector(selector)
          .delete();
    }
    if (capabilities.cnpg()) {
      client
          .genericKubernetesResources(Desired.CNPG_API, "Cluster")
          .inNamespace(ns)
          .withLabelSelector(selector)
          .delete();
    }
    String configMaps = deleteResults ? selector : selector + "," + Labels.COMPONENT + "!=results";
    client.configMaps().inNamespace(ns).withLabelSelector(configMaps).delete();
  }

  // --- observations ---------------------------------------------------------------------------

  static boolean clusterReady(GenericKubernetesResource cluster) {
    if (cluster == null
        || !(cluster.getAdditionalProperties().get("status") instanceof Map<?, ?> s)) {
      return false;
    }
    if (!(s.get("conditions") instanceof List<?> conditions)) {
      return false;
    }
    return conditions.stream()
        .anyMatch(
            c ->
                c instanceof Map<?, ?> m
                    && "Ready".equals(m.get("type"))
                    && "True".equals(m.get("status")));
  }

  private static String clusterPhase(GenericKubernetesResource cluster) {
    if (cluster != null && cluster.getAdditionalProperties().get("status") instanceof Map<?, ?> s) {
      Object phase = s.get("phase");
      return phase == null ? "" : " (CloudNativePG: " + phase + ")";
    }
    return "";
  }

  /**
   * Available in the wanted configuration: the controller has seen the latest spec, the one pod is
   * updated and ready, and (for the SUT) the template carries {@code configHash}.
   */
  static boolean available(Deployment d, String configHash) {
    if (d == null || d.getStatus() == null) {
      return false;
    }
    if (configHash != null) {
      Map<String, String> a = d.getSpec().getTemplate().getMetadata().getAnnotations();
      if (a == null || !configHash.equals(a.get(Desired.SUT_CONFIG_ANNOTATION))) {
        return false;
      }
    }
    var s = d.getStatus();
    return Objects.equals(s.getObservedGeneration(), d.getMetadata().getGeneration())
        && Objects.equals(s.getUpdatedReplicas(), 1)
        && Objects.equals(s.getReadyReplicas(), 1)
        && Objects.equals(s.getAvailableReplicas(), 1)
        && Objects.equals(s.getReplicas(), 1);
  }

  private static Deployment named(List<Deployment> all, String name) {
    return all.stream()
        .filter(d -> name.equals(d.getMetadata().getName()))
        .findFirst()
        .orElse(null);
  }

  @SuppressWarnings("unchecked")
  private static <R> List<R> secondaries(
      Context<BenchmarkRunResource> ctx, Class<R> type, String source) {
    var es =
        (InformerEventSource<? extends HasMetadata, BenchmarkRunResource>)
            ctx.eventSourceRetriever().getEventSourceFor(type, source);
    return new ArrayList<>((Set<R>) es.getSecondaryResources(ctx.getPrimaryResource()));
  }

  private List<String> partNames(BenchmarkRunResource run) {
    return results.parts(run).stream().map(c -> c.getMetadata().getName()).toList();
  }

  // --- status ---------------------------------------------------------------------------------

  private void set(
      BenchmarkRunResource run, String type, String value, Reason reason, String message) {
    Conditions.set(
        run.getStatus(),
        type,
        value,
        reason,
        message,
        run.getMetadata().getGeneration(),
        clock.instant());
  }

  private void progressing(BenchmarkRunResource run, Reason reason, String message) {
    set(run, Conditions.SUCCEEDED, "Unknown", Reason.Running, "the run is in progress");
    set(run, Conditions.PROGRESSING, "True", reason, message);
    phase(run, Phase.PENDING);
  }

  private static void phase(BenchmarkRunResource run, String phase) {
    run.getStatus().phase = Phase.forward(run.getStatus().phase, phase);
  }

  /** The latest {@value #RECENT_ROWS} rows and the headline: what status keeps of the CSV. */
  public static void recent(BenchmarkRunStatus status, List<ResultRow> rows) {
    List<BenchmarkRunStatus.ScenarioResult> recent = new ArrayList<>();
    for (ResultRow r : rows.subList(Math.max(0, rows.size() - RECENT_ROWS), rows.size())) {
      BenchmarkRunStatus.ScenarioResult sr = new BenchmarkRunStatus.ScenarioResult();
      sr.id = r.scenarioId();
      sr.throughputRps = fmt(r.throughputRps(), 1);
      sr.p99Ms = fmt(r.p99Ms(), 1);
      sr.errorRate = fmt(r.errorRate(), 4);
      sr.bottleneck = r.bottleneck() == null ? null : r.bottleneck().csvName();
      recent.add(sr);
    }
    status.recentScenarios = recent;
    if (!rows.isEmpty()) {
      status.summary = Headline.of(rows);
    }
  }

  private static String fmt(Double v, int decimals) {
    return v == null || v.isNaN() ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }

  /** Scheduled length plus {@link #LOAD_GRACE}: past this the load is declared stuck. */
  static Duration deadline(K6Plan plan) {
    return K6Script.totalDuration(plan).plus(LOAD_GRACE);
  }

  /**
   * Replaces the status through the status subresource, retrying on conflicts with the fresh
   * object, and puts the result into the informer's cache, so the next reconcile sees it even
   * before the watch event arrives (warmedUp, above all, must never be read stale). Ready,
   * Reconciling and Stalled are derived here, so every write carries them in step with Succeeded.
   */
  private UpdateControl<BenchmarkRunResource> writeStatus(
      BenchmarkRunResource run, Context<BenchmarkRunResource> ctx) {
    BenchmarkRunStatus status = run.getStatus();
    Conditions.derive(status, clock.instant());
    PrimaryUpdateAndCacheUtils.updateStatusAndCacheResource(
        run,
        ctx,
        fresh -> {
          fresh.setStatus(status);
          return fresh;
        });
    return UpdateControl.noUpdate();
  }

  private void apply(HasMetadata desired) {
    client.resource(desired).fieldManager(Events.COMPONENT).forceConflicts().serverSideApply();
  }
}
