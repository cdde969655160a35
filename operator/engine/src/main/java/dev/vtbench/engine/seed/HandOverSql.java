package dev.vtbench.engine.seed;

/**
 * The SQL that hands what a user's own SQL created to the database's owner: CloudNativePG runs a
 * Cluster's bootstrap SQL as the superuser, and a service connecting as the owner could not write
 * tables the superuser owns. Locally the owner runs the user's SQL itself and needs none of it.
 */
public final class HandOverSql {

  /** The script: idempotent, and a no-op where the owner already owns everything. */
  public static final String SQL = SqlResource.read("hand-over.sql");

  private HandOverSql() {}
}
