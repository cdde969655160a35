package dev.vtbench.operator.reconciler;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.NameConflict;
import dev.vtbench.operator.resources.Ownership;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * Before the run creates its tiers, every fixed name it will use is free or already the run's: the
 * seed and figures ConfigMaps, the Cluster, the SUT's and stub's Deployments and Services, and what
 * CloudNativePG creates for the Cluster and the SUT uses (the {@code -rw} Service it connects to),
 * which must be the run's Cluster's. A conflict fails the run before anything is created ({@link
 * NameConflict}); results parts are checked as they are read, loads as they are created, and the
 * credentials Secret, which the operator may create but not read, by creating it ({@link
 * DatabaseStep}).
 */
final class NamesCheck implements Step {

  private final KubernetesClient client;

  NamesCheck(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    if ((view.database() != null || !view.spec().database.provisioned())
        && view.sut() != null
        && (view.stub() != null || !view.usesStub())) {
      return Result.next(); // all created, and so checked, already
    }
    BenchmarkRunResource run = view.run();
    String ns = run.getMetadata().getNamespace();
    var configMaps = client.configMaps().inNamespace(ns);
    var services = client.services().inNamespace(ns);
    var deployments = client.apps().deployments().inNamespace(ns);
    OwnedObjects.claim(run, configMaps.withName(ResourceNames.seed(run)).get());
    OwnedObjects.claim(run, configMaps.withName(ResourceNames.figures(run)).get());
    OwnedObjects.claim(run, deployments.withName(ResourceNames.sut(run)).get());
    OwnedObjects.claim(run, deployments.withName(ResourceNames.stub(run)).get());
    OwnedObjects.claim(run, services.withName(ResourceNames.sut(run)).get());
    OwnedObjects.claim(run, services.withName(ResourceNames.stub(run)).get());
    HasMetadata cluster =
        client
            .genericKubernetesResources(DatabaseTier.CNPG_API, "Cluster")
            .inNamespace(ns)
            .withName(ResourceNames.database(run))
            .get();
    OwnedObjects.claim(run, cluster);
    String clusterUid = cluster == null ? null : cluster.getMetadata().getUid();
    ofCluster(run, clusterUid, services.withName(ResourceNames.databaseService(run)).get());
    return Result.next();
  }

  /** Absent, or created by CloudNativePG for the run's own Cluster. */
  private static void ofCluster(BenchmarkRunResource run, String clusterUid, HasMetadata o) {
    if (o != null
        && !Ownership.controlledBy(o, "Cluster", ResourceNames.database(run), clusterUid)) {
      throw new NameConflict(run, o);
    }
  }
}
