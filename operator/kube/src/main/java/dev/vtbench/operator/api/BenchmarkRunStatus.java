package dev.vtbench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

/**
 * What the operator observed and did, and where the results are. Status is the run's memory: a
 * restarted operator reads where it was from here and from the results ConfigMaps, never from its
 * own heap. Kept small whatever the matrix: only the latest rows are listed; the CSV holds all.
 */
// Nulls are written: a status patch must clear a field (the scenario once the run ends).
public class BenchmarkRunStatus {

  @JsonPropertyDescription("The metadata.generation this status describes.")
  public Long observedGeneration;

  @JsonPropertyDescription(
      "Pending, Provisioning, Running, Succeeded or Failed; derived from the conditions and never"
          + " moving backwards.")
  public String phase;

  @JsonPropertyDescription(
      "Succeeded, Ready, Progressing, Reconciling, Stalled, DatabaseReady, SutReady, LoadRunning"
          + " (Ready, Reconciling and Stalled as kstatus and Flux read them): see docs/gitops.md for"
          + " what True, False and Unknown mean for each.")
  public List<Condition> conditions = new ArrayList<>();

  @JsonPropertyDescription("Scenarios recorded / scenarios planned, e.g. 3/12.")
  public String progress;

  @JsonPropertyDescription("Scenarios recorded in the results ConfigMaps.")
  public Integer scenariosDone;

  @JsonPropertyDescription("Scenarios the matrix expands to.")
  public Integer scenariosTotal;

  @JsonPropertyDescription("Id of the scenario under way, e.g. r1-virtual-pool50-c200.")
  public String scenario;

  @JsonPropertyDescription(
      "The run's answer so far in one line: virtual vs platform at the highest concurrency both"
          + " measured, as the ratio of median throughputs with its 95% bootstrap interval and a"
          + " verdict, e.g. 'virtual 4.0x platform [3.4-4.3] at 800 VUs, pool 50 (1924 vs 482"
          + " req/s): virtual faster'; the latest result until both thread modes have one.")
  public String summary;

  @JsonPropertyDescription("When the operator started working on the run (RFC 3339).")
  public String startedAt;

  @JsonPropertyDescription("When the run ended, successfully or not (RFC 3339).")
  public String finishedAt;

  @JsonPropertyDescription(
      "When the operator had deleted every workload of the ended run: its SUT, stub, database,"
          + " loads, NetworkPolicies and credentials; the results ConfigMaps stay (RFC 3339).")
  public String releasedAt;

  @JsonPropertyDescription(
      "ConfigMaps holding the CSV (matrix.csv; split in parts past 1 MiB) and the figures.")
  public List<String> resultsConfigMaps = new ArrayList<>();

  @JsonPropertyDescription(
      "The database credentials Secret (<name>-db-app) this run created, as its create returned"
          + " it. The operator may create and delete Secrets but not read them: a Secret of that"
          + " name the run has not recorded is someone else's and fails the run (NameConflict);"
          + " the run deletes only this one, with a precondition on its resourceVersion.")
  public CreatedSecret databaseSecret;

  @JsonPropertyDescription("How k6 runs: testrun (k6-operator) or job.")
  public String runner;

  @JsonPropertyDescription(
      "The last load the operator deleted and created again: a TestRun k6-operator had not"
          + " started with its runners Ready, or a load whose runner pod went away mid-stage (the"
          + " name of the load created for its scenario in flight); loadRecreations says how"
          + " often.")
  public String recreatedLoad;

  @JsonPropertyDescription(
      "How often recreatedLoad has been created again: a TestRun k6-operator leaves unstarted is"
          + " created again up to 3 times, a load whose runner pod went away once.")
  public Integer loadRecreations;

  @JsonPropertyDescription(
      "The SUT configuration that has had load since the SUT last started, as a hash: the one"
          + " warmUp describes.")
  public String warmedUp;

  @JsonPropertyDescription(
      "How warm the SUT running the warmedUp configuration is: its load since it started and"
          + " whether it was found at steady state (docs/steady-state.md).")
  public WarmUp warmUp;

  @JsonPropertyDescription(
      "The last measured hold dropped, unrecorded, because the pod of the SUT, the stub or the"
          + " database's primary was replaced or restarted under it (docs/cluster-lifecycle.md, \"Faults"
          + " during a run\"): the scenario is warmed up and measured again; its third dropped"
          + " hold fails the run with reason HoldInterrupted.")
  public HoldInterruptions holdInterruptions;

  @JsonPropertyDescription("The latest recorded scenarios, newest last (at most 20).")
  public List<ScenarioResult> recentScenarios = new ArrayList<>();

  @JsonPropertyDescription(
      "The verdict on spec.thresholds once every scenario is recorded; absent without thresholds.")
  public ThresholdsResult thresholds;

  /**
   * The engine's {@code WarmState} of the running SUT, kept here so a restarted operator neither
   * warms a steady SUT again nor measures a cold one.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class WarmUp {
    @JsonPropertyDescription("Seconds of warm-up and measured load since the SUT started.")
    public Double underLoadSeconds;

    @JsonPropertyDescription(
        "Whether the last load phase judged found the SUT at steady state: its throughput, CPU per"
            + " request and JIT activity settled.")
    public Boolean steady;

    @JsonPropertyDescription(
        "Whether the last warm-up round, not steady, still got faster, cheaper per request or"
            + " compiled less: such a SUT may warm up past spec.load.sutWarmup, up to twice it.")
    public Boolean improving;

    @JsonPropertyDescription(
        "The SUT pod this is about, as its uid and its container's restart count: another value"
            + " means the SUT restarted, and its warm-up starts over.")
    public String sutStart;

    @JsonPropertyDescription(
        "The warm-up's load windows since the SUT started, oldest first (at most 48): the series"
            + " whose trend says when it is steady (docs/steady-state.md).")
    @io.fabric8.generator.annotation.Size(max = dev.vtbench.engine.steady.WarmState.MAX_SERIES)
    public List<Window> windows;
  }

  /** One warm-up window as status keeps it: what the steady-state rule reads of it. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class Window {
    @JsonPropertyDescription("The window's length in seconds.")
    public Double seconds;

    @JsonPropertyDescription("Requests the SUT completed in it.")
    public Long requests;

    @JsonPropertyDescription("CPU seconds the SUT used in it; absent where unknown.")
    public Double cpuSeconds;

    @JsonPropertyDescription(
        "CPU seconds the SUT's JIT compiler threads used in it; absent where unknown.")
    public Double jitCpuSeconds;
  }

  /** Measured holds of one scenario dropped because a tier did not stay up under them. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class HoldInterruptions {
    @JsonPropertyDescription("The scenario whose hold was dropped, e.g. r1-virtual-pool10-c50.")
    public String scenario;

    @JsonPropertyDescription("How often that scenario's hold has been dropped.")
    public Integer count;

    @JsonPropertyDescription("What happened under the last one, e.g. the database pod replaced.")
    public String cause;

    @JsonPropertyDescription("The uid of the last dropped load object: counted once.")
    public String load;
  }

  /** What the gate found, bounded: the counts, and the first violations and notes as sentences. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class ThresholdsResult {
    @JsonPropertyDescription("true: every threshold met; false: see violations.")
    public Boolean met;

    @JsonPropertyDescription("Checks made: each rule against each cell it matches.")
    public Integer checks;

    @JsonPropertyDescription("Checks that failed.")
    public Integer violated;

    @JsonPropertyDescription(
        "The failed checks, each naming the cell and the numbers (at most 10).")
    public List<String> violations;

    @JsonPropertyDescription("Remarks such as cells absent from the baseline (at most 10).")
    public List<String> notes;
  }

  /** A Secret the run created and may not read: what identifies it, never what it holds. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class CreatedSecret {
    @JsonPropertyDescription("Its UID.")
    public String uid;

    @JsonPropertyDescription("Its resourceVersion when created: the run deletes only that version.")
    public String resourceVersion;
  }

  /** One recorded scenario, in a line. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static class ScenarioResult {
    @JsonPropertyDescription("Scenario id, e.g. r1-platform-pool50-c100.")
    public String id;

    @JsonPropertyDescription("Requests per second over the hold window.")
    public String throughputRps;

    @JsonPropertyDescription("99th percentile latency in milliseconds.")
    public String p99Ms;

    @JsonPropertyDescription("Failed requests / requests, 0 to 1.")
    public String errorRate;

    @JsonPropertyDescription("What bounds throughput in this scenario (see results/README.md).")
    public String bottleneck;
  }
}
