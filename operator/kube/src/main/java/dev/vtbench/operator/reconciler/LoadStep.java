package dev.vtbench.operator.reconciler;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.model.Durations;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.run.Workloads;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.reconciler.Conditions.Reason;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.LoadTier;
import dev.vtbench.operator.resources.StubTier;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The cursor's next load (a warm-up or a measured scenario) as a TestRun or Job: started once,
 * watched until its runner pod ends, failed past its deadlines (no runner started within
 * spec.timeouts.loadStart; not finished within its scheduled length plus {@link #LOAD_GRACE}). A
 * finished warm-up step is judged by the engine's steady-state policy and its result goes into
 * status ({@link WarmUpStatus}); the cursor then asks for another step or the measurement. Steps
 * share the load's name: the next starts once the last one's object is gone. A finished measurement
 * goes on to {@link RecordStep}.
 */
final class LoadStep implements Step {

  /** Past its scheduled length, how long a load may take to start and report before it fails. */
  static final Duration LOAD_GRACE = Duration.ofMinutes(5);

  /** How often a running load is looked at when no informer event comes. */
  private static final Duration POLL = Duration.ofSeconds(30);

  private final OwnedObjects owned;
  private final Events events;
  private final IgnoredPods ignored;
  private final UserScriptCheck userScript;

  LoadStep(OwnedObjects owned, Events events, UserScriptCheck userScript) {
    this.owned = owned;
    this.events = events;
    this.ignored = new IgnoredPods(events);
    this.userScript = userScript;
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
    boolean warmUp = load instanceof RunCursor.WarmUp;
    String name = view.loadName();
    // Loads of scenarios recorded before an operator restart that had no time to delete them, and
    // a measurement the SUT restarted under (the cursor asks for a warm-up again): not this load.
    owned.deleteLoadsExcept(view, Set.of(name));
    K6Plan k6 = view.k6Plan(load);
    if (view.staleLoad() != null) {
      owned.deleteLoad(run, view.runner(), name);
      status.set(
          Conditions.LOAD_RUNNING,
          "False",
          Reason.WarmingUp,
          "waiting for the last warm-up step's " + name + " to be deleted");
      return Result.waitFor(Duration.ofSeconds(1));
    }
    if (view.load() == null) {
      String module;
      try {
        module = userScript.read(run); // as it is now: the user's ConfigMap may have gone
      } catch (UserConfigMap.Unavailable e) {
        return Result.fail(Reason.ScriptUnavailable, e.getMessage());
      }
      List<RunCursor.Load> stages = stages(view, load);
      List<String> scripts =
          stages.stream().map(l -> script(view, view.k6Plan(l), l)).collect(Collectors.toList());
      String main = scripts.removeLast();
      owned.startLoad(
          run,
          view.runner(),
          name,
          stages.stream().map(RunCursor.Load::id).toList(),
          view.warmUpFrom(),
          new LoadTier.Script(main, module, UserModule.env(k6), scripts));
      status.set(
          Conditions.LOAD_RUNNING,
          "True",
          warmUp ? Reason.WarmingUp : Reason.LoadStarted,
          (warmUp ? warmUpStep(view) + " before " : "measuring ")
              + load.scenario().id()
              + (stages.size() > 1 ? " and the next " + (stages.size() - 1) + " as stages" : "")
              + " ("
              + view.runner()
              + " "
              + name
              + ", about "
              + K6Script.totalDuration(k6).multipliedBy(stages.size()).toSeconds()
              + " s)");
      events.normal(run, warmUp ? EventReason.WarmUpStarted : EventReason.LoadStarted, name);
      // Back when the runner must have started, if no pod event comes first.
      return Result.waitFor(view.spec().timeouts.loadStart().duration().plusSeconds(1));
    }
    // Pods that claim to be this load's and are not: their summary is never read.
    ignored.report(run, name, view.loadPods().ignored());
    LoadState state = view.loadState();
    if (!state.finished()) {
      Result lost = runnerLost(view, status, name, load);
      if (lost != null) {
        return lost;
      }
      Instant created = Instant.parse(view.load().getMetadata().getCreationTimestamp());
      Result notStarted = notStarted(view, name, created);
      if (notStarted != null) {
        return notStarted;
      }
      Result nudged = nudge(view, status, name);
      if (nudged != null) {
        return nudged;
      }
      Duration deadline = deadline(k6, view.stagePosition());
      if (view.now().isAfter(created.plus(deadline))) {
        return Result.fail(
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
      return Result.waitFor(POLL);
    }
    if (state.failure() != null) {
      events.warning(run, EventReason.LoadFailed, state.failure());
      return Result.fail(Reason.LoadFailed, state.failure());
    }
    if (load instanceof RunCursor.WarmUp w) {
      WarmState after;
      try {
        after = w.after(view.warm(), SutProbe.parse(state.summary()).peaks());
      } catch (IllegalArgumentException e) {
        return Result.fail(
            Reason.SummaryUnreadable,
            "the summary of " + name + " does not parse: " + e.getMessage());
      }
      WarmUpStatus.write(status.status, after, view.jvm(load.scenario()), view.sutStart());
      owned.deleteLoad(run, view.runner(), name);
      String verdict = verdict(after, view.cursor().warmUpCap());
      status.set(Conditions.LOAD_RUNNING, "False", Reason.LoadFinished, verdict);
      events.normal(run, EventReason.WarmUpFinished, name + ": " + verdict);
      return Result.waitFor(Duration.ofSeconds(1));
    }
    return Result.next();
  }

  /** "JIT warm-up step 2 (60 s so far, at most 180 s)": where the SUT's warm-up stands. */
  static String warmUpStep(RunView view) {
    return "JIT warm-up step "
        + WarmUpStatus.stepNumber(view.warm(), view.cursor().warmUpStep())
        + " ("
        + seconds(view.warm().underLoad())
        + " so far, at most "
        + seconds(view.cursor().warmUpCap())
        + ")";
  }

  /** What a finished warm-up step found: "SUT steady after 75 s of load", or not yet. */
  static String verdict(WarmState after, Duration cap) {
    if (after.steady()) {
      return "SUT steady after " + seconds(after.underLoad()) + " of load";
    }
    return "SUT not steady after "
        + seconds(after.underLoad())
        + " of load"
        + (after.underLoad().compareTo(cap) < 0
            ? " (at most " + seconds(cap) + ")"
            : "; the warm-up cap (spec.load.sutWarmup) is spent: measuring, rows say"
                + " steady_state=false");
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : Durations.format(d);
  }

  /**
   * Before its runner pod starts: an image no wait can fetch fails at once, and no runner started
   * within spec.timeouts.loadStart of the load's creation fails with what the cluster says of the
   * load's pods (k6-operator's initializer included). Null once a runner pod has started.
   */
  /**
   * Nudges the load's TestRun while k6-operator waits out its back-off with every runner Ready
   * ({@link TestRunNudge}); back when the next nudge is due. Null when there is nothing to nudge.
   */
  private Result nudge(RunView view, RunStatus status, String name) {
    if (!(view.load() instanceof GenericKubernetesResource testRun)) {
      return null;
    }
    if (testRun.getMetadata().getDeletionTimestamp() != null) {
      return Result.waitFor(Duration.ofSeconds(1)); // the stalled one, going: then its successor
    }
    List<Pod> runners = view.loadPods().trusted().stream().filter(RunView::isRunner).toList();
    Optional<Instant> due = TestRunNudge.next(testRun, runners, view.now());
    if (due.isEmpty()) {
      return null;
    }
    Deadline start =
        new Deadline(
            Instant.parse(testRun.getMetadata().getCreationTimestamp()),
            view.spec().timeouts.loadStart());
    int times = recreations(status, name);
    if (start.passed(view.now())
        || (times < TestRunNudge.RECREATIONS && TestRunNudge.stuck(testRun, runners, view.now()))) {
      return stalled(view, status, name, start, times);
    }
    if (due.get().isAfter(view.now())) {
      return Result.waitFor(Duration.between(view.now(), due.get()));
    }
    boolean first = !TestRunNudge.nudged(testRun);
    owned.nudge(view.run(), testRun, view.now());
    if (first) {
      events.normal(
          view.run(),
          EventReason.LoadNudged,
          name
              + ": its runner is Ready and k6-operator has not started it; asking k6-operator to"
              + " look again every "
              + TestRunNudge.EVERY.toSeconds()
              + " s instead of after its back-off");
    }
    return Result.waitFor(TestRunNudge.EVERY);
  }

  /**
   * k6-operator has not started a TestRun whose runners are Ready, nudged: for {@link
   * TestRunNudge#STUCK_AFTER}, or within spec.timeouts.loadStart of its creation. k6-operator
   * v0.0.19 can stay stuck on one TestRun until its process restarts while it starts the next ones
   * normally, and a TestRun created again started within seconds (docs/e2e.md): the operator
   * deletes it and creates it again, up to {@link TestRunNudge#RECREATIONS} times ({@code times}:
   * how often it already did for this load), then fails the run saying what to do, rather than wait
   * out the load's whole deadline.
   */
  private Result stalled(RunView view, RunStatus status, String name, Deadline start, int times) {
    boolean spent = times >= TestRunNudge.RECREATIONS;
    String what =
        name
            + ": k6-operator has not started its Ready runner "
            + (spent || start.passed(view.now())
                ? start.within() + " of the TestRun's creation"
                : TestRunNudge.STUCK_AFTER.toSeconds() + " s after it was Ready, nudged");
    if (spent) {
      events.warning(
          view.run(), EventReason.LoadFailed, what + ", after " + times + " times created again");
      return Result.fail(
          Reason.LoadStartTimedOut,
          what
              + ", though it was created again "
              + times
              + " times: k6-operator is stuck (restart it, e.g. kubectl rollout restart deployment"
              + " in its namespace, and create the run again), or set spec.load.runner: job to run"
              + " k6 without it");
    }
    owned.deleteLoad(view.run(), view.runner(), name);
    status.status.recreatedLoad = name;
    status.status.loadRecreations = times + 1;
    events.warning(
        view.run(),
        EventReason.LoadRecreated,
        what + "; creating it again (" + (times + 1) + " of " + TestRunNudge.RECREATIONS + ")");
    status.set(
        Conditions.LOAD_RUNNING,
        "False",
        Reason.LoadStarted,
        what + "; deleted it to create it again");
    return Result.waitFor(Duration.ofSeconds(1));
  }

  /** How often the load {@code name} has been created again ({@code status.loadRecreations}). */
  static int recreations(RunStatus status, String name) {
    if (!name.equals(status.status.recreatedLoad)) {
      return 0;
    }
    Integer n = status.status.loadRecreations;
    return n == null ? 1 : n; // a status written before the count: once
  }

  private static Result notStarted(RunView view, String name, Instant created) {
    List<Pod> pods = view.loadPods().trusted();
    Optional<PodDiagnosis.Trouble> stuck = PodDiagnosis.permanent(pods);
    if (stuck.isPresent()) {
      return Result.fail(
          Reason.ImagePullFailed,
          name + ": " + stuck.get().message() + "; fix spec.load.image in a new BenchmarkRun");
    }
    if (pods.stream().filter(RunView::isRunner).anyMatch(PodDiagnosis::started)
        || LoadState.runnerStarted(view.load())) {
      return null;
    }
    Deadline deadline = new Deadline(created, view.spec().timeouts.loadStart());
    if (!deadline.passed(view.now())) {
      Result wait = deadline.waitFor(view.now());
      return wait.after().compareTo(POLL) < 0 ? wait : Result.waitFor(POLL);
    }
    String why =
        PodDiagnosis.first(pods)
            .map(PodDiagnosis.Trouble::message)
            .orElseGet(
                () ->
                    pods.isEmpty()
                        ? noPod(view, name)
                        : "its pods exist but no k6 runner container started");
    return Result.fail(
        Reason.LoadStartTimedOut,
        name + ": no k6 runner started " + deadline.within() + ": " + why);
  }

  private static String noPod(RunView view, String name) {
    return view.load() instanceof GenericKubernetesResource testRun
        ? "k6-operator created no pod for TestRun "
            + name
            + " (stage "
            + LoadState.testRunStage(testRun)
            + "): is k6-operator running, and does it watch this namespace?"
        : "Job " + name + " created no pod (kubectl describe job " + name + ")";
  }

  /**
   * How long a Job that ended with no runner pod left is given for the pod informer to catch up
   * before the runner counts as gone.
   */
  static final Duration RUNNER_GONE_AFTER = Duration.ofSeconds(5);

  /**
   * The load's Job ended while {@code load} had not, and no runner pod is left to read: the pod was
   * deleted or evicted mid-stage (the Job controller counts that a failure, and a Job retries
   * nothing). The rows of the stages before are recorded; the scenario in flight is lost and
   * measured again by a load created anew from it, once per load: if that one's runner goes too,
   * the run fails. Null when the runner is there or the Job runs.
   */
  private Result runnerLost(RunView view, RunStatus status, String name, RunCursor.Load load) {
    if (!(view.load() instanceof Job job)
        || view.loadPods().trusted().stream().anyMatch(RunView::isRunner)) {
      return null;
    }
    if (job.getMetadata().getDeletionTimestamp() != null) {
      return Result.waitFor(Duration.ofSeconds(1)); // going: then it is created again
    }
    Optional<Instant> ended = LoadState.jobEndedAt(job);
    if (ended.isEmpty()) {
      return null;
    }
    if (view.now().isBefore(ended.get().plus(RUNNER_GONE_AFTER))) {
      return Result.waitFor(Duration.between(view.now(), ended.get().plus(RUNNER_GONE_AFTER)));
    }
    var run = view.run();
    String what =
        name
            + ": its runner pod went away (deleted or evicted) while it ran "
            + load.id()
            + ", and the Job ended without it";
    if (name.equals(status.status.recreatedLoad)) {
      events.warning(run, EventReason.LoadFailed, what + ", the second time");
      return Result.fail(
          Reason.LoadFailed,
          what
              + ", though it was created again once: is something deleting or evicting the run's"
              + " pods (kubectl get events)? The rows recorded so far stay in the results.");
    }
    String again = RunView.loadName(run, load);
    owned.deleteLoad(run, view.runner(), name);
    status.status.recreatedLoad = again;
    status.status.loadRecreations = 1;
    events.warning(
        run,
        EventReason.LoadRecreated,
        what + "; the rows before it stay, and " + again + " measures it again");
    status.set(Conditions.LOAD_RUNNING, "False", Reason.LoadStarted, what + "; creating " + again);
    return Result.waitFor(Duration.ofSeconds(2));
  }

  /** Scheduled length plus {@link #LOAD_GRACE}: past this the load is declared stuck. */
  static Duration deadline(K6Plan plan) {
    return deadline(plan, 0);
  }

  /**
   * The deadline of stage {@code position} (from 0; a load of one scenario has only stage 0) from
   * the load's creation: its own and every earlier stage's scheduled length, each with {@link
   * #STAGE_START} for k6 to start and summarise, plus {@link #LOAD_GRACE}. The stages of a load
   * differ only in their level, so each is as long as this one.
   */
  static Duration deadline(K6Plan plan, int position) {
    int before = Math.max(0, position);
    return K6Script.totalDuration(plan)
        .plus(K6Script.totalDuration(plan).plus(STAGE_START).multipliedBy(before))
        .plus(LOAD_GRACE);
  }

  /**
   * What a stage may take beyond its scheduled length before the next starts: k6's start, setup,
   * summary.
   */
  static final Duration STAGE_START = Duration.ofSeconds(30);

  /**
   * The loads one load object runs: a warm-up step alone; a measurement with the scenarios that
   * follow it on the same SUT configuration ({@link RunCursor#stages}) when one k6 runner runs it
   * as a Job, each an init container of the Job's pod before the last (docs/cluster.md, "Stages").
   * k6-operator gives a TestRun runner's init containers no resources, which would make the pod
   * lose its Guaranteed QoS and the stages their CPU limit, so a TestRun runs one scenario; and
   * several runners of an Indexed Job start each stage when their own previous one ends, so their
   * holds would drift apart stage by stage: each of their loads is one scenario too.
   */
  static List<RunCursor.Load> stages(RunView view, RunCursor.Load load) {
    return stages(view.cursor(), view.runner(), view.spec().load.parallelism, load);
  }

  /** {@link #stages(RunView, RunCursor.Load)} of {@code cursor}'s load through {@code runner}. */
  static List<RunCursor.Load> stages(
      RunCursor cursor, String runner, int parallelism, RunCursor.Load load) {
    if (!(load instanceof RunCursor.Measure) || !"job".equals(runner) || parallelism > 1) {
      return List.of(load);
    }
    return cursor.stages(load.scenario()).stream()
        .<RunCursor.Load>map(RunCursor.Measure::new)
        .toList();
  }

  /**
   * The load's script: vtbench's SUT is read through its runtime-info and resized to the load's
   * pool; a user's service through its Actuator, at the pool it started with, by their mix or their
   * own module, which the load's ConfigMap carries beside the script.
   */
  private static String script(RunView view, K6Plan k6, RunCursor.Load load) {
    var run = view.run();
    var service = view.spec().sut.service;
    var window = Workloads.window(view.spec());
    return service == null
        ? K6Script.renderForCluster(
            k6, view.sutUrl(), StubTier.url(run), view.loadPool(load), window)
        : K6Script.renderForClusterService(k6, service, view.sutUrl(), StubTier.url(run), window);
  }
}
