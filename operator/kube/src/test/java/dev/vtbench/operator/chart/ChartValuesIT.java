package dev.vtbench.operator.chart;

import dev.vtbench.operator.Checks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The chart's CRD and values: the CRD is the generated one (a symlink, so the two cannot drift,
 * rendered unchanged in every configuration), the values the monitoring section replaced fail the
 * render with a message naming the new ones (or render like the defaults when off), watchNamespaces
 * as a comma-separated string renders like the list, and reconcileThreads becomes RECONCILE_THREADS
 * within its bounds and fails the render outside them.
 */
class ChartValuesIT {

  static final String CRD = "benchmarkruns.vtbench.dev-v1.yml";

  @Test
  void theChartsCrdIsTheGeneratedOne() throws IOException {
    Checks c = new Checks();
    Path link = ChartRender.CHART.resolve("crds").resolve(CRD);
    Path generated = Path.of("../../crds").resolve(CRD);
    c.check(
        Files.isSymbolicLink(link)
            && Files.readSymbolicLink(link).toString().equals("../../../crds/" + CRD)
            && Files.mismatch(link, generated) == -1,
        "chart crds/" + CRD + " is a relative symlink to crds/" + CRD);
    c.verify();
  }

  @ParameterizedTest
  @EnumSource(ChartRender.Config.class)
  void everyConfigurationRendersTheCrdUnchanged(ChartRender.Config config) throws IOException {
    Checks c = new Checks();
    Manifest m = Manifest.of(config);
    Map<String, Object> source =
        ChartRender.documents(Files.readString(Path.of("../../crds").resolve(CRD))).getFirst();
    c.check(
        m.kind("CustomResourceDefinition").equals(List.of(source)),
        m.prefix() + " the CRD is crds/" + CRD + ", unchanged");
    c.verify();
  }

  @Test
  void theMovedServiceMonitorValuesNameTheirNewPlace() {
    Checks c = new Checks();
    ChartRender.Result moved =
        ChartRender.template(List.of("--set", "serviceMonitor.enabled=true"));
    c.check(
        moved.exit() != 0
            && moved.err().contains("serviceMonitor.* moved: set monitoring.enabled=true"),
        "serviceMonitor.* (moved to monitoring.*) fails the render, naming monitoring.enabled"
            + (moved.exit() == 0 ? " (it rendered)" : "; helm said: " + moved.err().strip()));
    ChartRender.Result off =
        ChartRender.template(List.of("--include-crds", "--set", "serviceMonitor.enabled=false"));
    c.check(
        off.exit() == 0 && off.out().equals(ChartRender.Config.DEFAULT.render()),
        "an old values file with serviceMonitor.enabled=false renders like the defaults");
    c.verify();
  }

  @Test
  void watchNamespacesAsACommaSeparatedStringRendersLikeTheList() {
    Checks c = new Checks();
    ChartRender.Result string =
        ChartRender.template(List.of("--include-crds", "--set-string", "watchNamespaces=a\\, b"));
    c.check(
        string.exit() == 0 && string.out().equals(ChartRender.Config.WATCH_NAMESPACES.render()),
        "watchNamespaces as the string \"a, b\" renders like the list [a, b]");
    c.verify();
  }

  @Test
  void reconcileThreadsIsBoundedAndPassedOn() {
    Checks c = new Checks();
    c.check(
        !ChartRender.Config.DEFAULT.render().contains("RECONCILE_THREADS"),
        "by default no RECONCILE_THREADS: the operator takes two per CPU");
    for (String ok : List.of("1", "8", "100")) {
      ChartRender.Result r = ChartRender.template(List.of("--set", "reconcileThreads=" + ok));
      c.check(
          r.exit() == 0
              && r.out().contains("- name: RECONCILE_THREADS\n              value: \"" + ok + "\""),
          "reconcileThreads=" + ok + " renders RECONCILE_THREADS \"" + ok + "\"");
    }
    for (String bad : List.of("101", "-1", "2.5", "four")) {
      ChartRender.Result r = ChartRender.template(List.of("--set", "reconcileThreads=" + bad));
      c.check(
          r.exit() != 0
              && r.err()
                  .contains(
                      "reconcileThreads: \""
                          + bad
                          + "\" is not a whole number from 0 (two per CPU) to 100"),
          "reconcileThreads="
              + bad
              + " fails the render naming the value and the bounds"
              + (r.exit() == 0 ? " (it rendered)" : "; helm said: " + r.err().strip()));
    }
    c.verify();
  }
}
