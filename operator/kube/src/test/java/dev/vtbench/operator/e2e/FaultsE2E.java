package dev.vtbench.operator.e2e;

import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.ResultRow;
import dev.vtbench.operator.Checks;
import dev.vtbench.operator.e2e.FaultInjector.Fault;
import dev.vtbench.operator.e2e.FaultInjector.Injected;
import io.fabric8.kubernetes.api.model.Event;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Faults during measured holds, one per scenario of one run (four repetitions of one virtual cell
 * through TestRuns, 40 s holds): the SUT pod deleted, the database's primary pod deleted, the
 * kubelet restarted, the API server restarted, each {@link FaultInjector#INTO} into its scenario's
 * measured load. Each must end as docs/cluster-lifecycle.md ("Faults during a run") says: a hold a
 * tier was replaced under is dropped (a Warning Event HoldInterrupted naming the tier, a second
 * load of the scenario) and measured again; a restart that leaves the pods running drops nothing.
 * Every scenario is recorded exactly once and the run Succeeds within its deadline. Prints {@code
 * faults: N injected, N handled as documented}.
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
      try (FaultInjector injector = new FaultInjector(e2e, name, byScenario)) {
        EndToEndRun.run(
            e2e,
            "faults",
            spec,
            false,
            List.of(),
            (rows, sutPods) -> check(e2e, name, byScenario, injector, rows));
      }
      e2e.checks.verify();
    }
  }

  private static void check(
      E2eContext e2e,
      String run,
      Map<String, Fault> byScenario,
      FaultInjector injector,
      List<ResultRow> rows) {
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
      boolean done =
          i.isPresent()
              && !i.get().detail().startsWith("FAILED")
              && !i.get().detail().equals("no pod to delete");
      c.check(
          done,
          scenario
              + ": "
              + fault.what
              + (i.isPresent()
                  ? " "
                      + FaultInjector.INTO.toSeconds()
                      + " s into "
                      + i.get().load()
                      + ": "
                      + i.get().detail()
                  : ": never injected (its measured load was not seen running long enough)"));
      long recorded = rows.stream().filter(r -> r.scenarioId().equals(scenario)).count();
      Set<String> loads = injector.measuredLoads(scenario);
      List<String> events =
          dropped.stream().map(Event::getMessage).filter(m -> m.contains(scenario)).toList();
      String tier = fault == Fault.SUT_POD ? "the sut pod" : "the database pod";
      // a TestRun k6-operator leaves unstarted is created again (LoadRecreated): another load of
      // the scenario that is no drop, so the loads are counted at least, the Events exactly
      boolean asDocumented =
          fault.drops
              ? events.size() == 1 && events.getFirst().contains(tier) && loads.size() >= 2
              : events.isEmpty() && loads.size() >= 1;
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
      if (done && asDocumented && recorded == 1) {
        handled++;
      }
    }
    c.check(
        injected.size() == byScenario.size() && handled == byScenario.size(),
        "faults: " + injected.size() + " injected, " + handled + " handled as documented");
  }
}
