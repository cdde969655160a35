package dev.vtbench.operator.e2e;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.Quantities;
import dev.vtbench.engine.model.rules.QuantityRules;
import dev.vtbench.engine.model.spec.LoadSpec;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.run.Workloads;
import dev.vtbench.operator.load.RunnerKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A BenchmarkRun to apply, from a spec file: renamed into the e2e's namespace, with the database
 * and k6 images this cluster has, and the edits a test makes (the runner, a smaller matrix).
 */
final class RunSpec {

  private final GenericKubernetesResource run;
  private int replacedSuts;

  private RunSpec(GenericKubernetesResource run) {
    this.run = run;
  }

  static RunSpec fromFile(KubernetesSerialization json, Path file) {
    try {
      return new RunSpec(json.unmarshal(Files.readString(file), GenericKubernetesResource.class));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String fileName() {
    return run.getMetadata().getName();
  }

  RunSpec named(String name, String namespace) {
    run.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
    return this;
  }

  RunSpec images(String database, String k6) {
    section("database").put("image", database);
    section("load").put("image", k6);
    return this;
  }

  RunSpec runner(String runner) {
    section("load").put("runner", runner);
    return this;
  }

  /**
   * One thread mode, the first concurrency level, and two pools (the spec's first and half of it):
   * a two-scenario run whose one SUT serves both pools, resized live by each load.
   */
  RunSpec oneCellTwoPools(String threadMode) {
    oneScenario(threadMode);
    Map<String, Object> matrix = section("matrix");
    int pool = ((Number) ((List<?>) matrix.get("hikariPoolSizes")).getFirst()).intValue();
    matrix.put("hikariPoolSizes", List.of(Math.max(1, pool / 2), pool));
    return this;
  }

  /**
   * How many measured load objects the run should make with {@code runner}: one per scenario
   * through TestRuns and several runners' Jobs, one per run of stages ({@link RunCursor#stages})
   * through one runner's Jobs.
   */
  int measuredLoads(KubernetesSerialization json, String runner) {
    RunCursor cursor = RunCursor.of(model(json), List.of());
    if (!"job".equals(runner) || model(json).load.parallelism > 1) {
      return cursor.total();
    }
    int loads = 0;
    while (cursor.nextScenario().isPresent()) {
      for (var s : cursor.stages(cursor.nextScenario().get())) {
        cursor = cursor.recording(s.id());
      }
      loads++;
    }
    return loads;
  }

  /**
   * How many SUT pods the run should start: one per JVM configuration in plan order, and one more
   * per SUT pod deleted on purpose ({@link #sutReplaced}).
   */
  int sutStarts(KubernetesSerialization json) {
    return Planner.sutStarts(Planner.plan(model(json))) + replacedSuts;
  }

  /** The run's scenarios in the order they are measured. */
  List<dev.vtbench.engine.plan.Scenario> plan(KubernetesSerialization json) {
    return Planner.plan(model(json));
  }

  /** {@code n} SUT pods will be deleted mid-run ({@link FaultsE2E}): as many more SUT starts. */
  RunSpec sutReplaced(int n) {
    replacedSuts = n;
    return this;
  }

  /** Every cell measured {@code n} times (spec.matrix.repetitions). */
  RunSpec repetitions(int n) {
    section("matrix").put("repetitions", n);
    return this;
  }

  /** The length of the SUT's load windows in this run ({@link Workloads#window}). */
  java.time.Duration window(KubernetesSerialization json) {
    return Workloads.window(model(json));
  }

  private BenchmarkRunSpec model(KubernetesSerialization json) {
    return json.convertValue(run.getAdditionalProperties().get("spec"), BenchmarkRunSpec.class);
  }

  /**
   * {@code runners} k6 runners per scenario (spec.load.parallelism), each with {@code cpu}: the
   * spec's one runner's share split, so the node's CPU budget still holds.
   */
  RunSpec runners(int runners, String cpu) {
    section("load").put("parallelism", runners);
    section("load").put("cpu", cpu);
    return this;
  }

  /** spec.{@code tier}.nodeSelector: the tier's pods only on nodes with these labels. */
  RunSpec nodeSelector(String tier, Map<String, String> labels) {
    section(tier).put("nodeSelector", new LinkedHashMap<>(labels));
    return this;
  }

  /** spec.sut.dedicatedNode: the nodes the SUT's selector selects are its alone in the run. */
  RunSpec dedicatedSut() {
    section("sut").put("dedicatedNode", true);
    return this;
  }

  /** The SUT's steady-state warm-up capped at {@code cap}, e.g. "20s" (spec.load.sutWarmup). */
  RunSpec sutWarmup(String cap) {
    section("load").put("sutWarmup", cap);
    return this;
  }

  /** Every scenario's measured hold {@code hold}, e.g. "30s". */
  RunSpec hold(String hold) {
    section("load").put("hold", hold);
    return this;
  }

  /** One thread mode and the first concurrency level only: a one-scenario run. */
  RunSpec oneScenario(String threadMode) {
    Map<String, Object> matrix = section("matrix");
    List<?> concurrency = (List<?>) matrix.get("concurrency");
    matrix.put("threadModes", List.of(threadMode));
    matrix.put("concurrency", List.of(concurrency.getFirst()));
    return this;
  }

  /**
   * The kind of load the operator will use on this cluster, which has k6-operator ({@link
   * RunnerKind#choose}): {@code auto} is the staged Job for one runner, TestRuns for several.
   */
  String expectedRunner() {
    LoadSpec load = new LoadSpec();
    Object runner = section("load").get("runner");
    Object parallelism = section("load").get("parallelism");
    load.runner = runner == null ? load.runner : runner.toString();
    load.parallelism = parallelism instanceof Number n ? n.intValue() : load.parallelism;
    return RunnerKind.choose(load, true).orElseThrow().label();
  }

  /**
   * Whether k6 and the stub ask for a fraction of a CPU each, which puts both in the node's shared
   * pool (examples/two-core.yaml): then the stub's cores are the generator's.
   */
  boolean loadAndStubShareThePool() {
    return fractional(section("load").get("cpu")) && fractional(section("stub").get("cpu"));
  }

  private static boolean fractional(Object cpu) {
    return cpu != null && Quantities.millis(String.valueOf(cpu)) % 1000 != 0;
  }

  /** A duration of spec.load ({@code hold}, {@code sutWarmup}), or {@code otherwise} if unset. */
  java.time.Duration load(String field, String otherwise) {
    return dev.vtbench.engine.model.rules.Durations.parse(
        "spec.load." + field, String.valueOf(section("load").getOrDefault(field, otherwise)));
  }

  /** One k6 runner's CPU limit in cores (spec.load.cpu; the engine's default when unset). */
  double loadCpus() {
    return cpus("load", new BenchmarkRunSpec().load.cpu);
  }

  /**
   * What one runner pod's k6 container must be as admitted: {@code Guaranteed cpu 250m/250m}, or
   * {@code Burstable cpu 250m/none} for spec.load.qos Burstable (request/limit; {@link
   * LoadsSeen#resources}).
   */
  String runnerResources() {
    LoadSpec defaults = new LoadSpec();
    Object qos = section("load").getOrDefault("qos", defaults.qos);
    long millis = Math.round(loadCpus() * 1000);
    return qos
        + " cpu "
        + millis
        + "m/"
        + (QuantityRules.BURSTABLE.equals(qos) ? "none" : millis + "m");
  }

  /** The SUT's CPU limit in cores (spec.sut.cpu; the engine's default when unset). */
  double sutCpus() {
    return cpus("sut", new BenchmarkRunSpec().sut.cpu);
  }

  /** The database's CPU limit in cores (spec.database.cpu; the engine's default when unset). */
  double databaseCpus() {
    return cpus("database", new BenchmarkRunSpec().database.cpu);
  }

  /** spec.{@code section}.cpu in cores, or {@code otherwise} (a quantity) when unset. */
  private double cpus(String section, String otherwise) {
    Object cpu = section(section).get("cpu");
    return Quantities.millis(cpu == null ? otherwise : cpu.toString()) / 1000.0;
  }

  /** The user's service's image (spec.sut.service.image), or null for vtbench's own SUT. */
  String serviceImage() {
    Object service = section("sut").get("service");
    return service instanceof Map<?, ?> m && m.get("image") != null
        ? String.valueOf(m.get("image"))
        : null;
  }

  /** spec.database.sql.files: the service's SQL, relative to the repository's root. */
  List<String> sqlFiles() {
    Map<?, ?> sql = (Map<?, ?>) section("database").get("sql");
    return sql == null
        ? List.of()
        : ((List<?>) sql.get("files")).stream().map(String::valueOf).toList();
  }

  /** spec.database.sql.configMap: the user's ConfigMap holding {@link #sqlFiles()}. */
  String sqlConfigMap() {
    Map<?, ?> sql = (Map<?, ?>) section("database").get("sql");
    return sql == null ? null : (String) sql.get("configMap");
  }

  String storage() {
    return String.valueOf(section("database").getOrDefault("storage", "1Gi"));
  }

  long seed(String table) {
    Map<?, ?> seed = (Map<?, ?>) section("database").get("seed");
    return ((Number) seed.get(table)).longValue();
  }

  GenericKubernetesResource resource() {
    return run;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> section(String name) {
    Map<String, Object> spec = (Map<String, Object>) run.getAdditionalProperties().get("spec");
    return (Map<String, Object>) spec.computeIfAbsent(name, k -> new LinkedHashMap<>());
  }
}
