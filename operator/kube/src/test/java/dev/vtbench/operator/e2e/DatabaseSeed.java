package dev.vtbench.operator.e2e;

import dev.vtbench.operator.Checks;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** The run's CloudNativePG Cluster is Ready, and psql in its primary counts the seed's rows. */
final class DatabaseSeed {

  private static final String COUNTS =
      "select (select count(*) from customers), (select count(*) from orders),"
          + " (select customers || '/' || orders from vtbench_seed)";

  private final E2eContext e2e;

  DatabaseSeed(E2eContext e2e) {
    this.e2e = e2e;
  }

  void check(String run, long customers, long orders) {
    String cluster = ResourceNames.database(run);
    GenericKubernetesResource db =
        e2e.k8s
            .genericKubernetesResources("postgresql.cnpg.io/v1", "Cluster")
            .inNamespace(e2e.namespace())
            .withName(cluster)
            .get();
    e2e.checks.check(
        "True".equals(E2eContext.condition(db, "Ready", "status")),
        "CloudNativePG Cluster " + cluster + " is Ready");
    Pod primary = e2e.primary(cluster).orElse(null);
    String pod = primary == null ? "(no primary pod)" : primary.getMetadata().getName();
    String counts = primary == null ? "" : psql(pod);
    Checks.note("psql in " + pod + ": customers orders seed = " + counts);
    e2e.checks.check(
        counts.equals("%d %d %d/%d".formatted(customers, orders, customers, orders)),
        "database seeded: %d customers and %d orders (psql in %s)"
            .formatted(customers, orders, pod));
  }

  private String psql(String pod) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (ExecWatch exec =
        e2e.k8s
            .pods()
            .inNamespace(e2e.namespace())
            .withName(pod)
            .inContainer("postgres")
            .writingOutput(out)
            .writingError(err)
            .exec("psql", "-U", "postgres", "-d", "bench", "-tA", "-F", " ", "-c", COUNTS)) {
      exec.exitCode().get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      return "psql failed: " + e;
    }
    String text = out.toString(StandardCharsets.UTF_8).strip();
    return text.isEmpty() ? err.toString(StandardCharsets.UTF_8).strip() : text;
  }
}
