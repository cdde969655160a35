package dev.vtbench.engine.model;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What to measure: one YAML, the same on the local platform and as a Kubernetes resource. Every
 * default reproduces the reference rig (seeds/000): order-summary, 100 ms stub, Hikari 50, platform
 * vs virtual from 100 to 10,000 VUs, 3 repetitions.
 */
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

  /** The request under test. */
  public static class Workload {
    @JsonPropertyDescription(
        "Endpoint: order-summary (reference rig), downstream, db-sleep, sleep, users.")
    public String endpoint = "order-summary";

    @JsonPropertyDescription("Delay of the downstream stub per call, e.g. 100ms.")
    public String stubDelay = "100ms";

    @JsonPropertyDescription(
        "Blocking time of db-sleep and sleep endpoints, e.g. 20ms; ignored by the others.")
    public String blockFor = "20ms";

    @JsonPropertyDescription(
        "released: the connection returns to the pool before the downstream call; held: one"
            + " transaction spans both.")
    public String connectionMode = "released";

    @JsonPropertyDescription(
        "normal, or synchronized: the blocking work runs in a striped synchronized block (JEP 491"
            + " pinning check).")
    public String pathMode = "normal";
  }

  /** The system under test. */
  public static class Sut {
    @JsonPropertyDescription("SUT container image (Kubernetes only).")
    public String image = "vtbench/sut:dev";

    @JsonPropertyDescription(
        "CPU cores for the SUT; a whole number so the static CPU manager can pin them.")
    public String cpu = "4";

    @JsonPropertyDescription("Memory for the SUT, e.g. 2Gi.")
    public String memory = "2Gi";

    @JsonPropertyDescription("Tomcat worker threads (the platform-thread wall).")
    public int tomcatMaxThreads = 200;

    @JsonPropertyDescription("Extra environment variables for the SUT.")
    public Map<String, String> env = new LinkedHashMap<>();
  }

  /** The downstream stub. */
  public static class Stub {
    @JsonPropertyDescription("Stub container image (Kubernetes only).")
    public String image = "vtbench/stub:dev";

    @JsonPropertyDescription("CPU cores for the stub.")
    public String cpu = "1";

    @JsonPropertyDescription("Memory for the stub, e.g. 512Mi.")
    public String memory = "512Mi";
  }

  /** PostgreSQL. */
  public static class Database {
    @JsonPropertyDescription("CPU cores for PostgreSQL.")
    public String cpu = "1";

    @JsonPropertyDescription("Memory for PostgreSQL, e.g. 1Gi.")
    public String memory = "1Gi";

    @JsonPropertyDescription("Volume size for PostgreSQL (Kubernetes only), e.g. 2Gi.")
    public String storage = "2Gi";

    @JsonPropertyDescription("Rows to seed.")
    public Seed seed = new Seed();
  }

  /** Seeded data set sizes. */
  public static class Seed {
    @JsonPropertyDescription("Customers to seed.")
    public long customers = 100_000;

    @JsonPropertyDescription("Orders to seed (each references a customer).")
    public long orders = 1_000_000;
  }

  /** The load model. */
  public static class Load {
    @JsonPropertyDescription(
        "ramping-vus (closed model: concurrency = VUs) or constant-arrival-rate (open model:"
            + " concurrency = requests per second, latency free of coordinated omission).")
    public String executor = "ramping-vus";

    @JsonPropertyDescription("Time to ramp from 0 to the level, e.g. 8s.")
    public String ramp = "8s";

    @JsonPropertyDescription("Time at the level before measuring (JIT, pools, caches), e.g. 10s.")
    public String warmup = "10s";

    @JsonPropertyDescription("The measured window at the level, e.g. 20s.")
    public String hold = "20s";

    @JsonPropertyDescription(
        "Unmeasured load right after each SUT (re)start, so JIT compilation does not land in the"
            + " first scenario of a block, e.g. 15s; 0s turns it off.")
    public String sutWarmup = "15s";

    @JsonPropertyDescription("Per-request timeout in k6, e.g. 60s.")
    public String requestTimeout = "60s";

    @JsonPropertyDescription("Most VUs k6 may start in the open model.")
    public int maxVUs = 10_000;

    @JsonPropertyDescription("CPU cores for the load generator.")
    public String cpu = "3";
  }

  /** The scenario matrix. */
  public static class Matrix {
    @JsonPropertyDescription("Thread modes to compare: platform, virtual.")
    public List<String> threadModes = new ArrayList<>(List.of("platform", "virtual"));

    @JsonPropertyDescription("HikariCP pool sizes (fixed-size pools).")
    public List<Integer> hikariPoolSizes = new ArrayList<>(List.of(50));

    @JsonPropertyDescription(
        "Concurrency levels: VUs (closed model) or requests per second (open model).")
    public List<Integer> concurrency = new ArrayList<>(List.of(100, 500, 1000, 2500, 5000, 10000));

    @JsonPropertyDescription("Repetitions of the whole matrix.")
    public int repetitions = 3;
  }
}
