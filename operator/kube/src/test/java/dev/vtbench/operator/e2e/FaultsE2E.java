package dev.vtbench.operator.e2e;

import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.Checks;
import dev.vtbench.operator.e2e.FaultInjector.Fault;
import dev.vtbench.operator.e2e.FaultInjector.Injected;
import io.fabric8.kubernetes.api.model.Event;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Faults during measured holds, one per scenario of one run (four repetitions of one virtual cell
 * through TestRuns, 40 s holds): the SUT pod deleted, the database's primary pod deleted, the
 * kubelet restarted, the API server restarted, each {@link FaultInjector#INTO} into the hold of its
 * scenario's measured load; the recorded row's hold must have begun after a fault that drops it and
 * contain one that keeps it ({@link FaultTiming}). Each must end as docs/cluster-lifecycle.md
 * ("Faults during a run") says: a hold a tier was replaced under is dropped (a Warning Event
 * HoldInterrupted naming the tier, a second load of the scenario) and measured again; a restart
 * that leaves the pods running drops nothing. Every scenario is recorded exactly once and the run
 * Succeeds within its deadline. Prints {@code faults: N injected, N handled as documented}.
 */
class FaultsE2E {

  private static final List<Fault> IN_ORDER =
      List.of(Fault.SUT_POD, Fault.DATABASE_PRIMARY, Fault.KUBELET, Fault.API_SERVER);

  @Test
  void eachFaultDuringAHoldEndsAsDocumented() {
    E2eSettings settings = E2eSettings.fromEnvironment();
    try (E2eContext e2e = new E2eContext(settings)) {
      var json = e2e.k8s.getKubernetesSerialization();
      RunSpec spec = RunSpec.fromFile(json, settings.spec());
      String name = spec.fileName() + "-faults";
      spec.named(name, e2e.namespace())
          .images(settings.dbImage(), settings.k6Image())
          .runner("testrun")
          .oneScenario("virtual")
          .repetitions(IN_ORDER.size())
          .sutWarmup("20s")
          .hold("40s")
          .sutReplaced(1);
      List<Scenario> plan = spec.plan(json);
      Map<String, Fault> byScenario = new LinkedHashMap<>();
      for (int i = 0; i < IN_ORDER.size(); i++) {
        byScenario.put(plan.get(i).id(), IN_ORDER.get(i));
      }
      var defaults = new dev.vtbench.engine.model.BenchmarkRunSpec().load;
      Duration hold = spec.load("hold", defaults.hold);
      Duration toHold = spec.load("ramp", defaults.ramp).plus(spec.load("warmup", defaults.warmup));
      Duration into = FaultInjector.into(System.getenv(FaultInjector.INTO_ENV));
      try (FaultInjector injector = new FaultInjector(e2e, name, byScenario, toHold, into)) {
        EndToEndRun.run(
            e2e,
            "faults",
            spec,
            false,
            List.of(),
            (rows, sutPods) -> check(e2e, name, byScenario, injector, rows, hold));
      }
      e2e.checks.verify();
    }
  }

  private static void check(
      E2eContext e2e,
      String run,
      Map<String, Fault> byScenario,
      FaultInjector injector,
      List<ResultRow> rows,
      Duration hold) {
    Checks c = e2e.checks;
    List<Injected> injected = injector.injected();
    List<Event> dropped =
        e2e.k8s.v1().events().inNamespace(e2e.namespace()).list().getItems().stream()
            .filter(e -> run.equals(e.getInvolvedObject().getName()))
            .filter(e -> "HoldInterrupted".equals(e.getReason()))
            .toList();
    int handled = 0;
    for (var entry : byScenario.entrySet()) {
      String scenario = entry.getKey();
      Fault fault = entry.getValue();
      Optional<Injected> i =
          injected.stream().filter(x -> x.scenario().equals(scenario)).findFirst();
      Optional<FaultTiming.Verdict> within =
          i.map(
              x ->
                  FaultTiming.withinHold(
                      x.at(), new FaultTiming.LoadHold(x.loadUid(), x.holdStart()), hold));
      boolean done =
          i.isPresent()
              && within.get().ok()
              && !i.get().detail().startsWith("FAILED")
              && !i.get().detail().equals("no pod to delete");
      c.check(
          done,
          scenario
              + ": "
              + fault.what
              + (i.isPresent()
                  ? " " + within.get().what() + " (" + i.get().load() + "): " + i.get().detail()
                  : ": never injected (its measured load's hold was not seen long enough)"));
      List<ResultRow> recordedRows =
          rows.stream().filter(r -> r.scenarioId().equals(scenario)).toList();
      long recorded = recordedRows.size();
      boolean rowOk = false;
      if (i.isPresent() && recorded == 1) {
        FaultTiming.Verdict row =
            FaultTiming.recordedHold(
                i.get().at(),
                i.get().loadUid(),
                fault.drops,
                injector.holds(scenario),
                recordedRows.getFirst().ts(),
                hold);
        rowOk = c.check(row.ok(), scenario + ": " + row.what());
      }
      Set<String> loads = injector.measuredLoads(scenario);
      List<String> events =
          dropped.stream().map(Event::getMessage).filter(m -> m.contains(scenario)).toList();
      String tier = fault == Fault.SUT_POD ? "the sut pod" : "the database pod";
      boolean asDocumented = FaultTiming.asDocumented(fault.drops, loads.size(), events, tier);
      c.check(
          asDocumented && recorded == 1,
          scenario
              + ": "
              + (fault.drops ? "the hold dropped and measured again" : "the hold kept")
              + " as docs/cluster.md says: "
              + loads.size()
              + " measured load(s), "
              + events.size()
              + " HoldInterrupted Event(s)"
              + (events.isEmpty() ? "" : " ('" + String.join("'; '", events) + "')")
              + ", recorded "
              + recorded
              + " time(s)");
      if (done && rowOk && asDocumented && recorded == 1) {
        handled++;
      }
    }
    c.check(
        injected.size() == byScenario.size() && handled == byScenario.size(),
        "faults: " + injected.size() + " injected, " + handled + " handled as documented");
  }
}
