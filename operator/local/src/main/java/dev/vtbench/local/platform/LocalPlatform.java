package dev.vtbench.local.platform;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.metrics.SutView;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.Quantities;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.plan.ServiceBuild;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.results.row.TierNodes;
import dev.vtbench.engine.run.Platform;
import dev.vtbench.engine.run.Progress;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.local.process.Machine;
import dev.vtbench.local.process.PidFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Scenarios as real local processes: PostgreSQL from the machine's binaries, the stub and SUT jars
 * on the running JDK, k6, each tier pinned with taskset, CPU read from /proc. One class per job:
 * {@link LocalDatabase}, {@link LocalApps} (stub and SUT), {@link LocalLoad} (k6, with {@link
 * TierSampler} for CPU), {@link PidFile} (what an earlier, killed run left running); this one plans
 * the cores and wires them.
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
      Path secretsDir,
      Path wrk) {

    /** No generator cross-check. */
    public Options(
        Path cacheDir,
        Path workDir,
        Path sutJar,
        Path reactiveSutJar,
        Path stubJar,
        Path k6,
        boolean reseed,
        Path secretsDir) {
      this(cacheDir, workDir, sutJar, reactiveSutJar, stubJar, k6, reseed, secretsDir, null);
    }

    /** These options in {@code workDir}, the same generator cross-check. */
    Options in(Path workDir) {
      return new Options(
          cacheDir, workDir, sutJar, reactiveSutJar, stubJar, k6, reseed, secretsDir, wrk);
    }

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
  // the spec this platform was made for; BenchmarkRunner passes the same to prepareDatabase
  private final BenchmarkRunSpec spec;
  private final Progress progress;
  private final CoreMap cores;
  // pids of what this run started, so a run killed with SIGKILL leaves nothing the next one trips
  // on
  private final PidFile pids;
  private final LocalDatabase database;
  private final LocalApps apps;
  private final LocalLoad load;

  public LocalPlatform(Options options, BenchmarkRunSpec spec, Progress progress) {
    this.options = options;
    this.progress = progress;
    this.spec = spec;
    this.pids = new PidFile(options.workDir());
    LocalModule module = LocalModule.of(spec);
    pids.stopLeftovers(this::isOurs, progress::message);
    this.cores =
        CoreMap.plan(
            Runtime.getRuntime().availableProcessors(),
            Quantities.cpus(spec.sut.cpu),
            spec.database.provisioned() ? Quantities.cpus(spec.database.cpu) : 0);
    this.database = new LocalDatabase(options, cores, progress);
    this.apps = new LocalApps(options, spec, cores, progress, pids, database);
    this.load = new LocalLoad(options, spec, cores, pids, apps, database, module, tierNodes(spec));
  }

  /**
   * Where each tier runs: all on this host, whose name the rows' {@code node} also gives; the stub
   * where it is started, the database where vtbench runs it (not the service's own).
   */
  static TierNodes tierNodes(BenchmarkRunSpec spec) {
    return TierNodes.allOn(Machine.hostName(), spec.sut.runsStub(), spec.database.provisioned());
  }

  @Override
  public String describe() {
    return Runtime.getRuntime().availableProcessors() + " CPUs; core map: " + cores;
  }

  public CoreMap cores() {
    return cores;
  }

  /**
   * The database, then the stub if the SUT calls it; {@code spec} is the one of the constructor.
   */
  @Override
  public void prepareDatabase(BenchmarkRunSpec spec) {
    database.prepare(this.spec);
    if (this.spec.sut.runsStub()) {
      apps.startStub();
    }
  }

  @Override
  public SutView prepareSut(SutConfig config) {
    return apps.prepareSut(config);
  }

  /** One k6 process, whatever spec.load.parallelism asks of a cluster (LocalRun says so). */
  @Override
  public int loadRunners() {
    return 1;
  }

  @Override
  public String sutBaseUrl() {
    return apps.sutBaseUrl();
  }

  @Override
  public Measurement runLoad(Scenario scenario, K6Plan plan, String script, Progress progress) {
    return load.run(scenario, plan, script, progress);
  }

  @Override
  public Measurement runWarmUp(
      Scenario scenario,
      K6Plan plan,
      String script,
      Progress progress,
      Predicate<List<LoadWindow>> steady) {
    return load.run(scenario, plan, script, progress, steady);
  }

  /**
   * The SUT's windows are read as they close ({@link LocalLoad}), so a warm-up ends once steady.
   */
  @Override
  public boolean stopsWarmUpWhenSteady() {
    return true;
  }

  /** wrk on k6's cores, when the run was asked for a cross-check ({@code --crosscheck}). */
  @Override
  public Optional<IndependentLoad> independentLoad(K6Plan plan, Progress progress) {
    if (options.wrk() == null) {
      return Optional.empty();
    }
    return new WrkLoad(options.wrk(), options.workDir().resolve("crosscheck"), cores)
        .run(plan, progress);
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

  /** Stops k6, the SUT, the stub and (if this run started it) PostgreSQL. */
  @Override
  public void close() {
    load.close();
    apps.close();
    database.close();
    if (spec.database.external != null) {
      LocalSecrets.removeConfigTree(options.workDir());
    }
  }
}
