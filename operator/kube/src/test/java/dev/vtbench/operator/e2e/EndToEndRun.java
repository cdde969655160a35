package dev.vtbench.operator.e2e;

import dev.vtbench.engine.results.row.ResultRow;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One BenchmarkRun on the real cluster, from apply to delete: its hostPath volume, the run followed
 * to Succeeded, what it recorded and how its loads ran, what the tools that wait on it see, its
 * results table, where its wall-clock went ({@link RunCost}), and what deleting it leaves. Prints
 * the phase's header and appends its wall-clock and cost to the script's table.
 */
final class EndToEndRun {

  /** What a phase checks beyond every run's checks, once its run Succeeded. */
  interface PhaseChecks {
    void check(List<ResultRow> rows, SutPodsSeen sutPods);
  }

  private EndToEndRun() {}

  static void run(E2eContext e2e, String phase, RunSpec spec, boolean killOperator) {
    run(e2e, phase, spec, killOperator, List.of(), (rows, sutPods) -> {});
  }

  /**
   * @param usersOwn the user's objects the run reads (created before it), which neither the run nor
   *     its deletion may change
   */
  static void run(
      E2eContext e2e,
      String phase,
      RunSpec spec,
      boolean killOperator,
      List<HasMetadata> usersOwn,
      PhaseChecks more) {
    long t0 = System.nanoTime();
    System.out.printf("%n== %s%n", phase);
    String name = spec.resource().getMetadata().getName();
    HostPathVolume.create(e2e, name, spec.storage());
    e2e.k8s.resource(spec.resource()).create();
    System.out.printf("  applied %s (load.runner=%s)%n", name, spec.expectedRunner());
    RunFollower follower = new RunFollower(e2e, name, killOperator);
    boolean succeeded;
    try (SutPodsSeen sutPods = new SutPodsSeen(e2e.k8s, e2e.namespace(), name);
        LoadsSeen loads = new LoadsSeen(e2e.k8s, e2e.namespace(), name)) {
      try {
        succeeded = follower.follow(spec, loads, sutPods);
      } finally {
        e2e.write(
            name + "-loads.txt",
            loads.all().stream()
                .map(LoadsSeen.Load::toString)
                .collect(Collectors.joining("\n", "", "\n")));
      }
      String csv = null;
      if (succeeded) {
        new FinishedRunChecks(e2e).check(name);
        new OwnedChecks(e2e).check(name);
        ResultsChecks results = new ResultsChecks(e2e);
        csv = results.csv(name);
        e2e.write(name + "-matrix.csv", csv);
        int planned = Integer.parseInt(E2eContext.status(e2e.run(name).get(), "scenariosTotal"));
        List<ResultRow> rows = results.checkCsv(name, csv, planned, follower.pinned());
        results.checkLoads(
            name,
            spec.expectedRunner(),
            rows,
            loads,
            spec.measuredLoads(e2e.k8s.getKubernetesSerialization(), spec.expectedRunner()));
        // the runners as the API server admitted them: a Burstable k6 has no CPU limit to throttle
        // it, a Guaranteed one has its request as its limit
        Map<String, String> runners = loads.runnerResources();
        e2e.checks.check(
            !runners.isEmpty()
                && runners.values().stream().allMatch(spec.runnerResources()::equals),
            name + ": every runner pod is " + spec.runnerResources() + " (seen: " + runners + ")");
        new CpuChecks(e2e)
            .check(
                rows,
                spec.loadAndStubShareThePool(),
                spec.databaseCpus(),
                spec.loadCpus(),
                spec.sutCpus());
        int starts = spec.sutStarts(e2e.k8s.getKubernetesSerialization());
        e2e.checks.check(
            sutPods.count() == starts,
            name
                + ": "
                + sutPods.count()
                + " SUT pod(s) started, one per JVM configuration ("
                + starts
                + "): pool sizes are resized live, not by a new pod");
        var defaults = new dev.vtbench.engine.model.BenchmarkRunSpec().load;
        results.checkSteadyState(
            rows,
            spec.load("sutWarmup", defaults.sutWarmup),
            spec.load("hold", defaults.hold),
            spec.window(e2e.k8s.getKubernetesSerialization()));
        more.check(rows, sutPods);
        ResultsChecks.printTable(name, rows);
        cost(e2e, phase, name, spec, sutPods, rows);
      }
      new DeleteChecks(e2e, usersOwn).deleteAndCheck(name, csv);
    } finally {
      e2e.settings.timing(phase, Duration.ofNanos(System.nanoTime() - t0));
    }
  }

  /**
   * Prints where the run's wall-clock went, hands it to the script's summary, and checks it against
   * the phase's bounds ({@link CostBounds}); a cost that cannot be read or judged fails the check.
   */
  private static void cost(
      E2eContext e2e,
      String phase,
      String name,
      RunSpec spec,
      SutPodsSeen sutPods,
      List<ResultRow> rows) {
    List<String> lines;
    List<CostBounds.Verdict> verdicts;
    try {
      RunCost cost = RunCostReader.read(e2e, name, spec, sutPods, rows);
      lines = cost.lines(name);
      verdicts =
          CostBounds.fromRepo(e2e.settings.repo(), System.getenv(CostBounds.SCALE_ENV))
              .judge(phase, name, cost);
    } catch (RuntimeException e) {
      e2e.checks.fail(name + ": its cost could not be measured or judged: " + e);
      e2e.settings.costs(List.of(name + ": cost not measured: " + e));
      return;
    }
    System.out.printf("%n  cost of %s (docs/cluster-cost.md, What a cluster run costs):%n", name);
    lines.forEach(l -> System.out.println("    " + l));
    e2e.settings.costs(lines);
    verdicts.forEach(v -> e2e.checks.check(v.ok(), v.what()));
  }
}
