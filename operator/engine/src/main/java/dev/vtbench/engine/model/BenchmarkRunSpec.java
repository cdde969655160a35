package dev.vtbench.engine.model;

import static dev.vtbench.engine.model.SpecRules.CPU;
import static dev.vtbench.engine.model.SpecRules.CPU_MESSAGE;
import static dev.vtbench.engine.model.SpecRules.CPU_RULE;
import static dev.vtbench.engine.model.SpecRules.DURATION;
import static dev.vtbench.engine.model.SpecRules.DURATION_MAX;
import static dev.vtbench.engine.model.SpecRules.MEMORY;
import static dev.vtbench.engine.model.SpecRules.PERCENT;
import static dev.vtbench.engine.model.SpecRules.QUANTITY_MAX;
import static dev.vtbench.engine.model.SpecRules.WHOLE_CPU_MESSAGE;
import static dev.vtbench.engine.model.SpecRules.WHOLE_CPU_RULE;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.workload.Endpoint;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    value = BenchmarkRunSpec.P99_IN_MATRIX,
    message = BenchmarkRunSpec.IN_MATRIX_MESSAGE,
    fieldPath = ".thresholds.maxP99")
@ValidationRule(
    value = BenchmarkRunSpec.THROUGHPUT_IN_MATRIX,
    message = BenchmarkRunSpec.IN_MATRIX_MESSAGE,
    fieldPath = ".thresholds.minThroughput")
@ValidationRule(
    value = BenchmarkRunSpec.RATIO_IN_MATRIX,
    message = BenchmarkRunSpec.RATIO_MESSAGE,
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
  public Workload workload = new Workload();

  @JsonPropertyDescription("The system under test: image, resources and Tomcat threads.")
  public Sut sut = new Sut();

  @JsonPropertyDescription("The non-blocking downstream stub's resources.")
  public Stub stub = new Stub();

  @JsonPropertyDescription("PostgreSQL resources and the seeded data set.")
  public Database database = new Database();

  @JsonPropertyDescription("The k6 load model and its time windows.")
  public Load load = new Load();

  @JsonPropertyDescription("The scenarios: every combination of these values, repeated.")
  public Matrix matrix = new Matrix();

  @JsonPropertyDescription("What happens to the results (Kubernetes only).")
  public Results results = new Results();

  @JsonPropertyDescription(
      "Pass/fail limits checked once every scenario is recorded (benchmarks as a gate); a run that"
          + " misses one ends Succeeded=False, reason ThresholdsNotMet.")
  public Thresholds thresholds;

  @JsonPropertyDescription(
      "How long each wait may take before the run fails with a condition naming the cause (an"
          + " unschedulable pod, an image that cannot be pulled, a database that never becomes"
          + " Ready, a runner that never starts); the pinned cores are released.")
  public Timeouts timeouts = new Timeouts();

  // A threshold may only name cells the matrix measures. Where the matrix leaves a list out, the
  // operator's default applies and SpecValidator checks it at the start of the run instead.
  private static final String CELL_IN_MATRIX =
      "(!has(r.hikariPoolSize) || !has(self.matrix.hikariPoolSizes)"
          + " || r.hikariPoolSize in self.matrix.hikariPoolSizes)"
          + " && (!has(r.concurrency) || !has(self.matrix.concurrency)"
          + " || r.concurrency in self.matrix.concurrency)";
  private static final String MODE_IN_MATRIX =
      " && (!has(r.threadMode) || !has(self.matrix.threadModes)"
          + " || r.threadMode in self.matrix.threadModes)";
  static final String P99_IN_MATRIX =
      "!has(self.thresholds) || !has(self.thresholds.maxP99) || !has(self.matrix)"
          + " || self.thresholds.maxP99.all(r, "
          + CELL_IN_MATRIX
          + MODE_IN_MATRIX
          + ")";
  static final String THROUGHPUT_IN_MATRIX =
      "!has(self.thresholds) || !has(self.thresholds.minThroughput) || !has(self.matrix)"
          + " || self.thresholds.minThroughput.all(r, "
          + CELL_IN_MATRIX
          + MODE_IN_MATRIX
          + ")";
  static final String IN_MATRIX_MESSAGE =
      "every threadMode, hikariPoolSize and concurrency a threshold names must be listed in"
          + " spec.matrix, or the threshold would check nothing";
  static final String RATIO_IN_MATRIX =
      "!has(self.thresholds) || !has(self.thresholds.minVirtualToPlatformRatio)"
          + " || size(self.thresholds.minVirtualToPlatformRatio) == 0 || !has(self.matrix)"
          + " || ((!has(self.matrix.threadModes)"
          + " || ('platform' in self.matrix.threadModes && 'virtual' in self.matrix.threadModes))"
          + " && self.thresholds.minVirtualToPlatformRatio.all(r, "
          + CELL_IN_MATRIX
          + "))";
  static final String RATIO_MESSAGE =
      "needs both platform and virtual in spec.matrix.threadModes, and every hikariPoolSize and"
          + " concurrency it names listed in spec.matrix";

  /** The request under test. */
  @ValidationRule(
      value = ServiceRules.SCRIPT_OR_REQUESTS_RULE,
      message = ServiceRules.SCRIPT_OR_REQUESTS_MESSAGE,
      fieldPath = ".script")
  public static class Workload {
    @JsonPropertyDescription(
        "Endpoint: order-summary (reference rig), downstream, db-sleep, sleep, users.")
    @ValidationRule(value = "self in " + Endpoint.CEL_LIST, message = Endpoint.CEL_MESSAGE)
    @Size(max = 32)
    public String endpoint = "order-summary";

    @JsonPropertyDescription(
        "Delay of the downstream stub per call, e.g. 100ms; shorter than spec.load.requestTimeout.")
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(value = SpecRules.REQUEST_TIME_RULE, message = SpecRules.REQUEST_TIME_MESSAGE)
    public String stubDelay = SpecRules.DEFAULT_STUB_DELAY;

    @JsonPropertyDescription(
        "Blocking time of db-sleep and sleep endpoints, e.g. 20ms; ignored by the others; shorter"
            + " than spec.load.requestTimeout.")
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(value = SpecRules.REQUEST_TIME_RULE, message = SpecRules.REQUEST_TIME_MESSAGE)
    public String blockFor = SpecRules.DEFAULT_BLOCK_FOR;

    @JsonPropertyDescription(
        "released: the connection returns to the pool before the downstream call; held: one"
            + " transaction spans both.")
    @ValidationRule(
        value = "self in " + SpecRules.CONNECTION_MODES,
        message = SpecRules.CONNECTION_MODES_MESSAGE)
    @Size(max = 32)
    public String connectionMode = "released";

    @JsonPropertyDescription(
        "normal, or synchronized: the blocking work runs in a striped synchronized block (JEP 491"
            + " pinning check).")
    @ValidationRule(
        value = "self in " + SpecRules.PATH_MODES,
        message = SpecRules.PATH_MODES_MESSAGE)
    @Size(max = 32)
    public String pathMode = "normal";

    @JsonPropertyDescription(
        "The request mix sent to spec.sut.service (in place of endpoint): each request's method,"
            + " path template, parameters, headers, body, weight and expected statuses.")
    @Size(max = ServiceRules.REQUESTS_MAX)
    public List<RequestSpec> requests;

    @JsonPropertyDescription(
        "Your own k6 module for spec.sut.service (in place of requests): its default function is"
            + " each iteration of vtbench's ramp, warm-up and hold, its base URL in __ENV."
            + UserModule.BASE_URL_ENV
            + "; its options and handleSummary are ignored.")
    public ScriptSpec script;
  }

  /** The system under test. */
  @ValidationRule(value = WHOLE_CPU_RULE, message = WHOLE_CPU_MESSAGE, fieldPath = ".cpu")
  @ValidationRule(value = CPU_RULE, message = CPU_MESSAGE, fieldPath = ".cpu")
  @ValidationRule(
      value = PlacementRules.NEEDS_SELECTOR_RULE,
      message = PlacementRules.NEEDS_SELECTOR_MESSAGE,
      fieldPath = ".dedicatedNode")
  public static class Sut {
    @JsonPropertyDescription(
        "true: whole CPUs, requests = limits (Guaranteed QoS), so the kubelet's static CPU manager"
            + " gives the SUT exclusive cores; false: any CPU quantity on shared cores.")
    @Default("true")
    public boolean pinned = true;

    @JsonPropertyDescription("Node labels the SUT must run on (Kubernetes only); empty: any node.")
    @Size(max = SpecRules.NODE_SELECTOR_MAX)
    @ValidationRule(value = SpecRules.NODE_SELECTOR_RULE, message = SpecRules.NODE_SELECTOR_MESSAGE)
    public Map<String, @Size(max = SpecRules.LABEL_MAX) @Pattern(SpecRules.LABEL_VALUE) String>
        nodeSelector = new LinkedHashMap<>();

    @JsonPropertyDescription(
        "true: the nodes nodeSelector selects are kept for the SUT (Kubernetes only): the run's"
            + " stub, database and k6 pods keep off them (node affinity) and the SUT keeps off any"
            + " node running another pod of the run (pod anti-affinity per"
            + " kubernetes.io/hostname). Needs nodeSelector, and at least one node it does not"
            + " select for the rest of the run; other workloads may still run there. false: any"
            + " tier may share the SUT's node.")
    @Default("false")
    public boolean dedicatedNode = false;

    @JsonPropertyDescription("SUT container image (Kubernetes only).")
    @Size(min = 1, max = SpecRules.IMAGE_MAX)
    @ValidationRule(value = SpecRules.IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
    public String image = "vtbench/sut:dev";

    @JsonPropertyDescription(
        "The reactive SUT's container image, for the thread mode reactive (Kubernetes only).")
    @Size(min = 1, max = SpecRules.IMAGE_MAX)
    @ValidationRule(value = SpecRules.IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
    public String reactiveImage = "vtbench/sut-reactive:dev";

    /**
     * The image of the SUT that runs {@code threadMode}: the user's service's own, if it has one
     * (the image a config of {@code spec.matrix.builds} runs is {@code ServiceBuild}'s).
     */
    public String image(String threadMode) {
      if (service != null) {
        return service.image;
      }
      return SpecRules.REACTIVE.equals(threadMode) ? reactiveImage : image;
    }

    @JsonPropertyDescription("CPU cores for the SUT, e.g. 4 (whole CPUs while pinned) or 500m.")
    @Pattern(CPU)
    @Size(max = QUANTITY_MAX)
    public String cpu = "4";

    @JsonPropertyDescription("Memory for the SUT, e.g. 2Gi; from 256Mi to 1Ti.")
    @Pattern(MEMORY)
    @Size(max = QUANTITY_MAX)
    @ValidationRule(value = SpecRules.JVM_MEMORY_RULE, message = SpecRules.JVM_MEMORY_MESSAGE)
    public String memory = "2Gi";

    @JsonPropertyDescription("Tomcat worker threads (the platform-thread wall).")
    @Min(1)
    @Max(SpecRules.TOMCAT_THREADS_MAX)
    public int tomcatMaxThreads = 200;

    @JsonPropertyDescription(
        "Extra environment variables for the SUT, e.g. SYNC_STRIPES; what vtbench sets (DB_*,"
            + " HIKARI_*, TOMCAT_*, STUB_*, SERVER_*, MANAGEMENT_*, SPRING_*, ...) is reserved.")
    @Size(max = SpecRules.ENV_MAX)
    @ValidationRule(value = SpecRules.ENV_RULE, message = SpecRules.ENV_MESSAGE)
    public Map<String, String> env = new LinkedHashMap<>();

    @JsonPropertyDescription(
        "Your own service in place of vtbench's SUT: its image (Kubernetes) or jar / command"
            + " (local), port, health path and Actuator; unset: vtbench's SUT. image, env and"
            + " the workload's endpoint, connectionMode and pathMode of the built-in SUT do not"
            + " apply to it.")
    public ServiceSpec service;
  }

  /** The downstream stub. */
  @ValidationRule(value = WHOLE_CPU_RULE, message = WHOLE_CPU_MESSAGE, fieldPath = ".cpu")
  @ValidationRule(value = CPU_RULE, message = CPU_MESSAGE, fieldPath = ".cpu")
  public static class Stub {
    @JsonPropertyDescription(
        "true: whole CPUs, requests = limits (Guaranteed QoS), so the kubelet's static CPU manager"
            + " gives the stub exclusive cores; false: any CPU quantity on shared cores.")
    @Default("true")
    public boolean pinned = true;

    @JsonPropertyDescription("Node labels the stub must run on (Kubernetes only); empty: any node.")
    @Size(max = SpecRules.NODE_SELECTOR_MAX)
    @ValidationRule(value = SpecRules.NODE_SELECTOR_RULE, message = SpecRules.NODE_SELECTOR_MESSAGE)
    public Map<String, @Size(max = SpecRules.LABEL_MAX) @Pattern(SpecRules.LABEL_VALUE) String>
        nodeSelector = new LinkedHashMap<>();

    @JsonPropertyDescription("Stub container image (Kubernetes only).")
    @Size(min = 1, max = SpecRules.IMAGE_MAX)
    @ValidationRule(value = SpecRules.IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
    public String image = "vtbench/stub:dev";

    @JsonPropertyDescription("CPU cores for the stub.")
    @Pattern(CPU)
    @Size(max = QUANTITY_MAX)
    public String cpu = "1";

    @JsonPropertyDescription("Memory for the stub, e.g. 512Mi; from 256Mi to 1Ti.")
    @Pattern(MEMORY)
    @Size(max = QUANTITY_MAX)
    @ValidationRule(value = SpecRules.JVM_MEMORY_RULE, message = SpecRules.JVM_MEMORY_MESSAGE)
    public String memory = "512Mi";
  }

  /** PostgreSQL. */
  @ValidationRule(value = WHOLE_CPU_RULE, message = WHOLE_CPU_MESSAGE, fieldPath = ".cpu")
  @ValidationRule(value = CPU_RULE, message = CPU_MESSAGE, fieldPath = ".cpu")
  public static class Database {
    @JsonPropertyDescription(
        "false: no PostgreSQL (only with spec.sut.service, for a service without a database).")
    @Default("true")
    public boolean enabled = true;

    @JsonPropertyDescription(
        "Your service's schema and data (with spec.sut.service): SQL files run in order on a"
            + " fresh database before the service starts; unset: vtbench's seed (customers,"
            + " orders).")
    public Sql sql;

    @JsonPropertyDescription(
        "Your service's existing database (with spec.sut.service) instead of a fresh one: a Secret"
            + " whose keys url (JDBC URL), username and password the service connects with;"
            + " vtbench then creates, seeds and measures no database, and the other database"
            + " fields do not apply.")
    public ExternalDatabase external;

    /**
     * Whether vtbench runs a database of its own (a CloudNativePG Cluster, a local PostgreSQL):
     * enabled and not the user's {@link #external} one.
     */
    public boolean provisioned() {
      return enabled && external == null;
    }

    @JsonPropertyDescription(
        "true: whole CPUs, requests = limits (Guaranteed QoS), so the kubelet's static CPU manager"
            + " gives PostgreSQL exclusive cores; false: any CPU quantity on shared cores.")
    @Default("true")
    public boolean pinned = true;

    @JsonPropertyDescription(
        "Node labels PostgreSQL must run on (Kubernetes only); empty: any node.")
    @Size(max = SpecRules.NODE_SELECTOR_MAX)
    @ValidationRule(value = SpecRules.NODE_SELECTOR_RULE, message = SpecRules.NODE_SELECTOR_MESSAGE)
    public Map<String, @Size(max = SpecRules.LABEL_MAX) @Pattern(SpecRules.LABEL_VALUE) String>
        nodeSelector = new LinkedHashMap<>();

    @JsonPropertyDescription("CPU cores for PostgreSQL.")
    @Pattern(CPU)
    @Size(max = QUANTITY_MAX)
    public String cpu = "1";

    @JsonPropertyDescription("Memory for PostgreSQL, e.g. 1Gi; from 256Mi to 1Ti.")
    @Pattern(MEMORY)
    @Size(max = QUANTITY_MAX)
    @ValidationRule(
        value = SpecRules.DATABASE_MEMORY_RULE,
        message = SpecRules.DATABASE_MEMORY_MESSAGE)
    public String memory = "1Gi";

    @JsonPropertyDescription(
        "PostgreSQL image for CloudNativePG (Kubernetes only); empty: the operator's default.")
    @Size(max = SpecRules.IMAGE_MAX)
    @ValidationRule(value = SpecRules.OPTIONAL_IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
    public String image = "";

    @JsonPropertyDescription(
        "Volume size for PostgreSQL (Kubernetes only), e.g. 2Gi; from 1Gi to 64Ti.")
    @Pattern(MEMORY)
    @Size(max = QUANTITY_MAX)
    @ValidationRule(value = SpecRules.STORAGE_RULE, message = SpecRules.STORAGE_MESSAGE)
    public String storage = "2Gi";

    @JsonPropertyDescription("Rows to seed.")
    public Seed seed = new Seed();
  }

  /**
   * The SQL a user's service needs in its database: files locally, the same files as keys of a
   * ConfigMap on a cluster ({@code kubectl create configmap NAME --from-file=db/} keys each file by
   * its base name), so one spec runs in both places.
   */
  // On a cluster only a ConfigMap can hold the SQL; local runs read the files (SpecValidator).
  @ValidationRule(
      value = ServiceRules.SQL_CONFIG_MAP_RULE,
      message = ServiceRules.SQL_CONFIG_MAP_MESSAGE)
  @ValidationRule(
      value = ServiceRules.SQL_KEYS_RULE,
      message = ServiceRules.SQL_KEYS_MESSAGE,
      fieldPath = ".files")
  public static class Sql {
    @JsonPropertyDescription(
        "SQL files run in this order, e.g. [db/schema.sql, db/seed.sql]: read from the working"
            + " directory locally; on Kubernetes their base names are the keys of configMap.")
    @Required
    @Size(min = 1, max = ServiceRules.SQL_FILES_MAX)
    @ValidationRule(value = SpecRules.FILE_LIST_RULE, message = SpecRules.FILE_MESSAGE)
    public List<@Size(min = 1, max = SpecRules.FILE_MAX) String> files;

    @JsonPropertyDescription(
        "The ConfigMap in the run's namespace holding the files (Kubernetes), keyed by base name,"
            + " e.g. made by kubectl create configmap orders-sql --from-file=db/. The operator"
            + " reads it and never changes it.")
    @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
    @ValidationRule(
        value = "self.matches('" + SpecRules.SUBDOMAIN + "')",
        message = SpecRules.SUBDOMAIN_MESSAGE)
    public String configMap;

    /** The ConfigMap keys of {@link #files} on a cluster: each file's base name, in order. */
    public List<String> keys() {
      return files.stream().map(Sql::key).toList();
    }

    /** The key of one file: its base name, as {@code kubectl create configmap --from-file}. */
    public static String key(String file) {
      String f = file.replace('\\', '/');
      return f.substring(f.lastIndexOf('/') + 1);
    }
  }

  /**
   * The user's own database ({@code spec.database.external}): only the name of a Secret holding
   * {@code url}, {@code username} and {@code password}, which the service reads as Spring Boot
   * properties from a configtree (a mounted Secret on a cluster, a folder of files locally).
   * vtbench never reads the password, nor writes to that database.
   */
  public static class ExternalDatabase {
    @JsonPropertyDescription(
        "The Secret in the run's namespace holding the keys url (JDBC URL), username and password,"
            + " e.g. made by kubectl create secret generic orders-db --from-file=DIR/; locally the"
            + " folder <secrets dir>/<name>/ holding one file per key (vtbench run --secrets).")
    @Required
    @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
    @ValidationRule(
        value = "self.matches('" + SpecRules.SUBDOMAIN + "')",
        message = SpecRules.SUBDOMAIN_MESSAGE)
    public String secret;
  }

  /** Seeded data set sizes. */
  public static class Seed {
    @JsonPropertyDescription("Customers to seed, at most 10,000,000.")
    @Min(1)
    @Max(SpecRules.SEED_CUSTOMERS_MAX)
    public long customers = 100_000;

    @JsonPropertyDescription("Orders to seed (each references a customer), at most 100,000,000.")
    @Min(1)
    @Max(SpecRules.SEED_ORDERS_MAX)
    public long orders = 1_000_000;
  }

  /** The load model. */
  @ValidationRule(value = WHOLE_CPU_RULE, message = WHOLE_CPU_MESSAGE, fieldPath = ".cpu")
  @ValidationRule(value = CPU_RULE, message = CPU_MESSAGE, fieldPath = ".cpu")
  public static class Load {
    @JsonPropertyDescription(
        "true: whole CPUs, requests = limits (Guaranteed QoS), so the kubelet's static CPU manager"
            + " gives the k6 runner exclusive cores; false: any CPU quantity on shared cores.")
    @Default("true")
    public boolean pinned = true;

    @JsonPropertyDescription(
        "Node labels the k6 runner must run on (Kubernetes only); empty: any node.")
    @Size(max = SpecRules.NODE_SELECTOR_MAX)
    @ValidationRule(value = SpecRules.NODE_SELECTOR_RULE, message = SpecRules.NODE_SELECTOR_MESSAGE)
    public Map<String, @Size(max = SpecRules.LABEL_MAX) @Pattern(SpecRules.LABEL_VALUE) String>
        nodeSelector = new LinkedHashMap<>();

    @JsonPropertyDescription(
        "ramping-vus (closed model: concurrency = VUs) or constant-arrival-rate (open model:"
            + " concurrency = requests per second, latency free of coordinated omission).")
    @ValidationRule(value = "self in " + SpecRules.EXECUTORS, message = SpecRules.EXECUTORS_MESSAGE)
    @Size(max = 32)
    public String executor = "ramping-vus";

    @JsonPropertyDescription("Time to ramp from 0 to the level, e.g. 8s.")
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(value = SpecRules.WINDOW_RULE, message = SpecRules.WINDOW_MESSAGE)
    public String ramp = "8s";

    @JsonPropertyDescription("Time at the level before measuring (JIT, pools, caches), e.g. 10s.")
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(value = SpecRules.WINDOW_RULE, message = SpecRules.WINDOW_MESSAGE)
    public String warmup = "10s";

    @JsonPropertyDescription("The measured window at the level, e.g. 20s.")
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(value = SpecRules.POSITIVE_RULE, message = SpecRules.POSITIVE_MESSAGE)
    @ValidationRule(value = SpecRules.WINDOW_RULE, message = SpecRules.WINDOW_MESSAGE)
    public String hold = "20s";

    @JsonPropertyDescription(
        "Most unmeasured load a freshly started SUT gets before measuring: warm-up runs in 20 s"
            + " steps until the SUT is at steady state (its windows agree and its JIT is quiet;"
            + " docs/steady-state.md) or this much is spent, e.g. 180s; 0s turns it off. Rows"
            + " measured before steady state say steady_state=false and stay out of verdicts.")
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(value = SpecRules.WINDOW_RULE, message = SpecRules.WINDOW_MESSAGE)
    public String sutWarmup = "180s";

    @JsonPropertyDescription(
        "Per-request timeout in k6, e.g. 60s, at most 10m; also how long the SUT waits for the stub.")
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(value = SpecRules.POSITIVE_RULE, message = SpecRules.POSITIVE_MESSAGE)
    @ValidationRule(value = SpecRules.REQUEST_TIME_RULE, message = SpecRules.REQUEST_TIME_MESSAGE)
    public String requestTimeout = SpecRules.DEFAULT_REQUEST_TIMEOUT;

    @JsonPropertyDescription("Most VUs k6 may start in the open model, at most 100,000.")
    @Min(1)
    @Max(SpecRules.CONCURRENCY_MAX)
    public int maxVUs = 10_000;

    @JsonPropertyDescription(
        "k6 runner pods that share each scenario's load (Kubernetes only), 1 to "
            + SpecRules.PARALLELISM_MAX
            + ": each runs its part of the VUs or of the arrival rate (k6 execution segments),"
            + " requests add up and latency percentiles come from the sum of the runners'"
            + " histograms (within 2 %). The local platform runs one k6 process; rows say how many"
            + " runners (load_runners).")
    @Min(1)
    @Max(SpecRules.PARALLELISM_MAX)
    @Default("1")
    public int parallelism = 1;

    @JsonPropertyDescription(
        "How k6 runs on Kubernetes: auto (with parallelism 1 one Job per SUT configuration, its"
            + " scenarios as stages; with more runners a k6-operator TestRun per scenario where its"
            + " CRD is installed, else an Indexed Job), testrun (a TestRun per scenario), or job.")
    @ValidationRule(value = "self in " + SpecRules.RUNNERS, message = SpecRules.RUNNERS_MESSAGE)
    @Size(max = 16)
    public String runner = "auto";

    @JsonPropertyDescription(
        "k6 container image (Kubernetes only); it needs a shell for k6-operator.")
    @Size(min = 1, max = SpecRules.IMAGE_MAX)
    @ValidationRule(value = SpecRules.IMAGE_RULE, message = SpecRules.IMAGE_MESSAGE)
    public String image = "grafana/k6:1.8.1";

    @JsonPropertyDescription("CPU cores for the load generator.")
    @Pattern(CPU)
    @Size(max = QUANTITY_MAX)
    public String cpu = "3";

    @JsonPropertyDescription(
        "Memory for the k6 runner (Kubernetes only), e.g. 1Gi; from 128Mi to 1Ti.")
    @Pattern(MEMORY)
    @Size(max = QUANTITY_MAX)
    @ValidationRule(value = SpecRules.LOAD_MEMORY_RULE, message = SpecRules.LOAD_MEMORY_MESSAGE)
    public String memory = "1Gi";

    @JsonPropertyDescription(
        "Streams k6's metrics to a Prometheus remote-write endpoint while each scenario runs,"
            + " tagged with namespace, run and scenario (testid) (Kubernetes only); unset: off.")
    public PrometheusRemoteWrite prometheusRemoteWrite;
  }

  /** k6's experimental-prometheus-rw output. */
  public static class PrometheusRemoteWrite {
    @JsonPropertyDescription(
        "The remote-write endpoint, http:// or https://, e.g."
            + " http://kube-prometheus-stack-prometheus.monitoring:9090/api/v1/write.")
    @io.fabric8.generator.annotation.Required
    @Size(min = 1, max = SpecRules.URL_MAX)
    @ValidationRule(
        value = SpecRules.REMOTE_WRITE_URL_RULE,
        message = SpecRules.REMOTE_WRITE_URL_MESSAGE)
    @ValidationRule(
        value = SpecRules.FORBIDDEN_REMOTE_WRITE_RULE,
        message = SpecRules.FORBIDDEN_REMOTE_WRITE_MESSAGE)
    public String url;

    @JsonPropertyDescription(
        "A kubernetes.io/basic-auth Secret in the run's namespace whose username and password keys"
            + " k6 sends to the endpoint; unset: no authentication.")
    public SecretRef credentialsSecretRef;

    @JsonPropertyDescription(
        "true: k6 trends (http_req_duration) as Prometheus native histograms, so any percentile"
            + " can be computed (the receiver needs native histograms enabled); false: p50, p95,"
            + " p99, p99.9 and max as gauges.")
    @Default("true")
    public boolean nativeHistograms = true;
  }

  /** A Secret in the run's namespace. */
  public static class SecretRef {
    @JsonPropertyDescription("Secret name.")
    @Required
    @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
    @ValidationRule(
        value = "self.matches('" + SpecRules.SUBDOMAIN + "')",
        message = SpecRules.SUBDOMAIN_MESSAGE)
    public String name;
  }

  /** The scenario matrix. */
  @ValidationRule(value = SpecRules.SCENARIOS_RULE, message = SpecRules.SCENARIOS_MESSAGE)
  public static class Matrix {
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
    @ValidationRule(value = SpecRules.POOLS_RULE, message = SpecRules.POOLS_MESSAGE)
    public List<Integer> hikariPoolSizes = new ArrayList<>(List.of(50));

    @JsonPropertyDescription(
        "Concurrency levels: VUs (closed model) or requests per second (open model).")
    @Size(min = 1, max = SpecRules.LEVELS_MAX)
    @ValidationRule(value = SpecRules.LEVELS_RULE, message = SpecRules.LEVELS_MESSAGE)
    public List<Integer> concurrency = new ArrayList<>(List.of(100, 500, 1000, 2500, 5000, 10000));

    @JsonPropertyDescription("Repetitions of the whole matrix.")
    @Min(1)
    @Max(SpecRules.REPETITIONS_MAX)
    public int repetitions = SpecRules.DEFAULT_REPETITIONS;

    @JsonPropertyDescription(
        "JVM configurations to compare, e.g. ['-XX:+UseParallelGC', '-XX:+UseG1GC']: each value is"
            + " extra JVM options separated by spaces (empty: none), each option starting with '-',"
            + " no shell characters; at most "
            + SpecRules.JVM_OPTIONS_MAX
            + ". Each value is a JVM of its own (java command line, or JAVA_TOOL_OPTIONS for a"
            + " container or a command); with two or more, summary.md compares each to the first.")
    @Size(min = 1, max = SpecRules.JVM_OPTIONS_MAX)
    @ValidationRule(value = SpecRules.JVM_OPTIONS_RULE, message = SpecRules.JVM_OPTIONS_MESSAGE)
    @ValidationRule(
        value = SpecRules.FORBIDDEN_JVM_OPTION_RULE,
        message = SpecRules.FORBIDDEN_JVM_OPTION_MESSAGE)
    public List<@Size(max = SpecRules.JVM_OPTION_MAX) String> jvmOptions =
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
  }

  /** Deadlines on the waits; each a duration such as 10m or 90s. */
  public static class Timeouts {
    @JsonPropertyDescription(
        "The database bootstrapped, seeded and Ready: the CloudNativePG Cluster (locally:"
            + " PostgreSQL started and seeded); default "
            + SpecRules.DATABASE_TIMEOUT
            + ", at most "
            + SpecRules.DATABASE_TIMEOUT_MAX
            + ".")
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(
        value = SpecRules.DATABASE_TIMEOUT_RULE,
        message = SpecRules.DATABASE_TIMEOUT_MESSAGE)
    public String database = SpecRules.DATABASE_TIMEOUT;

    @JsonPropertyDescription(
        "The SUT and the stub available after each (re)start of the SUT; default "
            + SpecRules.SUT_START_TIMEOUT
            + ", at most "
            + SpecRules.SUT_START_TIMEOUT_MAX
            + ".")
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(
        value = SpecRules.SUT_START_TIMEOUT_RULE,
        message = SpecRules.SUT_START_TIMEOUT_MESSAGE)
    public String sutStart = SpecRules.SUT_START_TIMEOUT;

    @JsonPropertyDescription(
        "A k6 runner pod started after its TestRun or Job was created (Kubernetes only); default "
            + SpecRules.LOAD_START_TIMEOUT
            + ", at most "
            + SpecRules.LOAD_START_TIMEOUT_MAX
            + ".")
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(
        value = SpecRules.LOAD_START_TIMEOUT_RULE,
        message = SpecRules.LOAD_START_TIMEOUT_MESSAGE)
    public String loadStart = SpecRules.LOAD_START_TIMEOUT;

    /** The database deadline. */
    public Timeout database() {
      return new Timeout("spec.timeouts.database", database);
    }

    /** The SUT/stub start deadline. */
    public Timeout sutStart() {
      return new Timeout("spec.timeouts.sutStart", sutStart);
    }

    /** The runner start deadline. */
    public Timeout loadStart() {
      return new Timeout("spec.timeouts.loadStart", loadStart);
    }
  }

  /** What happens to the results. */
  public static class Results {
    @JsonPropertyDescription(
        "Keep the results ConfigMaps (CSV, figures) when the BenchmarkRun is deleted; false"
            + " deletes them with it.")
    public boolean keepOnDelete = true;
  }

  /**
   * Pass/fail limits on the recorded results. A cell is one thread mode × pool × concurrency; its
   * value is the median over the repetitions.
   */
  public static class Thresholds {
    @JsonPropertyDescription(
        "Most p99 latency a cell may have; each rule applies to the cells it matches.")
    @Size(max = SpecRules.THRESHOLD_RULES_MAX)
    public List<MaxP99> maxP99 = new ArrayList<>();

    @JsonPropertyDescription(
        "Least throughput (requests per second) a cell must reach; each rule applies to the cells"
            + " it matches.")
    @Size(max = SpecRules.THRESHOLD_RULES_MAX)
    public List<MinThroughput> minThroughput = new ArrayList<>();

    @JsonPropertyDescription(
        "Least virtual ÷ platform throughput for cells of the same pool and concurrency.")
    @Size(max = SpecRules.THRESHOLD_RULES_MAX)
    public List<MinRatio> minVirtualToPlatformRatio = new ArrayList<>();

    @JsonPropertyDescription("Most failed requests any cell may have, as a percentage, e.g. 1%.")
    @Pattern(PERCENT)
    @Size(max = QUANTITY_MAX)
    @ValidationRule(
        value = SpecRules.PERCENT_TO_100_RULE,
        message = SpecRules.PERCENT_TO_100_MESSAGE)
    public String maxErrorRate;

    @JsonPropertyDescription(
        "Compare every cell's throughput and p99 with the same cell of an earlier run's"
            + " matrix.csv.")
    public Baseline baseline;
  }

  /** Which cells a rule applies to: every field left out matches all. */
  public abstract static class CellFilter {
    @JsonPropertyDescription("A pool size from spec.matrix.hikariPoolSizes; left out: all.")
    @Min(1)
    @Max(SpecRules.POOL_MAX)
    public Integer hikariPoolSize;

    @JsonPropertyDescription("A level from spec.matrix.concurrency; left out: all.")
    @Min(1)
    @Max(SpecRules.CONCURRENCY_MAX)
    public Integer concurrency;

    /** The thread mode the rule names; null: every mode. */
    public String threadMode() {
      return null;
    }
  }

  /** A cell filter that can also name one thread mode. */
  public abstract static class ModeCellFilter extends CellFilter {
    @JsonPropertyDescription("platform, virtual or reactive; left out: every mode.")
    @ValidationRule(
        value = "self in " + SpecRules.THREAD_MODES,
        message = SpecRules.THREAD_MODES_MESSAGE)
    @Size(max = 16)
    public String threadMode;

    @Override
    public String threadMode() {
      return threadMode;
    }
  }

  /** p99 at most this long in the matching cells. */
  public static class MaxP99 extends ModeCellFilter {
    @JsonPropertyDescription("The limit, e.g. 250ms or 1s.")
    @Required
    @Pattern(DURATION)
    @Size(max = DURATION_MAX)
    @ValidationRule(value = SpecRules.POSITIVE_RULE, message = SpecRules.POSITIVE_MESSAGE)
    @ValidationRule(value = SpecRules.REQUEST_TIME_RULE, message = SpecRules.REQUEST_TIME_MESSAGE)
    public String p99;
  }

  /** Throughput at least this high in the matching cells. */
  public static class MinThroughput extends ModeCellFilter {
    @JsonPropertyDescription("Requests per second, e.g. 1500.")
    @Required
    @ValidationRule(value = "self > 0.0", message = "must be greater than 0")
    public Double rps;
  }

  /** virtual ÷ platform throughput at least this in the matching pool/concurrency pairs. */
  public static class MinRatio extends CellFilter {
    @JsonPropertyDescription("The least ratio, e.g. 1.5 (virtual 50% faster).")
    @Required
    @ValidationRule(value = "self > 0.0", message = "must be greater than 0")
    public Double ratio;
  }

  /** Where the baseline CSV is and how much worse a cell may get. */
  // In a cluster only a ConfigMap can hold the baseline; file is for vtbench run (SpecValidator).
  @ValidationRule(
      value = "has(self.configMapRef) && !has(self.file)",
      message =
          "set configMapRef to the ConfigMap holding the baseline matrix.csv; file is only for"
              + " local runs (vtbench run)")
  public static class Baseline {
    @JsonPropertyDescription(
        "The ConfigMap holding the baseline matrix.csv (Kubernetes), in the run's namespace.")
    public ConfigMapKey configMapRef;

    @JsonPropertyDescription(
        "Path of the baseline matrix.csv for vtbench run (local only; relative to the working"
            + " directory).")
    @Size(max = SpecRules.FILE_MAX)
    public String file;

    @JsonPropertyDescription(
        "How much worse than the baseline a cell may be: throughput lower, or p99 higher, by at"
            + " most this percentage, e.g. 10%; at most 100%.")
    @Pattern(PERCENT)
    @Size(max = QUANTITY_MAX)
    @ValidationRule(
        value = SpecRules.PERCENT_TO_100_RULE,
        message = SpecRules.PERCENT_TO_100_MESSAGE)
    @Default("10%")
    public String maxRegression = "10%";
  }

  /** A key of a ConfigMap. */
  public static class ConfigMapKey {
    @JsonPropertyDescription("ConfigMap name.")
    @Required
    @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
    @ValidationRule(
        value = "self.matches('" + SpecRules.SUBDOMAIN + "')",
        message = SpecRules.SUBDOMAIN_MESSAGE)
    public String name;

    @JsonPropertyDescription("Key holding the CSV.")
    @Size(min = 1, max = SpecRules.KUBE_NAME_MAX)
    @ValidationRule(
        value = "self.matches('" + SpecRules.CONFIG_MAP_KEY + "')",
        message = SpecRules.CONFIG_MAP_KEY_MESSAGE)
    @Default("matrix.csv")
    public String key = "matrix.csv";
  }
}
