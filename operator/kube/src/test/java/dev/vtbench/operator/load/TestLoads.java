package dev.vtbench.operator.load;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.List;
import java.util.Map;

/**
 * The load objects the operator would create, built by the same one builder per kind ({@link
 * TestRunLoad#object}, {@link JobLoad#object}) from a {@link LoadRequest}: for tests that look at
 * them without a reconcile.
 */
public final class TestLoads {

  private TestLoads() {}

  /** A measured load of one scenario, with an empty script. */
  public static LoadRequest measured(String name, String scenarioId) {
    return request(name, List.of(scenarioId), null, Map.of());
  }

  /** A warm-up round's or measured ({@code warmUpFrom} null) load of {@code stages}. */
  public static LoadRequest request(
      String name, List<String> stages, String warmUpFrom, Map<String, String> env) {
    return new LoadRequest(
        name,
        stages,
        warmUpFrom,
        null,
        new LoadScript(stages.stream().map(s -> "// " + s).toList(), null, env));
  }

  public static GenericKubernetesResource testRun(
      BenchmarkRunResource run, String name, String scenarioId) {
    return TestRunLoad.INSTANCE.object(run, measured(name, scenarioId));
  }

  public static GenericKubernetesResource testRun(BenchmarkRunResource run, LoadRequest request) {
    return TestRunLoad.INSTANCE.object(run, request);
  }

  public static Job job(BenchmarkRunResource run, String name, String scenarioId) {
    return JobLoad.INSTANCE.object(run, measured(name, scenarioId));
  }

  public static Job job(BenchmarkRunResource run, LoadRequest request) {
    return JobLoad.INSTANCE.object(run, request);
  }
}
