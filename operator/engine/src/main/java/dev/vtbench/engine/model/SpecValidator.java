package dev.vtbench.engine.model;

import dev.vtbench.engine.workload.Endpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks a spec and lists every problem, each naming the field, the value and what is allowed. It
 * applies the {@link SpecRules} the CRD's schema and CEL rules are built from, so it accepts what
 * the API server accepts (the operator's {@code SpecParityIT} runs one table through both), plus
 * the cross-field rules CEL cannot check where the spec leaves a list to its default.
 */
public final class SpecValidator {

  public static final List<String> ENDPOINTS = Endpoint.specNames();
  public static final List<String> CONNECTION_MODES = SpecRules.values(SpecRules.CONNECTION_MODES);
  public static final List<String> PATH_MODES = SpecRules.values(SpecRules.PATH_MODES);
  public static final List<String> EXECUTORS = SpecRules.values(SpecRules.EXECUTORS);
  public static final List<String> THREAD_MODES = SpecRules.values(SpecRules.THREAD_MODES);
  public static final List<String> RUNNERS = SpecRules.values(SpecRules.RUNNERS);

  private static final Pattern RUN_NAME = Pattern.compile(SpecRules.RUN_NAME);
  private static final Pattern REMOTE_WRITE_URL =
      Pattern.compile(SpecRules.celRegex(SpecRules.REMOTE_WRITE_URL_CEL));

  private SpecValidator() {}

  public static List<String> validate(BenchmarkRun run) {
    List<String> errors = new ArrayList<>();
    if (!BenchmarkRun.API_VERSION.equals(run.apiVersion)) {
      errors.add("apiVersion: '" + run.apiVersion + "' must be " + BenchmarkRun.API_VERSION);
    }
    if (!BenchmarkRun.KIND.equals(run.kind)) {
      errors.add("kind: '" + run.kind + "' must be " + BenchmarkRun.KIND);
    }
    String name = run.metadata == null ? null : run.metadata.name;
    if (name == null
        || name.length() > SpecRules.RUN_NAME_MAX
        || !RUN_NAME.matcher(name).matches()) {
      errors.add(
          "metadata.name: '"
              + name
              + "' must start with a lower-case letter and hold only lower-case letters, digits"
              + " and '-' (not at the end), at most "
              + SpecRules.RUN_NAME_MAX
              + " characters");
    }
    if (run.spec == null) {
      errors.add("spec: required");
      return errors;
    }
    validate(run.spec, errors);
    return errors;
  }

  static void validate(BenchmarkRunSpec s, List<String> errors) {
    FieldChecks check = new FieldChecks(errors);
    if (check.required(s.workload, "spec.workload")) {
      check.oneOf("spec.workload.endpoint", s.workload.endpoint, ENDPOINTS);
      check.oneOf("spec.workload.connectionMode", s.workload.connectionMode, CONNECTION_MODES);
      check.oneOf("spec.workload.pathMode", s.workload.pathMode, PATH_MODES);
      check.duration("spec.workload.stubDelay", s.workload.stubDelay, false);
      check.duration("spec.workload.blockFor", s.workload.blockFor, false);
    }
    if (check.required(s.sut, "spec.sut")) {
      tier(check, "spec.sut", s.sut.cpu, s.sut.pinned, s.sut.memory, s.sut.nodeSelector);
      check.text("spec.sut.image", s.sut.image, SpecRules.IMAGE_MAX);
      check.atMost("spec.sut.env", s.sut.env, SpecRules.ENV_MAX);
      check.between(
          "spec.sut.tomcatMaxThreads", s.sut.tomcatMaxThreads, SpecRules.TOMCAT_THREADS_MAX);
    }
    if (check.required(s.stub, "spec.stub")) {
      tier(check, "spec.stub", s.stub.cpu, s.stub.pinned, s.stub.memory, s.stub.nodeSelector);
      check.text("spec.stub.image", s.stub.image, SpecRules.IMAGE_MAX);
    }
    if (check.required(s.database, "spec.database")
        && check.required(s.database.seed, "spec.database.seed")) {
      BenchmarkRunSpec.Database d = s.database;
      tier(check, "spec.database", d.cpu, d.pinned, d.memory, d.nodeSelector);
      check.memory("spec.database.storage", d.storage);
      check.longest("spec.database.image", d.image, SpecRules.IMAGE_MAX);
      check.positive("spec.database.seed.customers", d.seed.customers);
      check.positive("spec.database.seed.orders", d.seed.orders);
    }
    if (check.required(s.load, "spec.load")) {
      load(check, s.load);
    }
    if (check.required(s.timeouts, "spec.timeouts")) {
      BenchmarkRunSpec.Timeouts t = s.timeouts;
      check.deadline("spec.timeouts.database", t.database, SpecRules.DATABASE_TIMEOUT_MAX);
      check.deadline("spec.timeouts.sutStart", t.sutStart, SpecRules.SUT_START_TIMEOUT_MAX);
      check.deadline("spec.timeouts.loadStart", t.loadStart, SpecRules.LOAD_START_TIMEOUT_MAX);
    }
    if (check.required(s.matrix, "spec.matrix")) {
      BenchmarkRunSpec.Matrix m = s.matrix;
      if (m.threadModes == null || m.threadModes.isEmpty()) {
        check.add("spec.matrix.threadModes: must list at least one of " + THREAD_MODES);
      } else {
        for (int i = 0; i < m.threadModes.size(); i++) {
          check.oneOf("spec.matrix.threadModes[" + i + "]", m.threadModes.get(i), THREAD_MODES);
        }
        check.unique("spec.matrix.threadModes", m.threadModes);
      }
      check.positives("spec.matrix.hikariPoolSizes", m.hikariPoolSizes, SpecRules.POOL_SIZES_MAX);
      check.positives("spec.matrix.concurrency", m.concurrency, SpecRules.LEVELS_MAX);
      check.between("spec.matrix.repetitions", m.repetitions, SpecRules.REPETITIONS_MAX);
    }
    if (s.thresholds != null && s.matrix != null) {
      ThresholdChecks.check(s.thresholds, s.matrix, check);
    }
  }

  /** What every tier has: CPUs (whole ones while pinned), memory and node labels. */
  private static void tier(
      FieldChecks check,
      String at,
      String cpu,
      boolean pinned,
      String memory,
      Map<String, String> nodeSelector) {
    check.cpu(at + ".cpu", cpu, pinned);
    check.memory(at + ".memory", memory);
    check.atMost(at + ".nodeSelector", nodeSelector, SpecRules.NODE_SELECTOR_MAX);
  }

  private static void load(FieldChecks check, BenchmarkRunSpec.Load l) {
    check.oneOf("spec.load.executor", l.executor, EXECUTORS);
    check.duration("spec.load.ramp", l.ramp, false);
    check.duration("spec.load.warmup", l.warmup, false);
    check.duration("spec.load.hold", l.hold, true);
    check.duration("spec.load.sutWarmup", l.sutWarmup, false);
    check.duration("spec.load.requestTimeout", l.requestTimeout, true);
    check.positive("spec.load.maxVUs", l.maxVUs);
    tier(check, "spec.load", l.cpu, l.pinned, l.memory, l.nodeSelector);
    check.text("spec.load.image", l.image, SpecRules.IMAGE_MAX);
    check.oneOf("spec.load.runner", l.runner, RUNNERS);
    BenchmarkRunSpec.PrometheusRemoteWrite rw = l.prometheusRemoteWrite;
    if (rw != null
        && (rw.url == null
            || rw.url.length() > SpecRules.URL_MAX
            || !REMOTE_WRITE_URL.matcher(rw.url).matches())) {
      check.add(
          "spec.load.prometheusRemoteWrite.url: "
              + SpecRules.REMOTE_WRITE_URL_MESSAGE
              + " (got "
              + (rw.url == null ? "nothing" : "'" + rw.url + "'")
              + ")");
    }
  }

  /**
   * Where the baseline may come from on each platform: a ConfigMap in a cluster, a file locally.
   * Empty when the spec has no baseline or names the right one.
   */
  public static List<String> baselineSource(BenchmarkRunSpec s, boolean cluster) {
    if (s == null || s.thresholds == null || s.thresholds.baseline == null) {
      return List.of();
    }
    BenchmarkRunSpec.Baseline b = s.thresholds.baseline;
    String at = "spec.thresholds.baseline";
    if (cluster && (b.file != null || b.configMapRef == null)) {
      return List.of(
          at
              + ": set configMapRef (the ConfigMap holding the baseline matrix.csv); file is only"
              + " for local runs (vtbench run)");
    }
    if (!cluster && (b.configMapRef != null || b.file == null || b.file.isBlank())) {
      return List.of(
          at
              + ": set file to the path of the baseline matrix.csv; configMapRef is only for"
              + " runs in a cluster");
    }
    return List.of();
  }

  /** Cores a validated cpu field asks for, rounded up: what local mode gives the tier. */
  public static int cpus(String value) {
    return (int) Math.max(1, (millis(value) + 999) / 1000);
  }

  /** Millicores of a CPU quantity ("2", "1.5", "500m"). */
  public static long millis(String value) {
    return value.endsWith("m")
        ? Long.parseLong(value.substring(0, value.length() - 1))
        : new java.math.BigDecimal(value).movePointRight(3).longValue();
  }
}
