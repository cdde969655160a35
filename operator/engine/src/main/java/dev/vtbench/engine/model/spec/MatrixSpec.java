package dev.vtbench.engine.model.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.BuildRules;
import dev.vtbench.engine.model.rules.CpuWorkRules;
import dev.vtbench.engine.model.rules.MatrixRules;
import dev.vtbench.engine.model.rules.SpecRules;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.ArrayList;
import java.util.List;

/** The scenario matrix. */
@ValidationRule(value = MatrixRules.SCENARIOS_RULE, message = MatrixRules.SCENARIOS_MESSAGE)
public class MatrixSpec {
  @JsonPropertyDescription(
      "Thread modes to compare: platform, virtual, reactive (seed 002's baseline: the SUT on"
          + " Spring WebFlux and R2DBC, spec.sut.reactiveImage on Kubernetes).")
  @Size(min = 1, max = 3)
  @ValidationRule(
      value =
          "self.all(m, m in "
              + SpecRules.THREAD_MODES
              + ") && self.all(m, self.exists_one(n, n == m))",
      message = "must list platform, virtual and/or reactive, each once")
  public List<String> threadModes = new ArrayList<>(List.of("platform", "virtual"));

  @JsonPropertyDescription("HikariCP pool sizes (fixed-size pools).")
  @Size(min = 1, max = SpecRules.POOL_SIZES_MAX)
  @ValidationRule(value = MatrixRules.POOLS_RULE, message = MatrixRules.POOLS_MESSAGE)
  public List<Integer> hikariPoolSizes = new ArrayList<>(List.of(50));

  @JsonPropertyDescription(
      "Concurrency levels: VUs (closed model) or requests per second (open model).")
  @Size(min = 1, max = SpecRules.LEVELS_MAX)
  @ValidationRule(value = MatrixRules.LEVELS_RULE, message = MatrixRules.LEVELS_MESSAGE)
  public List<Integer> concurrency = new ArrayList<>(List.of(100, 500, 1000, 2500, 5000, 10000));

  @JsonPropertyDescription("Repetitions of the whole matrix.")
  @Min(1)
  @Max(SpecRules.REPETITIONS_MAX)
  public int repetitions = MatrixRules.DEFAULT_REPETITIONS;

  @JsonPropertyDescription(
      "JVM configurations to compare, e.g. ['-XX:+UseParallelGC', '-XX:+UseG1GC']: each value is"
          + " extra JVM options separated by spaces (empty: none), each option starting with '-',"
          + " no shell characters; at most "
          + MatrixRules.JVM_OPTIONS_MAX
          + ". Each value is a JVM of its own (java command line, or JAVA_TOOL_OPTIONS for a"
          + " container or a command); with two or more, summary.md compares each to the first.")
  @Size(min = 1, max = MatrixRules.JVM_OPTIONS_MAX)
  @ValidationRule(value = MatrixRules.JVM_OPTIONS_RULE, message = MatrixRules.JVM_OPTIONS_MESSAGE)
  @ValidationRule(
      value = MatrixRules.FORBIDDEN_JVM_OPTION_RULE,
      message = MatrixRules.FORBIDDEN_JVM_OPTION_MESSAGE)
  public List<@Size(max = MatrixRules.JVM_OPTION_MAX) String> jvmOptions =
      new ArrayList<>(List.of(""));

  @JsonPropertyDescription(
      "Builds of spec.sut.service to compare, e.g. two Spring Boot versions: each names its"
          + " image (Kubernetes) and jar or command (local), which replace the service's; a field"
          + " left out is the service's. At most "
          + BuildRules.BUILDS_MAX
          + ", each a JVM of its own; with two or more, summary.md compares each to the first.")
  @Size(min = 1, max = BuildRules.BUILDS_MAX)
  @ValidationRule(value = BuildRules.UNIQUE_RULE, message = BuildRules.UNIQUE_MESSAGE)
  // left out of the JSON when unset, so every spec without the axis keeps its SpecHash
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public List<BuildSpec> builds;

  @JsonPropertyDescription(
      "CPU each request of vtbench's SUT computes besides its own work (SHA-256 rounds calibrated"
          + " on the machine at hand), e.g. ['0us', '1ms', '3ms']: whole us or ms up to 20ms, at"
          + " most "
          + CpuWorkRules.VALUES_MAX
          + ". One JVM serves every value (a request parameter), so a sweep costs no restarts;"
          + " it shows where virtual threads stop helping as requests compute more. Not for"
          + " spec.sut.service.")
  @Size(min = 1, max = CpuWorkRules.VALUES_MAX)
  @ValidationRule(value = CpuWorkRules.RULE, message = CpuWorkRules.MESSAGE)
  // left out of the JSON when unset, so every spec without the axis keeps its SpecHash
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public List<@Size(max = CpuWorkRules.VALUE_MAX) String> cpuPerRequest;
}
