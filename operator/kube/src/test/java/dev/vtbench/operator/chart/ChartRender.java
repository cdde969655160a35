package dev.vtbench.operator.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code helm template} of charts/vtbench with the Helm of hack/kube-tools.sh (or $HELM), as the
 * release "vtbench" in namespace vtbench-system, and the four configurations the chart checks
 * render: the defaults, watched namespaces, monitoring, and monitoring with watched namespaces.
 */
public final class ChartRender {

  public static final Path CHART = Path.of("../../charts/vtbench");
  public static final String RELEASE = "vtbench";
  public static final String NAMESPACE = "vtbench-system";

  /**
   * A configuration: its name, the namespaces it watches (by default the release's own: RBAC is
   * namespaced unless rbac.clusterWide) and its --set values.
   */
  public enum Config {
    DEFAULT("default", List.of(NAMESPACE)),
    WATCH_NAMESPACES("watch-namespaces", List.of("a", "b"), "watchNamespaces={a,b}"),
    MONITORING(
        "monitoring",
        List.of(NAMESPACE),
        "monitoring.enabled=true",
        "monitoring.labels.release=prom"),
    MONITORING_NAMESPACES(
        "monitoring-namespaces",
        List.of("a", "b"),
        "monitoring.enabled=true",
        "monitoring.labels.release=prom",
        "watchNamespaces={a,b}",
        "monitoring.serviceMonitors.stub.enabled=false",
        "monitoring.dashboards.namespace=grafana");

    public final String label;
    public final List<String> watched;
    public final List<String> set;

    Config(String label, List<String> watched, String... set) {
      this.label = label;
      this.watched = watched;
      this.set = List.of(set);
    }

    boolean monitoring() {
      return set.contains("monitoring.enabled=true");
    }

    /** The rendered manifest, CRD included. */
    public String render() {
      List<String> args = new ArrayList<>(List.of("--include-crds"));
      for (String s : set) {
        args.add("--set");
        args.add(s);
      }
      Result r = template(args);
      assertThat(r.exit()).as("helm template %s: %s", label, r.err()).isZero();
      return r.out();
    }
  }

  /** What helm printed and how it exited. */
  public record Result(int exit, String out, String err) {}

  private ChartRender() {}

  public static Path helm() {
    String h = System.getenv("HELM");
    Path p =
        h != null && !h.isBlank()
            ? Path.of(h)
            : Path.of(System.getProperty("user.home"), ".cache/vtbench/bin/helm");
    assertThat(p).as("helm not found at %s: run `make kube-tools`", p).isExecutable();
    return p;
  }

  /** {@code helm template vtbench charts/vtbench --namespace vtbench-system ARGS...}. */
  public static Result template(List<String> args) {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                helm().toString(),
                "template",
                RELEASE,
                CHART.toString(),
                "--namespace",
                NAMESPACE));
    cmd.addAll(args);
    try {
      Process p = new ProcessBuilder(cmd).start();
      byte[] out = p.getInputStream().readAllBytes();
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("helm template in 60 s").isTrue();
      return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8), err);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** The documents of a multi-document YAML text, empty ones left out. */
  @SuppressWarnings("unchecked")
  public static List<Map<String, Object>> documents(String yaml) {
    ObjectMapper mapper = new ObjectMapper(new YAMLFactory());
    try (var docs = mapper.readerFor(Map.class).readValues(yaml)) {
      List<Map<String, Object>> out = new ArrayList<>();
      while (docs.hasNext()) {
        Object d = docs.next();
        if (d instanceof Map<?, ?> m && !m.isEmpty()) {
          out.add((Map<String, Object>) m);
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
