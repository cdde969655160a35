package dev.vtbench.sut.runtime;

import dev.vtbench.proc.CfsStat;

/**
 * The database's CPU time and CFS throttling so far, for /api/runtime-info's {@code dbCpuSeconds}
 * and {@code dbCfs}: on a cluster the k6 runner cannot reach the database, so the SUT reads it for
 * the runner at the hold's edges.
 */
public interface DbCpu {

  /** CPU seconds the database has used so far, or null when not configured or not readable. */
  Double seconds();

  /**
   * The database container's cgroup CFS counters so far, or null when not configured or not
   * readable.
   */
  default CfsStat.Snapshot cfs() {
    return null;
  }
}
