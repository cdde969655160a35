package dev.vtbench.operator.e2e;

import dev.vtbench.engine.results.derived.DerivedMetrics;
import dev.vtbench.engine.results.derived.Throttling;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.Checks;
import io.fabric8.kubernetes.api.model.Node;
import java.util.List;

/**
 * A real run's CPU accounting (docs/cluster-results.md, "How a cluster row's CPU is measured"): the
 * stub's CPU in every row; PostgreSQL's, read by the SUT from the database container's own cgroup,
 * within that container's CPU limit (the node's whole counter would exceed it), and its throttling,
 * which a fractional limit shows; k6's own through vtbench's k6 extension; the SUT JVM's processors
 * and carrier threads; and on a one-node cluster, where the runner always shares the stub's node,
 * the node's cores and {@code generator_saturated} set in every row by the rule the local runner
 * uses.
 */
final class CpuChecks {

  private final E2eContext e2e;

  CpuChecks(E2eContext e2e) {
    this.e2e = e2e;
  }

  void check(
      List<ResultRow> rows,
      boolean loadAndStubShareThePool,
      double databaseCpus,
      double loadCpus,
      double sutCpus) {
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
      } else if (ResultRow.OWN_SERVICE_WORKLOAD.equals(r.workload()) && r.pgCpuPct() == null) {
        // vtbench's SUT reads the database container's cgroup (DbCpuSql); a user's service does
        // not, so an empty column is honest there, and a filled one is held to the limit below
        Checks.note(id + ": pg_cpu_pct empty for a user's service (nothing in it reads it)");
      } else {
        c.check(
            r.pgCpuPct() != null && r.pgCpuPct() > 0 && r.pgCpuPct() <= limitPct,
            String.format(
                "%s: pg_cpu_pct %s in (0, %.1f] (the database container's cgroup, %.2f CPUs)",
                id, r.pgCpuPct(), limitPct, databaseCpus));
        checkDatabaseThrottling(r, databaseCpus);
      }
      if (!ResultRow.OWN_SERVICE_WORKLOAD.equals(r.workload())) {
        // the JVM sizes itself to the container: a whole-CPU limit on a cpuset of as many CPUs
        int cpus = (int) Math.ceil(sutCpus);
        c.check(
            Integer.valueOf(cpus).equals(r.jvmProcessors())
                && Integer.valueOf(cpus).equals(r.vtParallelism()),
            String.format(
                "%s: jvm_processors %s and vt_parallelism %s are the SUT's %d CPU(s)",
                id, r.jvmProcessors(), r.vtParallelism(), cpus));
      }
      // vtbench's k6 image has the k6/x/vtbench extension: k6 reads its own CPU and cgroup
      c.check(
          r.loadCpuPct() != null && r.loadCpuPct() > 0,
          id + ": load_cpu_pct " + r.loadCpuPct() + " > 0 (k6's own CPU, through k6/x/vtbench)");
      c.check(
          r.loadThrottledPct() != null && r.loadThrottledPct() >= 0,
          id + ": load_throttled_pct " + r.loadThrottledPct() + " read from k6's cgroup");
      if (r.loadCpuPct() != null) {
        // the local rule: the generator's cores busy, its own CPU at its limit, or held back
        boolean rule =
            (r.loadCoreBusyPct() != null
                    && DerivedMetrics.generatorCoresSaturated(r.loadCoreBusyPct()))
                || DerivedMetrics.generatorSaturated(r.loadCpuPct(), loadCpus)
                || Throttling.load(r);
        c.check(
            Boolean.valueOf(rule).equals(r.generatorSaturated()),
            String.format(
                "%s: generator_saturated %s follows load_core_busy_pct %s >= %.0f, load_cpu_pct %s"
                    + " against %.2f CPUs, load_throttled_pct %s >= %.0f",
                id,
                r.generatorSaturated(),
                r.loadCoreBusyPct(),
                100 * DerivedMetrics.GENERATOR_FRACTION,
                r.loadCpuPct(),
                loadCpus,
                r.loadThrottledPct(),
                Throttling.THRESHOLD_PCT));
      }
      checkNodeCores(r, nodes.size(), loadAndStubShareThePool);
    }
  }

  /**
   * The database container's throttling, read by the SUT at the hold's edges: measured in every
   * row, and above zero under a fractional limit, which a burst of queries spends early in a
   * period.
   */
  private void checkDatabaseThrottling(ResultRow r, double databaseCpus) {
    Checks c = e2e.checks;
    String id = r.scenarioId();
    c.check(
        r.pgThrottledPct() != null && r.pgThrottledPct() >= 0,
        id + ": pg_throttled_pct " + r.pgThrottledPct() + " read from the database's cgroup");
    if (databaseCpus < 1 && r.pgThrottledPct() != null) {
      c.check(
          r.pgThrottledPct() > 0,
          String.format(
              "%s: the database's %.2f CPUs throttled it (pg_throttled_pct %s > 0; bottleneck %s)",
              id, databaseCpus, r.pgThrottledPct(), r.bottleneck()));
    }
  }

  /** On one node, where k6 and the stub share its pool: the node's cores read in every row. */
  private void checkNodeCores(ResultRow r, int nodes, boolean loadAndStubShareThePool) {
    if (nodes != 1 || !loadAndStubShareThePool) {
      return;
    }
    Checks c = e2e.checks;
    String id = r.scenarioId();
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
