package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.load.TestRunLoad;
import dev.vtbench.operator.reconciler.observation.Capabilities;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.Ownership;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * What a run frees when it ends: the objects with the run's labels that are the run's own, each
 * deleted by name as it was read ({@link DeleteAsRead}), and the credentials Secret it recorded
 * creating. Explicit deletes, not only owner references: the cores are freed the moment a run ends,
 * and a cluster without a garbage collector running is still cleaned.
 *
 * <p>Each kind is listed and its objects deleted on its own, all kinds at once ({@link Together}):
 * no delete waits for another kind's list. Only what the run's own objects control (k6-operator's
 * runner Jobs, which carry the run's labels and belong to its TestRun) waits for every list: the
 * garbage collector would delete them with the TestRun; without one running they go here.
 */
final class RunRelease {

  private final KubernetesClient client;
  private final Capabilities capabilities;
  private final DeleteAsRead deletes;

  RunRelease(KubernetesClient client, Capabilities capabilities, DeleteAsRead deletes) {
    this.client = client;
    this.capabilities = capabilities;
    this.deletes = deletes;
  }

  /**
   * Deletes what the run created, its results ConfigMaps only if {@code deleteResults}.
   *
   * @return whether all of it is gone: false if an object, changed by another controller at every
   *     attempt ({@link DeleteAsRead}), is still there for a later pass
   */
  boolean release(BenchmarkRunResource run, boolean deleteResults) {
    Set<String> ownedUids = ConcurrentHashMap.newKeySet();
    List<HasMetadata> controlledByOthers = Collections.synchronizedList(new ArrayList<>());
    AtomicBoolean all = new AtomicBoolean(true);
    List<Runnable> kinds = new ArrayList<>();
    for (Supplier<List<? extends HasMetadata>> list : lists(run, deleteResults)) {
      kinds.add(
          () -> {
            List<Runnable> own = new ArrayList<>();
            for (HasMetadata o : list.get()) {
              if (Ownership.owns(run, o)) {
                ownedUids.add(o.getMetadata().getUid());
                own.add(() -> deleted(o, all));
              } else if (Ownership.controllerUid(o) != null) {
                controlledByOthers.add(o);
              }
            }
            Together.run(own);
          });
    }
    kinds.add(() -> deleteCredentials(run));
    Together.run(kinds);
    Together.run(
        controlledByOthers.stream()
            .filter(o -> ownedUids.contains(Ownership.controllerUid(o)))
            .<Runnable>map(o -> () -> deleted(o, all))
            .toList());
    return all.get();
  }

  private void deleted(HasMetadata o, AtomicBoolean all) {
    if (!deletes.delete(o)) {
      all.set(false);
    }
  }

  /** The lists of the run's labelled objects, a kind each, of the kinds this cluster serves. */
  private List<Supplier<List<? extends HasMetadata>>> lists(
      BenchmarkRunResource run, boolean deleteResults) {
    String ns = run.getMetadata().getNamespace();
    String selector = Labels.ofRun(run.getMetadata().getName());
    String configMaps = deleteResults ? selector : selector + "," + Labels.COMPONENT + "!=results";
    List<Supplier<List<? extends HasMetadata>>> lists = new ArrayList<>();
    lists.add(
        () ->
            client
                .apps()
                .deployments()
                .inNamespace(ns)
                .withLabelSelector(selector)
                .list()
                .getItems());
    lists.add(
        () -> client.services().inNamespace(ns).withLabelSelector(selector).list().getItems());
    lists.add(
        () ->
            client
                .batch()
                .v1()
                .jobs()
                .inNamespace(ns)
                .withLabelSelector(selector)
                .list()
                .getItems());
    lists.add(
        () ->
            client
                .network()
                .v1()
                .networkPolicies()
                .inNamespace(ns)
                .withLabelSelector(selector)
                .list()
                .getItems());
    if (capabilities.k6Operator()) {
      lists.add(() -> generic(TestRunLoad.API, TestRunLoad.KIND, ns, selector));
    }
    if (capabilities.cnpg()) {
      lists.add(() -> generic(DatabaseTier.CNPG_API, "Cluster", ns, selector));
    }
    lists.add(
        () -> client.configMaps().inNamespace(ns).withLabelSelector(configMaps).list().getItems());
    return lists;
  }

  private List<? extends HasMetadata> generic(
      String apiVersion, String kind, String ns, String selector) {
    return client
        .genericKubernetesResources(apiVersion, kind)
        .inNamespace(ns)
        .withLabelSelector(selector)
        .list()
        .getItems();
  }

  /**
   * The credentials Secret the run recorded creating, by name with a precondition on the
   * resourceVersion its create returned: the API server deletes that object, unchanged since, and
   * refuses any other of that name (which is left alone, as is a changed one: the garbage collector
   * takes the run's own with the run). Never read ({@link DeleteAsRead#deleteUnread}).
   */
  private void deleteCredentials(BenchmarkRunResource run) {
    BenchmarkRunStatus.CreatedSecret recorded =
        run.getStatus() == null ? null : run.getStatus().databaseSecret;
    if (recorded == null || recorded.resourceVersion == null) {
      return;
    }
    deletes.deleteUnread(
        new SecretBuilder()
            .withNewMetadata()
            .withName(ResourceNames.databaseAppSecret(run))
            .withNamespace(run.getMetadata().getNamespace())
            .withResourceVersion(recorded.resourceVersion)
            .endMetadata()
            .build());
  }
}
