package dev.vtbench.engine.seed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The schema and seed script shared by every platform: local mode runs it over JDBC, the operator
 * hands it to CloudNativePG as bootstrap SQL. Sizes are the only parameters.
 */
public final class SeedSql {

  /** The reference rig's data set. */
  public static final long DEFAULT_CUSTOMERS = 100_000;

  public static final long DEFAULT_ORDERS = 1_000_000;

  private static final String TEMPLATE = load();

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

  private static String load() {
    try (InputStream in = SeedSql.class.getResourceAsStream("seed.sql")) {
      if (in == null) {
        throw new IllegalStateException("seed.sql missing from the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
