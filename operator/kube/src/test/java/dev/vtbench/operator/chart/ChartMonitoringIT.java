package dev.vtbench.operator.chart;

import dev.vtbench.operator.Checks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The monitoring objects, only when monitoring.enabled: a ServiceMonitor for the operator and one
 * per app tier (the operator's Services, relabelled with run and tier), a PodMonitor for
 * CloudNativePG's instance pods (run from the cluster name), each in the release's namespace with
 * the extra labels, watching the watched namespaces; and one Grafana dashboard ConfigMap (checked
 * panel by panel in {@link DashboardChecks}).
 */
class ChartMonitoringIT {

  @ParameterizedTest
  @EnumSource(ChartRender.Config.class)
  void monitorsAndTheDashboardComeOnlyWithMonitoring(ChartRender.Config config) {
    Manifest m = Manifest.of(config);
    Checks c = new Checks();
    String p = m.prefix();
    Map<String, Map<String, Object>> sms = byName(m.kind("ServiceMonitor"));
    Map<String, Map<String, Object>> pms = byName(m.kind("PodMonitor"));
    List<Map<String, Object>> dashboards =
        m.kind("ConfigMap").stream().filter(d -> Manifest.name(d).endsWith("-dashboard")).toList();
    if (!config.monitoring()) {
      c.check(
          sms.isEmpty() && pms.isEmpty() && dashboards.isEmpty(),
          p + " no ServiceMonitor, PodMonitor or dashboard (monitoring.enabled is false)");
      c.verify();
      return;
    }
    String full = m.workloads().isEmpty() ? "?" : Manifest.name(m.workloads().getFirst());
    List<String> tiers =
        config == ChartRender.Config.MONITORING_NAMESPACES
            ? List.of("sut")
            : List.of("sut", "stub");
    List<String> wantSms = new ArrayList<>(List.of(full));
    tiers.forEach(t -> wantSms.add(full + "-" + t));
    wantSms.sort(null);
    c.check(
        List.copyOf(sms.keySet()).equals(wantSms)
            && List.copyOf(pms.keySet()).equals(List.of(full + "-cnpg")),
        p
            + " ServiceMonitors "
            + sms.keySet()
            + " and PodMonitors "
            + pms.keySet()
            + " (want "
            + wantSms
            + " and "
            + full
            + "-cnpg)");
    List<Map<String, Object>> monitors = new ArrayList<>(sms.values());
    monitors.addAll(pms.values());
    c.check(
        monitors.stream()
            .allMatch(
                mon ->
                    "monitoring.coreos.com/v1".equals(mon.get("apiVersion"))
                        && "prom".equals(Tree.str(mon, "metadata", "labels", "release"))
                        && ChartRender.NAMESPACE.equals(Tree.str(mon, "metadata", "namespace"))),
        p
            + " every monitor is monitoring.coreos.com/v1 in "
            + ChartRender.NAMESPACE
            + " with the extra label release=prom");

    Map<String, Object> op = Tree.map(sms.get(full), "spec");
    Map<String, Object> ep = first(Tree.maps(op, "endpoints"));
    Map<String, Object> services =
        m.kind("Service").isEmpty() ? Map.of() : m.kind("Service").getFirst();
    boolean scrapes =
        "http".equals(ep.get("port"))
            && "/metrics".equals(ep.get("path"))
            && "15s".equals(ep.get("interval"))
            && Boolean.TRUE.equals(ep.get("honorLabels"))
            && Tree.map(op, "namespaceSelector")
                .equals(Map.of("matchNames", List.of(ChartRender.NAMESPACE)))
            && Tree.map(op, "selector", "matchLabels").entrySet().stream()
                .allMatch(
                    e ->
                        Objects.equals(
                            Tree.map(services, "metadata", "labels").get(e.getKey()),
                            e.getValue()));
    c.check(
        scrapes,
        p
            + " the operator's ServiceMonitor scrapes port http /metrics every 15s with honorLabels"
            + " (the run gauges' namespace) and selects its Service");

    Map<String, Object> wantNs =
        config.watched.isEmpty() ? Map.of("any", true) : Map.of("matchNames", config.watched);
    for (String t : tiers) {
      Map<String, Object> mon = Tree.map(sms.get(full + "-" + t), "spec");
      Map<String, Object> tep = first(Tree.maps(mon, "endpoints"));
      Map<String, Map<String, Object>> relabel = relabelings(tep);
      boolean good =
          Tree.map(mon, "selector", "matchLabels")
                  .equals(
                      Map.of(
                          "app.kubernetes.io/managed-by",
                          "vtbench-operator",
                          "app.kubernetes.io/component",
                          t))
              && "http".equals(tep.get("port"))
              && "/actuator/prometheus".equals(tep.get("path"))
              && List.of("__meta_kubernetes_service_label_vtbench_dev_run")
                  .equals(Tree.list(relabel.get("run"), "sourceLabels"))
              && t.equals(Tree.str(relabel.get("tier"), "replacement"))
              && Tree.map(mon, "namespaceSelector").equals(wantNs);
      c.check(
          good,
          p
              + " ServiceMonitor for the "
              + t
              + ": the operator's "
              + t
              + " Services, port http /actuator/prometheus, labels run and tier, namespaces "
              + wantNs);
    }
    Map<String, Object> pm = Tree.map(pms.get(full + "-cnpg"), "spec");
    Map<String, Object> pep = first(Tree.maps(pm, "podMetricsEndpoints"));
    boolean cnpg =
        Tree.map(pm, "selector", "matchLabels")
                .equals(
                    Map.of(
                        "cnpg.io/podRole",
                        "instance",
                        "app.kubernetes.io/part-of",
                        "vtbench",
                        "app.kubernetes.io/component",
                        "database"))
            && "metrics".equals(pep.get("port"))
            && "(.+)-db".equals(Tree.str(relabelings(pep).get("run"), "regex"))
            && Tree.map(pm, "namespaceSelector").equals(wantNs);
    c.check(
        cnpg,
        p
            + " PodMonitor for CloudNativePG: vtbench's instance pods, port metrics, run from"
            + " cnpg.io/cluster, namespaces "
            + wantNs);

    String wantDashNs =
        config == ChartRender.Config.MONITORING_NAMESPACES ? "grafana" : ChartRender.NAMESPACE;
    c.check(
        dashboards.size() == 1
            && "1"
                .equals(Tree.str(dashboards.getFirst(), "metadata", "labels", "grafana_dashboard"))
            && wantDashNs.equals(Tree.str(dashboards.getFirst(), "metadata", "namespace")),
        p
            + " one dashboard ConfigMap in "
            + wantDashNs
            + " with the sidecar label grafana_dashboard: \"1\"");
    if (!dashboards.isEmpty()) {
      DashboardChecks.check(c, Tree.str(dashboards.getFirst(), "data", "vtbench.json"), p);
    }
    c.verify();
  }

  private static Map<String, Map<String, Object>> byName(List<Map<String, Object>> objects) {
    Map<String, Map<String, Object>> out = new TreeMap<>();
    objects.forEach(o -> out.put(Manifest.name(o), o));
    return out;
  }

  private static Map<String, Object> first(List<Map<String, Object>> l) {
    return l.isEmpty() ? Map.of() : l.getFirst();
  }

  private static Map<String, Map<String, Object>> relabelings(Map<String, Object> endpoint) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    Tree.maps(endpoint, "relabelings").forEach(r -> out.put(Tree.str(r, "targetLabel"), r));
    return out;
  }
}
