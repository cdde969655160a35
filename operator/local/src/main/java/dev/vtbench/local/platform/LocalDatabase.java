package dev.vtbench.local.platform;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.spec.Timeout;
import dev.vtbench.engine.run.Progress;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.Os;
import dev.vtbench.local.process.ProcCpu;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The run's database: PostgreSQL from the machine's binaries, pinned to its cores and seeded (or a
 * fresh database with the user's SQL), or the user's own database behind a Secret, or none.
 */
public final class LocalDatabase {

  /** The database a user's service gets its own schema in ({@code spec.database.sql}). */
  public static final String SERVICE_DATABASE = "service";

  private final LocalPlatform.Options options;
  private final CoreMap cores;
  private final Progress progress;
  // the PostgreSQL this run started or reused, kept as soon as it runs so close() stops it even
  // when seeding fails; null without one
  private LocalPostgres pg;
  // a user's own service (spec.sut.service): its database, or null without one
  private LocalService.Database serviceDb;

  LocalDatabase(LocalPlatform.Options options, CoreMap cores, Progress progress) {
    this.options = options;
    this.cores = cores;
    this.progress = progress;
  }

  /** Prepares the database {@code spec} asks for, within spec.timeouts.database. */
  void prepare(BenchmarkRunSpec spec) {
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
      start(spec);
    } else {
      progress.message("PostgreSQL: none (spec.database.enabled is false)");
    }
  }

  private void start(BenchmarkRunSpec spec) {
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

  /** The PostgreSQL vtbench's SUT connects to; null when the run has none. */
  LocalPostgres postgres() {
    return pg;
  }

  /** A user's service's database, or null without one. */
  LocalService.Database serviceDb() {
    return serviceDb;
  }

  /** PostgreSQL's CPU so far, or null when the run has no database. */
  ProcCpu.Sample sample() {
    return pg == null ? null : ProcCpu.sample(List.of(ProcCpu.postmasterPid(pg.dataDir())));
  }

  /** The postmaster's pid, whose cgroup PostgreSQL's backends share; null without a database. */
  Long pid() {
    return pg == null ? null : ProcCpu.postmasterPid(pg.dataDir());
  }

  /** Stops PostgreSQL if this run started it. */
  void close() {
    if (pg != null) {
      pg.close();
    }
  }

  /** A database wait that ran out of time, naming the deadline that set it. */
  private static IllegalStateException beyond(Timeout deadline, LocalPostgres.TimedOut e) {
    return new IllegalStateException(e.getMessage() + " (" + deadline + ")", e);
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
}
