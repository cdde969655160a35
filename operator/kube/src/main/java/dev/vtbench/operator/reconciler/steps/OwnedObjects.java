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
import dev.vtbench.operator.resources.NameConflict;
import dev.vtbench.operator.resources.Ownership;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.net.HttpURLConnection;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * The writes a run makes to what it owns: apply, start and delete loads, release everything. The
 * one place that writes a run's children, and it writes only the run's own ({@link Ownership}): an
 * object of the same name that is not the run's is never changed or deleted; applying over one
 * throws {@link NameConflict}, which fails the run.
 */
public final class OwnedObjects {

  private final KubernetesClient client;
  private final DeleteAsRead deletes;
  private final RunRelease release;

  public OwnedObjects(KubernetesClient client, Capabilities capabilities) {
    this.client = client;
    this.deletes = new DeleteAsRead(client);
    this.release = new RunRelease(client, capabilities, deletes);
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
    Together.run(
        List.of(
            () ->
                Together.run(
                    LoadKind.of(load).parts(client, run, name).stream()
                        .<Runnable>map(o -> () -> deletes.delete(o))
                        .toList()),
            () ->
                deleteOwned(
                    run,
                    client
                        .configMaps()
                        .inNamespace(run.getMetadata().getNamespace())
                        .withName(name)
                        .get())));
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

  /** Load objects other than {@code keep}: those of scenarios recorded before a restart. */
  void deleteLoadsExcept(RunView view, Set<String> keep) {
    for (HasMetadata l : view.loads()) {
      if (!keep.contains(l.getMetadata().getName())) {
        deleteLoad(view.run(), l);
      }
    }
  }

  /**
   * Deletes what the run created, its results ConfigMaps only if {@code deleteResults} ({@link
   * RunRelease}).
   *
   * @return whether all of it is gone (else a later pass deletes what is left)
   */
  public boolean release(BenchmarkRunResource run, boolean deleteResults) {
    return release.release(run, deleteResults);
  }

  /** Deletes {@code o} if it is the run's own, as it was read ({@link DeleteAsRead}). */
  private void deleteOwned(BenchmarkRunResource run, HasMetadata o) {
    if (o != null && Ownership.owns(run, o)) {
      deletes.delete(o);
    }
  }
}
