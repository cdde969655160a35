package dev.vtbench.engine.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a spec and lists every problem, each naming the field, the value and what is allowed. It
 * applies the {@link SpecRules} the CRD's schema and CEL rules are built from, so it accepts what
 * the API server accepts (the operator's {@code SpecParityIT} runs one table through both), plus
 * the cross-field rules CEL cannot check where the spec leaves a list to its default.
 */
public final class SpecValidator {

  public static final List<String> ENDPOINTS = SpecRules.values(SpecRules.ENDPOINTS);
  public static final List<String> CONNECTION_MODES = SpecRules.values(SpecRules.CONNECTION_MODES);
  public static final List<String> PATH_MODES = SpecRules.values(SpecRules.PATH_MODES);
  public static final List<String> EXECUTORS = SpecRules.values(SpecRules.EXECUTORS);
  public static final List<String> THREAD_MODES = SpecRules.values(SpecRules.THREAD_MODES);
  public static final List<String> RUNNERS = SpecRules.values(SpecRules.RUNNERS);

  private static final Pattern RUN_NAME = Pattern.compile(SpecRules.RUN_NAME);
  static final Pattern IMAGE = Pattern.compile(SpecRules.IMAGE);
  static final Pattern SUBDOMAIN = Pattern.compile(SpecRules.SUBDOMAIN);
  static final Pattern CONFIG_MAP_KEY = Pattern.compile(SpecRules.CONFIG_MAP_KEY);
  private static final Pattern LABEL_KEY = Pattern.compile(SpecRules.LABEL_KEY);
  private static final Pattern LABEL_VALUE = Pattern.compile(SpecRules.LABEL_VALUE);
  private static final Pattern ENV_NAME = Pattern.compile(SpecRules.ENV_NAME);
  private static final Pattern RESERVED_ENV = Pattern.compile(SpecRules.RESERVED_ENV);

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
      blocking(check, "spec.workload.stubDelay", s.workload.stubDelay, s.load);
      blocking(check, "spec.workload.blockFor", s.workload.blockFor, s.load);
    }
    if (check.required(s.sut, "spec.sut")) {
      tier(check, "spec.sut", s.sut.cpu, s.sut.pinned, s.sut.nodeSelector);
      check.memory(
          "spec.sut.memory", s.sut.memory, QuantityRules.JVM_MEMORY_MIN, QuantityRules.MEMORY_MAX);
      image(check, "spec.sut.image", s.sut.image);
      image(check, "spec.sut.reactiveImage", s.sut.reactiveImage);
      env(check, s.sut.env);
      check.between(
          "spec.sut.tomcatMaxThreads", s.sut.tomcatMaxThreads, SpecRules.TOMCAT_THREADS_MAX);
    }
    if (check.required(s.stub, "spec.stub")) {
      tier(check, "spec.stub", s.stub.cpu, s.stub.pinned, s.stub.nodeSelector);
      check.memory(
          "spec.stub.memory",
          s.stub.memory,
          QuantityRules.JVM_MEMORY_MIN,
          QuantityRules.MEMORY_MAX);
      image(check, "spec.stub.image", s.stub.image);
    }
    if (check.required(s.database, "spec.database")
        && check.required(s.database.seed, "spec.database.seed")) {
      DatabaseSpec d = s.database;
      tier(check, "spec.database", d.cpu, d.pinned, d.nodeSelector);
      check.memory(
          "spec.database.memory",
          d.memory,
          QuantityRules.DATABASE_MEMORY_MIN,
          QuantityRules.MEMORY_MAX);
      check.memory(
          "spec.database.storage", d.storage, QuantityRules.STORAGE_MIN, QuantityRules.STORAGE_MAX);
      if (d.image != null && !d.image.isEmpty()) {
        image(check, "spec.database.image", d.image);
      }
      check.between("spec.database.seed.customers", d.seed.customers, SpecRules.SEED_CUSTOMERS_MAX);
      check.between("spec.database.seed.orders", d.seed.orders, SpecRules.SEED_ORDERS_MAX);
    }
    if (check.required(s.load, "spec.load")) {
      load(check, s.load);
    }
    if (check.required(s.timeouts, "spec.timeouts")) {
      TimeoutsSpec t = s.timeouts;
      check.deadline("spec.timeouts.database", t.database, TimeoutRules.DATABASE_TIMEOUT_MAX);
      check.deadline("spec.timeouts.sutStart", t.sutStart, TimeoutRules.SUT_START_TIMEOUT_MAX);
      check.deadline("spec.timeouts.loadStart", t.loadStart, TimeoutRules.LOAD_START_TIMEOUT_MAX);
    }
    if (check.required(s.matrix, "spec.matrix")) {
      MatrixSpec m = s.matrix;
      if (m.threadModes == null || m.threadModes.isEmpty()) {
        check.add("spec.matrix.threadModes: must list at least one of " + THREAD_MODES);
      } else {
        for (int i = 0; i < m.threadModes.size(); i++) {
          check.oneOf("spec.matrix.threadModes[" + i + "]", m.threadModes.get(i), THREAD_MODES);
        }
        check.unique("spec.matrix.threadModes", m.threadModes);
      }
      check.positives(
          "spec.matrix.hikariPoolSizes",
          m.hikariPoolSizes,
          SpecRules.POOL_SIZES_MAX,
          SpecRules.POOL_MAX);
      check.positives(
          "spec.matrix.concurrency",
          m.concurrency,
          SpecRules.LEVELS_MAX,
          SpecRules.CONCURRENCY_MAX);
      check.between("spec.matrix.repetitions", m.repetitions, SpecRules.REPETITIONS_MAX);
      JvmOptionChecks.check(check, m.jvmOptions);
      CpuWorkRules.check(check, m, s.sut != null && s.sut.service != null);
      long scenarios =
          (long) size(m.threadModes)
              * size(m.hikariPoolSizes)
              * size(m.concurrency)
              * Math.max(0, m.repetitions)
              * size(m.jvmOptions)
              * (m.cpuPerRequest == null ? 1 : m.cpuPerRequest.size())
              * (m.builds == null ? 1 : m.builds.size());
      if (scenarios > SpecRules.SCENARIOS_MAX) {
        check.add("spec.matrix: " + scenarios + " scenarios; " + MatrixRules.SCENARIOS_MESSAGE);
      }
    }
    if (s.workload != null
        && s.matrix != null
        && s.matrix.threadModes != null
        && s.matrix.threadModes.contains(SpecRules.REACTIVE)
        && SpecRules.SYNCHRONIZED.equals(s.workload.pathMode)) {
      check.add("spec.workload.pathMode: " + SpecRules.REACTIVE_PATH_MESSAGE);
    }
    if (s.thresholds != null && s.matrix != null) {
      ThresholdChecks.check(s.thresholds, s.matrix, check);
    }
    ServiceChecks.check(s, check);
    BuildChecks.check(s, check);
    PlacementChecks.check(s, check);
  }

  private static int size(List<?> list) {
    return list == null ? 0 : list.size();
  }

  /** What every tier has: CPUs (whole ones while pinned) and node labels. */
  private static void tier(
      FieldChecks check, String at, String cpu, boolean pinned, Map<String, String> nodeSelector) {
    check.cpu(at + ".cpu", cpu, pinned);
    String field = at + ".nodeSelector";
    check.atMost(field, nodeSelector, SpecRules.NODE_SELECTOR_MAX);
    if (nodeSelector != null) {
      nodeSelector.forEach(
          (k, v) -> {
            if (k.length() > 317
                || k.indexOf('/') > SpecRules.KUBE_NAME_MAX
                || !LABEL_KEY.matcher(k).matches()
                || v == null
                || !LABEL_VALUE.matcher(v).matches()) {
              check.add(
                  field
                      + ": '"
                      + k
                      + ": "
                      + v
                      + "' is not a label; "
                      + SpecRules.NODE_SELECTOR_MESSAGE);
            }
          });
    }
  }

  private static void image(FieldChecks check, String field, String image) {
    check.text(field, image, SpecRules.IMAGE_MAX);
    if (image != null && !image.isEmpty()) {
      check.matches(field, image, IMAGE, SpecRules.IMAGE_MESSAGE);
    }
  }

  private static void env(FieldChecks check, Map<String, String> env) {
    check.atMost("spec.sut.env", env, SpecRules.ENV_MAX);
    if (env != null) {
      for (String name : env.keySet()) {
        if (name.length() > SpecRules.ENV_NAME_MAX
            || !ENV_NAME.matcher(name).matches()
            || RESERVED_ENV.matcher(name).matches()) {
          check.add("spec.sut.env: '" + name + "' is not allowed; " + SpecRules.ENV_MESSAGE);
        }
      }
    }
  }

  /**
   * How long a request blocks (the stub's delay or the endpoint's own wait): at most {@link
   * SpecRules#REQUEST_TIMEOUT_MAX}, and shorter than the request timeout.
   */
  private static void blocking(FieldChecks check, String field, String value, LoadSpec load) {
    java.time.Duration d = check.duration(field, value, false, SpecRules.REQUEST_TIMEOUT_MAX);
    String timeout = load == null ? null : load.requestTimeout;
    if (d != null && timeout != null && timeout.matches(SpecRules.DURATION)) {
      try {
        if (d.compareTo(Durations.parse("timeout", timeout)) >= 0) {
          check.add(field + ": " + value + " " + SpecRules.BELOW_TIMEOUT_MESSAGE);
        }
      } catch (IllegalArgumentException e) {
        // the request timeout's own check reports it
      }
    }
  }

  private static void load(FieldChecks check, LoadSpec l) {
    check.oneOf("spec.load.executor", l.executor, EXECUTORS);
    check.duration("spec.load.ramp", l.ramp, false, SpecRules.WINDOW_MAX);
    check.duration("spec.load.warmup", l.warmup, false, SpecRules.WINDOW_MAX);
    check.duration("spec.load.hold", l.hold, true, SpecRules.WINDOW_MAX);
    check.duration("spec.load.sutWarmup", l.sutWarmup, false, SpecRules.WINDOW_MAX);
    check.duration(
        "spec.load.requestTimeout", l.requestTimeout, true, SpecRules.REQUEST_TIMEOUT_MAX);
    check.between("spec.load.maxVUs", l.maxVUs, SpecRules.CONCURRENCY_MAX);
    tier(check, "spec.load", l.cpu, l.pinned, l.nodeSelector);
    check.memory(
        "spec.load.memory", l.memory, QuantityRules.LOAD_MEMORY_MIN, QuantityRules.MEMORY_MAX);
    image(check, "spec.load.image", l.image);
    check.oneOf("spec.load.runner", l.runner, RUNNERS);
    check.between("spec.load.parallelism", l.parallelism, SpecRules.PARALLELISM_MAX);
    if (l.prometheusRemoteWrite != null) {
      RemoteWriteChecks.check(check, l.prometheusRemoteWrite);
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
    BaselineSpec b = s.thresholds.baseline;
    String at = "spec.thresholds.baseline";
    if (cluster && b.lastRuns != null) {
      return List.of(at + ".lastRuns: " + SpecRules.LAST_RUNS_LOCAL_MESSAGE);
    }
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

  /**
   * How the platform starts a user's own service and where its inputs come from: an image and
   * ConfigMaps (SQL, k6 module) in a cluster, a jar or a command and files locally. Empty when the
   * spec has no {@code spec.sut.service} or names what this platform needs.
   */
  public static List<String> serviceSource(BenchmarkRunSpec s, boolean cluster) {
    ServiceSpec v = s == null || s.sut == null ? null : s.sut.service;
    if (v == null) {
      return List.of();
    }
    List<String> problems = new ArrayList<>();
    SqlSpec sql = s.database == null ? null : s.database.sql;
    List<BuildSpec> builds = s.matrix == null ? null : s.matrix.builds;
    ScriptSpec script = s.workload == null ? null : s.workload.script;
    if (script != null && cluster && script.configMap == null) {
      problems.add("spec.workload.script: " + ServiceRules.SCRIPT_CONFIG_MAP_MESSAGE);
    }
    if (script != null && !cluster && (script.file == null || script.file.isBlank())) {
      problems.add(
          "spec.workload.script: set file to your k6 module for a local run (configMap is for"
              + " Kubernetes)");
    }
    if (cluster) {
      if (!BuildChecks.everyBuildRuns(
          v, builds, x -> x.image != null && !x.image.isBlank(), b -> b.image != null)) {
        problems.add("spec.sut.service.image: " + ServiceRules.IMAGE_ON_CLUSTER_MESSAGE);
      }
      if (sql != null && (sql.configMap == null || sql.configMap.isBlank())) {
        problems.add("spec.database.sql: " + ServiceRules.SQL_CONFIG_MAP_MESSAGE);
      }
      if (sql != null && sql.files != null) {
        problems.addAll(sqlKeys(sql));
      }
    } else if (!BuildChecks.everyBuildRuns(
        v,
        builds,
        x -> x.jar != null || (x.command != null && !x.command.isEmpty()),
        b -> b.jar != null || (b.command != null && !b.command.isEmpty()))) {
      problems.add(
          "spec.sut.service: set jar or command for a local run, or one in every"
              + " spec.matrix.builds entry (image is for Kubernetes)");
    }
    return problems;
  }

  /** On a cluster each SQL file is a ConfigMap key: its base name must be one, and unique. */
  private static List<String> sqlKeys(SqlSpec sql) {
    List<String> problems = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < sql.files.size(); i++) {
      String key = SqlSpec.key(sql.files.get(i));
      String at = "spec.database.sql.files[" + i + "]";
      if (!CONFIG_MAP_KEY.matcher(key).matches() || key.length() > SpecRules.KUBE_NAME_MAX) {
        problems.add(at + ": its base name '" + key + "' " + SpecRules.CONFIG_MAP_KEY_MESSAGE);
      } else if (!seen.add(key)) {
        problems.add(
            at
                + ": base name '"
                + key
                + "' twice: on Kubernetes each file is the ConfigMap key of its base name");
      }
    }
    return problems;
  }

  /** Cores a validated cpu field asks for, rounded up: what local mode gives the tier. */
  public static int cpus(String value) {
    return (int) Math.max(1, (millis(value) + 999) / 1000);
  }

  /** CPUs a CPU quantity stands for ("2", "1.5", "500m"), as the CRD's CEL rule computes them. */
  static double cpuValue(String value) {
    return value.endsWith("m")
        ? Double.parseDouble(value.substring(0, value.length() - 1)) / 1000.0
        : Double.parseDouble(value);
  }

  /** The factor of each memory suffix (the CRD's CEL {@code QuantityRules.MEMORY_BYTES}). */
  static final Map<String, Double> MEMORY_UNITS =
      Map.of(
          "Ki", 1024.0,
          "Mi", 1048576.0,
          "Gi", 1073741824.0,
          "Ti", 1099511627776.0,
          "k", 1e3,
          "M", 1e6,
          "G", 1e9,
          "T", 1e12);

  /** Bytes of a valid memory quantity ("512Mi", "1G", "1073741824"), as a double like CEL's. */
  public static double bytes(String value) {
    String digits = value.replaceAll("[^0-9]", "");
    String suffix = value.substring(digits.length());
    return Double.parseDouble(digits) * MEMORY_UNITS.getOrDefault(suffix, 1.0);
  }

  /** Millicores of a CPU quantity ("2", "1.5", "500m"). */
  public static long millis(String value) {
    return value.endsWith("m")
        ? Long.parseLong(value.substring(0, value.length() - 1))
        : new java.math.BigDecimal(value).movePointRight(3).longValue();
  }
}
