package dev.vtbench.local.platform;

import dev.vtbench.engine.metrics.SutView;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.plan.JvmOptions;
import dev.vtbench.engine.plan.ServiceBuild;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.run.Progress;
import dev.vtbench.local.process.HttpJson;
import dev.vtbench.local.process.Machine;
import dev.vtbench.local.process.ManagedProcess;
import dev.vtbench.local.process.Os;
import dev.vtbench.local.process.PidFile;
import dev.vtbench.local.process.ProcCpu;
import dev.vtbench.local.process.Services;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The stub and the SUT (vtbench's, or a user's service) as processes on their cores: started,
 * restarted for a configuration that needs a new JVM, the pool resized live otherwise, stopped.
 */
final class LocalApps {

  private final LocalPlatform.Options options;
  private final BenchmarkRunSpec spec;
  private final CoreMap cores;
  private final Progress progress;
  private final PidFile pids;
  private final LocalDatabase database;
  private final Map<Path, String> sutJarHashes = new HashMap<>();
  private ManagedProcess stub;
  private boolean stubReady;
  private ManagedProcess sut;
  private SutConfig sutConfig;
  private SutView sutView;
  private int sutPort;
  private int stubPort;

  LocalApps(
      LocalPlatform.Options options,
      BenchmarkRunSpec spec,
      CoreMap cores,
      Progress progress,
      PidFile pids,
      LocalDatabase database) {
    this.options = options;
    this.spec = spec;
    this.cores = cores;
    this.progress = progress;
    this.pids = pids;
    this.database = database;
  }

  /**
   * Starts the stub on the load generator's cores; {@link #prepareSut} waits until it is ready. Its
   * start (a JVM, about 17 s on this VM's shared core) overlaps the SUT's on the SUT's own cores.
   */
  void startStub() {
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
    pids.record(stub);
  }

  /** Waits until the stub answers, if this run started one; at once when it already did. */
  private void awaitStub() {
    if (stub != null && !stubReady) {
      stub.awaitHttpOk(URI.create(stubUrl() + "/readyz"), spec.timeouts.sutStart());
      stubReady = true;
    }
  }

  /**
   * The SUT running {@code config}: the running one when it needs no new JVM (its pool resized if
   * the pool differs), else a new one.
   */
  SutView prepareSut(SutConfig config) {
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
      // a user's service may call the stub while it starts: it comes up first
      awaitStub();
      return startService(config);
    }
    sutPort = Os.freePort();
    Map<String, String> env = new HashMap<>(config.env());
    env.putAll(Services.sutEnv(database.postgres(), stubUrl(), sutPort));
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
    awaitStub();
    HttpJson.Response info = HttpJson.get(sutBaseUrl() + "/api/runtime-info");
    // Where it ran comes from this machine: the SUT is a child process on it.
    sutView =
        new SutView(
            (String) info.at("cpuset"),
            info.at("availableProcessors") instanceof Number n ? n.intValue() : null,
            info.at("virtualThreadParallelism") instanceof Number n ? n.intValue() : null,
            (String) info.at("javaVersion"),
            Machine.hostName(),
            Machine.cpuModel(),
            Machine.kernel(),
            sutJarHash(options.jarFor(config)),
            info.at("cpuWork.iterationNs") instanceof Number n ? n.doubleValue() : null);
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
        name.toLowerCase(Locale.ROOT)
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
                    name.toLowerCase(Locale.ROOT),
                    command,
                    env,
                    options.workDir().resolve("logs").resolve(log))
                .pinnedTo(cores.sut()));
    pids.record(p);
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
            LocalService.env(
                service, build, config, database.serviceDb(), stub == null ? null : stubUrl()),
            config);
    sut.awaitHttpOk(URI.create(sutBaseUrl() + service.healthPath), spec.timeouts.sutStart());
    sutView = LocalService.view(build, sut);
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

  String sutBaseUrl() {
    return Services.url(sutPort);
  }

  private String stubUrl() {
    return Services.url(stubPort);
  }

  /** The running SUT's pid. */
  long sutPid() {
    return sut.pid();
  }

  /** The stub's pid, or null when the run has no stub. */
  Long stubPid() {
    return stub == null ? null : stub.pid();
  }

  /** The stub's CPU so far, or null when the run has no stub. */
  ProcCpu.Sample stubSample() {
    return stub == null ? null : ProcCpu.sample(List.of(stub.pid()));
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

  /** Stops the SUT and the stub. */
  void close() {
    if (sut != null) {
      sut.close();
    }
    if (stub != null) {
      stub.close();
    }
  }
}
