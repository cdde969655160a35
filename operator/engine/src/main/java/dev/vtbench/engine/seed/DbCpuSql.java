package dev.vtbench.engine.seed;

import java.util.regex.Pattern;

/**
 * The SQL functions through which a cluster's SUT reads the database container's CPU time and its
 * CFS throttling (the k6 runner cannot reach the database). Installed by the superuser next to the
 * seed; locally {@code /proc} measures PostgreSQL instead, so only the operator renders it.
 */
public final class DbCpuSql {

  /** The function's name: the SUT calls {@code SELECT <name>()} when told it exists. */
  public static final String FUNCTION = "vtbench_db_cpu_seconds";

  /** The SUT's environment variable that names the function. */
  public static final String FUNCTION_ENV = "DB_CPU_FUNCTION";

  /**
   * The function that returns the container's CFS bandwidth files (name, content), which the SUT
   * parses into {@code pg_throttled_pct}'s readings.
   */
  public static final String CFS_FUNCTION = "vtbench_db_cfs";

  /** The SUT's environment variable that names {@link #CFS_FUNCTION}. */
  public static final String CFS_FUNCTION_ENV = "DB_CFS_FUNCTION";

  private static final Pattern ROLE = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  private static final String TEMPLATE = SqlResource.read("db-cpu.sql");

  private DbCpuSql() {}

  /**
   * The script for a database whose application owner is {@code owner}, the only role that may call
   * the functions.
   *
   * @throws IllegalArgumentException when {@code owner} is not a plain lower-case identifier
   */
  public static String render(String owner) {
    if (owner == null || !ROLE.matcher(owner).matches()) {
      throw new IllegalArgumentException(
          "database owner must be a lower-case SQL identifier ([a-z_][a-z0-9_]*), got " + owner);
    }
    return TEMPLATE
        .replace("{{function}}", FUNCTION)
        .replace("{{cfs_function}}", CFS_FUNCTION)
        .replace("{{owner}}", owner);
  }
}
