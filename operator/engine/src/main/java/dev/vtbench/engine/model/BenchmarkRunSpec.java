package dev.vtbench.engine.model;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.model.rules.BuildRules;
import dev.vtbench.engine.model.rules.CpuWorkRules;
import dev.vtbench.engine.model.rules.PlacementRules;
import dev.vtbench.engine.model.rules.ServiceRules;
import dev.vtbench.engine.model.rules.SpecRules;
import dev.vtbench.engine.model.rules.ThresholdRules;
import dev.vtbench.engine.model.spec.DatabaseSpec;
import dev.vtbench.engine.model.spec.LoadSpec;
import dev.vtbench.engine.model.spec.MatrixSpec;
import dev.vtbench.engine.model.spec.ResultsSpec;
import dev.vtbench.engine.model.spec.StubSpec;
import dev.vtbench.engine.model.spec.SutSpec;
import dev.vtbench.engine.model.spec.TimeoutsSpec;
import dev.vtbench.engine.model.spec.WorkloadSpec;
import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * What to measure: one YAML, the same on the local platform and as a Kubernetes resource. Every
 * default reproduces the reference rig (seeds/000): order-summary, 100 ms stub, Hikari 50, platform
 * vs virtual from 100 to 10,000 VUs, 3 repetitions.
 */
@ValidationRule(
    value = "self == oldSelf",
    message =
        "spec is immutable: a changed spec would mix two experiments in one CSV; create a new"
            + " BenchmarkRun (the results ConfigMap of this one is kept)")
@ValidationRule(
    value = ThresholdRules.P99_IN_MATRIX,
    message = ThresholdRules.IN_MATRIX_MESSAGE,
    fieldPath = ".thresholds.maxP99")
@ValidationRule(
    value = ThresholdRules.THROUGHPUT_IN_MATRIX,
    message = ThresholdRules.IN_MATRIX_MESSAGE,
    fieldPath = ".thresholds.minThroughput")
@ValidationRule(
    value = ThresholdRules.RATIO_IN_MATRIX,
    message = ThresholdRules.RATIO_MESSAGE,
    fieldPath = ".thresholds.minVirtualToPlatformRatio")
@ValidationRule(
    value = SpecRules.REACTIVE_PATH_RULE,
    message = SpecRules.REACTIVE_PATH_MESSAGE,
    fieldPath = ".workload.pathMode")
@ValidationRule(
    value = SpecRules.STUB_DELAY_BELOW_TIMEOUT_RULE,
    message = SpecRules.BELOW_TIMEOUT_MESSAGE,
    fieldPath = ".workload.stubDelay")
@ValidationRule(
    value = SpecRules.BLOCK_FOR_BELOW_TIMEOUT_RULE,
    message = SpecRules.BELOW_TIMEOUT_MESSAGE,
    fieldPath = ".workload.blockFor")
@ValidationRule(
    value = ServiceRules.SERVICE_NEEDS_REQUESTS_RULE,
    message = ServiceRules.SERVICE_NEEDS_REQUESTS_MESSAGE,
    fieldPath = ".workload")
@ValidationRule(
    value = ServiceRules.REQUESTS_NEED_SERVICE_RULE,
    message = ServiceRules.REQUESTS_NEED_SERVICE_MESSAGE,
    fieldPath = ".workload.requests")
@ValidationRule(
    value = ServiceRules.SCRIPT_NEEDS_SERVICE_RULE,
    message = ServiceRules.SCRIPT_NEEDS_SERVICE_MESSAGE,
    fieldPath = ".workload.script")
@ValidationRule(
    value = ServiceRules.NO_DATABASE_NEEDS_SERVICE_RULE,
    message = ServiceRules.NO_DATABASE_NEEDS_SERVICE_MESSAGE,
    fieldPath = ".database.enabled")
@ValidationRule(
    value = ServiceRules.SQL_NEEDS_SERVICE_RULE,
    message = ServiceRules.SQL_NEEDS_SERVICE_MESSAGE,
    fieldPath = ".database.sql")
@ValidationRule(
    value = ServiceRules.EXTERNAL_NEEDS_SERVICE_RULE,
    message = ServiceRules.EXTERNAL_NEEDS_SERVICE_MESSAGE,
    fieldPath = ".database.external")
@ValidationRule(
    value = ServiceRules.EXTERNAL_NOT_WITH_SQL_RULE,
    message = ServiceRules.EXTERNAL_NOT_WITH_SQL_MESSAGE,
    fieldPath = ".database.external")
@ValidationRule(
    value = ServiceRules.EXTERNAL_NEEDS_ENABLED_RULE,
    message = ServiceRules.EXTERNAL_NEEDS_ENABLED_MESSAGE,
    fieldPath = ".database.external")
@ValidationRule(
    value = CpuWorkRules.SERVICE_RULE,
    message = CpuWorkRules.SERVICE_MESSAGE,
    fieldPath = ".matrix.cpuPerRequest")
@ValidationRule(
    value = ServiceRules.NO_REACTIVE_RULE,
    message = ServiceRules.NO_REACTIVE_MESSAGE,
    fieldPath = ".matrix.threadModes")
@ValidationRule(
    value = ServiceRules.THREAD_MODES_COVERED_RULE,
    message = ServiceRules.AXIS_COVERED_MESSAGE,
    fieldPath = ".sut.service.axisEnv.threadMode")
@ValidationRule(
    value = ServiceRules.POOLS_COVERED_RULE,
    message = ServiceRules.AXIS_COVERED_MESSAGE,
    fieldPath = ".sut.service.axisEnv.hikariPool")
@ValidationRule(
    value = ServiceRules.TOMCAT_COVERED_RULE,
    message = ServiceRules.AXIS_COVERED_MESSAGE,
    fieldPath = ".sut.service.axisEnv.tomcatThreads")
@ValidationRule(
    value = ServiceRules.IMAGE_ON_CLUSTER_RULE,
    message = ServiceRules.IMAGE_ON_CLUSTER_MESSAGE,
    fieldPath = ".sut.service.image")
@ValidationRule(
    value = ServiceRules.SCRIPT_ONE_RUNNER_RULE,
    message = ServiceRules.SCRIPT_ONE_RUNNER_MESSAGE,
    fieldPath = ".load.parallelism")
@ValidationRule(
    value = BuildRules.NEEDS_SERVICE_RULE,
    message = BuildRules.NEEDS_SERVICE_MESSAGE,
    fieldPath = ".matrix.builds")
@ValidationRule(
    value = PlacementRules.STUB_RULE,
    message = PlacementRules.SUT_NODES_MESSAGE,
    fieldPath = ".stub.nodeSelector")
@ValidationRule(
    value = PlacementRules.DATABASE_RULE,
    message = PlacementRules.SUT_NODES_MESSAGE,
    fieldPath = ".database.nodeSelector")
@ValidationRule(
    value = PlacementRules.LOAD_RULE,
    message = PlacementRules.SUT_NODES_MESSAGE,
    fieldPath = ".load.nodeSelector")
public class BenchmarkRunSpec {

  @JsonPropertyDescription("The request under test and how it blocks.")
  public WorkloadSpec workload = new WorkloadSpec();

  @JsonPropertyDescription("The system under test: image, resources and Tomcat threads.")
  public SutSpec sut = new SutSpec();

  @JsonPropertyDescription("The non-blocking downstream stub's resources.")
  public StubSpec stub = new StubSpec();

  @JsonPropertyDescription("PostgreSQL resources and the seeded data set.")
  public DatabaseSpec database = new DatabaseSpec();

  @JsonPropertyDescription("The k6 load model and its time windows.")
  public LoadSpec load = new LoadSpec();

  @JsonPropertyDescription("The scenarios: every combination of these values, repeated.")
  public MatrixSpec matrix = new MatrixSpec();

  @JsonPropertyDescription("What happens to the results (Kubernetes only).")
  public ResultsSpec results = new ResultsSpec();

  @JsonPropertyDescription(
      "Pass/fail limits checked once every scenario is recorded (benchmarks as a gate); a run that"
          + " misses one ends Succeeded=False, reason ThresholdsNotMet.")
  public ThresholdsSpec thresholds;

  @JsonPropertyDescription(
      "How long each wait may take before the run fails with a condition naming the cause (an"
          + " unschedulable pod, an image that cannot be pulled, a database that never becomes"
          + " Ready, a runner that never starts); the pinned cores are released.")
  public TimeoutsSpec timeouts = new TimeoutsSpec();
}
