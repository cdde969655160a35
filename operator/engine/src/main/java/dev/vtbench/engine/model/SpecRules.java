package dev.vtbench.engine.model;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Every validation rule's constants, in one place: the CRD's schema and CEL annotations on {@link
 * BenchmarkRunSpec} (and on the operator's resource class) are built from them, and {@link
 * SpecValidator} applies the same ones, so the API server and a local run accept the same specs.
 * The operator's {@code SpecParityIT} runs one table of specs through both.
 *
 * <p>Patterns used inside CEL rules are written without backslashes ({@code [.]}, not {@code \.})
 * so they read the same as Java regular expressions and CEL string literals.
 */
public final class SpecRules {

  private SpecRules() {}

  // --- the run's name ---------------------------------------------------------------------------

  /**
   * Most scenarios one run may plan (threadModes × hikariPoolSizes × concurrency × repetitions ×
   * jvmOptions × builds): at one scenario a minute that is a week of load, and it fixes the longest
   * scenario index (9999) in the names derived from the run's.
   */
  public static final int SCENARIOS_MAX = 10_000;

  /** A DNS-1123 label, which every name derived from the run's must stay: at most 63 characters. */
  public static final int LABEL_MAX = 63;

  /**
   * The longest run name: the longest name derived from it is k6-operator's initializer Job of the
   * last scenario's warm-up TestRun, {@code <run>-load-9999-warmup-initializer} (29 characters
   * after the run's name), and it must stay a 63-character label ({@code ResourceNamesTest}).
   */
  public static final int RUN_NAME_MAX = 34;

  /**
   * A DNS-1035 label: the run name becomes Service names ({@code <run>-sut}), which must start with
   * a letter and hold no dots.
   */
  public static final String RUN_NAME = "^[a-z]([-a-z0-9]*[a-z0-9])?$";

  public static final String RUN_NAME_LENGTH_RULE = "size(self.metadata.name) <= " + RUN_NAME_MAX;
  public static final String RUN_NAME_LENGTH_MESSAGE =
      "metadata.name must be at most "
          + RUN_NAME_MAX
          + " characters: the names derived from it (<name>-load-9999-warmup-initializer) must fit"
          + " Kubernetes' 63-character limit";
  public static final String RUN_NAME_RULE = "self.metadata.name.matches('" + RUN_NAME + "')";
  public static final String RUN_NAME_MESSAGE =
      "metadata.name must start with a lower-case letter and hold only lower-case letters, digits"
          + " and '-' (no dots, not ending in '-'): it names the run's Services";

  // --- durations --------------------------------------------------------------------------------

  /** A duration the k6 / Kubernetes way: 100ms, 8s, 1m30s. */
  public static final String DURATION = "^([0-9]+(ms|s|m|h))+$";

  public static final int DURATION_MAX = 32;

  /** Longest ramp, warm-up, hold or SUT warm-up: an hour each already makes one scenario 4 h. */
  public static final String WINDOW_MAX = "1h";

  /**
   * Longest request timeout, stub delay, blocking time and p99 limit: the SUT's stub timeout (set
   * from the request timeout) and the stub's delay accept at most 10 minutes.
   */
  public static final String REQUEST_TIMEOUT_MAX = "10m";

  public static final String DEFAULT_STUB_DELAY = "100ms";
  public static final String DEFAULT_BLOCK_FOR = "20ms";
  public static final String DEFAULT_REQUEST_TIMEOUT = "60s";

  static final String WINDOW_RULE = "duration(self) <= duration('" + WINDOW_MAX + "')";
  static final String WINDOW_MESSAGE = "must be at most " + WINDOW_MAX;
  static final String REQUEST_TIME_RULE =
      "duration(self) <= duration('" + REQUEST_TIMEOUT_MAX + "')";
  static final String REQUEST_TIME_MESSAGE = "must be at most " + REQUEST_TIMEOUT_MAX;
  static final String POSITIVE_RULE = "duration(self) > duration('0s')";
  static final String POSITIVE_MESSAGE = "must be longer than 0s";

  // A request blocks at least this long; k6 gives up at the request timeout, and so does the SUT's
  // call to the stub (its STUB_TIMEOUT_MS is the request timeout): a longer block fails every
  // request. Checked whatever the endpoint, so a spec stays valid when only the endpoint changes.
  private static final String REQUEST_TIMEOUT_OR_DEFAULT =
      "duration(has(self.load) && has(self.load.requestTimeout)"
          + " && self.load.requestTimeout.matches('"
          + DURATION
          + "') ? self.load.requestTimeout : '"
          + DEFAULT_REQUEST_TIMEOUT
          + "')";
  static final String STUB_DELAY_BELOW_TIMEOUT_RULE =
      "!has(self.workload) || !has(self.workload.stubDelay)"
          + " || !self.workload.stubDelay.matches('"
          + DURATION
          + "') || duration(self.workload.stubDelay) < "
          + REQUEST_TIMEOUT_OR_DEFAULT;
  static final String BLOCK_FOR_BELOW_TIMEOUT_RULE =
      "!has(self.workload) || !has(self.workload.blockFor)"
          + " || !self.workload.blockFor.matches('"
          + DURATION
          + "') || duration(self.workload.blockFor) < "
          + REQUEST_TIMEOUT_OR_DEFAULT;
  static final String BELOW_TIMEOUT_MESSAGE =
      "must be shorter than spec.load.requestTimeout (default "
          + DEFAULT_REQUEST_TIMEOUT
          + "): k6 and the SUT's call to the stub give up at the request timeout, so every request"
          + " would fail";

  // --- quantities -------------------------------------------------------------------------------

  /** A Kubernetes CPU quantity of at least 1m: 2, 1.5 or 500m (not 0, 0m or 0.0001). */
  public static final String CPU =
      "^([0-9]*[1-9][0-9]*m|[0-9]*[1-9][0-9]*([.][0-9]+)?|[0-9]+[.][0-9]{0,2}[1-9][0-9]*)$";

  /** Whole CPUs, as the static CPU manager needs for exclusive cores: 2 or 2000m. */
  public static final String WHOLE_CPU = "^[1-9][0-9]*(000m)?$";

  /** Most CPUs a tier may ask for: more than any node has, and -XX:ActiveProcessorCount's range. */
  public static final int CPU_MAX = 1024;

  public static final int QUANTITY_MAX = 16;

  /** A Kubernetes memory quantity: 512Mi, 2Gi, 1G. */
  public static final String MEMORY = "^[0-9]+(Ki|Mi|Gi|Ti|k|M|G|T)?$";

  /** A percentage: 10%, 0.5%. */
  public static final String PERCENT = "^[0-9]+(\\.[0-9]+)?%$";

  /** A percentage from 0% to 100%: an error rate or a regression beyond 100% means nothing. */
  public static final String PERCENT_TO_100 = "^(100([.]0+)?|[0-9]{1,2}([.][0-9]+)?)%$";

  public static final String PERCENT_TO_100_RULE = "self.matches('" + PERCENT_TO_100 + "')";
  public static final String PERCENT_TO_100_MESSAGE =
      "must be a percentage from 0% to 100%, e.g. 1% or 0.5%";

  // cpu may arrive as an integer (cpu: 4) or a string; pinned and cpu may be left out (defaults).
  public static final String WHOLE_CPU_RULE =
      "!has(self.cpu) || (has(self.pinned) && !self.pinned)"
          + " || string(self.cpu).matches('"
          + WHOLE_CPU
          + "')";
  public static final String WHOLE_CPU_MESSAGE =
      "cpu must be a whole number of CPUs (e.g. 2 or 2000m) while pinned is true: the static"
          + " CPU manager gives exclusive cores only to whole CPUs";

  private static final String CPU_VALUE =
      "(string(self.cpu).endsWith('m')"
          + " ? double(string(self.cpu).substring(0, size(string(self.cpu)) - 1)) / 1000.0"
          + " : double(string(self.cpu)))";

  // The schema's pattern checks only strings; this also covers cpu written as an integer (cpu: 0).
  public static final String CPU_RULE =
      "!has(self.cpu) || string(self.cpu).matches('"
          + CPU
          + "') && "
          + CPU_VALUE
          + " <= "
          + CPU_MAX
          + ".0";
  public static final String CPU_MESSAGE =
      "cpu must be a CPU quantity from 1m to " + CPU_MAX + ", e.g. 1, 1.5 or 500m";

  /** The least memory a JVM tier (the SUT, the stub) starts and serves with. */
  public static final String JVM_MEMORY_MIN = "256Mi";

  /** The least memory PostgreSQL runs the benchmark's queries with (shared_buffers is 128MB). */
  public static final String DATABASE_MEMORY_MIN = "256Mi";

  /** The least memory for the k6 runner: its own start-up plus a few hundred VUs. */
  public static final String LOAD_MEMORY_MIN = "128Mi";

  /** The most memory for any tier: more than nodes have, and within the JVM flags' long range. */
  public static final String MEMORY_MAX = "1Ti";

  /** PostgreSQL's volume: the seed and WAL need at least a gigabyte. */
  public static final String STORAGE_MIN = "1Gi";

  public static final String STORAGE_MAX = "64Ti";

  // The bytes a valid MEMORY stands for, as a CEL double (no overflow for 16 characters), computed
  // once in a one-element list the range rules then read as b. The suffixes and factors are
  // SpecValidator.MEMORY_UNITS (SpecRulesTest keeps them equal).
  static final String MEMORY_BYTES =
      "double(int(self.find('^[0-9]+')))"
          + " * (self.endsWith('Ki') ? 1024.0 : self.endsWith('Mi') ? 1048576.0"
          + " : self.endsWith('Gi') ? 1073741824.0 : self.endsWith('Ti') ? 1099511627776.0"
          + " : self.endsWith('k') ? 1000.0 : self.endsWith('M') ? 1000000.0"
          + " : self.endsWith('G') ? 1000000000.0 : self.endsWith('T') ? 1000000000000.0 : 1.0)";

  private static final String MEMORY_FORM = "!self.matches('" + MEMORY + "') || ";

  // Bytes as CEL double literals: 256Mi, 128Mi, 1Gi, 1Ti, 64Ti.
  private static final String B_128MI = "134217728.0";
  private static final String B_256MI = "268435456.0";
  private static final String B_1GI = "1073741824.0";
  private static final String B_1TI = "1099511627776.0";
  private static final String B_64TI = "70368744177664.0";

  static final String JVM_MEMORY_RULE =
      MEMORY_FORM + "[" + MEMORY_BYTES + "].all(b, b >= " + B_256MI + " && b <= " + B_1TI + ")";
  static final String JVM_MEMORY_MESSAGE =
      "must be from " + JVM_MEMORY_MIN + " to " + MEMORY_MAX + ": a JVM needs at least that";
  static final String DATABASE_MEMORY_RULE = JVM_MEMORY_RULE;
  static final String DATABASE_MEMORY_MESSAGE =
      "must be from "
          + DATABASE_MEMORY_MIN
          + " to "
          + MEMORY_MAX
          + ": PostgreSQL needs at least that";
  static final String LOAD_MEMORY_RULE =
      MEMORY_FORM + "[" + MEMORY_BYTES + "].all(b, b >= " + B_128MI + " && b <= " + B_1TI + ")";
  static final String LOAD_MEMORY_MESSAGE =
      "must be from " + LOAD_MEMORY_MIN + " to " + MEMORY_MAX + ": k6 needs at least that";
  static final String STORAGE_RULE =
      MEMORY_FORM + "[" + MEMORY_BYTES + "].all(b, b >= " + B_1GI + " && b <= " + B_64TI + ")";
  static final String STORAGE_MESSAGE =
      "must be from "
          + STORAGE_MIN
          + " to "
          + STORAGE_MAX
          + ": the seed and WAL need at least that";

  // --- closed value sets, as CEL list literals (annotations need compile-time constants) -------

  public static final String CONNECTION_MODES = "['released', 'held']";
  public static final String CONNECTION_MODES_MESSAGE = "must be released or held";
  public static final String PATH_MODES = "['normal', 'synchronized']";
  public static final String PATH_MODES_MESSAGE = "must be normal or synchronized";
  public static final String EXECUTORS = "['ramping-vus', 'constant-arrival-rate']";
  public static final String EXECUTORS_MESSAGE = "must be ramping-vus or constant-arrival-rate";
  public static final String THREAD_MODES = "['platform', 'virtual', 'reactive']";
  public static final String THREAD_MODES_MESSAGE = "must be platform, virtual or reactive";

  /** The thread modes by name: the SUT, its threads and the CSV's thread_mode. */
  public static final String PLATFORM = "platform";

  public static final String VIRTUAL = "virtual";

  /** Seed 002's baseline: not a thread mode of the servlet SUT but the reactive SUT. */
  public static final String REACTIVE = "reactive";

  /** The path mode only the servlet SUT has. */
  public static final String SYNCHRONIZED = "synchronized";

  public static final String REACTIVE_PATH_RULE =
      "!has(self.matrix) || !has(self.matrix.threadModes)"
          + " || !('reactive' in self.matrix.threadModes) || !has(self.workload)"
          + " || !has(self.workload.pathMode) || self.workload.pathMode != 'synchronized'";
  public static final String REACTIVE_PATH_MESSAGE =
      "synchronized has no reactive counterpart (no request of the reactive SUT blocks a thread,"
          + " so there is nothing to synchronize): run the thread mode reactive with pathMode"
          + " normal";

  public static final String RUNNERS = "['auto', 'testrun', 'job']";
  public static final String RUNNERS_MESSAGE = "must be auto, testrun or job";

  /** The values of a CEL list literal of strings, e.g. {@code ['a', 'b']}. */
  public static List<String> values(String celList) {
    String inner = celList.strip();
    if (!inner.startsWith("[") || !inner.endsWith("]")) {
      throw new IllegalArgumentException("not a CEL list literal: " + celList);
    }
    return Pattern.compile(",")
        .splitAsStream(inner.substring(1, inner.length() - 1))
        .map(String::strip)
        .map(v -> v.substring(1, v.length() - 1))
        .toList();
  }

  // --- sizes and bounds ------------------------------------------------------------------------

  public static final int IMAGE_MAX = 256;
  public static final int NODE_SELECTOR_MAX = 16;
  public static final int ENV_MAX = 64;
  public static final int TOMCAT_THREADS_MAX = 100_000;
  public static final int POOL_SIZES_MAX = 64;
  public static final int LEVELS_MAX = 256;
  public static final int REPETITIONS_MAX = 100;
  public static final int THRESHOLD_RULES_MAX = 32;
  public static final int URL_MAX = 512;
  public static final int FILE_MAX = 1024;

  /**
   * A local file reference (a service's or build's jar, a k6 module, an SQL file): printable ASCII,
   * relative to the folder {@code vtbench run} starts in, never leaving it by name: not absolute
   * ({@code /}, {@code ~}), no {@code ..} segment, no backslash. A symlink out of the folder is
   * refused when the run starts ({@code LocalFiles}), as only then do the files exist.
   */
  public static final String FILE = "^[ -~]+$";

  /** What leaves the folder by name, as a CEL string body ({@link #celRegex} for Java). */
  public static final String FILE_ESCAPE_CEL = "^[/~]|(^|/)[.][.](/|$)|[\\\\\\\\]";

  public static final String FILE_RULE =
      "self.matches('" + FILE + "') && !self.matches('" + FILE_ESCAPE_CEL + "')";
  public static final String FILE_LIST_RULE =
      "self.all(f, f.matches('" + FILE + "') && !f.matches('" + FILE_ESCAPE_CEL + "'))";
  public static final String FILE_MESSAGE =
      "must be a path relative to the folder vtbench run starts in, of printable ASCII: not"
          + " absolute (/, ~), no '..' segment, no backslash; local runs read files only inside"
          + " that folder";

  /**
   * Largest Hikari pool. PostgreSQL's max_connections is set from the largest pool (plus room for
   * the operator's own connections), so every pool fits; at 1,000 busy backends PostgreSQL already
   * needs gigabytes of memory.
   */
  public static final int POOL_MAX = 1_000;

  /** Highest concurrency level and maxVUs: VUs or requests per second one k6 runner can drive. */
  public static final int CONCURRENCY_MAX = 100_000;

  /**
   * Most k6 runners per scenario (spec.load.parallelism): each adds a pod and a histogram to merge;
   * 16 runners drive 16 × {@link #CONCURRENCY_MAX} at most.
   */
  public static final int PARALLELISM_MAX = 16;

  /** Seeded rows: 10^8 orders take minutes to seed and about 10 GiB of storage. */
  public static final long SEED_CUSTOMERS_MAX = 10_000_000L;

  public static final long SEED_ORDERS_MAX = 100_000_000L;

  public static final String POOLS_RULE =
      "self.all(p, p > 0 && p <= " + POOL_MAX + ") && self.all(p, self.exists_one(q, q == p))";
  public static final String POOLS_MESSAGE =
      "must list pool sizes from 1 to " + POOL_MAX + ", each once";
  public static final String LEVELS_RULE =
      "self.all(c, c > 0 && c <= "
          + CONCURRENCY_MAX
          + ") && self.all(c, self.exists_one(d, d == c))";
  public static final String LEVELS_MESSAGE =
      "must list concurrency levels from 1 to " + CONCURRENCY_MAX + ", each once";

  /** Most JVM configurations one run compares: each is a JVM start and warm-up per thread mode. */
  public static final int JVM_OPTIONS_MAX = 4;

  /** Longest value of spec.matrix.jvmOptions. */
  public static final int JVM_OPTION_MAX = 512;

  /**
   * One value of spec.matrix.jvmOptions: empty (no extra options), or options separated by single
   * spaces, each starting with '-' and made of letters, digits and {@code _ . : + = , / @ % -}. No
   * quotes, globs, variables or other shell metacharacters, so a value splits into the same
   * arguments on a command line and in JAVA_TOOL_OPTIONS, and means the same on both platforms. The
   * same text is a Java pattern and a CEL regex (no backslashes).
   */
  public static final String JVM_OPTIONS =
      "^(-[-A-Za-z0-9_.:+=,/@%]+( -[-A-Za-z0-9_.:+=,/@%]+)*)?$";

  /**
   * Options no value of spec.matrix.jvmOptions may hold, case-insensitively, wherever they stand in
   * it: system properties that would override what vtbench sets for each scenario (a system
   * property beats the environment vtbench hands a service, and Spring's relaxed binding makes
   * {@code -Dspring.dataSource.URL} the same property): the thread mode, the datasource and its
   * Hikari pool, Tomcat's threads and port, the config import the password arrives through and
   * SPRING_APPLICATION_JSON; Actuator's exposure (a heap dump holds the database password); and
   * whatever loads code or options vtbench cannot see: agents ({@code -javaagent}, {@code
   * -agentpath}, {@code -agentlib}, {@code -Xrun}), options files ({@code -XX:Flags=}, {@code
   * -XX:VMOptionsFile=}) and commands run on a crash ({@code -XX:OnError=}, {@code
   * -XX:OnOutOfMemoryError=}). {@code @argfiles} never pass {@link #JVM_OPTIONS}: every option
   * starts with '-'.
   */
  public static final String FORBIDDEN_JVM_OPTION =
      "(?i)(^| )(-D(spring[-_.]*(threads|datasource|config|application[-_.]*json)"
          + "|server[-_.]*(tomcat|port)|management)"
          + "|-javaagent|-agentpath|-agentlib|-Xrun|-XX:Flags=|-XX:VMOptionsFile="
          + "|-XX:OnError=|-XX:OnOutOfMemoryError=)";

  public static final String FORBIDDEN_JVM_OPTION_MESSAGE =
      "must not set what vtbench sets or load what it cannot see: -Dspring.threads.*,"
          + " -Dspring.datasource.*, -Dspring.config.*, -Dspring.application.json,"
          + " -Dserver.tomcat.*, -Dserver.port, -Dmanagement.* (in any spelling), agents"
          + " (-javaagent, -agentpath, -agentlib, -Xrun), options files (-XX:Flags=,"
          + " -XX:VMOptionsFile=) and -XX:OnError= / -XX:OnOutOfMemoryError= are refused";

  public static final String FORBIDDEN_JVM_OPTION_RULE =
      "self.all(o, !o.matches('" + FORBIDDEN_JVM_OPTION + "'))";

  public static final String JVM_OPTIONS_RULE =
      "self.all(o, o.matches('" + JVM_OPTIONS + "')) && self.all(o, self.exists_one(p, p == o))";
  public static final String JVM_OPTIONS_MESSAGE =
      "must list at most "
          + JVM_OPTIONS_MAX
          + " different values, each empty (no extra options) or JVM options separated by single"
          + " spaces, each starting with '-' and holding only letters, digits and _ . : + = , / @ %"
          + " - (no quotes, spaces inside an option, $, *, ;, | or other shell characters), e.g."
          + " '-XX:+UseZGC -Xss512k'";

  // What the matrix plans when a list is left out: MatrixSpec's defaults
  // (SpecRulesTest keeps them equal).
  static final int DEFAULT_THREAD_MODES = 2;
  static final int DEFAULT_POOL_SIZES = 1;
  static final int DEFAULT_LEVELS = 6;
  static final int DEFAULT_REPETITIONS = 3;
  static final int DEFAULT_JVM_OPTIONS = 1;
  static final int DEFAULT_BUILDS = 1;

  public static final String SCENARIOS_RULE =
      "(has(self.threadModes) ? size(self.threadModes) : "
          + DEFAULT_THREAD_MODES
          + ") * (has(self.hikariPoolSizes) ? size(self.hikariPoolSizes) : "
          + DEFAULT_POOL_SIZES
          + ") * (has(self.concurrency) ? size(self.concurrency) : "
          + DEFAULT_LEVELS
          + ") * (has(self.repetitions) ? self.repetitions : "
          + DEFAULT_REPETITIONS
          + ") * (has(self.jvmOptions) ? size(self.jvmOptions) : "
          + DEFAULT_JVM_OPTIONS
          + ") * (has(self.builds) ? size(self.builds) : "
          + DEFAULT_BUILDS
          + ") <= "
          + SCENARIOS_MAX;
  public static final String SCENARIOS_MESSAGE =
      "plans too many scenarios: threadModes × hikariPoolSizes × concurrency × repetitions ×"
          + " jvmOptions × builds must be at most "
          + SCENARIOS_MAX;

  // --- names, labels, images, environment --------------------------------------------------------

  /** A Kubernetes object name or ConfigMap key: at most 253 characters. */
  public static final int KUBE_NAME_MAX = 253;

  /** A DNS-1123 subdomain: ConfigMap and Secret names. */
  public static final String SUBDOMAIN =
      "^[a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*$";

  public static final String SUBDOMAIN_MESSAGE =
      "must be a Kubernetes object name: lower-case letters, digits, '-' and '.', starting and"
          + " ending with a letter or digit";

  /** A ConfigMap key: letters, digits, '-', '_' and '.', not '.' and not starting with '..'. */
  public static final String CONFIG_MAP_KEY = "^([-_a-zA-Z0-9]|[.][-_a-zA-Z0-9])[-._a-zA-Z0-9]*$";

  public static final String CONFIG_MAP_KEY_MESSAGE =
      "must be a ConfigMap key: letters, digits, '-', '_' and '.', not starting with '..'";

  /**
   * A container image reference (the OCI distribution grammar): an optional registry host and port,
   * lower-case path components, then an optional tag and digest. No spaces, no capitals in the
   * repository; IPv6 registry literals are not accepted.
   */
  public static final String IMAGE =
      "^([a-zA-Z0-9]([-a-zA-Z0-9]*[a-zA-Z0-9])?([.][a-zA-Z0-9]([-a-zA-Z0-9]*[a-zA-Z0-9])?)*"
          + "(:[0-9]+)?/)?"
          + "[a-z0-9]+((__|[_.]|-+)[a-z0-9]+)*(/[a-z0-9]+((__|[_.]|-+)[a-z0-9]+)*)*"
          + "(:[a-zA-Z0-9_][-a-zA-Z0-9_.]{0,127})?"
          + "(@[A-Za-z][A-Za-z0-9]*([-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?$";

  public static final String IMAGE_RULE = "self.matches('" + IMAGE + "')";
  public static final String OPTIONAL_IMAGE_RULE = "self == '' || self.matches('" + IMAGE + "')";
  public static final String IMAGE_MESSAGE =
      "must be an image reference like registry:5000/team/name:tag or name@sha256:<digest>:"
          + " lower-case repository, no spaces";

  /** A label key: an optional DNS subdomain prefix and '/', then a name of at most 63. */
  public static final String LABEL_KEY =
      "^([a-z0-9]([-a-z0-9]*[a-z0-9])?([.][a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?"
          + "[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$";

  /**
   * A label value: empty, or at most 63 letters, digits, '-', '_' and '.'. In the CRD it is the map
   * values' pattern (a CEL rule reading values of unbounded length would exceed the cost budget).
   */
  public static final String LABEL_VALUE = "^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$";

  // Keys only: the values' pattern and length are in the schema.
  public static final String NODE_SELECTOR_RULE =
      "self.all(k, size(k) <= 317 && k.indexOf('/') <= "
          + KUBE_NAME_MAX
          + " && k.matches('"
          + LABEL_KEY
          + "'))";
  public static final String NODE_SELECTOR_MESSAGE =
      "keys must be label keys ([prefix/]name, name at most 63 letters, digits, '-', '_', '.') and"
          + " values label values (at most 63 of the same)";

  /** An environment variable name a shell and Spring can read. */
  public static final String ENV_NAME = "^[A-Za-z_][A-Za-z0-9_]*$";

  public static final int ENV_NAME_MAX = 128;

  /**
   * What sut.env may not set, case-insensitively (Spring binds lower-case names too): what vtbench
   * sets for each scenario or wires (database, stub, ports, pool, Tomcat, thread mode, JVM
   * options), and what would reconfigure Spring beyond the SUT's own knobs (actuator exposure,
   * datasource, error pages, SPRING_APPLICATION_JSON). The SUT's experiment knobs (SYNC_STRIPES,
   * PINNED_THRESHOLD_MS, SAMPLE_INTERVAL_MS) stay open.
   */
  public static final String RESERVED_ENV =
      "(?i)^(DB_.*|HIKARI_.*|TOMCAT_.*|STUB_.*|SERVER_.*|MANAGEMENT_.*|SPRING_.*"
          + "|VT_ENABLED|SUT_STACK|CONN_MODE|PATH_MODE|JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS|_JAVA_OPTIONS"
          + "|JAVA_OPTS)$";

  public static final String ENV_RULE =
      "self.all(k, size(k) <= "
          + ENV_NAME_MAX
          + " && k.matches('"
          + ENV_NAME
          + "') && !k.matches('"
          + RESERVED_ENV
          + "'))";
  public static final String ENV_MESSAGE =
      "names must be [A-Za-z_][A-Za-z0-9_]* and not set by vtbench: DB_*, HIKARI_*, TOMCAT_*,"
          + " STUB_*, SERVER_*, MANAGEMENT_*, SPRING_*, VT_ENABLED, CONN_MODE, PATH_MODE and the"
          + " JVM's option variables are reserved";

  // --- remote write ------------------------------------------------------------------------------

  /**
   * The remote-write endpoint: http:// or https://, a host name or IPv4 address and a port, without
   * user name or password (those go in a Secret), then a path and query of URL characters. No
   * character a shell reads ($, `, ;, |, &amp;, quotes, parentheses, *, !, spaces, backslashes, #):
   * the URL reaches k6 as an environment variable, and k6-operator builds its runner's command with
   * {@code sh -c}.
   */
  public static final String REMOTE_WRITE_URL_CEL =
      "^https?://[-A-Za-z0-9.]+(:[0-9]{1,5})?([/?][-A-Za-z0-9._~%/:=?+,@]*)?$";

  public static final String REMOTE_WRITE_URL_RULE = "self.matches('" + REMOTE_WRITE_URL_CEL + "')";
  public static final String REMOTE_WRITE_URL_MESSAGE =
      "must be an http:// or https:// URL with a host name and no user or password (credentials go"
          + " in credentialsSecretRef), its path and query only letters, digits and - . _ ~ % / : ="
          + " ? + , @ (no shell characters such as $ ` ; | & ' \" ( ) or spaces), e.g."
          + " http://prometheus:9090/api/v1/write";

  /**
   * Hosts remote write may not reach: loopback (localhost, 127/8, 0.0.0.0), link-local 169.254/16
   * (cloud metadata), numeric forms that resolve to them (2130706433, 0x7f.1) and the Kubernetes
   * API server by its Service name.
   */
  public static final String FORBIDDEN_REMOTE_WRITE =
      "(?i)^https?://(localhost|[^:/?#]*[.]localhost|127[.][0-9.]*|0+([.]0+)*|169[.]254[.][0-9.]*"
          + "|[0-9]+|0x[0-9a-fx.]*|kubernetes|kubernetes[.]default([.][^:/?#]*)?)[.]?"
          + "(:[0-9]*)?([/?#].*)?$";

  public static final String FORBIDDEN_REMOTE_WRITE_RULE =
      "!self.matches('" + FORBIDDEN_REMOTE_WRITE + "')";
  public static final String FORBIDDEN_REMOTE_WRITE_MESSAGE =
      "must not point at loopback (localhost, 127.0.0.0/8, 0.0.0.0), link-local addresses"
          + " (169.254.0.0/16, cloud metadata), a numeric host or the Kubernetes API server"
          + " (kubernetes.default)";

  // --- deadlines on the waits (spec.timeouts) ----------------------------------------------------

  /**
   * The CloudNativePG Cluster bootstrapped, seeded and Ready (locally: PostgreSQL started and
   * seeded). Seeding the default million orders takes about a minute; ten leaves room for large
   * seeds and image pulls. At most six hours: the largest seed, not a forgotten run holding cores.
   */
  public static final String DATABASE_TIMEOUT = "10m";

  public static final String DATABASE_TIMEOUT_MAX = "6h";

  /**
   * The SUT and the stub available after each (re)start: a JVM starts in seconds, an image pull and
   * a Hikari pool filling take a minute or two. At most one hour.
   */
  public static final String SUT_START_TIMEOUT = "5m";

  public static final String SUT_START_TIMEOUT_MAX = "1h";

  /**
   * A k6 runner pod started after its TestRun or Job was created (scheduling and the k6 image
   * pull). At most one hour.
   */
  public static final String LOAD_START_TIMEOUT = "3m";

  public static final String LOAD_START_TIMEOUT_MAX = "1h";

  public static final String DATABASE_TIMEOUT_RULE =
      "duration(self) > duration('0s') && duration(self) <= duration('"
          + DATABASE_TIMEOUT_MAX
          + "')";
  public static final String DATABASE_TIMEOUT_MESSAGE =
      "must be longer than 0s and at most " + DATABASE_TIMEOUT_MAX;
  public static final String SUT_START_TIMEOUT_RULE =
      "duration(self) > duration('0s') && duration(self) <= duration('"
          + SUT_START_TIMEOUT_MAX
          + "')";
  public static final String SUT_START_TIMEOUT_MESSAGE =
      "must be longer than 0s and at most " + SUT_START_TIMEOUT_MAX;
  public static final String LOAD_START_TIMEOUT_RULE =
      "duration(self) > duration('0s') && duration(self) <= duration('"
          + LOAD_START_TIMEOUT_MAX
          + "')";
  public static final String LOAD_START_TIMEOUT_MESSAGE =
      "must be longer than 0s and at most " + LOAD_START_TIMEOUT_MAX;

  /**
   * The regular expression a CEL single-quoted string body stands for ({@code \\} is one {@code
   * \}).
   */
  public static String celRegex(String celStringBody) {
    return celStringBody.replace("\\\\", "\\");
  }
}
