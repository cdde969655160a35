package dev.vtbench.sut.runtime;

import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.db.PoolTracker;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/** Tomcat's thread cap and the Hikari pool's size, for /api/runtime-info. */
@Component
class ServletStack implements StackInfo {

  private final SutSettings settings;
  private final PoolTracker pool;

  ServletStack(SutSettings settings, PoolTracker pool) {
    this.settings = settings;
    this.pool = pool;
  }

  @Override
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("tomcatMaxThreads", settings.tomcatMaxThreads());
    // Live: a pool sweep resizes the pool in the running JVM (POST /api/pool).
    m.put("hikariPoolSize", pool.maximumSize());
    return m;
  }
}
