package dev.vtbench.sut.db;

import com.zaxxer.hikari.HikariConfigMXBean;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Changes the Hikari pool's size in the running JVM, so that a pool sweep does not pay a JVM start
 * and a JIT warm-up per pool size. HikariCP honours a new maximum at runtime only together with a
 * new minimum (the pool is fixed-size: min = max) and replaces connections only when told to: the
 * resize sets both, soft-evicts every connection (idle ones close now, busy ones when returned) and
 * waits until the pool holds exactly the new number, all idle, before it answers — a measurement
 * that starts after it sees the pool it asked for.
 */
@Component
public class PoolResizer {

  /** Longest wait for the pool to reach its new size. */
  static final Duration DEADLINE = Duration.ofSeconds(30);

  /** Housekeeping period: how soon Hikari refills after an eviction (its default is 30 s). */
  public static final long HOUSEKEEPING_MS = 500;

  private final HikariDataSource dataSource;

  public PoolResizer(HikariDataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** The pool's size now, as it stands: configured maximum, connections, idle ones. */
  public Map<String, Object> state() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("maximumPoolSize", dataSource.getMaximumPoolSize());
    HikariPoolMXBean pool = dataSource.getHikariPoolMXBean();
    m.put("totalConnections", pool == null ? 0 : pool.getTotalConnections());
    m.put("idleConnections", pool == null ? 0 : pool.getIdleConnections());
    return m;
  }

  /**
   * The pool, started if no request has started it yet: the data source starts its pool on the
   * first borrow.
   */
  private HikariPoolMXBean started() {
    if (dataSource.getHikariPoolMXBean() == null) {
      try (Connection c = dataSource.getConnection()) {
        // borrowed only to start the pool
      } catch (SQLException e) {
        throw new IllegalStateException("the pool cannot start: " + e.getMessage(), e);
      }
    }
    return dataSource.getHikariPoolMXBean();
  }

  /**
   * Resizes the pool to {@code size} connections and waits until it holds exactly them.
   *
   * @throws IllegalStateException when the pool has not reached the size by the deadline
   */
  public synchronized Map<String, Object> resize(int size) throws InterruptedException {
    long start = System.nanoTime();
    HikariConfigMXBean config = dataSource.getHikariConfigMXBean();
    HikariPoolMXBean pool = started();
    if (config.getMaximumPoolSize() != size) {
      // Growing: the new maximum first, or the minimum would exceed it; shrinking: the other way.
      if (size > config.getMaximumPoolSize()) {
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
      } else {
        config.setMinimumIdle(size);
        config.setMaximumPoolSize(size);
      }
      pool.softEvictConnections();
    }
    long deadline = start + DEADLINE.toNanos();
    while (pool.getTotalConnections() != size || pool.getIdleConnections() != size) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the pool did not reach "
                + size
                + " idle connections within "
                + DEADLINE.toSeconds()
                + " s: "
                + state());
      }
      Thread.sleep(50);
    }
    Map<String, Object> m = state();
    m.put("seconds", Math.round((System.nanoTime() - start) / 1e6) / 1000.0);
    return m;
  }
}
