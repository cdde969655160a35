package dev.vtbench.operator.chart;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vtbench.operator.Checks;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Grafana dashboard the chart ships parses; every panel queries Prometheus through the
 * datasource variable with at least one expression, balanced and using only defined variables; and
 * the panels cover throughput, latency, Hikari, threads and CPU.
 */
final class DashboardChecks {

  private static final Pattern VARIABLE = Pattern.compile("\\$\\{?([a-z_]+)");
  private static final String DATASOURCE = "${datasource}";

  private DashboardChecks() {}

  static void check(Checks c, String json, String p) {
    Map<String, Object> dash;
    try {
      @SuppressWarnings("unchecked")
      Map<String, Object> parsed =
          new ObjectMapper().readValue(json == null ? "" : json, Map.class);
      dash = parsed;
    } catch (IOException e) {
      c.fail(p + " dashboard JSON parses: " + e.getMessage());
      return;
    }
    Set<String> variables = new TreeSet<>();
    Tree.maps(dash, "templating", "list").forEach(v -> variables.add(Tree.str(v, "name")));
    c.check(
        variables.containsAll(Set.of("datasource", "namespace", "run", "scenario")),
        p + " dashboard variables " + variables);
    List<Map<String, Object>> all = Tree.maps(dash, "panels");
    List<Map<String, Object>> panels =
        all.stream().filter(x -> !"row".equals(x.get("type"))).toList();
    List<Object> ids = all.stream().map(x -> x.get("id")).toList();
    c.check(
        ids.size() == new HashSet<>(ids).size() && "vtbench".equals(dash.get("uid")),
        p + " dashboard uid vtbench, " + ids.size() + " unique panel ids");
    List<String> bad = new ArrayList<>();
    Set<String> used = new TreeSet<>();
    for (Map<String, Object> x : panels) {
      List<Map<String, Object>> targets = Tree.maps(x, "targets");
      List<String> exprs =
          targets.stream().map(t -> Objects.toString(t.get("expr"), "").strip()).toList();
      if (!DATASOURCE.equals(Tree.str(x, "datasource", "uid"))
          || targets.isEmpty()
          || exprs.stream().anyMatch(String::isEmpty)
          || targets.stream().anyMatch(t -> !DATASOURCE.equals(Tree.str(t, "datasource", "uid")))) {
        bad.add(String.valueOf(x.get("title")));
      }
      for (String e : exprs) {
        if (count(e, '(') != count(e, ')') || count(e, '{') != count(e, '}')) {
          bad.add(x.get("title") + ": unbalanced " + e);
        }
        Matcher m = VARIABLE.matcher(e);
        while (m.find()) {
          used.add(m.group(1));
        }
      }
    }
    used.remove("__rate_interval");
    c.check(
        panels.size() >= 8 && bad.isEmpty(),
        p
            + " dashboard: "
            + panels.size()
            + " panels, each with the datasource variable and a target with an expression"
            + (bad.isEmpty() ? "" : "; not: " + bad));
    Set<String> undefined = new TreeSet<>(used);
    undefined.removeAll(variables);
    c.check(
        undefined.isEmpty(),
        p
            + " dashboard expressions use only defined variables "
            + used
            + (undefined.isEmpty() ? "" : "; undefined " + undefined));
    String titles =
        String.join(" ", panels.stream().map(x -> Objects.toString(x.get("title"), "")).toList())
            .toLowerCase(java.util.Locale.ROOT);
    c.check(
        List.of("requests per second", "latency", "hikari", "threads", "cpu").stream()
            .allMatch(titles::contains),
        p + " dashboard covers throughput, latency, Hikari, threads and CPU");
  }

  private static long count(String s, char ch) {
    return s.chars().filter(x -> x == ch).count();
  }
}
