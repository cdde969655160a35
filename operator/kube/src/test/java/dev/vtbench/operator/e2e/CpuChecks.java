package dev.vtbench.operator.e2e;

import dev.vtbench.engine.results.DerivedMetrics;
import dev.vtbench.engine.results.ResultRow;
import dev.vtbench.engine.run.Workloads;
import dev.vtbench.operator.Checks;
import io.fabric8.kubernetes.api.model.Node;
import java.util.List;

/**
 * A real run's CPU accounting (docs/cluster.md, "How a cluster row's CPU is measured"): the stub's
 * CPU in every row; PostgreSQL's, read by the SUT from the database container's own cgroup, within
 * that container's CPU limit (the node's whole counter would exceed it); k6's own empty, never a
 * guess; and on a one-node cluster, where the runner always shares the stub's node, the node's
 * cores and {@code generator_saturated} set in every row by the rule the local runner uses.
 */
final class CpuChecks {

  private final E2eContext e2e;

  CpuChecks(E2eContext e2e) {
    this.e2e = e2e;
  }

  void check(List<ResultRow> rows, boolean loadAndStubShareThePool, double databaseCpus) {
    Checks c = e2e.checks;
    List<Node> nodes = e2e.k8s.nodes().list().getItems();
    for (ResultRow r : rows) {
      String id = r.scenarioId();
      c.check(
          r.stubCpuPct() != null && r.stubCpuPct() > 0,
          id + ": stub_cpu_pct " + r.stubCpuPct() + " > 0 (the stub's window over the hold)");
      // CFS enforces the limit per 100 ms period; 10 % over it allows for the hold's ragged edges
      double limitPct = 100 * databaseCpus * 1.1;
      if ("reactive".equals(r.threadMode())) {
        // its SUT would block its event loop on the JDBC read (docs/cluster.md): empty by design
        c.check(
            r.pgCpuPct() == null,
            id + ": pg_cpu_pct empty for a reactive row (not measured, not guessed)");
      } else if (Workloads.SERVICE_WORKLOAD.equals(r.workload()) && r.pgCpuPct() == null) {
        // vtbench's SUT reads the database container's cgroup (DbCpuSql); a user's service does
        // not, so an empty column is honest there, and a filled one is held to the limit below
        Checks.note(id + ": pg_cpu_pct empty for a user's service (nothing in it reads it)");
      } else {
        c.check(
            r.pgCpuPct() != null && r.pgCpuPct() > 0 && r.pgCpuPct() <= limitPct,
            String.format(
                "%s: pg_cpu_pct %s in (0, %.1f] (the database container's cgroup, %.2f CPUs)",
                id, r.pgCpuPct(), limitPct, databaseCpus));
      }
      c.check(
          r.loadCpuPct() == null,
          id + ": load_cpu_pct empty on a cluster (k6 cannot read its own CPU; not guessed)");
      if (r.loadCoreBusyPct() != null) {
        // no load_cpu_pct on a cluster: the cores alone decide
        boolean rule = DerivedMetrics.generatorCoresSaturated(r.loadCoreBusyPct());
        c.check(
            Boolean.valueOf(rule).equals(r.generatorSaturated()),
            id
                + ": generator_saturated "
                + r.generatorSaturated()
                + " follows load_core_busy_pct "
                + r.loadCoreBusyPct()
                + " >= 90");
      }
      if (nodes.size() == 1 && loadAndStubShareThePool) {
        c.check(
            r.cpuBusyPct() != null && !r.cpuBusyPct().isEmpty(),
            id + ": cpu_busy_pct lists the node's cores (" + r.cpuBusyPct() + ")");
        c.check(
            r.loadCoreBusyPct() != null
                && r.loadCoreBusyPct() >= 0
                && r.loadCoreBusyPct() <= 100
                && r.generatorSaturated() != null,
            id
                + ": one node, k6 and the stub in its shared pool: load_core_busy_pct "
                + r.loadCoreBusyPct()
                + " and generator_saturated "
                + r.generatorSaturated()
                + " measured");
      }
    }
  }
}
