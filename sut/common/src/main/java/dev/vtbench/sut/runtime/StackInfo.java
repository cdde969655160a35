package dev.vtbench.sut.runtime;

import java.util.Map;

/**
 * What /api/runtime-info says about the web stack and the pool in front of the database, the one
 * part that differs between the servlet SUT (Tomcat threads, HikariCP) and the reactive SUT (event
 * loop, r2dbc-pool).
 */
public interface StackInfo {

  /** Fields added to /api/runtime-info right after {@code config}, read live. */
  Map<String, Object> describe();
}
