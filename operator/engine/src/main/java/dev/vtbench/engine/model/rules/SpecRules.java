package dev.vtbench.engine.model.rules;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Where the spec's validation rules live, and the rules shared by every part: the run's name,
 * durations, closed value sets, sizes, names, labels, images, environment and remote write. The
 * CRD's schema and CEL annotations on the spec types are built from these constants, and {@link
 * dev.vtbench.engine.model.SpecValidation} judges a spec by that CRD itself, so the API server and
 * a local run accept the same specs; the operator's {@code CrdEvaluatorIT} runs one table of specs
 * through both.
 *
 * <p>Each rule's constants are declared once, in the {@code *Rules} class of its part of the spec:
 * this class, {@link QuantityRules} (CPU, memory, storage, percentages, the load's QoS class),
 * {@link MatrixRules} ({@code spec.matrix}), {@link TimeoutRules} ({@code spec.timeouts}), {@link
 * ThresholdRules} ({@code spec.thresholds} against the matrix), {@link ServiceRules} (a user's
 * service, requests, script, SQL), {@link BuildRules} ({@code spec.matrix.builds}) and {@link
 * PlacementRules} ({@code spec.sut.dedicatedNode}); the endpoint list is the registry's ({@link
 * #ENDPOINTS}, equal to {@code workload.Endpoint}). Only one-line rules that need no constant are
 * written where they apply ({@code self == oldSelf}, {@code self > 0.0}).
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

  public static final String WINDOW_RULE = "duration(self) <= duration('" + WINDOW_MAX + "')";
  public static final String WINDOW_MESSAGE = "must be at most " + WINDOW_MAX;
  public static final String REQUEST_TIME_RULE =
      "duration(self) <= duration('" + REQUEST_TIMEOUT_MAX + "')";
  public static final String REQUEST_TIME_MESSAGE = "must be at most " + REQUEST_TIMEOUT_MAX;
  public static final String POSITIVE_RULE = "duration(self) > duration('0s')";
  public static final String POSITIVE_MESSAGE = "must be longer than 0s";

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
  public static final String STUB_DELAY_BELOW_TIMEOUT_RULE =
      "!has(self.workload) || !has(self.workload.stubDelay)"
          + " || !self.workload.stubDelay.matches('"
          + DURATION
          + "') || duration(self.workload.stubDelay) < "
          + REQUEST_TIMEOUT_OR_DEFAULT;
  public static final String BLOCK_FOR_BELOW_TIMEOUT_RULE =
      "!has(self.workload) || !has(self.workload.blockFor)"
          + " || !self.workload.blockFor.matches('"
          + DURATION
          + "') || duration(self.workload.blockFor) < "
          + REQUEST_TIMEOUT_OR_DEFAULT;
  public static final String BELOW_TIMEOUT_MESSAGE =
      "must be shorter than spec.load.requestTimeout (default "
          + DEFAULT_REQUEST_TIMEOUT
          + "): k6 and the SUT's call to the stub give up at the request timeout, so every request"
          + " would fail";

  // --- closed value sets, as CEL list literals (annotations need compile-time constants) -------

  public static final String CONNECTION_MODES = "['released', 'held']";
  public static final String CONNECTION_MODES_MESSAGE = "must be released or held";
  public static final String PATH_MODES = "['normal', 'synchronized']";
  public static final String PATH_MODES_MESSAGE = "must be normal or synchronized";

  /**
   * The endpoints {@code spec.workload.endpoint} names, as a CEL list literal (an annotation needs
   * a compile-time constant); {@code EndpointTest} keeps it equal to {@code workload.Endpoint},
   * which says what each one requests.
   */
  public static final String ENDPOINTS =
      "['order-summary', 'downstream', 'db-sleep', 'sleep', 'users']";

  public static final String ENDPOINTS_MESSAGE =
      "must be one of order-summary, downstream, db-sleep, sleep, users";

  /** k6's closed-model executor: {@code concurrency} VUs. */
  public static final String CLOSED_EXECUTOR = "ramping-vus";

  /** k6's open-model executor: {@code concurrency} requests started per second. */
  public static final String OPEN_EXECUTOR = "constant-arrival-rate";

  public static final String EXECUTORS = "['" + CLOSED_EXECUTOR + "', '" + OPEN_EXECUTOR + "']";
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

  /** spec.thresholds.baseline.lastRuns: a quarter of daily runs is history enough for a median. */
  public static final int BASELINE_RUNS_MAX = 90;

  /** Why a cluster refuses spec.thresholds.baseline.lastRuns. */
  public static final String LAST_RUNS_LOCAL_MESSAGE =
      "lastRuns is only for local runs (vtbench run, over a results folder); in a cluster the"
          + " baseline is one ConfigMap: make it from the last runs with hack/cluster-history.sh"
          + " and vtbench history";

  public static final int URL_MAX = 512;
  public static final int FILE_MAX = 1024;

  /**
   * A local file reference (a service's or build's jar, a k6 module, an SQL file): printable ASCII,
   * folders separated by {@code /}, no backslash. A local run reads it relative to the spec file's
   * own folder unless it is absolute ({@code LocalFiles}), and refuses one that is missing when it
   * starts. Nothing else is refused: the spec names a jar that a local run starts, so whoever
   * writes it runs code as the user already, and on a cluster the operator reads no node's files
   * (the SQL files' base names are ConfigMap keys, the jar and module are not read at all).
   */
  public static final String FILE = "^[ -~]+$";

  /**
   * A backslash, as a CEL string body ({@link #celRegex} for Java): on a cluster each SQL file's
   * ConfigMap key is what follows its last {@code /} ({@link
   * dev.vtbench.engine.model.spec.SqlSpec#key}), and a Windows path would name one key in the CEL
   * rule and another in Java.
   */
  public static final String FILE_BACKSLASH_CEL = "[\\\\\\\\]";

  public static final String FILE_RULE =
      "self.matches('" + FILE + "') && !self.matches('" + FILE_BACKSLASH_CEL + "')";
  public static final String FILE_LIST_RULE =
      "self.all(f, f.matches('" + FILE + "') && !f.matches('" + FILE_BACKSLASH_CEL + "'))";
  public static final String FILE_MESSAGE =
      "must be a path of printable ASCII with / between folders (no backslash); a local run reads"
          + " it relative to the spec file's folder unless it is absolute";

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

  /**
   * The regular expression a CEL single-quoted string body stands for ({@code \\} is one {@code
   * \}).
   */
  public static String celRegex(String celStringBody) {
    return celStringBody.replace("\\\\", "\\");
  }
}
