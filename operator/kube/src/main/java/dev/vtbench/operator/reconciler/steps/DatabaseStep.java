package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.ExternalDatabaseSpec;
import dev.vtbench.engine.model.spec.SeedSpec;
import dev.vtbench.engine.model.spec.SqlSpec;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.status.Conditions;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.EventReason;
import dev.vtbench.operator.reconciler.status.Events;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.resources.DatabaseCredentials;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.NetworkPolicyTier;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The run's database credentials Secret, then the CloudNativePG Cluster, bootstrapped with those
 * credentials and seeded through its seed ConfigMap, Ready; waited for until
 * spec.timeouts.database, then the run fails with what CloudNativePG reports. Neither without a
 * database (spec.database.enabled false) nor for the user's own one (spec.database.external).
 */
public final class DatabaseStep implements Step {

  /** After the credentials Secret, the next pass: once status, which records it, is written. */
  private static final Duration CREDENTIALS_RECORDED = Duration.ofMillis(200);

  private final OwnedObjects owned;
  private final Events events;

  public DatabaseStep(OwnedObjects owned, Events events) {
    this.owned = owned;
    this.events = events;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    var run = view.run();
    if (!view.spec().database.enabled) {
      // A user's service without a database: no credentials, no Cluster; the policies still come
      // before the run's first pod.
      applyPolicies(run);
      status.set(
          Conditions.DATABASE_READY,
          "True",
          Reason.DatabaseDisabled,
          "spec.database.enabled is false: the service runs without a database");
      return Result.next();
    }
    ExternalDatabaseSpec external = view.spec().database.external;
    if (external != null) {
      // The user's own database: nothing to create, seed or wait for. The SUT's pod mounts the
      // user's Secret (the kubelet reads it, the operator cannot); a missing Secret or key shows
      // as the pod's mount failure (SecretMountCheck).
      applyPolicies(run);
      status.set(
          Conditions.DATABASE_READY,
          "True",
          Reason.DatabaseExternal,
          "spec.database.external: the service connects to its own database with the url,"
              + " username and password of Secret "
              + external.secret
              + "; vtbench creates, seeds and measures no database");
      return Result.next();
    }
    if (view.database() == null && status.status.databaseSecret == null) {
      // First of all, the one name the operator cannot look up (it may create Secrets, not read
      // them): created, or taken and the run fails. What was created goes into status before
      // anything else happens, so no later pass takes the run's own Secret for someone else's.
      status.status.databaseSecret =
          owned.createUnread(
              run, DatabaseCredentials.secret(run, DatabaseCredentials.newPassword()));
      return Result.waitFor(CREDENTIALS_RECORDED);
    }
    if (view.database() == null) {
      // Before the run's first pod: who may talk to whom (load -> SUT -> stub and database); with
      // them the seed the Cluster's bootstrap reads, then the Cluster.
      List<Runnable> first = new ArrayList<>(policies(run));
      first.add(() -> owned.apply(run, DatabaseTier.seed(run)));
      Together.run(first);
      owned.apply(run, DatabaseTier.cluster(run));
    }
    String cluster = ResourceNames.database(run);
    if (!ready(view.database())) {
      status.set(
          Conditions.DATABASE_READY,
          "False",
          Reason.DatabaseProvisioning,
          "waiting for CloudNativePG Cluster "
              + cluster
              + " to bootstrap and "
              + seeding(view.spec())
              + phase(view.database()));
      Deadline deadline =
          new Deadline(
              status.since(Conditions.DATABASE_READY, "False").orElse(view.now()),
              view.spec().timeouts.database());
      if (deadline.passed(view.now())) {
        return Result.fail(
            Reason.DatabaseTimedOut,
            "CloudNativePG Cluster "
                + cluster
                + " did not become Ready "
                + deadline.within()
                + ": "
                + state(view.database())
                + "; see kubectl describe cluster "
                + cluster
                + " and its pods (kubectl get pods -l cnpg.io/cluster="
                + cluster
                + ")");
      }
      return deadline.waitFor(view.now());
    }
    if (!status.isTrue(Conditions.DATABASE_READY)) {
      events.normal(run, EventReason.DatabaseReady, "Cluster " + cluster);
    }
    status.set(
        Conditions.DATABASE_READY,
        "True",
        Reason.DatabaseBootstrapped,
        "CloudNativePG Cluster " + cluster + " is Ready and seeded");
    return Result.next();
  }

  private void applyPolicies(BenchmarkRunResource run) {
    Together.run(policies(run));
  }

  private List<Runnable> policies(BenchmarkRunResource run) {
    return NetworkPolicyTier.policies(run).stream()
        .<Runnable>map(p -> () -> owned.apply(run, p))
        .toList();
  }

  /** What the bootstrap puts into the database, for the condition's message. */
  private static String seeding(BenchmarkRunSpec spec) {
    if (spec.sut.service == null) {
      SeedSpec seed = spec.database.seed;
      return "seed " + seed.customers + " customers and " + seed.orders + " orders";
    }
    SqlSpec sql = spec.database.sql;
    return sql == null
        ? "hand the empty database to the service"
        : "run " + String.join(", ", sql.keys()) + " from ConfigMap " + sql.configMap;
  }

  static boolean ready(GenericKubernetesResource cluster) {
    if (cluster == null
        || !(cluster.getAdditionalProperties().get("status") instanceof Map<?, ?> s)) {
      return false;
    }
    if (!(s.get("conditions") instanceof List<?> conditions)) {
      return false;
    }
    return conditions.stream()
        .anyMatch(
            c ->
                c instanceof Map<?, ?> m
                    && "Ready".equals(m.get("type"))
                    && "True".equals(m.get("status")));
  }

  /** What CloudNativePG says of the Cluster: its phase, phaseReason and Ready condition. */
  static String state(GenericKubernetesResource cluster) {
    if (cluster == null
        || !(cluster.getAdditionalProperties().get("status") instanceof Map<?, ?> s)) {
      return "the Cluster has no status: is the CloudNativePG operator running?";
    }
    StringBuilder b = new StringBuilder("phase '").append(s.get("phase")).append("'");
    if (s.get("phaseReason") != null) {
      b.append(" (").append(s.get("phaseReason")).append(")");
    }
    if (s.get("conditions") instanceof List<?> conditions) {
      conditions.stream()
          .filter(c -> c instanceof Map<?, ?> m && "Ready".equals(m.get("type")))
          .map(c -> (Map<?, ?>) c)
          .findFirst()
          .ifPresent(
              m ->
                  b.append(", Ready=")
                      .append(m.get("status"))
                      .append(m.get("message") == null ? "" : ": " + m.get("message")));
    }
    return b.toString();
  }

  private static String phase(GenericKubernetesResource cluster) {
    if (cluster != null && cluster.getAdditionalProperties().get("status") instanceof Map<?, ?> s) {
      Object phase = s.get("phase");
      return phase == null ? "" : " (CloudNativePG: " + phase + ")";
    }
    return "";
  }
}
