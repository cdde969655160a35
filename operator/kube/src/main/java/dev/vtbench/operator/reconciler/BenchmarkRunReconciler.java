package dev.vtbench.operator.reconciler;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.load.RunnerKind;
import dev.vtbench.operator.reconciler.diagnosis.SecretMountCheck;
import dev.vtbench.operator.reconciler.observation.Capabilities;
import dev.vtbench.operator.reconciler.observation.RunInformers;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.EventReason;
import dev.vtbench.operator.reconciler.status.Events;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.reconciler.steps.AppTiersStep;
import dev.vtbench.operator.reconciler.steps.BaselineCheck;
import dev.vtbench.operator.reconciler.steps.DatabaseStep;
import dev.vtbench.operator.reconciler.steps.FinishStep;
import dev.vtbench.operator.reconciler.steps.LoadStep;
import dev.vtbench.operator.reconciler.steps.NamesCheck;
import dev.vtbench.operator.reconciler.steps.OwnedObjects;
import dev.vtbench.operator.reconciler.steps.RecordStep;
import dev.vtbench.operator.reconciler.steps.Step;
import dev.vtbench.operator.reconciler.steps.UserScriptCheck;
import dev.vtbench.operator.reconciler.steps.UserSqlCheck;
import dev.vtbench.operator.resources.NameConflict;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.results.Baseline;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One step of the engine's {@link dev.vtbench.engine.run.RunCursor} per reconcile: admit the spec,
 * observe once ({@link RunView}), run the steps in order until one waits or fails, write the status
 * once if it changed. Nothing waits inside: a Cluster turning Ready, a Deployment becoming
 * available, a runner pod terminating each wake the reconciler through its informer.
 */
@ControllerConfiguration(name = "benchmarkrun")
public class BenchmarkRunReconciler
    implements Reconciler<BenchmarkRunResource>, Cleaner<BenchmarkRunResource> {

  private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRunReconciler.class);

  private final Capabilities capabilities;
  private final ResultsStore results;
  private final OwnedObjects owned;
  private final Events events;
  private final Clock clock;
  private final List<Step> steps;
  private final PassTimes passTimes;

  public BenchmarkRunReconciler(
      KubernetesClient client, Capabilities capabilities, ResultsStore results, Clock clock) {
    this(client, capabilities, results, clock, PassTimes.NONE);
  }

  /** With each pass's times reported to {@code passTimes} (the operator's /metrics). */
  public BenchmarkRunReconciler(
      KubernetesClient client,
      Capabilities capabilities,
      ResultsStore results,
      Clock clock,
      PassTimes passTimes) {
    this.passTimes = passTimes;
    this.capabilities = capabilities;
    this.results = results;
    this.owned = new OwnedObjects(client, capabilities);
    this.events = new Events(client, clock);
    this.clock = clock;
    Baseline baseline = new Baseline(client);
    UserScriptCheck userScript = new UserScriptCheck(client);
    this.steps =
        List.of(
            new NamesCheck(client),
            new BaselineCheck(baseline),
            new UserSqlCheck(client),
            userScript,
            new DatabaseStep(owned, events),
            new AppTiersStep(owned, new SecretMountCheck(client)),
            new LoadStep(owned, events, userScript),
            new RecordStep(owned, results, events),
            new FinishStep(owned, baseline, events));
  }

  @Override
  public List<EventSource<?, BenchmarkRunResource>> prepareEventSources(
      EventSourceContext<BenchmarkRunResource> context) {
    return RunInformers.of(context, capabilities);
  }

  @Override
  public UpdateControl<BenchmarkRunResource> reconcile(
      BenchmarkRunResource run, Context<BenchmarkRunResource> ctx) {
    PassTimer timer = PassTimer.start(passTimes);
    try {
      return pass(run, ctx, timer);
    } finally {
      timer.stop();
    }
  }

  private UpdateControl<BenchmarkRunResource> pass(
      BenchmarkRunResource run, Context<BenchmarkRunResource> ctx, PassTimer timer) {
    RunStatus status = new RunStatus(run, clock);
    if (status.ended()) {
      timer.at("Ended");
      // nothing more to measure: free the cores, keep the results; once, unless something stayed
      if (!status.isReleased() && owned.release(run, false)) {
        status.released();
      }
      results.forget(run);
      return end(run, ctx, status, Step.Result.waitForChange());
    }
    Step.Result admitted = Admission.check(run, capabilities);
    if (admitted.kind() != Step.Result.Kind.NEXT) {
      return end(run, ctx, status, admitted);
    }
    try {
      return end(run, ctx, status, steps(run, ctx, status, timer));
    } catch (NameConflict e) {
      return end(run, ctx, status, Step.Result.fail(Reason.NameConflict, e.getMessage()));
    }
  }

  private Step.Result steps(
      BenchmarkRunResource run,
      Context<BenchmarkRunResource> ctx,
      RunStatus status,
      PassTimer timer) {
    RunnerKind runner = capabilities.runner(run.getSpec().load).orElseThrow();
    RunView view =
        RunView.observe(run, ctx, results, capabilities, runner, status.status, clock.instant());
    observed(view, status);
    for (Step step : steps) {
      timer.at(step.getClass().getSimpleName());
      Step.Result result = step.apply(view, status);
      if (result.kind() != Step.Result.Kind.NEXT) {
        return result;
      }
    }
    return Step.Result.waitForChange();
  }

  /**
   * No exception leaves a pass without a condition ({@link ReconcileError} says which): while
   * java-operator-sdk retries, Progressing carries the cause; once it gives up, the run fails and
   * its workloads are released. The status goes through the same write as every pass.
   */
  @Override
  public ErrorStatusUpdateControl<BenchmarkRunResource> updateErrorStatus(
      BenchmarkRunResource run, Context<BenchmarkRunResource> ctx, Exception e) {
    RunStatus status = new RunStatus(run, clock);
    if (status.ended()) {
      return ErrorStatusUpdateControl.noStatusUpdate(); // the next pass releases, nothing to say
    }
    ReconcileError error = ReconcileError.of(e, ctx.getRetryInfo().orElse(null));
    LOG.warn(
        "{}/{}: reconcile failed: {}",
        run.getMetadata().getNamespace(),
        run.getMetadata().getName(),
        error.message(),
        e);
    try {
      if (error.fail()) {
        end(run, ctx, status, Step.Result.fail(Reason.ReconcileError, error.message()));
        return ErrorStatusUpdateControl.<BenchmarkRunResource>noStatusUpdate().withNoRetry();
      }
      status.progressing(Reason.ReconcileError, error.message());
      StatusWrite.write(run, ctx, status);
    } catch (RuntimeException unwritten) {
      // The API server may be what fails: the retry (or the next event) tries again.
      LOG.warn("could not record the error on {}: {}", run.getMetadata().getName(), unwritten);
    }
    return ErrorStatusUpdateControl.noStatusUpdate();
  }

  /** What the pass read, into status: the runner, the progress, the results and the rows. */
  private static void observed(RunView view, RunStatus status) {
    status.status.runner = view.runner().label();
    List<String> configMaps = new ArrayList<>(view.recorded().names());
    if (!view.recorded().rows().isEmpty()) {
      configMaps.add(ResourceNames.figures(view.run()));
    }
    status.results(configMaps, view.recorded().rows(), view.cursor().done(), view.cursor().total());
    status.progressing(Reason.Running, "working on scenario " + (view.cursor().done() + 1));
  }

  @Override
  public DeleteControl cleanup(BenchmarkRunResource run, Context<BenchmarkRunResource> ctx) {
    boolean keep = run.getSpec() == null || run.getSpec().results.keepOnDelete;
    owned.release(run, !keep);
    results.forget(run);
    events.normal(
        run,
        EventReason.Cleanup,
        "deleted the run's workloads"
            + (keep ? "; kept the results ConfigMaps" : " and its results ConfigMaps"));
    return DeleteControl.defaultDelete();
  }

  /**
   * Ends the pass: a failure is recorded (condition, Event, workloads released), the status is
   * written if it changed, and the next pass is scheduled as the step asked.
   */
  private UpdateControl<BenchmarkRunResource> end(
      BenchmarkRunResource run,
      Context<BenchmarkRunResource> ctx,
      RunStatus status,
      Step.Result result) {
    if (result.kind() == Step.Result.Kind.FAIL) {
      status.failed(result.reason(), result.message());
      events.warning(
          run,
          switch (result.reason()) {
            case InvalidSpec -> EventReason.InvalidSpec;
            case ThresholdsNotMet -> EventReason.ThresholdsNotMet;
            case NameConflict -> EventReason.NameConflict;
            default -> EventReason.RunFailed;
          },
          result.message());
      if (owned.release(run, false)) {
        status.released();
      }
    }
    StatusWrite.write(run, ctx, status);
    UpdateControl<BenchmarkRunResource> control = UpdateControl.noUpdate();
    return result.after() == null ? control : control.rescheduleAfter(result.after());
  }
}
