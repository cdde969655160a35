package dev.vtbench.sut.reactive.db;

import dev.vtbench.sut.runtime.DbCpu;
import org.springframework.stereotype.Component;

/**
 * The reactive SUT does not read the database's CPU: the servlet SUT's probe is a blocking JDBC
 * query, and /api/runtime-info runs on the event loop, where a blocking read would stall every
 * request the loop serves. A reactive row on a cluster so has an empty {@code pg_cpu_pct} (unknown,
 * never a guess); locally {@code /proc} measures PostgreSQL for every mode.
 */
@Component
class NoDbCpu implements DbCpu {

  @Override
  public Double seconds() {
    return null;
  }
}
