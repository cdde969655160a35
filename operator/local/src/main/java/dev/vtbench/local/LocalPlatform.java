package dev.vtbench.local;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.Durations;
import dev.vtbench.engine.model.ServiceSpec;
import dev.vtbench.engine.model.SpecValidator;
import dev.vtbench.engine.model.Timeout;
import dev.vtbench.engine.plan.JvmOptions;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.plan.ServiceBuild;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.run.Platform;
import dev.vtbench.engine.run.ProcStat;
import dev.vtbench.engine.run.Progress;
import dev.vtbench.engine.run.Workloads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenarios as real local processes: PostgreSQL from the machine's binaries, the stub and SUT jars
 * on the running JDK, k6, each tier pinned with taskset, CPU read from /proc.
 */
public final class LocalPlatform implements Platform {

  /**
   * Where things are and what to do with the database.
   *
   * @param sutJar the servlet SUT, for the thread modes platform and virtual
   * @param reactiveSutJar the reactive SUT, for the thread mode reactive
   * @param secretsDir the folder of Secrets, one folder per Secret ({@link LocalSecrets})
   */
  public record Options(
      Path cacheDir,
      Path workDir,
      Path sutJar,
      Path reactiveSutJar,
      Path stubJar,
      Path k6,
      boolean reseed,
      Path secretsDir) {

    /** Secrets in {@link LocalSecrets#DEFAULT_DIR}. */
    public Options(
        Path cacheDir,
        Path workDir,
        Path sutJar,
        Path reactiveSutJar,
        Path stubJar,
        Path k6,
        boolean reseed) {
      this(
          cacheDir, workDir, sutJar, reactiveSutJar, stubJar, k6, reseed, LocalSecrets.DEFAULT_DIR);
    }

    /** The jar that serves {@code config}. */
    Path jarFor(SutConfig config) {
      return config.reactive() ? reactiveSutJar : sutJar;
    }
  }

  private final Options options;
  private final Progress progress;
  private final CoreMap cores;
  private LocalPostgres pg;
  private ManagedProcess stub;
  private ManagedProcess sut;
  // the running k6, so close() (also run by the Ctrl-C hook) can stop it
  private volatile ManagedProcess k6Running;
  // pids of what this run started, so a run killed with SIGKILL leaves nothing the next one trips
  // on
  private final Path pidFile;
  private SutConfig sutConfig;
  private SutView sutView;
  private final Map<Path, String> sutJarHashes = new HashMap<>();
  private int sutPort;
  private int stubPort;
  private BenchmarkRunSpec spec;
  // a user's own service (spec.sut.service): its database, or null without one
  private LocalService.Database serviceDb;
  // a user's own k6 module (spec.workload.script), read before anything starts; null without one
  private final LocalModule module;

  public LocalPlatform(Options options, BenchmarkRunSpec spec, Progress progress) {
    this.options = options;
    this.progress = progress;
    this.spec = spec;
    this.pidFile = options.workDir().resolve("logs").resolve("pids");
    this.module = LocalModule.of(spec);
    stopLeftovers();
    this.cores =
        CoreMap.plan(
            Runtime.getRuntime().availableProcessors(),
            SpecValidator.cpus(spec.sut.cpu),
            spec.database.provisioned() ? SpecValidator.cpus(spec.database.cpu) : 0);
  }

  @Override
  public String describe() {
    return Runtime.getRuntime().availableProcessors() + " CPUs; core map: " + cores;
  }

  public CoreMap cores() {
    return cores;
  }

  @Override
  public void prepareDatabase(BenchmarkRunSpec spec) {
    this.spec = spec;
    ServiceSpec service = spec.sut.service;
    Path secret = LocalSecrets.folder(spec, options.secretsDir());
    if (secret != null) {
      // the service's own database: nothing to start or seed, only its Secret to hand over
      progress.message(
          "PostgreSQL: none started; the service connects to its own database with the url,"
              + " username and password in "
              + secret
              + " (spec.database.external)");
      serviceDb =
          new LocalService.Database(null, null, LocalSecrets.configTree(secret, options.workDir()));
    } else if (spec.database.enabled) {
      startDatabase(spec);
    } else {
      progress.message("PostgreSQL: none (spec.database.enabled is false)");
    }
    if (service == null || service.usesStub()) {
      startStub(spec);
    }
  }

  private void startDatabase(BenchmarkRunSpec spec) {
    int maxPool = spec.matrix.hikariPoolSizes.stream().mapToInt(Integer::intValue).max().orElse(50);
    progress.message("PostgreSQL: starting from the machine's binaries ...");
    // spec.timeouts.database bounds start and seed together, as the Cluster's Ready does.
    Timeout database = spec.timeouts.database();
    long started = System.nanoTime();
    try {
      pg =
          LocalPostgres.start(
              LocalPostgres.dataDirUnder(options.cacheDir()),
              0,
              Math.max(100, maxPool + 50),
              true,
              database.duration(),
              progress::message);
    } catch (LocalPostgres.TimedOut e) {
      throw beyond(database, e);
    }
    pin(ProcCpu.postmasterPid(pg.dataDir()), cores.database());
    if (spec.sut.service != null && spec.database.sql != null) {
      List<Path> files = spec.database.sql.files.stream().map(Path::of).toList();
      progress.message("PostgreSQL: a fresh database " + SERVICE_DATABASE + " from " + files);
      Duration left = database.duration().minusNanos(System.nanoTime() - started);
      String url =
          pg.freshDatabase(
              SERVICE_DATABASE, files, left.isNegative() ? Duration.ofSeconds(1) : left);
      serviceDb =
          new LocalService.Database(
              url, LocalPostgres.USER, LocalService.configTree(options.workDir()));
      return;
    }
    progress.message(
        "PostgreSQL: seeding "
            + spec.database.seed.customers
            + " customers and "
            + spec.database.seed.orders
            + " orders (once; cached) ...");
    Duration left = database.duration().minusNanos(System.nanoTime() - started);
    LocalPostgres.SeedResult seed;
    try {
      seed =
          pg.seed(
              spec.database.seed.customers,
              spec.database.seed.orders,
              options.reseed(),
              left.isNegative() ? Duration.ofSeconds(1) : left);
    } catch (LocalPostgres.TimedOut e) {
      throw beyond(database, e);
    }
    progress.message(
        seed.alreadySeeded()
            ? "PostgreSQL: already seeded"
            : String.format("PostgreSQL: seeded in %.1f s", seed.took().toMillis() / 1000.0));
    if (spec.sut.service != null) {
      serviceDb =
          new LocalService.Database(
              pg.jdbcUrl(), LocalPostgres.USER, LocalService.configTree(options.workDir()));
    }
  }

  /** The database a user's service gets its own schema in ({@code spec.database.sql}). */
  static final String SERVICE_DATABASE = "service";

  private void startStub(BenchmarkRunSpec spec) {
    stubPort = Os.freePort();
    Map<String, String> env = new HashMap<>(Services.stubEnv(stubPort));
    if (spec.sut.service != null) {
      // A user's service asks the stub without a delay parameter: the stub's default applies.
      env.put(
          "STUB_DELAY_MS",
          Long.toString(
              Durations.parse("spec.workload.stubDelay", spec.workload.stubDelay).toMillis()));
    }
    stub =
        ManagedProcess.start(
            ManagedProcess.Spec.of(
                    "stub",
                    ManagedProcess.javaJar(
                        options.stubJar(), List.of("-Xmx" + heapMb(spec.stub.memory) + "m")),
                    env,
                    options.workDir().resolve("logs").resolve("stub.log"))
                .pinnedTo(cores.load()));
    record(stub);
    stub.awaitHttpOk(URI.create(stubUrl() + "/readyz"), spec.timeouts.sutStart());
  }

  /** A database wait that ran out of time, naming the deadline that set it. */
  private static IllegalStateException beyond(Timeout deadline, LocalPostgres.TimedOut e) {
    return new IllegalStateException(e.getMessage() + " (" + deadline + ")", e);
  }

  @Override
  public SutView prepareSut(SutConfig config) {
    if (sut != null
        && sut.isAlive()
        && sutConfig != null
        && config.restartKey().equals(sutConfig.restartKey())) {
      if (config.hikariPool() != sutConfig.hikariPool()) {
        resizePool(config.hikariPool());
      }
      sutConfig = config;
      return sutView;
    }
    if (sut != null) {
      sut.close();
    }
    if (spec.sut.service != null) {
      return startService(config);
    }
    sutPort = Os.freePort();
    Map<String, String> env = new HashMap<>(config.env());
    env.putAll(Services.sutEnv(pg, stubUrl(), sutPort));
    sut =
        startPinned(
            "SUT",
            ", " + config.connectionMode(),
            ManagedProcess.javaJar(
                options.jarFor(config),
                JvmOptions.arguments(List.of("-Xmx" + heapMb(spec.sut.memory) + "m"), config)),
            env,
            config);
    sut.awaitHttpOk(URI.create(sutBaseUrl() + "/readyz"), spec.timeouts.sutStart());
    HttpJson.Response info = HttpJson.get(sutBaseUrl() + "/api/runtime-info");
    // Where it ran comes from this machine: the SUT is a child process on it.
    sutView =
        new SutView(
            (String) info.at("cpuset"),
            (int) info.longAt("availableProcessors"),
            (String) info.at("javaVersion"),
            Machine.hostName(),
            Machine.cpuModel(),
            Machine.kernel(),
            sutJarHash(options.jarFor(config)));
    if (cores.sut() != null && !cores.sut().equals(sutView.cpuset())) {
      throw new IllegalStateException(
          "the SUT was pinned to CPUs " + cores.sut() + " but reports cpuset " + sutView.cpuset());
    }
    sutConfig = config;
    return sutView;
  }

  /**
   * Starts the SUT (vtbench's or a user's service) on its cores, says so, and records its pid; its
   * log is named after {@code name} and the configuration.
   */
  private ManagedProcess startPinned(
      String name, String detail, List<String> command, Map<String, String> env, SutConfig config) {
    progress.message(
        name
            + ": starting "
            + (config.reactive() ? "the reactive SUT" : config.threadMode() + " threads")
            + ", pool "
            + config.hikariPool()
            + detail
            + (config.jvmOptions().isEmpty() ? "" : ", JVM options " + config.jvmOptions())
            + (config.build().isEmpty() ? "" : ", build " + config.build())
            + (cores.sut() == null ? "" : ", on CPU " + cores.sut())
            + " ...");
    String log =
        name.toLowerCase(java.util.Locale.ROOT)
            + "-"
            + config.threadMode()
            + "-pool"
            + config.hikariPool()
            // one log per build and JVM options value too, or the second would overwrite the
            // first's
            + (config.build().isEmpty() ? "" : "-" + config.build())
            + (config.jvmOptions().isEmpty() ? "" : "-" + config.restartKey())
            + ".log";
    ManagedProcess p =
        ManagedProcess.start(
            ManagedProcess.Spec.of(
                    name.toLowerCase(java.util.Locale.ROOT),
                    command,
                    env,
                    options.workDir().resolve("logs").resolve(log))
                .pinnedTo(cores.sut()));
    record(p);
    return p;
  }

  /** Starts a user's own service with {@code config} and waits for its health path. */
  private SutView startService(SutConfig config) {
    ServiceSpec service = spec.sut.service;
    ServiceBuild build = ServiceBuild.of(spec, config);
    sutPort = service.port;
    if (Os.portInUse(sutPort)) {
      throw new IllegalStateException(
          "spec.sut.service.port "
              + sutPort
              + " is in use on this machine: stop what listens there or choose another port");
    }
    sut =
        startPinned(
            "service",
            "",
            LocalService.command(build, heapMb(spec.sut.memory), config),
            LocalService.env(service, build, config, serviceDb, stub == null ? null : stubUrl()),
            config);
    sut.awaitHttpOk(URI.create(sutBaseUrl() + service.healthPath), spec.timeouts.sutStart());
    sutView = LocalService.view(build, sut, (int) cores.count(cores.sut()));
    sutConfig = config;
    return sutView;
  }

  /** Resizes the running SUT's pool and waits until it holds exactly {@code size} connections. */
  private void resizePool(int size) {
    HttpJson.Response r = HttpJson.post(sutBaseUrl() + SutConfig.POOL_PATH + "?size=" + size);
    if (r.status() != 200) {
      throw new IllegalStateException(
          "the SUT did not resize its pool to " + size + ": " + r.status() + " " + r.body());
    }
    progress.message(
        "SUT: pool resized live from "
            + sutConfig.hikariPool()
            + " to "
            + size
            + " connections in "
            + r.at("seconds")
            + " s (same JVM)");
  }

  /** A SUT jar's hash, computed once per run: the jar does not change under a running run. */
  private String sutJarHash(Path jar) {
    return sutJarHashes.computeIfAbsent(jar, Machine::sha256Prefix);
  }

  /** One k6 process, whatever spec.load.parallelism asks of a cluster (LocalRun says so). */
  @Override
  public int loadRunners() {
    return 1;
  }

  @Override
  public String sutBaseUrl() {
    return Services.url(sutPort);
  }

  private String stubUrl() {
    return Services.url(stubPort);
  }

  @Override
  public Measurement runLoad(Scenario scenario, K6Plan plan, String script, Progress progress) {
    Path dir = options.workDir().resolve("k6");
    Path scriptFile = dir.resolve(scenario.id() + ".js");
    Path summary = dir.resolve(scenario.id() + "-summary.json");
    try {
      Files.createDirectories(dir);
      Files.writeString(scriptFile, script);
      Files.deleteIfExists(summary);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (plan.userScript()) {
      module.besideScriptsIn(dir);
    }
    Map<String, String> env = new HashMap<>(UserModule.env(plan));
    env.put("K6_NO_USAGE_REPORT", "true");
    int apiPort = Os.freePort();
    List<String> cmd = new ArrayList<>();
    cmd.add(options.k6().toString());
    for (String arg : K6Script.commandLine(scriptFile, summary)) {
      // k6's REST API on loopback gives the live request count for the progress line
      cmd.add(arg.equals("--address=") ? "--address=127.0.0.1:" + apiPort : arg);
    }
    Duration beforeHold = plan.ramp().plus(plan.warmup());
    long started = System.nanoTime();
    try (ManagedProcess k6 =
        ManagedProcess.start(
            ManagedProcess.Spec.of("k6", cmd, env, dir.resolve(scenario.id() + ".log"))
                .pinnedTo(cores.load()))) {
      k6Running = k6;
      record(k6);
      LiveRate live = new LiveRate(apiPort);
      long t0 = scenariosStarted(started, apiPort, k6);
      waitUntil(t0, beforeHold, k6, live, progress);
      // vtbench's SUT cuts its own windows from here; a user's service is watched from outside
      HoldWatch watch =
          HoldWatch.of(
              sutBaseUrl(),
              Workloads.window(spec),
              spec.sut.service == null
                  ? null
                  : new ActuatorSampler(sutBaseUrl(), spec.sut.service.actuatorPath, sut.pid()));
      watch.holdStarts();
      long self = ProcessHandle.current().pid();
      ProcStat.Snapshot cores0 = ProcStat.read();
      ProcCpu.Sample app0 = ProcCpu.sample(List.of(sut.pid()));
      ProcCpu.Sample pg0 = pgSample();
      ProcCpu.Sample load0 = ProcCpu.sample(List.of(k6.pid()));
      ProcCpu.Sample stub0 = stubSample();
      ProcCpu.Sample vtbench0 = ProcCpu.sampleAlone(self);
      waitUntil(t0, beforeHold.plus(plan.hold()), k6, live, progress);
      ProcStat.Snapshot cores1 = ProcStat.read();
      ProcCpu.Sample app1 = ProcCpu.sample(List.of(sut.pid()));
      ProcCpu.Sample pg1 = pgSample();
      ProcCpu.Sample load1 = ProcCpu.sample(List.of(k6.pid()));
      ProcCpu.Sample stub1 = stubSample();
      ProcCpu.Sample vtbench1 = ProcCpu.sampleAlone(self);
      int exit = k6.waitFor(plan.requestTimeout().plusSeconds(60));
      if (exit != 0 && exit != 99) { // 99: thresholds crossed, which vtbench does not use to fail
        throw new IllegalStateException(
            "k6 failed with exit code "
                + exit
                + " for "
                + scenario.id()
                + "; last lines of "
                + k6.log()
                + ":\n"
                + LocalPostgres.tail(k6.log(), 15));
      }
      Map<String, Object> peaks = watch.holdEnded(dir.resolve(scenario.id() + "-sut.json"));
      TierCpu cpu =
          new TierCpu(
              app1.percentSince(app0),
              pg1 == null ? null : pg1.percentSince(pg0),
              load1.percentSince(load0),
              stub1 == null ? null : stub1.percentSince(stub0),
              vtbench1.percentSince(vtbench0),
              cores.count(cores.sut()),
              cores.count(cores.database()),
              cores.count(cores.load()),
              cores1.busySince(cores0, cores.loadCores()));
      return new Measurement(Files.readString(summary), cpu, peaks);
    } catch (IOException e) {
      throw new IllegalStateException(
          "k6 wrote no summary at " + summary + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      k6Running = null;
    }
  }

  /** PostgreSQL's CPU so far, or null when the run has no database. */
  private ProcCpu.Sample pgSample() {
    return pg == null ? null : ProcCpu.sample(List.of(ProcCpu.postmasterPid(pg.dataDir())));
  }

  /** The stub's CPU so far, or null when the run has no stub. */
  private ProcCpu.Sample stubSample() {
    return stub == null ? null : ProcCpu.sample(List.of(stub.pid()));
  }

  /** Waits until {@code offset} after {@code t0}, printing the live rate every few seconds. */
  /**
   * The most k6 may take to init its VUs and run setup() before its scenarios start: k6's default
   * setupTimeout (60 s), plus the VUs' init.
   */
  private static final Duration SCENARIOS_START_PATIENCE = Duration.ofSeconds(90);

  /** k6's execution status once its scenarios run (lib.ExecutionStatusRunning in k6 v1). */
  private static final int K6_RUNNING = 7;

  /**
   * When k6's scenarios started, the clock of the ramp, warm-up and hold: once its REST API says it
   * runs them, after the VUs' init and setup() (a user's module may log in or create data there,
   * which takes as long as it takes); {@code processStart} if k6 ends first or never says so.
   */
  private static long scenariosStarted(long processStart, int apiPort, ManagedProcess k6)
      throws InterruptedException {
    long giveUp = processStart + SCENARIOS_START_PATIENCE.toNanos();
    String status = "http://127.0.0.1:" + apiPort + "/v1/status";
    while (k6.isAlive() && System.nanoTime() < giveUp) {
      try {
        if (HttpJson.get(status).at("data.attributes.status") instanceof Number n
            && n.intValue() >= K6_RUNNING) {
          return System.nanoTime();
        }
      } catch (RuntimeException notListeningYet) {
        // the REST API starts with k6's init: ask again
      }
      Thread.sleep(50);
    }
    return processStart;
  }

  private static void waitUntil(
      long t0, Duration offset, ManagedProcess k6, LiveRate live, Progress progress)
      throws InterruptedException {
    long deadline = t0 + offset.toNanos();
    long nextPrint = System.nanoTime() + 5_000_000_000L;
    while (System.nanoTime() < deadline && k6.isAlive()) {
      Thread.sleep(Math.min(250, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
      if (System.nanoTime() >= nextPrint) {
        nextPrint += 5_000_000_000L;
        String rate = live.read();
        if (rate != null) {
          progress.live(
              String.format("t+%ds  %s", (System.nanoTime() - t0) / 1_000_000_000L, rate));
        }
      }
    }
  }

  /** Reads k6's request counter through its REST API and turns it into a rate. */
  private static final class LiveRate {
    private final String url;
    private long lastCount = -1;
    private long lastNanos;

    LiveRate(int port) {
      this.url = "http://127.0.0.1:" + port + "/v1/metrics/http_reqs";
    }

    String read() {
      try {
        HttpJson.Response r = HttpJson.get(url);
        Object count = r.at("data.attributes.sample.count");
        if (!(count instanceof Number n)) {
          return null;
        }
        long now = System.nanoTime();
        String out = null;
        if (lastCount >= 0) {
          double rate = (n.longValue() - lastCount) / ((now - lastNanos) / 1e9);
          out = String.format("%.0f req/s, %d requests", rate, n.longValue());
        }
        lastCount = n.longValue();
        lastNanos = now;
        return out;
      } catch (RuntimeException e) {
        return null;
      }
    }
  }

  private void record(ManagedProcess p) {
    try {
      Files.createDirectories(pidFile.getParent());
      Files.writeString(
          pidFile,
          p.pid() + "\n",
          java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Stops processes an earlier run of this spec started and could not stop (it was killed): a
   * leftover SUT or k6 would take CPU from the new run. Only pids whose command line is still one
   * of ours are touched.
   */
  private void stopLeftovers() {
    if (!Files.exists(pidFile)) {
      return;
    }
    try {
      for (String line : Files.readAllLines(pidFile)) {
        ProcessHandle.of(Long.parseLong(line.strip()))
            .filter(h -> isOurs(h.info().commandLine().orElse("")))
            .ifPresent(
                h -> {
                  progress.message("stopping pid " + h.pid() + " left over from an earlier run");
                  ManagedProcess.stopTree(h, Duration.ofSeconds(10));
                });
      }
      Files.delete(pidFile);
    } catch (IOException | NumberFormatException e) {
      progress.message("could not read " + pidFile + ": " + e.getMessage());
    }
  }

  private boolean isOurs(String commandLine) {
    if (spec.sut.service != null
        && LocalService.ownedPaths(ServiceBuild.all(spec)).stream()
            .anyMatch(commandLine::contains)) {
      return true;
    }
    return commandLine.contains(options.sutJar().toString())
        || commandLine.contains(options.reactiveSutJar().toString())
        || commandLine.contains(options.stubJar().toString())
        || commandLine.contains(options.k6().toString());
  }

  /** Pins a running process tree (e.g. PostgreSQL reused from 'make up') to {@code cpus}. */
  private static void pin(long pid, String cpus) {
    if (cpus == null || Os.onPath("taskset") == null) {
      return;
    }
    List<Long> tree = new ArrayList<>();
    tree.add(pid);
    ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> tree.add(d.pid())));
    for (long p : tree) {
      Os.run(List.of("taskset", "-a", "-p", "-c", cpus, Long.toString(p)), 10);
    }
  }

  /** Three quarters of a Kubernetes memory quantity (Mi/Gi), in MB, for -Xmx. */
  static long heapMb(String quantity) {
    String q = quantity.strip();
    long mb;
    if (q.endsWith("Gi")) {
      mb = Long.parseLong(q.substring(0, q.length() - 2)) * 1024;
    } else if (q.endsWith("Mi")) {
      mb = Long.parseLong(q.substring(0, q.length() - 2));
    } else {
      throw new IllegalArgumentException(
          "memory '" + quantity + "': write it as e.g. 512Mi or 2Gi");
    }
    return Math.max(64, mb * 3 / 4);
  }

  /** Stops the SUT, the stub and (if this run started it) PostgreSQL. */
  @Override
  public void close() {
    ManagedProcess k6 = k6Running;
    if (k6 != null) {
      k6.close();
    }
    if (sut != null) {
      sut.close();
    }
    if (stub != null) {
      stub.close();
    }
    if (pg != null) {
      pg.close();
    }
    if (spec.database.external != null) {
      LocalSecrets.removeConfigTree(options.workDir());
    }
  }
}
