package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.load.LoadKind;
import dev.vtbench.operator.load.LoadRequest;
import dev.vtbench.operator.load.TestRunLoad;
import dev.vtbench.operator.load.TestRunNudge;
import dev.vtbench.operator.reconciler.observation.Capabilities;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Events;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.NameConflict;
import dev.vtbench.operator.resources.Ownership;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.net.HttpURLConnection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The writes a run makes to what it owns: apply, start and delete loads, release everything. The
 * one place that writes a run's children, and it writes only the run's own ({@link Ownership}): an
 * object of the same name that is not the run's is never changed or deleted; applying over one
 * throws {@link NameConflict}, which fails the run.
 */
public final class OwnedObjects {

  private final KubernetesClient client;
  private final Capabilities capabilities;

  public OwnedObjects(KubernetesClient client, Capabilities capabilities) {
    this.client = client;
    this.capabilities = capabilities;
  }

  /**
   * Creates {@code desired}, or server-side applies it over the run's own object of that name. The
   * create comes first and is atomic (it fails if the name is taken, whoever took it); only then is
   * the object read, checked to be the run's, and applied with the resourceVersion read, so the
   * apply fails if the object changed hands since. Most applies create: one request, not a read and
   * a create (docs/operator-bench.md).
   *
   * @throws NameConflict if an object of that name exists and is not the run's
   */
  void apply(BenchmarkRunResource run, HasMetadata desired) {
    HasMetadata existing;
    try {
      client.resource(desired).create();
      return;
    } catch (KubernetesClientException e) {
      existing =
          e.getCode() == HttpURLConnection.HTTP_CONFLICT ? client.resource(desired).get() : null;
      if (existing == null) {
        throw e;
      }
    }
    claim(run, existing);
    desired.getMetadata().setResourceVersion(existing.getMetadata().getResourceVersion());
    client.resource(desired).fieldManager(Events.COMPONENT).forceConflicts().serverSideApply();
  }

  /**
   * Creates {@code desired}, of a kind the operator may create but not read (the credentials
   * Secret): the create is the only check there is. A name taken (409 Conflict) is someone else's
   * as far as this run knows; the run records what it created (in status) and never creates the
   * same name twice. The object is not read back, and a refused create's message carries no data of
   * it.
   *
   * @return the UID and resourceVersion of the object created
   * @throws NameConflict if an object of that name exists
   */
  BenchmarkRunStatus.CreatedSecret createUnread(BenchmarkRunResource run, HasMetadata desired) {
    try {
      var created = client.resource(desired).create().getMetadata();
      var recorded = new BenchmarkRunStatus.CreatedSecret();
      recorded.uid = created.getUid();
      recorded.resourceVersion = created.getResourceVersion();
      return recorded;
    } catch (KubernetesClientException e) {
      if (e.getCode() == HttpURLConnection.HTTP_CONFLICT) {
        throw NameConflict.unread(run, desired.getKind(), desired.getMetadata().getName());
      }
      throw e;
    }
  }

  /**
   * Throws {@link NameConflict} unless {@code existing} is null or the run's own. For a name the
   * run is about to use: checked before anything is created.
   */
  static void claim(BenchmarkRunResource run, HasMetadata existing) {
    if (existing != null && !Ownership.owns(run, existing)) {
      throw new NameConflict(run, existing);
    }
  }

  /** The script's ConfigMap, then the TestRun or Job of {@code kind} that runs it. */
  void startLoad(BenchmarkRunResource run, LoadKind kind, LoadRequest request) {
    apply(run, request.script().configMap(run, request.name()));
    apply(run, kind.object(run, request));
  }

  /** The load object {@code load}, what it controls ({@link LoadKind#parts}), and its script. */
  void deleteLoad(BenchmarkRunResource run, HasMetadata load) {
    String name = load.getMetadata().getName();
    LoadKind.of(load).parts(client, run, name).forEach(this::delete);
    deleteOwned(
        run,
        client.configMaps().inNamespace(run.getMetadata().getNamespace()).withName(name).get());
  }

  /**
   * Annotates the run's TestRun {@code testRun} with the time {@code now} ({@link TestRunNudge}),
   * so that k6-operator reconciles it at once. A TestRun that is not the run's is left as it is,
   * and so is one of the same name created since it was read (the patch carries its UID).
   */
  void nudge(BenchmarkRunResource run, HasMetadata testRun, Instant now) {
    if (!Ownership.owns(run, testRun)) {
      return;
    }
    client
        .genericKubernetesResources(TestRunLoad.API, TestRunLoad.KIND)
        .inNamespace(testRun.getMetadata().getNamespace())
        .withName(testRun.getMetadata().getName())
        .patch(PatchContext.of(PatchType.JSON_MERGE), TestRunNudge.patch(testRun, now));
  }

  /** Everything vtbench labelled as the run's: a candidate, to be checked for ownership. */
  private static String selector(BenchmarkRunResource run) {
    return Labels.RUN + "=" + run.getMetadata().getName() + "," + Labels.SELECTOR;
  }

  /** Load objects other than {@code keep}: those of scenarios recorded before a restart. */
  void deleteLoadsExcept(RunView view, Set<String> keep) {
    for (HasMetadata l : view.loads()) {
      if (!keep.contains(l.getMetadata().getName())) {
        deleteLoad(view.run(), l);
      }
    }
  }

  /**
   * Deletes what the run created, except results ConfigMaps unless {@code results} is true: the
   * objects with the run's labels that are the run's own, each by name, and the credentials Secret
   * it recorded creating. Explicit deletes, not only owner references: the cores are freed the
   * moment a run ends, and a cluster without a garbage collector running is still cleaned.
   */
  public void release(BenchmarkRunResource run, boolean deleteResults) {
    String ns = run.getMetadata().getNamespace();
    String selector = selector(run);
    List<HasMetadata> labelled = new ArrayList<>();
    labelled.addAll(
        client.apps().deployments().inNamespace(ns).withLabelSelector(selector).list().getItems());
    labelled.addAll(
        client.services().inNamespace(ns).withLabelSelector(selector).list().getItems());
    labelled.addAll(
        client.batch().v1().jobs().inNamespace(ns).withLabelSelector(selector).list().getItems());
    labelled.addAll(
        client
            .network()
            .v1()
            .networkPolicies()
            .inNamespace(ns)
            .withLabelSelector(selector)
            .list()
            .getItems());
    if (capabilities.k6Operator()) {
      labelled.addAll(
          client
              .genericKubernetesResources(TestRunLoad.API, TestRunLoad.KIND)
              .inNamespace(ns)
              .withLabelSelector(selector)
              .list()
              .getItems());
    }
    if (capabilities.cnpg()) {
      labelled.addAll(
          client
              .genericKubernetesResources(DatabaseTier.CNPG_API, "Cluster")
              .inNamespace(ns)
              .withLabelSelector(selector)
              .list()
              .getItems());
    }
    String configMaps = deleteResults ? selector : selector + "," + Labels.COMPONENT + "!=results";
    labelled.addAll(
        client.configMaps().inNamespace(ns).withLabelSelector(configMaps).list().getItems());
    // k6-operator's runner Jobs carry the run's labels and belong to the run's TestRun: the
    // garbage collector would delete them with it; without one running they go here.
    Set<String> ownedUids =
        labelled.stream()
            .filter(o -> Ownership.owns(run, o))
            .map(o -> o.getMetadata().getUid())
            .collect(Collectors.toSet());
    for (HasMetadata o : labelled) {
      if (Ownership.owns(run, o) || ownedUids.contains(Ownership.controllerUid(o))) {
        delete(o);
      }
    }
    deleteCredentials(run);
  }

  /**
   * The credentials Secret the run recorded creating, by name with a precondition on the
   * resourceVersion its create returned: the API server deletes that object, unchanged since, and
   * refuses any other of that name (which is left alone, as is a changed one: the garbage collector
   * takes the run's own with the run). Never read.
   */
  private void deleteCredentials(BenchmarkRunResource run) {
    BenchmarkRunStatus.CreatedSecret recorded =
        run.getStatus() == null ? null : run.getStatus().databaseSecret;
    if (recorded == null || recorded.resourceVersion == null) {
      return;
    }
    delete(
        new SecretBuilder()
            .withNewMetadata()
            .withName(ResourceNames.databaseAppSecret(run))
            .withNamespace(run.getMetadata().getNamespace())
            .withResourceVersion(recorded.resourceVersion)
            .endMetadata()
            .build());
  }

  /** Deletes {@code o} if it is the run's own. */
  private void deleteOwned(BenchmarkRunResource run, HasMetadata o) {
    if (o != null && Ownership.owns(run, o)) {
      delete(o);
    }
  }

  /**
   * Deletes {@code o} with a precondition on the resourceVersion read: an object replaced or
   * changed hands since is left alone (and looked at again by the next pass). Another controller's
   * status write (k6-operator marking a TestRun finished the moment the operator records it) also
   * moves the resourceVersion: the same object, still under the same controller, is read again and
   * deleted, a few times at most, since the next pass may not come back to it before it waits on
   * something else. Background propagation, so a Job's pods go with it.
   */
  private void delete(HasMetadata o) {
    HasMetadata current = o;
    for (int attempt = 0; attempt < 3 && current != null; attempt++) {
      try {
        if (client.resource(current).withPropagationPolicy(DeletionPropagation.BACKGROUND)
            instanceof Resource<?> r) {
          r.lockResourceVersion(current.getMetadata().getResourceVersion()).delete();
          return;
        }
        throw new IllegalStateException("fabric8 cannot delete with a precondition here");
      } catch (KubernetesClientException e) {
        if (e.getCode() == HttpURLConnection.HTTP_NOT_FOUND) {
          return;
        }
        if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
          throw e;
        }
        current = sameObjectAgain(o, client.resource(current).get());
      }
    }
  }

  /** {@code fresh} if it is still {@code o}: the same UID under the same controller. */
  private static HasMetadata sameObjectAgain(HasMetadata o, HasMetadata fresh) {
    return fresh != null
            && fresh.getMetadata().getUid().equals(o.getMetadata().getUid())
            && java.util.Objects.equals(Ownership.controllerUid(fresh), Ownership.controllerUid(o))
        ? fresh
        : null;
  }
}
