package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.plan.ServiceBuild;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.operator.reconciler.diagnosis.PodDiagnosis;
import dev.vtbench.operator.reconciler.diagnosis.SecretMountCheck;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Conditions;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.StubTier;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The stub and the SUT available, the SUT in the next scenario's configuration: a new config rolls
 * the SUT's Deployment; an equal one keeps the running JVM. Waited for until spec.timeouts.sutStart
 * (an image that cannot be pulled fails at once), then the run fails with what the cluster says.
 */
public final class AppTiersStep implements Step {

  private final OwnedObjects owned;
  private final SecretMountCheck secretMount;

  public AppTiersStep(OwnedObjects owned, SecretMountCheck secretMount) {
    this.owned = owned;
    this.secretMount = secretMount;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    if (view.nextLoad().isEmpty()) {
      return Result.next();
    }
    var run = view.run();
    Scenario next = view.nextLoad().get().scenario();
    SutConfig jvm = view.jvm(next);
    String config = jvm.key();
    status.status.scenario = next.id();
    List<Runnable> applies = new ArrayList<>();
    if (view.usesStub() && view.stub() == null) {
      applies.add(() -> owned.apply(run, StubTier.deployment(run)));
      applies.add(() -> owned.apply(run, StubTier.service(run)));
    }
    if (!config.equals(configOf(view.sut()))) {
      if (view.sut() == null) {
        // with the first Deployment; no config changes it
        applies.add(() -> owned.apply(run, SutTier.service(run)));
      }
      applies.add(() -> owned.apply(run, SutTier.deployment(run, jvm)));
    }
    Together.run(applies); // no object refers to another before it exists
    boolean stubUp = !view.usesStub() || available(view.stub(), null);
    if (!available(view.sut(), config) || !stubUp) {
      status.set(
          Conditions.SUT_READY,
          "False",
          Reason.SutStarting,
          "starting "
              + (stubUp ? "" : "the stub and ")
              + "the SUT with "
              + next.threadMode()
              + " threads, Hikari pool "
              + jvm.hikariPool()
              + (jvm.poolResizesLive() ? " (each load resizes it; config " : " (config ")
              + config
              + "); waiting for Deployment "
              + ResourceNames.sut(run)
              + " to be available");
      status.set(Conditions.LOAD_RUNNING, "False", Reason.SutStarting, "waiting for the SUT");
      return waitOrFail(
          view,
          status,
          config,
          view.spec().sut.service != null
              ? ServiceBuild.of(view.spec(), next.sut()).imageField(view.spec())
              : next.sut().reactive() ? "spec.sut.reactiveImage" : "spec.sut.image");
    }
    status.set(
        Conditions.SUT_READY,
        "True",
        Reason.SutAvailable,
        "SUT runs config " + config + " for " + next.id());
    return Result.next();
  }

  /**
   * Fails at once on an image no wait can fetch or a user's database Secret the kubelet cannot
   * mount, else at spec.timeouts.sutStart after the SUT began its (re)start, with what the cluster
   * says about the tier that is not available.
   */
  private Result waitOrFail(RunView view, RunStatus status, String config, String sutImageField) {
    List<Pod> sutPods = view.pods(SutTier.COMPONENT);
    List<Pod> stubPods = view.pods(StubTier.COMPONENT);
    Optional<Result> unpullable =
        imageRefused(sutPods, sutImageField)
            .or(() -> imageRefused(stubPods, "spec.stub.image"))
            .or(
                () ->
                    secretMount
                        .failure(view, sutPods)
                        .map(m -> Result.fail(Reason.DatabaseSecretUnavailable, m)));
    if (unpullable.isPresent()) {
      return unpullable.get();
    }
    Deadline deadline =
        new Deadline(
            status.since(Conditions.SUT_READY, "False").orElse(view.now()),
            view.spec().timeouts.sutStart());
    if (!deadline.passed(view.now())) {
      Result wait = deadline.waitFor(view.now());
      // a failed mount is only in Events, which wake no informer: look again soon
      boolean mounting =
          SecretMountCheck.applies(view.spec()) && !SecretMountCheck.waiting(sutPods).isEmpty();
      return mounting && wait.after().compareTo(SecretMountCheck.RECHECK) > 0
          ? Result.waitFor(SecretMountCheck.RECHECK)
          : wait;
    }
    var run = view.run();
    String why =
        !available(view.sut(), config)
            ? "the SUT (Deployment "
                + ResourceNames.sut(run)
                + ") was not available "
                + deadline.within()
                + ": "
                + diagnose(view.sut(), ResourceNames.sut(run), sutPods)
            : "the stub (Deployment "
                + ResourceNames.stub(run)
                + ") was not available "
                + deadline.within()
                + ": "
                + diagnose(view.stub(), ResourceNames.stub(run), stubPods);
    return Result.fail(Reason.SutStartTimedOut, why);
  }

  private static Optional<Result> imageRefused(List<Pod> pods, String field) {
    return PodDiagnosis.permanent(pods)
        .map(
            t ->
                Result.fail(
                    Reason.ImagePullFailed,
                    t.message() + "; fix " + field + " in a new BenchmarkRun"));
  }

  private static String diagnose(Deployment d, String name, List<Pod> pods) {
    return d == null
        ? "Deployment " + name + " does not exist; was it refused or deleted?"
        : PodDiagnosis.ofDeployment(d, pods);
  }

  private static String configOf(Deployment d) {
    if (d == null || d.getSpec().getTemplate().getMetadata().getAnnotations() == null) {
      return null;
    }
    return d.getSpec().getTemplate().getMetadata().getAnnotations().get(SutTier.CONFIG_ANNOTATION);
  }

  /**
   * Available in the wanted configuration: the controller has seen the latest spec, the one pod is
   * updated and ready, and (for the SUT) the template carries {@code config}.
   */
  static boolean available(Deployment d, String config) {
    if (d == null || d.getStatus() == null) {
      return false;
    }
    if (config != null) {
      Map<String, String> a = d.getSpec().getTemplate().getMetadata().getAnnotations();
      if (a == null || !config.equals(a.get(SutTier.CONFIG_ANNOTATION))) {
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
}
