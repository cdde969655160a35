package dev.vtbench.engine.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vtbench.engine.crd.CrdValidator;
import dev.vtbench.engine.model.rules.PlatformRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import tools.jackson.databind.json.JsonMapper;

/**
 * Judges a BenchmarkRun by the CRD itself ({@link CrdValidator}: its schema and CEL rules, read
 * from {@code crds/}), so the local CLI, the operator and the API server apply one set of rules.
 * The run is judged with its defaults filled in, as it will run: a rule about a list the spec left
 * out (a threshold naming a concurrency the default matrix lacks) then holds too, which the API
 * server, seeing only what was written, cannot check. A local run leaves out the cluster's input
 * rules ({@link PlatformRules}) and checks its files, jar or command instead ({@link LocalInputs}).
 */
public final class SpecValidation {

  /** The run as the API server would store it: absent fields left out, not written as null. */
  private static final JsonMapper JSON =
      JsonMapper.builder()
          .changeDefaultPropertyInclusion(
              i ->
                  JsonInclude.Value.construct(
                      JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
          .build();

  private SpecValidation() {}

  /** Every problem of {@code run} for {@code vtbench run}; empty when it may start. */
  public static List<String> local(BenchmarkRun run) {
    List<String> problems = crd(run, PlatformRules::appliesLocally);
    if (problems.isEmpty()) {
      problems.addAll(LocalInputs.problems(run.spec));
    }
    return problems;
  }

  /** Every problem of {@code run} in a cluster (the operator's check before it starts one). */
  public static List<String> cluster(BenchmarkRun run) {
    return crd(run, rule -> true);
  }

  @SuppressWarnings("unchecked")
  static List<String> crd(BenchmarkRun run, Predicate<String> applies) {
    List<String> problems = new ArrayList<>();
    if (!BenchmarkRun.API_VERSION.equals(run.apiVersion)) {
      problems.add("apiVersion: '" + run.apiVersion + "' must be " + BenchmarkRun.API_VERSION);
    }
    if (!BenchmarkRun.KIND.equals(run.kind)) {
      problems.add("kind: '" + run.kind + "' must be " + BenchmarkRun.KIND);
    }
    Map<String, Object> tree = JSON.convertValue(run, Map.class);
    problems.addAll(CrdValidator.benchmarkRun().validate(tree, applies));
    if (problems.isEmpty() && run.spec != null) {
      problems.addAll(BeyondCelBudgetChecks.problems(run.spec));
    }
    return problems;
  }
}
