package dev.vtbench.operator.chart;

import dev.vtbench.operator.Checks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Least privilege, as rendered: the chart grants exactly the rules below (one ClusterRole, or a
 * Role per watched namespace), only create and delete on Secrets (never read), no '*', leases only
 * in the release's namespace for leader election, and every rule carries its reason as a comment
 * line above it. ChartIT then asks the real API server what the ServiceAccount may do.
 */
class ChartRbacRulesIT {

  /** What the operator may do, per "apiGroup resource": the chart must grant exactly this. */
  static final Map<String, Set<String>> EXPECTED =
      Map.ofEntries(
          Map.entry("vtbench.dev benchmarkruns", Set.of("get", "list", "watch", "patch", "update")),
          Map.entry("vtbench.dev benchmarkruns/status", Set.of("get", "patch", "update")),
          Map.entry("vtbench.dev benchmarkruns/finalizers", Set.of("update")),
          Map.entry(
              " configmaps",
              Set.of(
                  "get",
                  "list",
                  "watch",
                  "create",
                  "update",
                  "patch",
                  "delete",
                  "deletecollection")),
          Map.entry(" secrets", Set.of("create", "delete")),
          Map.entry(" services", manage()),
          Map.entry(" pods", Set.of("get", "list", "watch")),
          Map.entry(" events", Set.of("create", "patch", "list")),
          Map.entry("events.k8s.io events", Set.of("create", "patch")),
          Map.entry("apps deployments", manage()),
          Map.entry("batch jobs", manage()),
          Map.entry("postgresql.cnpg.io clusters", manage()),
          Map.entry("k6.io testruns", manage()),
          Map.entry(
              "networking.k8s.io networkpolicies",
              Set.of("get", "list", "create", "patch", "delete", "deletecollection")));

  static final Map<String, Set<String>> LEASE =
      Map.of("coordination.k8s.io leases", Set.of("get", "create", "update", "patch"));

  private static Set<String> manage() {
    return Set.of("get", "list", "watch", "create", "patch", "delete", "deletecollection");
  }

  /** The verbs a role grants, per "apiGroup resource". */
  static Map<String, Set<String>> grants(Map<String, Object> role) {
    Map<String, Set<String>> g = new TreeMap<>();
    for (Map<String, Object> rule : Tree.maps(role, "rules")) {
      for (Object group : Tree.list(rule, "apiGroups")) {
        for (Object resource : Tree.list(rule, "resources")) {
          g.computeIfAbsent(group + " " + resource, k -> new TreeSet<>())
              .addAll(Tree.list(rule, "verbs").stream().map(String::valueOf).toList());
        }
      }
    }
    return g;
  }

  /** Every RBAC rule (a "- apiGroups:" item) has a comment on the line above it. */
  static void rulesCommented(Checks c, String text, String where) {
    List<String> lines = text.lines().toList();
    List<Integer> rules = new ArrayList<>();
    List<Integer> bare = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).matches("\\s*- apiGroups:.*")) {
        rules.add(i);
        if (i == 0 || !lines.get(i - 1).strip().startsWith("#")) {
          bare.add(i + 1);
        }
      }
    }
    c.check(
        !rules.isEmpty() && bare.isEmpty(),
        where
            + ": "
            + rules.size()
            + " RBAC rules, each with a comment line above it"
            + (bare.isEmpty() ? "" : "; rules without one at lines " + bare));
  }

  @Test
  void everyRuleInTheTemplatesSaysWhy() throws IOException {
    Checks c = new Checks();
    try (Stream<Path> templates = Files.list(ChartRender.CHART.resolve("templates"))) {
      for (Path t : templates.sorted().toList()) {
        String text = Files.readString(t);
        if (text.contains("apiGroups:")) {
          rulesCommented(c, text, "template " + t.getFileName());
        }
      }
    }
    c.verify();
  }

  @ParameterizedTest
  @EnumSource(ChartRender.Config.class)
  void theOperatorGetsExactlyWhatARunNeeds(ChartRender.Config config) {
    Manifest m = Manifest.of(config);
    Checks c = new Checks();
    String p = m.prefix();
    rulesCommented(c, m.text(), config.label + " rendered");
    List<Map<String, Object>> clusterRoles = m.kind("ClusterRole");
    List<Map<String, Object>> roles = m.kind("Role");
    for (Map<String, Object> role : Stream.concat(clusterRoles.stream(), roles.stream()).toList()) {
      String where =
          p
              + " "
              + role.get("kind")
              + "/"
              + Manifest.name(role)
              + ("Role".equals(role.get("kind"))
                  ? " in " + Tree.str(role, "metadata", "namespace")
                  : "");
      List<String> secretVerbs = new ArrayList<>();
      List<String> all = new ArrayList<>();
      for (Map<String, Object> rule : Tree.maps(role, "rules")) {
        if (Tree.list(rule, "resources").stream()
            .map(String::valueOf)
            .anyMatch(r -> r.equals("secrets") || r.startsWith("secrets/"))) {
          Tree.list(rule, "verbs").forEach(v -> secretVerbs.add(String.valueOf(v)));
        }
        for (String k :
            List.of("apiGroups", "resources", "verbs", "resourceNames", "nonResourceURLs")) {
          Tree.list(rule, k).forEach(x -> all.add(String.valueOf(x)));
        }
      }
      c.check(
          secretVerbs.stream().allMatch(v -> v.equals("create") || v.equals("delete")),
          where + ": on secrets only create and delete, never get, list, watch, update or patch");
      c.check(
          all.stream().noneMatch(x -> x.contains("*")),
          where + ": no '*' in apiGroups, resources or verbs");
    }
    List<Map<String, Object>> leaseRoles =
        roles.stream().filter(r -> Manifest.name(r).endsWith("-leader-election")).toList();
    List<Map<String, Object>> runRoles =
        roles.stream().filter(r -> !leaseRoles.contains(r)).toList();
    String sa =
        m.workloads().isEmpty()
            ? null
            : Tree.str(m.workloads().getFirst(), "spec", "template", "spec", "serviceAccountName");
    if (config.watched.isEmpty()) {
      c.check(
          clusterRoles.size() == 1
              && grants(clusterRoles.getFirst()).equals(EXPECTED)
              && runRoles.isEmpty(),
          p
              + " one ClusterRole granting exactly the "
              + EXPECTED.size()
              + " expected resource rules, no namespaced run Roles");
      List<Map<String, Object>> crbs = m.kind("ClusterRoleBinding");
      c.check(
          crbs.size() == 1
              && clusterRoles.size() == 1
              && Manifest.name(clusterRoles.getFirst())
                  .equals(Tree.str(crbs.getFirst(), "roleRef", "name"))
              && Tree.list(crbs.getFirst(), "subjects")
                  .equals(
                      List.of(
                          Map.of(
                              "kind",
                              "ServiceAccount",
                              "name",
                              String.valueOf(sa),
                              "namespace",
                              ChartRender.NAMESPACE))),
          p
              + " ClusterRoleBinding binds it to the operator's ServiceAccount in "
              + ChartRender.NAMESPACE);
    } else {
      c.check(
          clusterRoles.isEmpty() && m.kind("ClusterRoleBinding").isEmpty(),
          p + " no ClusterRole or ClusterRoleBinding");
      for (String ns : config.watched) {
        List<Map<String, Object>> r = inNamespace(runRoles, ns);
        List<Map<String, Object>> b =
            inNamespace(m.kind("RoleBinding"), ns).stream()
                .filter(x -> !Manifest.name(x).endsWith("-leader-election"))
                .toList();
        boolean good =
            r.size() == 1
                && grants(r.getFirst()).equals(EXPECTED)
                && b.size() == 1
                && "Role".equals(Tree.str(b.getFirst(), "roleRef", "kind"))
                && Manifest.name(r.getFirst()).equals(Tree.str(b.getFirst(), "roleRef", "name"))
                && ChartRender.NAMESPACE.equals(
                    Tree.str(
                        Tree.maps(b.getFirst(), "subjects").stream().findFirst().orElse(Map.of()),
                        "namespace"));
        c.check(
            good,
            p
                + " Role + RoleBinding in namespace "
                + ns
                + " with exactly the expected rules, bound to the ServiceAccount in "
                + ChartRender.NAMESPACE);
      }
      c.check(
          runRoles.stream()
              .map(r -> Tree.str(r, "metadata", "namespace"))
              .sorted()
              .toList()
              .equals(config.watched.stream().sorted().toList()),
          p + " run Roles only in " + config.watched);
    }
    c.check(
        leaseRoles.size() == 1
            && ChartRender.NAMESPACE.equals(
                Tree.str(leaseRoles.getFirst(), "metadata", "namespace"))
            && grants(leaseRoles.getFirst()).equals(LEASE),
        p
            + " leader election: a Role in "
            + ChartRender.NAMESPACE
            + " with leases get, create, update, patch only");
    c.verify();
  }

  private static List<Map<String, Object>> inNamespace(
      List<Map<String, Object>> objects, String ns) {
    return objects.stream().filter(o -> ns.equals(Tree.str(o, "metadata", "namespace"))).toList();
  }
}
