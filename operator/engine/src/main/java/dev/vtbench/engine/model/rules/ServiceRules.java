package dev.vtbench.engine.model.rules;

/**
 * The validation rules of a user's own service ({@code spec.sut.service}, {@code
 * spec.workload.requests}, {@code spec.workload.script}, {@code spec.database.sql / external}):
 * constants the CRD's schema and CEL rules are built from, which {@link
 * dev.vtbench.engine.model.SpecValidation} applies, as {@link SpecRules} does for the rest of the
 * spec.
 */
public final class ServiceRules {

  private ServiceRules() {}

  public static final int DEFAULT_PORT = 8080;
  public static final String DEFAULT_HEALTH_PATH = "/actuator/health";
  public static final String DEFAULT_ACTUATOR_PATH = "/actuator";
  public static final String DEFAULT_STUB_PATH = "/downstream";

  /** Longest path (health, Actuator, a request's path template). */
  public static final int PATH_MAX = 512;

  /** Most arguments of a local command. */
  public static final int COMMAND_MAX = 64;

  /** Most requests in a mix, parameters, headers and expected statuses per request. */
  public static final int REQUESTS_MAX = 32;

  public static final int PARAMS_MAX = 16;
  public static final int HEADERS_MAX = 16;
  public static final int STATUSES_MAX = 16;

  /** Most values a list parameter may draw from, and the longest one. */
  public static final int PARAM_VALUES_MAX = 1_000;

  public static final int PARAM_VALUE_MAX = 256;

  /** Longest request body: the generator keeps every body in memory per VU. */
  public static final int BODY_MAX = 16_384;

  /** Largest weight of one request in the mix. */
  public static final int WEIGHT_MAX = 1_000;

  /** Most SQL files run on the service's database. */
  public static final int SQL_FILES_MAX = 16;

  // --- the service ------------------------------------------------------------------------------

  public static final String JAR_OR_COMMAND_RULE = "!has(self.jar) || !has(self.command)";
  public static final String JAR_OR_COMMAND_MESSAGE =
      "set jar or command, not both: a local run starts the service one way";

  /**
   * What a path may hold besides '/': URL characters that need no escaping in a request line. No
   * control character (CR and LF would end the request line and start a header), no space, no '@',
   * '\\', '#' or quote, so nothing written here can split a request or name another host.
   */
  private static final String PATH_CHARS = "-A-Za-z0-9._~!$&()*+,;=:%";

  /**
   * An absolute path without query or fragment: '/', then URL characters; not starting with {@code
   * //}, which a URL resolver reads as another host.
   */
  public static final String PATH = "^/([" + PATH_CHARS + "][" + PATH_CHARS + "/]*)?$";

  public static final String PATH_RULE = "self.matches('" + PATH + "')";
  public static final String PATH_MESSAGE =
      "must be a path starting with one '/', of letters, digits and - . _ ~ ! $ & ( ) * + , ; = :"
          + " % / (no spaces, control characters, @, ? or #), e.g. /actuator/health/readiness";

  /**
   * A request's path template: a path as {@link #PATH}, with {name} placeholders, then an optional
   * query; no fragment.
   */
  public static final String REQUEST_PATH =
      "^/([" + PATH_CHARS + "{}][" + PATH_CHARS + "{}/]*)?([?][" + PATH_CHARS + "{}/?]*)?$";

  public static final String PATH_RULE_WITH_QUERY = "self.matches('" + REQUEST_PATH + "')";

  public static final String REQUEST_PATH_MESSAGE =
      "must be a path starting with one '/' and an optional query, of letters, digits, {name}"
          + " placeholders and - . _ ~ ! $ & ( ) * + , ; = : % / ? (no spaces, control characters,"
          + " @ or #), e.g. /orders/{id}?page={page}";
  public static final String OPTIONAL_PATH_RULE = "self == '' || self.matches('" + PATH + "')";
  public static final String OPTIONAL_PATH_MESSAGE =
      "must be empty (no Actuator) or a path starting with one '/', of letters, digits and"
          + " - . _ ~ ! $ & ( ) * + , ; = : % / (no spaces, control characters, @, ? or #)";

  public static final String STUB_PATHS = "['/downstream', '/upper', '/']";
  public static final String STUB_PATHS_MESSAGE =
      "must be /downstream, /upper or / (the stub's base URL, for a service that appends the"
          + " stub's paths itself)";

  /** The stub path that hands the service the stub's base URL alone. */
  public static final String STUB_BASE_PATH = "/";

  public static final String STUB_PATH_NEEDS_ENV_RULE =
      "!has(self.stubPath) || has(self.stubUrlEnv)";
  public static final String STUB_PATH_NEEDS_ENV_MESSAGE =
      "stubPath needs stubUrlEnv: without it no stub runs";

  public static final String ENV_NAME_RULE =
      "self.matches('"
          + SpecRules.ENV_NAME
          + "') && !self.matches('"
          + ServiceRules.RESERVED_ENV
          + "')";
  public static final String ENV_NAME_MESSAGE =
      "must be an environment variable name [A-Za-z_][A-Za-z0-9_]* not reserved by vtbench (as in"
          + " spec.sut.service.env)";
  public static final String STUB_ENV_ONCE_RULE =
      "!has(self.stubUrlEnv) || !has(self.env) || !(self.stubUrlEnv in self.env)";
  public static final String STUB_ENV_ONCE_MESSAGE =
      "stubUrlEnv is also set in env: vtbench sets it to the stub's URL; set it once";

  /**
   * What {@code spec.sut.service.env} may not set, case-insensitively: what vtbench hands the
   * service (its port, database, thread mode, Tomcat threads, pool, the configtree import of the
   * password, the JVM's option variables), and any password: credentials reach the service as a
   * configtree file, never in its environment.
   */
  public static final String RESERVED_ENV =
      "(?i)^(SERVER_+PORT|SPRING_+DATASOURCE(_.*)?|SPRING_+THREADS(_.*)?|SERVER_+TOMCAT(_.*)?"
          + "|SPRING_+CONFIG(_.*)?|SPRING_+APPLICATION_+JSON|JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS"
          + "|_JAVA_OPTIONS|JAVA_OPTS|.*PASSWORD.*)$";

  public static final String ENV_RULE =
      "self.all(k, size(k) <= "
          + SpecRules.ENV_NAME_MAX
          + " && k.matches('"
          + SpecRules.ENV_NAME
          + "') && !k.matches('"
          + RESERVED_ENV
          + "'))";
  public static final String ENV_MESSAGE =
      "names must be [A-Za-z_][A-Za-z0-9_]* and not set by vtbench: SERVER_PORT,"
          + " SPRING_DATASOURCE_*, SPRING_THREADS_*, SERVER_TOMCAT_*, SPRING_CONFIG_*,"
          + " SPRING_APPLICATION_JSON (any case) and the JVM's option variables (JAVA_TOOL_OPTIONS,"
          + " JDK_JAVA_OPTIONS, _JAVA_OPTIONS, JAVA_OPTS) are reserved, and no name may hold"
          + " PASSWORD (the password reaches the service as a configtree file)";

  // Each axis value's variables (spec.sut.service.axisEnv.*): at least one, each a valid name and
  // none of RESERVED_ENV, none also in env or the stub's variable. Checked by the operator's
  // admission and the local validator (BeyondCelBudgetChecks), not CEL: a rule reading the keys of
  // maps
  // inside maps exceeds the API server's cost budget 5 to 100 times (names have no maxLength).
  public static final String AXIS_ENV_MESSAGE =
      "each value must set at least one variable, named [A-Za-z_][A-Za-z0-9_]* and not reserved"
          + " as in spec.sut.service.env (Spring's own SPRING_THREADS_*, SPRING_DATASOURCE_*,"
          + " SERVER_TOMCAT_*: leave axisEnv out to use them)";

  public static final String AXIS_ENV_ONCE_MESSAGE =
      "a variable of axisEnv must not also be in env or be stubUrlEnv: set each variable once";

  public static final String THREAD_MODE_KEYS_RULE =
      "self.all(k, k in " + SpecRules.THREAD_MODES + ")";
  public static final String THREAD_MODE_KEYS_MESSAGE = "keys must be platform or virtual";
  public static final String NUMBER_KEYS_RULE = "self.all(k, k.matches('^[1-9][0-9]{0,5}$'))";
  public static final String NUMBER_KEYS_MESSAGE = "keys must be whole numbers from 1, e.g. '20'";

  // --- the request mix
  // ----------------------------------------------------------------------------

  public static final String METHODS = "['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']";
  public static final String METHODS_MESSAGE = "must be GET, POST, PUT, PATCH, DELETE or HEAD";

  /** A {name} in a path or body: what the request's params fill in. */
  public static final String PARAM_NAME = "^[A-Za-z_][A-Za-z0-9_]*$";

  public static final String PARAM_KEYS_RULE = "self.all(k, k.matches('" + PARAM_NAME + "'))";
  public static final String PARAM_KEYS_MESSAGE = "names must be [A-Za-z_][A-Za-z0-9_]*";

  /** A header name: an HTTP token (without ' and `, which a CEL string literal cannot hold). */
  public static final String HEADER_NAME = "^[-!#$%&*+.^_|~0-9A-Za-z]+$";

  /**
   * Headers k6 sets from the request itself: the target's host and the message's framing. Set by
   * hand they would send the request elsewhere or smuggle a second one.
   */
  public static final String FRAMING_HEADER =
      "(?i)^(host|content-length|transfer-encoding|connection|upgrade|te|trailer|keep-alive)$";

  /** A header value: printable ASCII and spaces, no CR, LF or other control character. */
  public static final String HEADER_VALUE = "^[ -~]*$";

  public static final String HEADER_KEYS_RULE =
      "self.all(k, k.matches('" + HEADER_NAME + "') && !k.matches('" + FRAMING_HEADER + "'))";
  public static final String HEADER_KEYS_MESSAGE =
      "names must be HTTP header names, not Host, Content-Length, Transfer-Encoding, Connection,"
          + " Upgrade, TE, Trailer or Keep-Alive (k6 sets those from the request), and values"
          + " printable ASCII without CR, LF or other control characters";

  /**
   * The largest whole number a param may draw: JavaScript's Number.MAX_SAFE_INTEGER (2^53 − 1), the
   * last integer k6 holds exactly; beyond it two ids would print the same.
   */
  public static final long PARAM_NUMBER_MAX = 9_007_199_254_740_991L;

  static final String PARAM_NUMBER_MESSAGE =
      "must be a whole number from -9007199254740991 to 9007199254740991 (2^53 - 1, the largest"
          + " integer k6's JavaScript holds exactly)";

  // Every {name} of path and body needs a param: the operator's admission and
  // BeyondCelBudgetChecks, not
  // CEL (findAll over path and body exceeds the cost budget 2.5 times); the converse is CEL's.
  public static final String PARAMS_USED_RULE =
      "!has(self.params) || self.params.all(k, (has(self.path) && self.path.contains('{' + k +"
          + " '}')) || (has(self.body) && self.body.contains('{' + k + '}')))";
  public static final String PARAMS_USED_MESSAGE =
      "every param must fill a {name} in path or body; remove the ones not used";

  public static final String RANGE_OR_VALUES_RULE =
      "(has(self.from) && has(self.to) && !has(self.values))"
          + " || (!has(self.from) && !has(self.to) && has(self.values) && size(self.values) > 0)";
  public static final String RANGE_OR_VALUES_MESSAGE =
      "set from and to (a whole-number range) or values (a non-empty list), not both";
  public static final String RANGE_ORDER_RULE =
      "!has(self.from) || !has(self.to) || self.from <= self.to";
  public static final String RANGE_ORDER_MESSAGE = "from must be at most to";
  public static final String STATUS_RULE = "self.all(s, s >= 100 && s <= 599)";
  public static final String STATUS_MESSAGE = "must list HTTP statuses from 100 to 599";

  // --- across the spec
  // ----------------------------------------------------------------------------

  public static final String SERVICE_NEEDS_REQUESTS_RULE =
      "!has(self.sut) || !has(self.sut.service) || (has(self.workload)"
          + " && ((has(self.workload.requests) && size(self.workload.requests) > 0)"
          + " || has(self.workload.script)))";
  public static final String SERVICE_NEEDS_REQUESTS_MESSAGE =
      "spec.sut.service needs spec.workload.requests or spec.workload.script: vtbench knows none"
          + " of your service's endpoints";
  public static final String REQUESTS_NEED_SERVICE_RULE =
      "!has(self.workload) || !has(self.workload.requests) || size(self.workload.requests) == 0"
          + " || (has(self.sut) && has(self.sut.service))";
  public static final String REQUESTS_NEED_SERVICE_MESSAGE =
      "spec.workload.requests needs spec.sut.service: vtbench's own SUT serves"
          + " spec.workload.endpoint";
  public static final String SCRIPT_NEEDS_SERVICE_RULE =
      "!has(self.workload) || !has(self.workload.script) || (has(self.sut)"
          + " && has(self.sut.service))";
  public static final String SCRIPT_NEEDS_SERVICE_MESSAGE =
      "spec.workload.script needs spec.sut.service: vtbench's own SUT serves"
          + " spec.workload.endpoint";
  public static final String SCRIPT_ONE_RUNNER_RULE =
      "!has(self.load) || !has(self.load.parallelism) || self.load.parallelism == 1"
          + " || !has(self.workload) || !has(self.workload.script)";
  public static final String SCRIPT_ONE_RUNNER_MESSAGE =
      "spec.load.parallelism must be 1 with spec.workload.script: a user's module records its"
          + " own requests, and runners' percentiles merge only from the latency histogram"
          + " vtbench's own requests fill";
  public static final String SCRIPT_OR_REQUESTS_RULE =
      "!has(self.script) || !has(self.requests) || size(self.requests) == 0";
  public static final String SCRIPT_OR_REQUESTS_MESSAGE =
      "set spec.workload.script or spec.workload.requests, not both: the script's default"
          + " function is the whole iteration";
  public static final String NO_DATABASE_NEEDS_SERVICE_RULE =
      "!has(self.database) || !has(self.database.enabled) || self.database.enabled"
          + " || (has(self.sut) && has(self.sut.service))";
  public static final String NO_DATABASE_NEEDS_SERVICE_MESSAGE =
      "database.enabled: false needs spec.sut.service: vtbench's own SUT reads its database";
  public static final String SQL_NEEDS_SERVICE_RULE =
      "!has(self.database) || !has(self.database.sql) || (has(self.sut) && has(self.sut.service)"
          + " && (!has(self.database.enabled) || self.database.enabled))";
  public static final String SQL_NEEDS_SERVICE_MESSAGE =
      "database.sql needs spec.sut.service and database.enabled: it seeds your service's own"
          + " schema";
  public static final String EXTERNAL_NEEDS_SERVICE_RULE =
      "!has(self.database) || !has(self.database.external) || (has(self.sut)"
          + " && has(self.sut.service))";
  public static final String EXTERNAL_NEEDS_SERVICE_MESSAGE =
      "database.external needs spec.sut.service: vtbench's own SUT needs its own seeded schema";
  public static final String EXTERNAL_NOT_WITH_SQL_RULE =
      "!has(self.database) || !has(self.database.external) || !has(self.database.sql)";
  public static final String EXTERNAL_NOT_WITH_SQL_MESSAGE =
      "database.external and database.sql exclude each other: vtbench never writes to a database"
          + " it does not own; remove sql";
  public static final String EXTERNAL_NEEDS_ENABLED_RULE =
      "!has(self.database) || !has(self.database.external) || !has(self.database.enabled)"
          + " || self.database.enabled";
  public static final String EXTERNAL_NEEDS_ENABLED_MESSAGE =
      "database.external needs database.enabled true (its default): enabled: false means the"
          + " service has no database at all";
  // With the matrix's defaults where it leaves a list out, so the API server refuses what the
  // operator would otherwise reach as a bug. The defaults are BenchmarkRunSpec's (HostileSpecTest).
  public static final String DEFAULT_THREAD_MODES = "['platform', 'virtual']";
  public static final int DEFAULT_POOL = 50;
  public static final int DEFAULT_TOMCAT_THREADS = 200;

  public static final String THREAD_MODES_COVERED_RULE =
      "!has(self.sut) || !has(self.sut.service) || !has(self.sut.service.axisEnv)"
          + " || !has(self.sut.service.axisEnv.threadMode)"
          + " || (has(self.matrix) && has(self.matrix.threadModes) ? self.matrix.threadModes"
          + " : "
          + DEFAULT_THREAD_MODES
          + ").all(m, m in self.sut.service.axisEnv.threadMode)";
  public static final String POOLS_COVERED_RULE =
      "!has(self.sut) || !has(self.sut.service) || !has(self.sut.service.axisEnv)"
          + " || !has(self.sut.service.axisEnv.hikariPool)"
          + " || (has(self.matrix) && has(self.matrix.hikariPoolSizes) ? self.matrix.hikariPoolSizes"
          + " : ["
          + DEFAULT_POOL
          + "]).all(p, string(p) in self.sut.service.axisEnv.hikariPool)";
  public static final String TOMCAT_COVERED_RULE =
      "!has(self.sut) || !has(self.sut.service) || !has(self.sut.service.axisEnv)"
          + " || !has(self.sut.service.axisEnv.tomcatThreads)"
          + " || string(has(self.sut.tomcatMaxThreads) ? self.sut.tomcatMaxThreads : "
          + DEFAULT_TOMCAT_THREADS
          + ")"
          + " in self.sut.service.axisEnv.tomcatThreads";
  public static final String NO_REACTIVE_RULE =
      "!has(self.sut) || !has(self.sut.service) || !has(self.matrix)"
          + " || !has(self.matrix.threadModes) || !('"
          + SpecRules.REACTIVE
          + "' in self.matrix.threadModes)";
  public static final String NO_REACTIVE_MESSAGE =
      "reactive names vtbench's own reactive SUT: with spec.sut.service the matrix compares"
          + " platform and virtual";
  public static final String AXIS_COVERED_MESSAGE =
      "must name every value spec.matrix lists for that axis: a value without variables would"
          + " run the service unconfigured";

  // Kubernetes only: the CRD's admission, where a service can run only from its image, and its SQL
  // and k6 module only from ConfigMaps; a local run checks the opposite
  // (LocalInputs, PlatformRules). On the spec, not the service: an image given by every build
  // (spec.matrix.builds) will do.
  public static final String IMAGE_ON_CLUSTER_RULE =
      "!has(self.sut) || !has(self.sut.service) || has(self.sut.service.image)"
          + " || (has(self.matrix) && has(self.matrix.builds)"
          + " && self.matrix.builds.all(b, has(b.image)))";
  public static final String IMAGE_ON_CLUSTER_MESSAGE =
      "set image, or an image in every spec.matrix.builds entry: on Kubernetes your service runs"
          + " from its container image (jar and command are for local runs)";
  public static final String SQL_CONFIG_MAP_RULE = "has(self.configMap)";
  public static final String SQL_CONFIG_MAP_MESSAGE =
      "set configMap to the ConfigMap holding the files, keyed by base name (kubectl create"
          + " configmap NAME --from-file=...): on Kubernetes the operator cannot read local files";
  // Each SQL file is the ConfigMap key of its base name on a cluster (PlatformRules): the
  // API server refused neither a base name that is no key nor two files of one base name, and the
  // operator refused both at its first reconcile.
  private static final String BASE = "f.substring(f.lastIndexOf('/') + 1)";
  public static final String SQL_KEYS_RULE =
      "!has(self.files) || self.files.all(f, "
          + BASE
          + ".matches('"
          + SpecRules.CONFIG_MAP_KEY
          + "') && size("
          + BASE
          + ") <= "
          + SpecRules.KUBE_NAME_MAX
          + " && self.files.filter(g, g.substring(g.lastIndexOf('/') + 1) == "
          + BASE
          + ").size() == 1)";
  public static final String SQL_KEYS_MESSAGE =
      "on Kubernetes each file is the ConfigMap key of its base name (kubectl create configmap"
          + " --from-file): every base name must be a ConfigMap key (letters, digits, '-', '_',"
          + " '.') and appear once";
  public static final String SCRIPT_CONFIG_MAP_RULE = "has(self.configMap)";
  public static final String SCRIPT_CONFIG_MAP_MESSAGE =
      "set configMap (name and key of the ConfigMap holding your k6 module, e.g. kubectl create"
          + " configmap NAME --from-file=k6/script.js): on Kubernetes the operator cannot read"
          + " local files";
}
