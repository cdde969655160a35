package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.NameConflict;
import dev.vtbench.operator.resources.Ownership;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.function.Supplier;

/**
 * Before the run creates its tiers, every fixed name it will use is free or already the run's: the
 * seed, figures and first results ConfigMaps, the Cluster, the SUT's and stub's Deployments and
 * Services, and what CloudNativePG creates for the Cluster and the SUT uses (the {@code -rw}
 * Service it connects to), which must be the run's Cluster's. A conflict fails the run before
 * anything is created ({@link NameConflict}); results parts are checked again as they are read and
 * created, loads as they are created, and the credentials Secret, which the operator may create but
 * not read, by creating it ({@link DatabaseStep}).
 */
public final class NamesCheck implements Step {

  private final KubernetesClient client;

  public NamesCheck(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    if (createdAny(view)) {
      return Result.next(); // checked before the first was created; later ones by OwnedObjects
    }
    BenchmarkRunResource run = view.run();
    String ns = run.getMetadata().getNamespace();
    var configMaps = client.configMaps().inNamespace(ns);
    var services = client.services().inNamespace(ns);
    var deployments = client.apps().deployments().inNamespace(ns);
    var clusters = client.genericKubernetesResources(DatabaseTier.CNPG_API, "Cluster");
    // nine reads, issued together (Together): each name is checked on its own
    List<Supplier<HasMetadata>> reads =
        List.of(
            () -> configMaps.withName(ResourceNames.seed(run)).get(),
            () -> configMaps.withName(ResourceNames.figures(run)).get(),
            // the first results part: a taken name is known before anything is measured
            () -> configMaps.withName(ResourceNames.results(run, 1)).get(),
            () -> deployments.withName(ResourceNames.sut(run)).get(),
            () -> deployments.withName(ResourceNames.stub(run)).get(),
            () -> services.withName(ResourceNames.sut(run)).get(),
            () -> services.withName(ResourceNames.stub(run)).get(),
            () -> clusters.inNamespace(ns).withName(ResourceNames.database(run)).get(),
            () -> services.withName(ResourceNames.databaseService(run)).get());
    List<HasMetadata> found = Together.get(reads);
    found.subList(0, 8).forEach(o -> OwnedObjects.claim(run, o));
    HasMetadata cluster = found.get(7);
    String clusterUid = cluster == null ? null : cluster.getMetadata().getUid();
    ofCluster(run, clusterUid, found.get(8));
    return Result.next();
  }

  /**
   * Whether the run has created anything yet: its credentials Secret (recorded in status before any
   * other object), its Cluster, or its SUT or stub Deployment. This check ran and passed before
   * that; a name taken after it fails the run when the object is applied ({@link
   * OwnedObjects#apply}), so the nine reads are made once a run, not on every pass while the
   * database bootstraps.
   */
  static boolean createdAny(RunView view) {
    return view.run().getStatus() != null && view.run().getStatus().databaseSecret != null
        || view.database() != null
        || view.sut() != null
        || view.stub() != null;
  }

  /** Absent, or created by CloudNativePG for the run's own Cluster. */
  private static void ofCluster(BenchmarkRunResource run, String clusterUid, HasMetadata o) {
    if (o != null
        && !Ownership.controlledBy(o, "Cluster", ResourceNames.database(run), clusterUid)) {
      throw new NameConflict(run, o);
    }
  }
}
