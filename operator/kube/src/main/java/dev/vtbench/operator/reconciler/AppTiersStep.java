package dev.vtbench.operator.reconciler;

import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.operator.reconciler.Conditions.Reason;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.StubTier;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.Map;
import java.util.Objects;

/**
 * The stub and the SUT available, the SUT in the next scenario's configuration: a new config rolls
 * the SUT's Deployment; an equal one keeps the running JVM.
 */
final class AppTiersStep implements Step {

  private final OwnedObjects owned;

  AppTiersStep(OwnedObjects owned) {
    this.owned = owned;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    if (view.nextLoad().isEmpty()) {
      return Result.next();
    }
    var run = view.run();
    Scenario next = view.nextLoad().get().scenario();
    String config = next.sut().key();
    status.status.scenario = next.id();
    if (view.stub() == null) {
      owned.apply(run, StubTier.deployment(run));
      owned.apply(run, StubTier.service(run));
    }
    if (!config.equals(configOf(view.sut()))) {
      owned.apply(run, SutTier.service(run));
      owned.apply(run, SutTier.deployment(run, next.sut()));
    }
    boolean stubUp = available(view.stub(), null);
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
              + next.hikariPool()
              + " (config "
              + config
              + "); waiting for Deployment "
              + ResourceNames.sut(run)
              + " to be available");
      status.set(Conditions.LOAD_RUNNING, "False", Reason.SutStarting, "waiting for the SUT");
      return Result.waitForChange();
    }
    status.set(
        Conditions.SUT_READY,
        "True",
        Reason.SutAvailable,
        "SUT runs config " + config + " for " + next.id());
    return Result.next();
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
