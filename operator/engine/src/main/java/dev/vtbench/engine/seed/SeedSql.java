package dev.vtbench.engine.seed;

/**
 * The schema and seed script shared by every platform: local mode runs it over JDBC, the operator
 * hands it to CloudNativePG as bootstrap SQL. Sizes are the only parameters.
 */
public final class SeedSql {

  /** The reference rig's data set. */
  public static final long DEFAULT_CUSTOMERS = 100_000;

  public static final long DEFAULT_ORDERS = 1_000_000;

  private static final String TEMPLATE = SqlResource.read("seed.sql");

  private SeedSql() {}

  /**
   * Renders the script for the given sizes.
   *
   * @throws IllegalArgumentException naming the parameter when a size is not positive
   */
  public static String render(long customers, long orders) {
    if (customers < 1) {
      throw new IllegalArgumentException("seed.customers must be at least 1, got " + customers);
    }
    if (orders < 1) {
      throw new IllegalArgumentException("seed.orders must be at least 1, got " + orders);
    }
    return TEMPLATE
        .replace("{{customers}}", Long.toString(customers))
        .replace("{{orders}}", Long.toString(orders));
  }
}
