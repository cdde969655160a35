package dev.vtbench.engine.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a spec and lists every problem, each naming the field, the value and what is allowed. The
 * CRD's schema and CEL rules say the same at admission; this is for local mode and for what a
 * schema cannot express.
 */
public final class SpecValidator {

  public static final List<String> ENDPOINTS =
      List.of("order-summary", "downstream", "db-sleep", "sleep", "users");
  public static final List<String> CONNECTION_MODES = List.of("released", "held");
  public static final List<String> PATH_MODES = List.of("normal", "synchronized");
  public static final List<String> EXECUTORS = List.of("ramping-vus", "constant-arrival-rate");
  public static final List<String> THREAD_MODES = List.of("platform", "virtual");
  public static final List<String> RUNNERS = List.of("auto", "testrun", "job");

  /** The same rule as the CRD's CEL rule on spec.load.prometheusRemoteWrite.url. */
  static final java.util.regex.Pattern REMOTE_WRITE_URL =
      java.util.regex.Pattern.compile("^https?://[^\\s/?#]+[^\\s]*$");

  private SpecValidator() {}

  public static List<String> validate(BenchmarkRun run) {
    List<String> errors = new ArrayList<>();
    if (!BenchmarkRun.API_VERSION.equals(run.apiVersion)) {
      errors.add("apiVersion: '" + run.apiVersion + "' must be " + BenchmarkRun.API_VERSION);
    }
    if (!BenchmarkRun.KIND.equals(run.kind)) {
      errors.add("kind: '" + run.kind + "' must be " + BenchmarkRun.KIND);
    }
    if (run.metadata == null
        || run.metadata.name == null
        || !run.metadata.name.matches("[a-z0-9]([-a-z0-9]{0,50}[a-z0-9])?")) {
      errors.add(
          "metadata.name: '"
              + (run.metadata == null ? null : run.metadata.name)
              + "' must be lower-case letters, digits and '-', at most 52 characters");
    }
    if (run.spec == null) {
      errors.add("spec: required");
      return errors;
    }
    validate(run.spec, errors);
    return errors;
  }

  static void validate(BenchmarkRunSpec s, List<String> errors) {
    if (required(s.workload, "spec.workload", errors)) {
      oneOf("spec.workload.endpoint", s.workload.endpoint, ENDPOINTS, errors);
      oneOf("spec.workload.connectionMode", s.workload.connectionMode, CONNECTION_MODES, errors);
      oneOf("spec.workload.pathMode", s.workload.pathMode, PATH_MODES, errors);
      duration("spec.workload.stubDelay", s.workload.stubDelay, false, errors);
      duration("spec.workload.blockFor", s.workload.blockFor, false, errors);
    }
    if (required(s.sut, "spec.sut", errors)) {
      cpu("spec.sut.cpu", s.sut.cpu, s.sut.pinned, errors);
      positive("spec.sut.tomcatMaxThreads", s.sut.tomcatMaxThreads, errors);
    }
    if (required(s.stub, "spec.stub", errors)) {
      cpu("spec.stub.cpu", s.stub.cpu, s.stub.pinned, errors);
    }
    if (required(s.database, "spec.database", errors)
        && required(s.database.seed, "spec.database.seed", errors)) {
      cpu("spec.database.cpu", s.database.cpu, s.database.pinned, errors);
      positive("spec.database.seed.customers", s.database.seed.customers, errors);
      positive("spec.database.seed.orders", s.database.seed.orders, errors);
    }
    if (required(s.load, "spec.load", errors)) {
      oneOf("spec.load.executor", s.load.executor, EXECUTORS, errors);
      duration("spec.load.ramp", s.load.ramp, false, errors);
      duration("spec.load.warmup", s.load.warmup, false, errors);
      duration("spec.load.hold", s.load.hold, true, errors);
      duration("spec.load.sutWarmup", s.load.sutWarmup, false, errors);
      duration("spec.load.requestTimeout", s.load.requestTimeout, true, errors);
      positive("spec.load.maxVUs", s.load.maxVUs, errors);
      cpu("spec.load.cpu", s.load.cpu, s.load.pinned, errors);
      oneOf("spec.load.runner", s.load.runner, RUNNERS, errors);
      BenchmarkRunSpec.PrometheusRemoteWrite rw = s.load.prometheusRemoteWrite;
      if (rw != null && (rw.url == null || !REMOTE_WRITE_URL.matcher(rw.url).matches())) {
        errors.add(
            "spec.load.prometheusRemoteWrite.url: must be an http:// or https:// URL, e.g."
                + " http://prometheus:9090/api/v1/write (got "
                + (rw.url == null ? "nothing" : "'" + rw.url + "'")
                + ")");
      }
    }
    if (required(s.matrix, "spec.matrix", errors)) {
      BenchmarkRunSpec.Matrix m = s.matrix;
      if (m.threadModes == null || m.threadModes.isEmpty()) {
        errors.add("spec.matrix.threadModes: must list at least one of " + THREAD_MODES);
      } else {
        for (int i = 0; i < m.threadModes.size(); i++) {
          oneOf("spec.matrix.threadModes[" + i + "]", m.threadModes.get(i), THREAD_MODES, errors);
        }
        unique("spec.matrix.threadModes", m.threadModes, errors);
      }
      positives("spec.matrix.hikariPoolSizes", m.hikariPoolSizes, errors);
      positives("spec.matrix.concurrency", m.concurrency, errors);
      positive("spec.matrix.repetitions", m.repetitions, errors);
    }
    if (s.thresholds != null && s.matrix != null) {
      thresholds(s.thresholds, s.matrix, errors);
    }
  }

  private static void thresholds(
      BenchmarkRunSpec.Thresholds t, BenchmarkRunSpec.Matrix m, List<String> errors) {
    String at = "spec.thresholds.";
    List<BenchmarkRunSpec.MaxP99> p99 = t.maxP99 == null ? List.of() : t.maxP99;
    for (int i = 0; i < p99.size(); i++) {
      String f = at + "maxP99[" + i + "]";
      cell(f, p99.get(i), m, errors);
      duration(f + ".p99", p99.get(i).p99, true, errors);
    }
    List<BenchmarkRunSpec.MinThroughput> rps =
        t.minThroughput == null ? List.of() : t.minThroughput;
    for (int i = 0; i < rps.size(); i++) {
      String f = at + "minThroughput[" + i + "]";
      cell(f, rps.get(i), m, errors);
      if (rps.get(i).rps == null || !(rps.get(i).rps > 0)) {
        errors.add(f + ".rps: " + rps.get(i).rps + " must be greater than 0");
      }
    }
    List<BenchmarkRunSpec.MinRatio> ratios =
        t.minVirtualToPlatformRatio == null ? List.of() : t.minVirtualToPlatformRatio;
    if (!ratios.isEmpty() && (m.threadModes == null || !m.threadModes.containsAll(THREAD_MODES))) {
      errors.add(
          at
              + "minVirtualToPlatformRatio: needs both platform and virtual in"
              + " spec.matrix.threadModes, which lists "
              + m.threadModes);
    }
    for (int i = 0; i < ratios.size(); i++) {
      String f = at + "minVirtualToPlatformRatio[" + i + "]";
      cell(f, ratios.get(i), m, errors);
      if (ratios.get(i).ratio == null || !(ratios.get(i).ratio > 0)) {
        errors.add(f + ".ratio: " + ratios.get(i).ratio + " must be greater than 0");
      }
    }
    if (t.maxErrorRate != null) {
      percent(at + "maxErrorRate", t.maxErrorRate, errors);
    }
    if (t.baseline != null) {
      percent(at + "baseline.maxRegression", t.baseline.maxRegression, errors);
      if (t.baseline.configMapRef != null
          && (t.baseline.configMapRef.name == null || t.baseline.configMapRef.name.isBlank())) {
        errors.add(at + "baseline.configMapRef.name: required");
      }
    }
  }

  /** The cells a threshold names must be ones the matrix measures. */
  private static void cell(
      String field, BenchmarkRunSpec.CellFilter c, BenchmarkRunSpec.Matrix m, List<String> errors) {
    if (c.threadMode() != null
        && (m.threadModes == null || !m.threadModes.contains(c.threadMode()))) {
      errors.add(
          field
              + ".threadMode: '"
              + c.threadMode()
              + "' is not in spec.matrix.threadModes "
              + m.threadModes);
    }
    if (c.hikariPoolSize != null
        && (m.hikariPoolSizes == null || !m.hikariPoolSizes.contains(c.hikariPoolSize))) {
      errors.add(
          field
              + ".hikariPoolSize: "
              + c.hikariPoolSize
              + " is not in spec.matrix.hikariPoolSizes "
              + m.hikariPoolSizes);
    }
    if (c.concurrency != null
        && (m.concurrency == null || !m.concurrency.contains(c.concurrency))) {
      errors.add(
          field
              + ".concurrency: "
              + c.concurrency
              + " is not in spec.matrix.concurrency "
              + m.concurrency);
    }
  }

  private static void percent(String field, String value, List<String> errors) {
    try {
      Percent.parse(field, value);
    } catch (IllegalArgumentException e) {
      errors.add(e.getMessage());
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

  private static boolean required(Object o, String field, List<String> errors) {
    if (o == null) {
      errors.add(field + ": required");
      return false;
    }
    return true;
  }

  private static void oneOf(String field, String value, List<String> allowed, List<String> errors) {
    if (!allowed.contains(value)) {
      errors.add(field + ": '" + value + "' is not one of " + String.join(", ", allowed));
    }
  }

  private static void duration(String field, String value, boolean positive, List<String> errors) {
    try {
      if (Durations.parse(field, value).isZero() && positive) {
        errors.add(field + ": must be longer than 0");
      }
    } catch (IllegalArgumentException e) {
      errors.add(e.getMessage());
    }
  }

  private static void positive(String field, long value, List<String> errors) {
    if (value < 1) {
      errors.add(field + ": " + value + " must be at least 1");
    }
  }

  private static void positives(String field, List<Integer> values, List<String> errors) {
    if (values == null || values.isEmpty()) {
      errors.add(field + ": must list at least one positive integer");
      return;
    }
    for (int i = 0; i < values.size(); i++) {
      Integer v = values.get(i);
      if (v == null || v < 1) {
        errors.add(field + "[" + i + "]: " + v + " must be a positive integer");
      }
    }
    unique(field, values, errors);
  }

  private static void unique(String field, List<?> values, List<String> errors) {
    Set<Object> seen = new HashSet<>();
    for (Object v : values) {
      if (!seen.add(v)) {
        errors.add(field + ": '" + v + "' is listed twice");
      }
    }
  }

  /** Pinning to cores needs whole CPUs: "2" or "2000m", not "1.5"; unpinned, any quantity. */
  private static void cpu(String field, String value, boolean pinned, List<String> errors) {
    if (!pinned) {
      if (value == null || !value.matches("[0-9]+m|[0-9]+(\\.[0-9]+)?") || millis(value) < 1) {
        errors.add(field + ": '" + value + "' is not a CPU quantity; write e.g. 1, 1.5 or 500m");
      }
      return;
    }
    if (value == null || !value.matches("[1-9][0-9]*|[1-9][0-9]*000m")) {
      errors.add(
          field
              + ": '"
              + value
              + "' must be a whole number of CPUs (e.g. 1, 2 or 2000m) so the"
              + " tier can be pinned to cores, or set pinned: false");
    }
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
