package dev.vtbench.operator.e2e;

import dev.vtbench.operator.Checks;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Deleting a run removes every object it made, and everything k6-operator and CloudNativePG made
 * for it, but keeps its results ConfigMaps, the CSV in them unchanged, and leaves the user's own
 * objects the run read (a ConfigMap of SQL) exactly as they were: the operator never deletes or
 * changes what it does not own.
 */
final class DeleteChecks {

  private static final Duration WAIT = Duration.ofSeconds(180);

  /** What may stay in the namespace: its own defaults and the kept results. */
  private static final Pattern KEPT =
      Pattern.compile(
          "ConfigMap/(kube-root-ca\\.crt|.*-results(-[0-9]+)?|.*-figures)|ServiceAccount/default");

  /** Every kind a run (or a controller working for it) creates, by apiVersion and kind. */
  private static final List<List<String>> KINDS =
      List.of(
          List.of("v1", "Pod"),
          List.of("apps/v1", "Deployment"),
          List.of("apps/v1", "ReplicaSet"),
          List.of("apps/v1", "StatefulSet"),
          List.of("batch/v1", "Job"),
          List.of("v1", "Service"),
          List.of("v1", "PersistentVolumeClaim"),
          List.of("policy/v1", "PodDisruptionBudget"),
          List.of("rbac.authorization.k8s.io/v1", "Role"),
          List.of("rbac.authorization.k8s.io/v1", "RoleBinding"),
          List.of("networking.k8s.io/v1", "NetworkPolicy"),
          List.of("k6.io/v1alpha1", "TestRun"),
          List.of("postgresql.cnpg.io/v1", "Cluster"),
          List.of("v1", "ConfigMap"),
          List.of("v1", "Secret"),
          List.of("v1", "ServiceAccount"));

  private final E2eContext e2e;
  private final List<HasMetadata> usersOwn;

  DeleteChecks(E2eContext e2e) {
    this(e2e, List.of());
  }

  /**
   * @param usersOwn the user's objects in the namespace as they were before the run was applied
   */
  DeleteChecks(E2eContext e2e, List<HasMetadata> usersOwn) {
    this.e2e = e2e;
    this.usersOwn = usersOwn;
  }

  /** Deletes the run; with {@code csv} (the CSV before the delete) also checks what it kept. */
  void deleteAndCheck(String name, String csv) {
    Checks c = e2e.checks;
    // As kubectl delete does: the delete, then a wait until the finalizer let the run go.
    e2e.run(name).delete();
    long gone = System.nanoTime() + WAIT.toNanos();
    while (e2e.run(name).get() != null && System.nanoTime() < gone) {
      E2eContext.sleep(Duration.ofSeconds(2));
    }
    if (e2e.run(name).get() != null) {
      c.fail(
          "kubectl delete benchmarkrun " + name + " did not finish in " + WAIT.toSeconds() + " s");
    }
    long end = System.nanoTime() + WAIT.toNanos();
    List<String> left = leftovers();
    while (!left.isEmpty() && System.nanoTime() < end) {
      E2eContext.sleep(Duration.ofSeconds(3));
      left = leftovers();
    }
    c.check(
        left.isEmpty(),
        "deleting "
            + name
            + " left no orphans in "
            + e2e.namespace()
            + (left.isEmpty() ? "" : ": " + String.join(" ", left)));
    usersOwn.forEach(this::checkUntouched);
    if (csv == null) {
      return;
    }
    ConfigMap results =
        e2e.k8s
            .configMaps()
            .inNamespace(e2e.namespace())
            .withName(ResourceNames.results(name, 1))
            .get();
    c.check(
        results != null, "deleting " + name + " kept ConfigMap " + ResourceNames.results(name, 1));
    String kept = results == null ? null : results.getData().get("matrix.csv");
    if (kept != null) {
      e2e.write(name + "-matrix-kept.csv", kept);
    }
    c.check(csv.equals(kept), "the kept CSV is the run's CSV, byte for byte");
    if (e2e.k8s
            .configMaps()
            .inNamespace(e2e.namespace())
            .withName(ResourceNames.figures(name))
            .get()
        != null) {
      Checks.note("deleting " + name + " kept ConfigMap " + ResourceNames.figures(name));
    }
  }

  /** The same object (uid) at the same resourceVersion: not deleted, not written to at all. */
  private void checkUntouched(HasMetadata before) {
    String what = before.getKind() + "/" + before.getMetadata().getName();
    GenericKubernetesResource now =
        e2e.k8s
            .genericKubernetesResources(before.getApiVersion(), before.getKind())
            .inNamespace(e2e.namespace())
            .withName(before.getMetadata().getName())
            .get();
    boolean same =
        now != null
            && before.getMetadata().getUid().equals(now.getMetadata().getUid())
            && before
                .getMetadata()
                .getResourceVersion()
                .equals(now.getMetadata().getResourceVersion());
    e2e.checks.check(
        same,
        "the user's "
            + what
            + " is untouched after the run and its deletion"
            + (now == null
                ? ": it is gone"
                : " (uid and resourceVersion "
                    + now.getMetadata().getResourceVersion()
                    + (same ? "" : " instead of " + before.getMetadata().getResourceVersion())
                    + ")"));
  }

  private boolean usersOwn(String kindAndName) {
    return usersOwn.stream()
        .anyMatch(o -> kindAndName.equals(o.getKind() + "/" + o.getMetadata().getName()));
  }

  private List<String> leftovers() {
    List<String> left = new ArrayList<>();
    for (List<String> kind : KINDS) {
      e2e
          .k8s
          .genericKubernetesResources(kind.get(0), kind.get(1))
          .inNamespace(e2e.namespace())
          .list()
          .getItems()
          .stream()
          // The chart's own objects in a watched namespace (its Role and RoleBinding) are the
          // operator's install, not the run's: Helm labels them. CloudNativePG's own copy of its
          // default monitoring queries (ConfigMap cnpg-default-monitoring) is made for the
          // namespace, whenever its operator first reconciles a Cluster there, shared by every
          // Cluster and owned by none: not the run's either.
          .filter(o -> !fromTheChart(o) && !cloudNativePgsOwn(o))
          .map(o -> kind.get(1) + "/" + o.getMetadata().getName())
          .filter(o -> !KEPT.matcher(o).matches())
          .filter(o -> !usersOwn(o))
          .forEach(left::add);
    }
    return left;
  }

  private static boolean cloudNativePgsOwn(HasMetadata o) {
    var labels = o.getMetadata().getLabels();
    return labels != null
        && "cloudnative-pg".equals(labels.get("app.kubernetes.io/managed-by"))
        && (o.getMetadata().getOwnerReferences() == null
            || o.getMetadata().getOwnerReferences().isEmpty());
  }

  private static boolean fromTheChart(io.fabric8.kubernetes.api.model.HasMetadata o) {
    var labels = o.getMetadata().getLabels();
    return labels != null && "Helm".equals(labels.get("app.kubernetes.io/managed-by"));
  }
}
