package dev.vtbench.sut.runtime;

/**
 * The SUT's database pool as /api/runtime-info reports it: HikariCP in the servlet SUT, r2dbc-pool
 * in the reactive one. Both report under the reference rig's names (hikariActiveMax …), so the CSV
 * columns hikari_active_max and hikari_pending_max hold whichever pool the SUT runs.
 */
public interface PoolGauge {

  /** Connections checked out right now. */
  int active();

  /** The most connections checked out at once since the last {@link #resetPeak()}, exactly. */
  int activeMax();

  /** Starts a new peak at the connections checked out now. */
  void resetPeak();

  /** Requests waiting for a connection right now. */
  int pending();

  /** Connections the pool holds right now, busy or idle. */
  int total();

  /** The pool's configured size, live: a pool sweep changes it in the running JVM. */
  int maximumSize();
}
