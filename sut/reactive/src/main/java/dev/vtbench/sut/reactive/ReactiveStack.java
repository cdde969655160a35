package dev.vtbench.sut.reactive;

import dev.vtbench.sut.reactive.db.R2dbcPool;
import dev.vtbench.sut.runtime.StackInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;
import reactor.netty.resources.LoopResources;

/**
 * The event loop in place of Tomcat's thread cap and the r2dbc-pool in place of HikariCP, for
 * /api/runtime-info. The pool's peaks keep the rig's names (peaks.hikariActiveMax …: see {@link
 * dev.vtbench.sut.runtime.PoolGauge}).
 */
@Component
class ReactiveStack implements StackInfo {

  private final R2dbcPool pool;

  ReactiveStack(R2dbcPool pool) {
    this.pool = pool;
  }

  @Override
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("stack", "reactive");
    // Reactor Netty's worker threads (max(CPUs, 4) unless reactor.netty.ioWorkerCount says
    // otherwise): every request of the server runs on one of them.
    m.put("eventLoopThreads", LoopResources.DEFAULT_IO_WORKER_COUNT);
    m.put("dbPool", "r2dbc-pool");
    // Live: a pool sweep replaces the pool in the running JVM (POST /api/pool).
    m.put("r2dbcPoolSize", pool.maximumSize());
    return m;
  }
}
