package dev.vtbench.operator.reconciler;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.LoadTier;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Set;

/** The writes a run makes to what it owns: apply, start and delete loads, release everything. */
final class OwnedObjects {

  private final KubernetesClient client;
  private final Capabilities capabilities;

  OwnedObjects(KubernetesClient client, Capabilities capabilities) {
    this.client = client;
    this.capabilities = capabilities;
  }

  void apply(HasMetadata desired) {
    client.resource(desired).fieldManager(Events.COMPONENT).forceConflicts().serverSideApply();
  }

  /** The k6 script's ConfigMap, then the TestRun or Job that runs it. */
  void startLoad(
      BenchmarkRunResource run, String runner, String name, String scenarioId, String script) {
    apply(LoadTier.script(run, name, script));
    apply(
        runner.equals("testrun")
            ? LoadTier.testRun(run, name, scenarioId)
            : LoadTier.job(run, name, scenarioId));
  }

  void deleteLoad(BenchmarkRunResource run, String runner, String name) {
    String ns = run.getMetadata().getNamespace();
    if (runner.equals("testrun")) {
      client
          .genericKubernetesResources(LoadTier.K6_API, "TestRun")
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
          .withPropagationPolicy(DeletionPropagation.BACKGROUND)
          .delete();
    }
    client.configMaps().inNamespace(ns).withName(name).delete();
  }

  /** Load objects other than {@code keep}: those of scenarios recorded before a restart. */
  void deleteLoadsExcept(RunView view, Set<String> keep) {
    for (HasMetadata l : view.loads()) {
      if (!keep.contains(l.getMetadata().getName())) {
        deleteLoad(view.run(), l instanceof Job ? "job" : "testrun", l.getMetadata().getName());
      }
    }
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
    client.network().v1().networkPolicies().inNamespace(ns).withLabelSelector(selector).delete();
    client
        .batch()
        .v1()
        .jobs()
        .inNamespace(ns)
        .withLabelSelector(selector)
        .withPropagationPolicy(DeletionPropagation.BACKGROUND)
        .delete();
    if (capabilities.k6Operator()) {
      client
          .genericKubernetesResources(LoadTier.K6_API, "TestRun")
          .inNamespace(ns)
          .withLabelSelector(selector)
          .delete();
    }
    if (capabilities.cnpg()) {
      client
          .genericKubernetesResources(DatabaseTier.CNPG_API, "Cluster")
          .inNamespace(ns)
          .withLabelSelector(selector)
          .delete();
    }
    String configMaps = deleteResults ? selector : selector + "," + Labels.COMPONENT + "!=results";
    client.configMaps().inNamespace(ns).withLabelSelector(configMaps).delete();
  }
}
