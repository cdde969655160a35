package dev.vtbench.sut.db;

import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.runtime.DbCpu;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The database's CPU time so far, in seconds, read through the SQL function named by {@code
 * DB_CPU_FUNCTION} (on a cluster the operator installs it; locally {@code /proc} measures
 * PostgreSQL and the variable is unset, so this reports nothing).
 *
 * <p>It uses a connection of its own, outside the Hikari pool: at the hold's end the pool may be
 * exhausted by the load, and a probe queued behind it would read the hold's edge late.
 */
@Component
public class DbCpuProbe implements DbCpu {

  static final String FUNCTION_ENV = "DB_CPU_FUNCTION";

  private static final Logger LOG = LoggerFactory.getLogger(DbCpuProbe.class);
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
  private static final int TIMEOUT_SECONDS = 5;

  private final String function;
  private final SutSettings.Database database;
  private Connection connection;
  private String lastFailure;

  public DbCpuProbe(SutSettings settings) {
    String function = System.getenv(FUNCTION_ENV);
    if (function != null && !function.isBlank() && !IDENTIFIER.matcher(function).matches()) {
      throw new IllegalArgumentException(
          FUNCTION_ENV + "=" + function + ": must be a lower-case SQL identifier");
    }
    this.function = function == null || function.isBlank() ? null : function;
    this.database = settings.database();
  }

  /** The database's CPU seconds so far, or null when not configured or not readable now. */
  @Override
  public synchronized Double seconds() {
    if (function == null) {
      return null;
    }
    try {
      if (connection == null) {
        connection = connect();
      }
      try (Statement st = connection.createStatement()) {
        st.setQueryTimeout(TIMEOUT_SECONDS);
        try (ResultSet rs = st.executeQuery("SELECT " + function + "()")) {
          rs.next();
          double v = rs.getDouble(1);
          lastFailure = null;
          return rs.wasNull() ? null : v;
        }
      }
    } catch (SQLException e) {
      // said once per kind of failure, not at every probe; the next call reconnects
      if (!e.getMessage().equals(lastFailure)) {
        LOG.warn("database CPU not readable through {}(): {}", function, e.getMessage());
        lastFailure = e.getMessage();
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
