package dev.vtbench.sut.runtime;

/**
 * The database's CPU time so far, for /api/runtime-info's {@code dbCpuSeconds}: on a cluster the k6
 * runner cannot reach the database, so the SUT reads it for the runner at the hold's edges.
 */
public interface DbCpu {

  /** CPU seconds the database has used so far, or null when not configured or not readable. */
  Double seconds();
}
