package dev.vtbench.sut.db;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import dev.vtbench.sut.runtime.PoolGauge;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts connections checked out of HikariCP exactly, not by sampling: Hikari reports every borrow
 * (acquired) and every return (usage), so the peak between two resets cannot be missed.
 */
public final class PoolTracker implements PoolGauge {

  private final AtomicInteger active = new AtomicInteger();
  private final AtomicInteger activeMax = new AtomicInteger();
  private volatile HikariDataSource dataSource;

  /** Connections checked out right now: Hikari's own count, once the pool has started. */
  @Override
  public int active() {
    HikariPoolMXBean bean = bean();
    return bean == null ? Math.max(0, active.get()) : bean.getActiveConnections();
  }

  /** The most connections checked out at once since the last {@link #resetPeak()}. */
  @Override
  public int activeMax() {
    return activeMax.get();
  }

  @Override
  public void resetPeak() {
    activeMax.set(active.get());
  }

  /** Threads waiting for a connection right now, or 0 before the pool has started. */
  @Override
  public int pending() {
    HikariPoolMXBean bean = bean();
    return bean == null ? 0 : bean.getThreadsAwaitingConnection();
  }

  /** Connections in the pool, or 0 before the pool has started. */
  @Override
  public int total() {
    HikariPoolMXBean bean = bean();
    return bean == null ? 0 : bean.getTotalConnections();
  }

  // Live values from the MX bean: Hikari's PoolStats caches them for a second.
  private HikariPoolMXBean bean() {
    HikariDataSource ds = dataSource;
    return ds == null ? null : ds.getHikariPoolMXBean();
  }

  @Override
  public int maximumSize() {
    HikariDataSource ds = dataSource;
    return ds == null ? 0 : ds.getMaximumPoolSize();
  }

  private int maxPool() {
    HikariDataSource ds = dataSource;
    return ds == null ? Integer.MAX_VALUE : ds.getMaximumPoolSize();
  }

  void attach(HikariDataSource ds) {
    this.dataSource = ds;
  }

  MetricsTrackerFactory wrapping(MetricsTrackerFactory delegate) {
    return (poolName, poolStats) -> {
      IMetricsTracker inner = delegate.create(poolName, poolStats);
      return new IMetricsTracker() {
        @Override
        public void recordConnectionCreatedMillis(long millis) {
          inner.recordConnectionCreatedMillis(millis);
        }

        @Override
        public void recordConnectionAcquiredNanos(long nanos) {
          // Hikari reports a borrow that timed out here too, then recordConnectionTimeout, with
          // no return to follow: the timeout takes it back. Until then it may count, so the
          // peak is capped at the pool size, which no real count can exceed.
          int now = active.incrementAndGet();
          activeMax.accumulateAndGet(Math.min(now, maxPool()), Math::max);
          inner.recordConnectionAcquiredNanos(nanos);
        }

        @Override
        public void recordConnectionUsageMillis(long millis) {
          active.decrementAndGet();
          inner.recordConnectionUsageMillis(millis);
        }

        @Override
        public void recordConnectionTimeout() {
          active.decrementAndGet();
          inner.recordConnectionTimeout();
        }

        @Override
        public void close() {
          inner.close();
        }
      };
    };
  }
}
