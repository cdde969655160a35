package dev.vtbench.local.init;

import dev.vtbench.local.platform.LocalDatabase;
import dev.vtbench.local.process.HttpJson;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.ManagedProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.ZipFile;

/**
 * The service {@code vtbench init} reads: a jar it starts (on a throwaway PostgreSQL built from the
 * service's own SQL when the jar carries PostgreSQL's driver, with Actuator's mappings, configprops
 * and env exposed to init alone), or a service already running at a URL. {@link #close} stops
 * whatever was started here, the service first; a shutdown hook does so on Ctrl-C too.
 */
final class InitTarget implements AutoCloseable {

  /** What Actuator must expose to init: the run needs only health and metrics. */
  static final String INIT_EXPOSURE = "health,metrics,mappings,configprops,env";

  /** A jar init cannot read, and what to change. */
  static final class Refused extends RuntimeException {
    Refused(String message) {
      super(message);
    }
  }

  final String baseUrl;
  final boolean started;
  private final ManagedProcess process;
  private final LocalPostgres postgres;
  private final String databaseUrl;
  private final Thread hook;
  private boolean stopped;

  private InitTarget(
      String baseUrl, ManagedProcess process, LocalPostgres postgres, String databaseUrl) {
    this.baseUrl = baseUrl;
    this.started = process != null;
    this.process = process;
    this.postgres = postgres;
    this.databaseUrl = databaseUrl;
    this.hook = new Thread(this::stop, "vtbench-init-stop");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** A service already running at {@code url}; nothing is started or stopped. */
  static InitTarget running(String url) {
    return new InitTarget(url.replaceAll("/+$", ""), null, null, null);
  }

  /** What the jar says of itself, read without starting it. */
  record JarFacts(boolean springBoot, boolean actuator, boolean postgresDriver) {}

  static JarFacts inspect(Path jar) {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      List<String> libs =
          zip.stream()
              .map(e -> e.getName())
              .filter(n -> n.startsWith("BOOT-INF/lib/") || n.startsWith("WEB-INF/lib"))
              .map(n -> n.substring(n.lastIndexOf('/') + 1))
              .toList();
      boolean boot = zip.getEntry("BOOT-INF/") != null || !libs.isEmpty();
      return new JarFacts(
          boot,
          libs.stream().anyMatch(n -> n.startsWith("spring-boot-actuator-")),
          libs.stream().anyMatch(n -> n.startsWith("postgresql-")));
    } catch (IOException e) {
      throw new Refused(jar + " cannot be read as a jar: " + e.getMessage());
    }
  }

  /**
   * Starts {@code jar} on {@code port}, first with a fresh PostgreSQL database built from {@code
   * sql} when {@code withPostgres}; waits at most {@code timeout} for its health path.
   */
  static InitTarget start(
      Path jar,
      int port,
      boolean withPostgres,
      List<Path> sql,
      Path logDir,
      Duration timeout,
      Consumer<String> progress) {
    long deadline = System.nanoTime() + timeout.toNanos();
    LocalPostgres pg = null;
    String dbUrl = null;
    ManagedProcess process = null;
    try {
      Map<String, String> env = new LinkedHashMap<>();
      env.put("SERVER_PORT", Integer.toString(port));
      env.put("MANAGEMENT_ENDPOINTS_WEB_EXPOSURE_INCLUDE", INIT_EXPOSURE);
      env.put("MANAGEMENT_ENDPOINT_CONFIGPROPS_SHOW_VALUES", "always");
      env.put("MANAGEMENT_ENDPOINT_ENV_SHOW_VALUES", "always");
      if (withPostgres) {
        progress.accept("init: PostgreSQL for the service, from " + sqlNames(sql));
        pg = LocalPostgres.throwaway(m -> {});
        dbUrl = pg.freshDatabase(LocalDatabase.SERVICE_DATABASE, sql, left(deadline));
        env.put("SPRING_DATASOURCE_URL", dbUrl);
        env.put("SPRING_DATASOURCE_USERNAME", LocalPostgres.USER);
      }
      Files.createDirectories(logDir);
      Path log = logDir.resolve("init-service.log");
      progress.accept("init: starting " + jar + " on port " + port + " (log: " + log + ")");
      process =
          ManagedProcess.start(
              ManagedProcess.Spec.of(
                  "the service", ManagedProcess.javaJar(jar, List.of("-Xmx512m")), env, log));
      InitTarget target = new InitTarget("http://127.0.0.1:" + port, process, pg, dbUrl);
      try {
        process.awaitHttpOk(URI.create(target.baseUrl + "/actuator/health"), left(deadline));
      } catch (RuntimeException e) {
        target.close();
        throw e;
      }
      return target;
    } catch (RuntimeException e) {
      if (process == null && pg != null) {
        pg.destroy();
      }
      throw e;
    } catch (IOException e) {
      if (pg != null) {
        pg.destroy();
      }
      throw new UncheckedIOException(e);
    }
  }

  private static Duration left(long deadline) {
    long nanos = deadline - System.nanoTime();
    return nanos <= 0 ? Duration.ofSeconds(1) : Duration.ofNanos(nanos);
  }

  private static String sqlNames(List<Path> sql) {
    return sql.isEmpty() ? "no SQL (an empty database)" : sql.toString();
  }

  /** Whether init started a database the service reads. */
  boolean hasDatabase() {
    return databaseUrl != null;
  }

  /**
   * The ids of the first of {@code tables} that exists in the service's database with a
   * whole-number {@code id} column; null without a database or such a table.
   */
  InitRequestMix.Range ids(List<String> tables) {
    if (databaseUrl == null || tables.isEmpty()) {
      return null;
    }
    try (Connection c = DriverManager.getConnection(databaseUrl, LocalPostgres.USER, "")) {
      for (String table : tables) {
        try (PreparedStatement s =
            c.prepareStatement(
                "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()"
                    + " AND table_name = ? AND column_name = 'id'"
                    + " AND data_type IN ('integer', 'bigint', 'smallint')")) {
          s.setString(1, table);
          try (ResultSet r = s.executeQuery()) {
            if (!r.next()) {
              continue;
            }
          }
        }
        // the name was just read from the catalog, so it is a table's own name
        try (var s = c.createStatement();
            ResultSet r =
                s.executeQuery("SELECT min(id), max(id), count(*) FROM \"" + table + "\"")) {
          r.next();
          if (r.getLong(3) == 0) {
            continue;
          }
          return new InitRequestMix.Range(
              r.getLong(1),
              r.getLong(2),
              "ids "
                  + r.getLong(1)
                  + ".."
                  + r.getLong(2)
                  + " of table "
                  + table
                  + " ("
                  + r.getLong(3)
                  + " rows)");
        }
      }
    } catch (SQLException e) {
      return null;
    }
    return null;
  }

  /** One GET of the service; its status, 0 when it does not answer. */
  int status(String path) {
    try {
      return HttpJson.get(baseUrl + path).status();
    } catch (RuntimeException e) {
      return 0;
    }
  }

  /** Stops the service, then the database, if init started them. */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // shutting down: the hook runs stop() itself
    }
    stop();
  }

  private synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    if (process != null && process.isAlive()) {
      process.close();
    }
    if (postgres != null) {
      postgres.destroy();
    }
  }
}
