package dev.vtbench.operator.chart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One rendered configuration of the chart: its text and its objects by kind. */
record Manifest(ChartRender.Config config, String text, List<Map<String, Object>> objects) {

  static final List<String> WORKLOADS =
      List.of("Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod", "ReplicaSet");

  static Manifest of(ChartRender.Config config) {
    String text = config.render();
    return new Manifest(config, text, ChartRender.documents(text));
  }

  /** "default:", "watch-namespaces:", ...: how each check line starts. */
  String prefix() {
    return config.label + ":";
  }

  List<Map<String, Object>> kind(String kind) {
    return objects.stream().filter(o -> kind.equals(o.get("kind"))).toList();
  }

  Map<String, List<Map<String, Object>>> byKind() {
    Map<String, List<Map<String, Object>>> out = new LinkedHashMap<>();
    objects.forEach(
        o -> out.computeIfAbsent((String) o.get("kind"), k -> new ArrayList<>()).add(o));
    return out;
  }

  List<Map<String, Object>> workloads() {
    return objects.stream().filter(o -> WORKLOADS.contains((String) o.get("kind"))).toList();
  }

  static String name(Map<String, Object> o) {
    return Tree.str(o, "metadata", "name");
  }

  static Map<String, Object> podSpec(Map<String, Object> workload) {
    return switch ((String) workload.get("kind")) {
      case "Pod" -> Tree.map(workload, "spec");
      case "CronJob" -> Tree.map(workload, "spec", "jobTemplate", "spec", "template", "spec");
      default -> Tree.map(workload, "spec", "template", "spec");
    };
  }
}
