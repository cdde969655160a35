package dev.vtbench.local.process;

import dev.vtbench.engine.seed.SeedSql;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A PostgreSQL server made from the machine's own binaries ({@code initdb}, {@code pg_ctl}): a data
 * directory of its own, TCP on 127.0.0.1 only, trust authentication for the local user {@value
 * #USER}, and the benchmark database {@value #DATABASE}.
 *
 * <p>PostgreSQL refuses to run as root, so when this process is root every server command runs
 * through {@code runuser -u postgres} (or the user named by {@code PG_RUN_AS}) on a directory that
 * user owns.
 *
 * <p>This class decides when the server is created, started, reused and stopped and speaks SQL to
 * it (the database, the seed, a user's own SQL); {@link PgServer} runs the server programs.
 */
public final class LocalPostgres implements AutoCloseable {

  public static final String USER = "vtbench";
  public static final String DATABASE = "bench";

  private final Path binDir;
  private final Path dataDir;
  private final int port;
  private final boolean startedHere;
  private final Consumer<String> log;

  private LocalPostgres(
      Path binDir, Path dataDir, int port, boolean startedHere, Consumer<String> log) {
    this.binDir = binDir;
    this.dataDir = dataDir;
    this.port = port;
    this.startedHere = startedHere;
    this.log = log;
  }

  /**
   * Starts (or reuses, if already running) the server whose data lives in {@code dataDir}, creating
   * the cluster on first use.
   *
   * @param port the port to listen on when it has to be started; 0 picks a free one
   * @param maxConnections the server's max_connections; must exceed the largest Hikari pool used
   * @param durable false for throwaway test servers (no fsync at all)
   */
  public static LocalPostgres start(
      Path dataDir, int port, int maxConnections, boolean durable, Consumer<String> log) {
    return start(dataDir, port, maxConnections, durable, START_TIMEOUT, log);
  }

  /** How long pg_ctl waits for the server to accept connections unless a run says otherwise. */
  static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  /**
   * As {@link #start(Path, int, int, boolean, Consumer)}, waiting at most {@code startTimeout}
   * (spec.timeouts.database in a run) for the server to accept connections.
   */
  public static LocalPostgres start(
      Path dataDir,
      int port,
      int maxConnections,
      boolean durable,
      Duration startTimeout,
      Consumer<String> log) {
    Path bin = PgServer.binDir();
    try {
      Files.createDirectories(dataDir.getParent());
      if (!Files.exists(dataDir.resolve("PG_VERSION"))) {
        PgServer.initdb(bin, dataDir, durable, log);
      }
      Integer running = PgServer.runningPort(bin, dataDir);
      if (running != null) {
        log.accept("PostgreSQL already running from " + dataDir + " on port " + running);
        LocalPostgres pg = new LocalPostgres(bin, dataDir, running, false, log);
        pg.ensureDatabase();
        return pg;
      }
      int chosen = port == 0 ? Os.freePort() : port;
      if (Os.portInUse(chosen)) {
        throw new IllegalStateException(
            "port "
                + chosen
                + " is already in use; pick another PostgreSQL port (--pg-port) or stop what"
                + " listens there");
      }
      PgServer.start(bin, dataDir, chosen, maxConnections, durable, startTimeout);
      log.accept("PostgreSQL started from " + dataDir + " on 127.0.0.1:" + chosen);
      LocalPostgres pg = new LocalPostgres(bin, dataDir, chosen, true, log);
      pg.ensureDatabase();
      return pg;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare " + dataDir, e);
    }
  }

  /** A throwaway server in a fresh temporary directory on a random port, for tests. */
  public static LocalPostgres throwaway(Consumer<String> log) {
    try {
      Path dir = Files.createTempDirectory("vtbench-pg-");
      PgServer.makeReachable(dir);
      return start(dir.resolve("data"), 0, 200, false, log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Where a cached data directory under {@code cacheDir} can live. As root the server runs as
   * another user, who cannot enter a home directory such as /root; then it lives under /var/tmp.
   */
  public static Path dataDirUnder(Path cacheDir) {
    Path wanted = cacheDir.resolve("pgdata");
    if (!Os.isRoot() || PgServer.everyoneCanEnter(cacheDir)) {
      return wanted;
    }
    return Path.of("/var/tmp/vtbench/pgdata");
  }

  /** Stops a server left running from {@code dataDir}, if any. Returns true if one was stopped. */
  public static boolean stopIfRunning(Path dataDir) {
    Path bin = PgServer.binDir();
    if (!Files.exists(dataDir.resolve("postmaster.pid"))) {
      return false;
    }
    Os.Result result = PgServer.pgCtl(bin, dataDir, 90, "-m", "fast", "-w", "stop");
    return result.exitCode() == 0;
  }

  public int port() {
    return port;
  }

  public Path dataDir() {
    return dataDir;
  }

  /** True when this object started the server (and so {@link #close()} stops it). */
  public boolean startedHere() {
    return startedHere;
  }

  /** JDBC URL of the benchmark database; no password, the server trusts local TCP. */
  public String jdbcUrl() {
    return jdbcUrl(DATABASE);
  }

  private String jdbcUrl(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(jdbcUrl(), USER, "");
  }

  /** A start or seed that ran out of the time it was given. */
  public static final class TimedOut extends IllegalStateException {
    TimedOut(String message) {
      super(message);
    }

    TimedOut(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** What seeding did. */
  public record SeedResult(long customers, long orders, Duration took, boolean alreadySeeded) {}

  /**
   * Creates the schema and seeds it (idempotent: same sizes again do nothing).
   *
   * @param reseed drop the seed marker first so the data is rebuilt
   */
  public SeedResult seed(long customers, long orders, boolean reseed) {
    return seed(customers, orders, reseed, null);
  }

  /**
   * As {@link #seed(long, long, boolean)}, cancelled by the server once it takes longer than {@code
   * timeout} (null: no limit).
   */
  public SeedResult seed(long customers, long orders, boolean reseed, Duration timeout) {
    long started = System.nanoTime();
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      if (timeout != null) {
        s.setQueryTimeout((int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toSeconds())));
      }
      if (reseed) {
        s.execute("DROP TABLE IF EXISTS vtbench_seed, orders, customers");
      }
      s.execute(SeedSql.render(customers, orders));
      boolean already = false;
      for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
        // only the script's own notices; "relation ... already exists, skipping" is noise
        if (w.getMessage().startsWith("vtbench seed:")) {
          log.accept(w.getMessage());
          already |= w.getMessage().contains("already seeded");
        }
      }
      return new SeedResult(
          customers, orders, Duration.ofNanos(System.nanoTime() - started), already);
    } catch (SQLException e) {
      if (timeout != null
          && Duration.ofNanos(System.nanoTime() - started).compareTo(timeout) >= 0) {
        throw new TimedOut(
            "seeding did not finish within " + timeout.toSeconds() + " s: " + e.getMessage(), e);
      }
      throw new IllegalStateException("seeding failed: " + e.getMessage(), e);
    }
  }

  /**
   * A new, empty database {@code name} (dropped first if it exists) with the SQL {@code files} run
   * on it in order: a user's own schema and data. Returns its JDBC URL.
   */
  public String freshDatabase(String name, List<Path> files, Duration timeout) {
    if (!name.matches("[a-z_][a-z0-9_]*")) {
      throw new IllegalArgumentException("not a plain database name: " + name);
    }
    long started = System.nanoTime();
    try (Connection c = DriverManager.getConnection(jdbcUrl("postgres"), USER, "");
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      s.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create database " + name + ": " + e.getMessage(), e);
    }
    for (Path file : files) {
      String sql;
      try {
        sql = Files.readString(file);
      } catch (IOException e) {
        throw new IllegalStateException("spec.database.sql: cannot read " + file, e);
      }
      try (Connection c = DriverManager.getConnection(jdbcUrl(name), USER, "");
          Statement s = c.createStatement()) {
        Duration left = timeout.minusNanos(System.nanoTime() - started);
        s.setQueryTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, left.toSeconds())));
        s.execute(sql);
      } catch (SQLException e) {
        throw new IllegalStateException(
            "spec.database.sql: " + file + " failed: " + e.getMessage(), e);
      }
    }
    return jdbcUrl(name);
  }

  /** Stops the server if this object started it. */
  @Override
  public void close() {
    if (startedHere) {
      stopIfRunning(dataDir);
      log.accept("PostgreSQL stopped (" + dataDir + ")");
    }
  }

  /** Stops the server whether or not this object started it. */
  public void stop() {
    stopIfRunning(dataDir);
  }

  /** Stops the server and deletes its directory (throwaway servers). */
  public void destroy() {
    stopIfRunning(dataDir);
    deleteTree(dataDir.getParent());
  }

  private void ensureDatabase() {
    try (Connection c = DriverManager.getConnection(jdbcUrl("postgres"), USER, "");
        Statement s = c.createStatement()) {
      var rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'");
      if (!rs.next()) {
        s.execute("CREATE DATABASE " + DATABASE);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "PostgreSQL on port " + port + " refused the vtbench user: " + e.getMessage(), e);
    }
  }

  /** Locates the server binaries: PG_BIN, else the newest /usr/lib/postgresql/N/bin, else PATH. */
  public static Path binDir() {
    return PgServer.binDir();
  }

  public static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no log at " + file + ")";
    }
  }

  static void deleteTree(Path root) {
    if (root == null || !Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // best effort: a temp directory left behind is harmless
    }
  }
}
