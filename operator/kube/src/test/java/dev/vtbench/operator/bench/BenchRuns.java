package dev.vtbench.operator.bench;

import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The BenchmarkRuns the bench creates, where they stand, and the rows they recorded. */
final class BenchRuns {

  /** Each run's spec, its thread modes left to fill in: small, fast, one SUT reconfiguration. */
  static final String SPEC =
      """
      workload: {endpoint: order-summary, stubDelay: 100ms}
      sut: {cpu: 1, memory: 1Gi, image: vtbench/sut:test}
      stub: {cpu: 1, memory: 512Mi}
      database: {cpu: 1, memory: 1Gi, storage: 1Gi, seed: {customers: 1000, orders: 10000}}
      load: {ramp: 1s, warmup: 1s, hold: 3s, cpu: 1, memory: 256Mi, runner: job, sutWarmup: 0s}
      matrix: {threadModes: [%s], hikariPoolSizes: [10], concurrency: [10], repetitions: 1}
      """;

  private BenchRuns() {}

  /** Every run Succeeded, and its results hold each planned scenario exactly once. */
  static void checkRows(
      KubernetesClient k8s, List<BenchmarkRunResource> runs, int created, List<String> problems) {
    if (runs.size() != created) {
      problems.add(runs.size() + " runs seen, " + created + " created");
    }
    ResultsStore store = new ResultsStore(k8s);
    int lost = 0;
    int duplicated = 0;
    for (BenchmarkRunResource run : runs) {
      String id = run.getMetadata().getNamespace() + "/" + run.getMetadata().getName();
      String phase = run.getStatus() == null ? null : run.getStatus().phase;
      if (!"Succeeded".equals(phase)) {
        problems.add(id + " ended " + phase);
      }
      List<String> planned = Planner.plan(run.getSpec()).stream().map(Scenario::id).toList();
      Map<String, Long> recorded =
          store.rows(run).stream()
              .collect(Collectors.groupingBy(ResultRow::scenarioId, Collectors.counting()));
      for (String s : planned) {
        long n = recorded.getOrDefault(s, 0L);
        if (n == 0) {
          lost++;
          problems.add(id + ": row " + s + " lost");
        } else if (n > 1) {
          duplicated++;
          problems.add(id + ": row " + s + " recorded " + n + " times");
        }
      }
      recorded.keySet().stream()
          .filter(s -> !planned.contains(s))
          .forEach(s -> problems.add(id + ": row " + s + " not in the plan"));
    }
    OperatorBench.log(
        "rows checked: %d runs, %d lost, %d duplicated", runs.size(), lost, duplicated);
  }

  static void create(KubernetesClient k8s, String ns, String name, String spec) {
    String yaml =
        """
        apiVersion: vtbench.dev/v1alpha1
        kind: BenchmarkRun
        metadata:
          name: %s
        spec:
        %s
        """
            .formatted(name, spec.indent(2));
    BenchmarkRunResource run =
        k8s.resources(BenchmarkRunResource.class)
            .load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)))
            .item();
    k8s.resources(BenchmarkRunResource.class).inNamespace(ns).resource(run).create();
  }

  static Map<String, Long> phases(List<BenchmarkRunResource> runs) {
    return runs.stream()
        .collect(
            Collectors.groupingBy(
                r ->
                    r.getStatus() == null || r.getStatus().phase == null
                        ? "New"
                        : r.getStatus().phase,
                TreeMap::new,
                Collectors.counting()));
  }
}
