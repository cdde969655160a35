package dev.vtbench.sut.db;

import dev.vtbench.proc.CfsStat;
import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.runtime.DbCpu;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The database's CPU time so far, in seconds, read through the SQL function named by {@code
 * DB_CPU_FUNCTION}, and its cgroup's CFS counters through the one named by {@code DB_CFS_FUNCTION}
 * (on a cluster the operator installs both, dev.vtbench.engine.seed.DbCpuSql; locally {@code /proc}
 * and the postmaster's cgroup measure PostgreSQL and the variables are unset, so this reports
 * nothing).
 *
 * <p>It uses a connection of its own, outside the Hikari pool: at the hold's end the pool may be
 * exhausted by the load, and a probe queued behind it would read the hold's edge late.
 */
@Component
public class DbCpuProbe implements DbCpu {

  static final String FUNCTION_ENV = "DB_CPU_FUNCTION";
  static final String CFS_FUNCTION_ENV = "DB_CFS_FUNCTION";

  private static final Logger LOG = LoggerFactory.getLogger(DbCpuProbe.class);
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
  private static final int TIMEOUT_SECONDS = 5;

  private final String function;
  private final String cfsFunction;
  private final SutSettings.Database database;
  private Connection connection;
  private String lastFailure;

  public DbCpuProbe(SutSettings settings) {
    this.function = functionOf(FUNCTION_ENV);
    this.cfsFunction = functionOf(CFS_FUNCTION_ENV);
    this.database = settings.database();
  }

  private static String functionOf(String env) {
    String function = System.getenv(env);
    if (function != null && !function.isBlank() && !IDENTIFIER.matcher(function).matches()) {
      throw new IllegalArgumentException(
          env + "=" + function + ": must be a lower-case SQL identifier");
    }
    return function == null || function.isBlank() ? null : function;
  }

  /** The database's CPU seconds so far, or null when not configured or not readable now. */
  @Override
  public Double seconds() {
    return function == null
        ? null
        : query(
            "SELECT " + function + "()",
            rs -> {
              rs.next();
              double v = rs.getDouble(1);
              return rs.wasNull() ? null : v;
            });
  }

  /**
   * The database container's CFS counters so far, parsed from the files the function returns as
   * every other tier's are ({@link CfsStat}); null when not configured, not readable now, or the
   * container has no CPU controller.
   */
  @Override
  public CfsStat.Snapshot cfs() {
    return cfsFunction == null
        ? null
        : query(
            "SELECT name, content FROM " + cfsFunction + "()",
            rs -> {
              Map<String, String> files = new HashMap<>();
              while (rs.next()) {
                files.put(rs.getString(1), rs.getString(2));
              }
              return files.containsKey("cpu.stat")
                  ? CfsStat.v2(files.get("cpu.stat"), files.get("cpu.max"))
                  : CfsStat.v1(
                      files.get("v1/cpu.stat"),
                      files.get("cpu.cfs_quota_us"),
                      files.get("cpu.cfs_period_us"));
            });
  }

  private interface Reader<T> {
    T read(ResultSet rs) throws SQLException;
  }

  /** One query on the probe's own connection, or null (said once per kind of failure). */
  private synchronized <T> T query(String sql, Reader<T> reader) {
    try {
      if (connection == null) {
        connection = connect();
      }
      try (Statement st = connection.createStatement()) {
        st.setQueryTimeout(TIMEOUT_SECONDS);
        try (ResultSet rs = st.executeQuery(sql)) {
          T v = reader.read(rs);
          lastFailure = null;
          return v;
        }
      }
    } catch (SQLException | RuntimeException e) {
      // said once per kind of failure, not at every probe; the next call reconnects
      if (!String.valueOf(e.getMessage()).equals(lastFailure)) {
        LOG.warn("database's CPU not readable through {}: {}", sql, e.getMessage());
        lastFailure = String.valueOf(e.getMessage());
      }
      close();
      return null;
    }
  }

  private Connection connect() throws SQLException {
    Properties p = new Properties();
    if (database.username() != null) {
      p.setProperty("user", database.username());
    }
    if (database.password() != null) {
      p.setProperty("password", database.password());
    }
    p.setProperty("connectTimeout", Integer.toString(TIMEOUT_SECONDS));
    p.setProperty("ApplicationName", "vtbench-db-cpu-probe");
    return DriverManager.getConnection(database.jdbcUrl(), p);
  }

  private void close() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // already broken: nothing to release
      }
      connection = null;
    }
  }
}
