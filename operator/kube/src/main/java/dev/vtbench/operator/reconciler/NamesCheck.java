package dev.vtbench.operator.reconciler;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.NameConflict;
import dev.vtbench.operator.resources.Ownership;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * Before the run creates its tiers, every fixed name it will use is free or already the run's: the
 * seed and figures ConfigMaps, the Cluster, the SUT's and stub's Deployments and Services, and what
 * CloudNativePG creates for the Cluster and the SUT uses (the {@code -app} Secret it mounts, the
 * {@code -rw} Service it connects to), which must be the run's Cluster's. CloudNativePG would not
 * replace an existing Secret; the SUT would mount someone else's. A conflict fails the run before
 * anything is created ({@link NameConflict}); results parts are checked as they are read, loads as
 * they are created.
 */
final class NamesCheck implements Step {

  private final KubernetesClient client;

  NamesCheck(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    if (view.database() != null && view.sut() != null && view.stub() != null) {
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
    ofCluster(run, clusterUid, appSecret(run));
    ofCluster(run, clusterUid, services.withName(ResourceNames.databaseService(run)).get());
    return Result.next();
  }

  /**
   * CloudNativePG's {@code -app} Secret, or null when absent or when the operator may not read
   * Secrets: the chart grants no verb on Secrets at all (the kubelet mounts the credentials, the
   * operator never reads them), so with the chart's RBAC a foreign Secret of that name is not
   * detected here; docs/cluster.md says so and what guards it instead.
   */
  private HasMetadata appSecret(BenchmarkRunResource run) {
    try {
      return client
          .secrets()
          .inNamespace(run.getMetadata().getNamespace())
          .withName(ResourceNames.databaseAppSecret(run))
          .get();
    } catch (KubernetesClientException e) {
      if (e.getCode() == 403) {
        return null;
      }
      throw e;
    }
  }

  /** Absent, or created by CloudNativePG for the run's own Cluster. */
  private static void ofCluster(BenchmarkRunResource run, String clusterUid, HasMetadata o) {
    if (o != null
        && !Ownership.controlledBy(o, "Cluster", ResourceNames.database(run), clusterUid)) {
      throw new NameConflict(run, o);
    }
  }
}
