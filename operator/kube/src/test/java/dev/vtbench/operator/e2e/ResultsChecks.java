package dev.vtbench.operator.e2e;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.operator.Checks;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What a finished run recorded: the CSV in its results ConfigMap (every planned scenario once,
 * throughput above 0, errors under 1 %, the pinned cpuset in every row) and the way its loads ran
 * (k6-operator TestRuns or the run's own Jobs).
 */
final class ResultsChecks {

  private final E2eContext e2e;

  ResultsChecks(E2eContext e2e) {
    this.e2e = e2e;
  }

  /** The CSV of the run's results ConfigMap, "" when there is none. */
  String csv(String run) {
    ConfigMap cm =
        e2e.k8s
            .configMaps()
            .inNamespace(e2e.namespace())
            .withName(ResourceNames.results(run, 1))
            .get();
    String csv =
        cm == null || cm.getData() == null ? "" : cm.getData().getOrDefault("matrix.csv", "");
    return csv == null ? "" : csv;
  }

  /** Checks the CSV against the planned count; returns its rows. */
  List<ResultRow> checkCsv(String run, String csv, int planned, String pinned) {
    Checks c = e2e.checks;
    c.check(!csv.isEmpty(), "results ConfigMap " + ResourceNames.results(run, 1) + " holds a CSV");
    List<ResultRow> rows;
    try {
      rows = csv.isEmpty() ? List.of() : ResultsCsv.parse(csv);
    } catch (IllegalArgumentException e) {
      c.fail("the CSV parses: " + e.getMessage());
      return List.of();
    }
    List<String> ids = rows.stream().map(ResultRow::scenarioId).toList();
    c.check(rows.size() == planned, rows.size() + " rows for " + planned + " planned scenarios");
    c.check(
        new HashSet<>(ids).size() == ids.size(),
        "no scenario id twice" + (new HashSet<>(ids).size() == ids.size() ? "" : ": " + ids));
    for (ResultRow r : rows) {
      double errors = r.errorRate() == null ? 1 : r.errorRate();
      c.check(
          r.throughputRps() > 0 && errors < 0.01,
          "%s: %s req/s > 0, error rate %s < 0.01"
              .formatted(r.scenarioId(), r.throughputRps(), r.errorRate()));
    }
    if (pinned != null && !pinned.isEmpty()) {
      Set<String> cpusets = new TreeSet<>();
      rows.forEach(r -> cpusets.add(String.valueOf(r.sutCpuset())));
      c.check(
          cpusets.equals(Set.of(pinned)),
          "the SUT reported cpuset "
              + cpusets
              + " from inside the pod in every row, the pinned CPU "
              + pinned);
    }
    return rows;
  }

  /**
   * Steady state was judged on the cluster, from SUT windows that crossed the runner's termination
   * message: every row says how much load its SUT had had ({@code warmup_s} > 0 after a warm-up)
   * and whether it was steady, and a hold of two of the run's windows or more ({@code window}) has
   * its {@code hold_cv}.
   */
  void checkSteadyState(List<ResultRow> rows, Duration sutWarmup, Duration hold, Duration window) {
    Checks c = e2e.checks;
    boolean windowed = hold.compareTo(window.multipliedBy(2)) >= 0;
    for (ResultRow r : rows) {
      if (sutWarmup.isPositive()) {
        c.check(
            r.warmupS() != null && r.warmupS() > 0,
            r.scenarioId() + ": warmup_s " + r.warmupS() + " > 0 after its SUT's warm-up");
      }
      c.check(
          r.steadyState() != null,
          r.scenarioId() + ": steady_state judged (" + r.steadyState() + ")");
      if (windowed) {
        c.check(
            r.holdCv() != null,
            r.scenarioId() + ": hold_cv " + r.holdCv() + " from the SUT's windows over the hold");
      }
    }
  }

  /**
   * Every scenario of the CSV ran through the runner's kind of load ({@code testrun}: a k6-operator
   * TestRun; {@code job}: a Job the run owns), and none the other way.
   */
  void checkLoads(
      String run, String runner, List<ResultRow> rows, LoadsSeen loads, int measuredLoads) {
    Checks c = e2e.checks;
    String got = E2eContext.status(e2e.run(run).get(), "runner");
    c.check(
        runner.equals(got),
        "status.runner is " + runner + (runner.equals(got) ? "" : " (it is '" + got + "')"));
    Set<String> testRuns = loads.scenarios("TestRun", null);
    Set<String> ownJobs = loads.scenarios("Job", "BenchmarkRun");
    boolean viaTestRuns = runner.equals("testrun");
    Set<String> via = viaTestRuns ? testRuns : ownJobs;
    Set<String> other = viaTestRuns ? ownJobs : testRuns;
    String kind = viaTestRuns ? "a k6-operator TestRun" : "a plain Job";
    for (ResultRow r : rows) {
      c.check(via.contains(r.scenarioId()), r.scenarioId() + " ran through " + kind);
    }
    c.check(
        other.isEmpty(), "no load ran the other way (" + (other.isEmpty() ? "none" : other) + ")");
    long measured =
        loads.all().stream()
            .filter(l -> l.kind().equals(viaTestRuns ? "TestRun" : "Job"))
            .filter(l -> viaTestRuns || l.owner().equals("BenchmarkRun"))
            .filter(l -> !l.scenario().endsWith(RunCursor.WARM_UP_SUFFIX))
            .count();
    c.check(
        measured == measuredLoads,
        measured
            + " measured load objects for "
            + rows.size()
            + " scenarios"
            + (viaTestRuns ? " (one each)" : " (one per SUT configuration's stages)")
            + (measured == measuredLoads ? "" : ", expected " + measuredLoads));
  }

  /** The results table, as a person reads it after the run. */
  static void printTable(String run, List<ResultRow> rows) {
    List<String> header =
        List.of(
            "scenario_id",
            "thread_mode",
            "concurrency",
            "throughput_rps",
            "p50_ms",
            "p99_ms",
            "error_rate",
            "app_cpu_pct",
            "sut_cpuset",
            "littles_law_ratio",
            "bottleneck");
    List<Function<ResultRow, Object>> cells =
        List.of(
            ResultRow::scenarioId,
            ResultRow::threadMode,
            ResultRow::concurrency,
            ResultRow::throughputRps,
            ResultRow::p50Ms,
            ResultRow::p99Ms,
            ResultRow::errorRate,
            ResultRow::appCpuPct,
            ResultRow::sutCpuset,
            ResultRow::littlesLawRatio,
            ResultRow::bottleneck);
    List<List<String>> table = new ArrayList<>();
    table.add(header);
    for (ResultRow r : rows) {
      table.add(cells.stream().map(f -> Objects.toString(f.apply(r), "")).toList());
    }
    int[] width = new int[header.size()];
    for (List<String> line : table) {
      for (int i = 0; i < width.length; i++) {
        width[i] = Math.max(width[i], line.get(i).length());
      }
    }
    System.out.printf("%n  results of %s:%n", run);
    for (List<String> line : table) {
      StringBuilder sb = new StringBuilder(" ");
      for (int i = 0; i < width.length; i++) {
        sb.append(' ').append(String.format("%-" + width[i] + "s", line.get(i))).append(' ');
      }
      System.out.println(sb.toString().stripTrailing());
    }
    System.out.flush();
  }
}
