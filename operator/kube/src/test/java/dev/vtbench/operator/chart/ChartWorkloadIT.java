package dev.vtbench.operator.chart;

import dev.vtbench.operator.Checks;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The operator's workload in every configuration of the chart: one Deployment of one replica whose
 * containers meet the restricted Pod Security Standard (non-root 65532, no privilege escalation,
 * drop ALL, read-only root with an emptyDir at /tmp, RuntimeDefault seccomp), request what they
 * limit, probe /healthz and /readyz, serve port 8080 named http, and get their namespace and
 * watched namespaces from the environment; its ServiceAccount and the Service that selects it.
 */
class ChartWorkloadIT {

  @ParameterizedTest
  @EnumSource(ChartRender.Config.class)
  void theOperatorRunsRestrictedWithItsServiceAccountAndService(ChartRender.Config config) {
    Manifest m = Manifest.of(config);
    Checks c = new Checks();
    String p = m.prefix();
    List<Map<String, Object>> workloads = m.workloads();
    c.check(
        workloads.size() == 1 && "Deployment".equals(workloads.getFirst().get("kind")),
        p + " one workload, the operator Deployment");
    for (Map<String, Object> w : workloads) {
      String what = p + " " + w.get("kind") + "/" + Manifest.name(w);
      Map<String, Object> pod = Manifest.podSpec(w);
      String sa = Tree.str(pod, "serviceAccountName");
      c.check(
          Boolean.TRUE.equals(pod.get("automountServiceAccountToken")) && sa != null,
          what + ": serviceAccountName " + sa + ", token mounted");
      c.check(
          m.kind("ServiceAccount").stream().map(Manifest::name).toList().contains(sa),
          p + " its ServiceAccount is rendered too");
      Set<String> emptyDirs =
          Tree.maps(pod, "volumes").stream()
              .filter(v -> v.containsKey("emptyDir"))
              .map(v -> (String) v.get("name"))
              .collect(Collectors.toSet());
      List<Map<String, Object>> containers = new ArrayList<>(Tree.maps(pod, "initContainers"));
      containers.addAll(Tree.maps(pod, "containers"));
      for (Map<String, Object> container : containers) {
        checkContainer(
            c, what + " container " + container.get("name"), container, pod, emptyDirs, config);
      }
      c.check(Objects.equals(Tree.at(w, "spec", "replicas"), 1), what + ": 1 replica by default");
    }

    Map<String, Object> podLabels =
        workloads.isEmpty()
            ? Map.of()
            : Tree.map(workloads.getFirst(), "spec", "template", "metadata", "labels");
    List<Map<String, Object>> services = m.kind("Service");
    boolean selects =
        services.size() == 1
            && Tree.maps(services.getFirst(), "spec", "ports").stream()
                .anyMatch(
                    pt -> "http".equals(pt.get("name")) && Objects.equals(pt.get("port"), 8080))
            && Tree.map(services.getFirst(), "spec", "selector").entrySet().stream()
                .allMatch(e -> Objects.equals(podLabels.get(e.getKey()), e.getValue()));
    c.check(selects, p + " Service port 8080 named http selecting the operator pods");
    c.verify();
  }

  private static void checkContainer(
      Checks c,
      String where,
      Map<String, Object> container,
      Map<String, Object> pod,
      Set<String> emptyDirs,
      ChartRender.Config config) {
    Map<String, Object> sc = Tree.map(container, "securityContext");
    Map<String, Object> psc = Tree.map(pod, "securityContext");
    Map<String, Object> effective = new HashMap<>(psc);
    effective.putAll(sc);
    List<String> missing = new ArrayList<>();
    if (!Boolean.TRUE.equals(effective.get("runAsNonRoot"))) missing.add("runAsNonRoot");
    if (!Objects.equals(effective.get("runAsUser"), 65532)) missing.add("runAsUser 65532");
    if (!Boolean.FALSE.equals(sc.get("allowPrivilegeEscalation")))
      missing.add("allowPrivilegeEscalation false");
    if (!Tree.list(sc, "capabilities", "drop").contains("ALL"))
      missing.add("capabilities drop ALL");
    if (!Tree.list(sc, "capabilities", "add").isEmpty()) missing.add("no added capabilities");
    if (!Boolean.TRUE.equals(sc.get("readOnlyRootFilesystem")))
      missing.add("readOnlyRootFilesystem");
    if (!"RuntimeDefault".equals(Tree.str(effective, "seccompProfile", "type")))
      missing.add("seccompProfile RuntimeDefault");
    if (Boolean.TRUE.equals(sc.get("privileged"))) missing.add("not privileged");
    c.check(
        missing.isEmpty(),
        where
            + ": restricted securityContext (non-root 65532, no privilege escalation, drop ALL,"
            + " read-only root, RuntimeDefault seccomp)"
            + (missing.isEmpty() ? "" : "; missing " + missing));
    c.check(
        Tree.maps(container, "volumeMounts").stream()
            .anyMatch(v -> "/tmp".equals(v.get("mountPath")) && emptyDirs.contains(v.get("name"))),
        where + ": an emptyDir at /tmp (the root filesystem is read-only)");
    Map<String, Object> requests = Tree.map(container, "resources", "requests");
    Map<String, Object> limits = Tree.map(container, "resources", "limits");
    c.check(
        requests.containsKey("cpu") && requests.containsKey("memory") && requests.equals(limits),
        where + ": requests " + requests + " == limits " + limits);
    Map<String, String> probes = new LinkedHashMap<>();
    for (String probe : List.of("livenessProbe", "readinessProbe")) {
      probes.put(probe, Tree.str(container, probe, "httpGet", "path"));
    }
    c.check(
        probes.equals(Map.of("livenessProbe", "/healthz", "readinessProbe", "/readyz")),
        where + ": liveness /healthz and readiness /readyz probes " + probes);
    c.check(
        Tree.maps(container, "ports").stream()
            .anyMatch(
                pt ->
                    "http".equals(pt.get("name")) && Objects.equals(pt.get("containerPort"), 8080)),
        where + ": port 8080 named http");
    Map<String, Map<String, Object>> env = new HashMap<>();
    Tree.maps(container, "env").forEach(e -> env.put((String) e.get("name"), e));
    Map<String, String> want =
        Map.of("WATCH_NAMESPACES", String.join(",", config.watched), "LEADER_ELECTION", "true");
    Map<String, String> got = new HashMap<>();
    want.keySet().forEach(k -> got.put(k, Tree.str(env.get(k), "value")));
    c.check(
        "metadata.namespace"
                .equals(Tree.str(env.get("POD_NAMESPACE"), "valueFrom", "fieldRef", "fieldPath"))
            && got.equals(want)
            && env.containsKey("LOG_LEVEL"),
        where + ": env POD_NAMESPACE from metadata.namespace, " + got + ", LOG_LEVEL");
    c.check(
        "vtbench/operator:dev".equals(container.get("image"))
            && "IfNotPresent".equals(container.get("imagePullPolicy")),
        where
            + ": image "
            + container.get("image")
            + " ("
            + container.get("imagePullPolicy")
            + ")");
  }
}
