package dev.vtbench.sut.api;

/**
 * The SQL both SUTs run, written once with PostgreSQL's own {@code $n} parameters (what R2DBC
 * takes); {@link #jdbc} gives JDBC's {@code ?} form.
 */
public final class Queries {

  private Queries() {}

  /** The reference rig's primary-key lookup of an order joined to its customer. */
  public static final String ORDER_BY_ID =
      """
      SELECT o.id, o.status, o.total_cents, o.item_count, o.created_at,
             c.id AS customer_id, c.name, c.surname, c.email, c.tier
        FROM orders o JOIN customers c ON c.id = o.customer_id
       WHERE o.id = $1""";

  /** Seed 002's query: users by name and surname. */
  public static final String USERS_BY_NAME =
      "SELECT id, name, surname FROM customers WHERE name = $1 AND surname = $2 LIMIT 100";

  /** Seed 001's blocking query: sleeps in PostgreSQL for $1 seconds. */
  public static final String PG_SLEEP = "SELECT pg_sleep($1)";

  /** Checks that the database answers: readiness. */
  public static final String PING = "SELECT 1";

  /** {@code sql} with every {@code $n} parameter as JDBC's {@code ?}, in order. */
  public static String jdbc(String sql) {
    return sql.replaceAll("\\$\\d+", "?");
  }
}
