package dev.vtbench.engine.results.derived;

import dev.vtbench.engine.results.row.ResultRow;

/**
 * The caps on how many requests can be in service at once, for Little's law.
 *
 * <p>A {@code null} limit does not apply. Which limits apply is the caller's decision; {@link
 * #forScenario} encodes the reference rig's rules.
 *
 * @param vus concurrent k6 virtual users: a closed-model generator never has more requests in
 *     flight than this
 * @param tomcatThreads Tomcat worker threads, when each request occupies one for its whole service
 *     time (platform mode); {@code null} in virtual mode, where each request gets its own virtual
 *     thread
 * @param hikariPool Hikari pool size, when each request holds a connection for its whole service
 *     time (held mode); {@code null} in released mode, where the connection is back in the pool
 *     after a sub-millisecond query and so does not cap concurrency
 */
public record ConcurrencyLimits(int vus, Integer tomcatThreads, Integer hikariPool) {

  /** Which of the limits is the smallest. */
  public enum Kind {
    TOMCAT_THREADS,
    HIKARI_POOL,
    VUS
  }

  /**
   * Spring Boot's default {@code server.tomcat.threads.max}; used when a platform-mode row does not
   * say, which is the case for every reference-rig row.
   */
  public static final int TOMCAT_DEFAULT_MAX_THREADS = 200;

  public ConcurrencyLimits {
    requirePositive(vus, "vus");
    if (tomcatThreads != null) {
      requirePositive(tomcatThreads, "tomcatThreads");
    }
    if (hikariPool != null) {
      requirePositive(hikariPool, "hikariPool");
    }
  }

  private static void requirePositive(int value, String name) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be > 0, was " + value);
    }
  }

  /**
   * The reference rig's rules: Tomcat threads cap only platform mode, the pool caps only held mode.
   *
   * @param tomcatThreads the configured maximum, or {@code null} for Spring Boot's default (200)
   */
  public static ConcurrencyLimits forScenario(
      String threadMode, String connMode, int vus, Integer tomcatThreads, int hikariPool) {
    boolean platform = ResultRow.PLATFORM.equalsIgnoreCase(threadMode.trim());
    boolean held = ResultRow.HELD.equalsIgnoreCase(connMode.trim());
    Integer threads =
        platform ? (tomcatThreads == null ? TOMCAT_DEFAULT_MAX_THREADS : tomcatThreads) : null;
    return new ConcurrencyLimits(vus, threads, held ? hikariPool : null);
  }

  /** {@link #forScenario} applied to a row's own columns. */
  public static ConcurrencyLimits of(ResultRow row) {
    return forScenario(
        row.threadMode(), row.connMode(), row.concurrency(), row.tomcatThreads(), row.hikariPool());
  }

  /** The smallest applicable limit: at most this many requests are ever in service. */
  public int effective() {
    int n = vus;
    if (tomcatThreads != null) {
      n = Math.min(n, tomcatThreads);
    }
    if (hikariPool != null) {
      n = Math.min(n, hikariPool);
    }
    return n;
  }

  /**
   * Which limit is {@link #effective()}. Ties go to server-side limits first (threads, then pool),
   * because at a tie adding VUs would not raise throughput, and a thread is taken before a
   * connection.
   */
  public Kind binding() {
    int n = effective();
    if (tomcatThreads != null && tomcatThreads == n) {
      return Kind.TOMCAT_THREADS;
    }
    if (hikariPool != null && hikariPool == n) {
      return Kind.HIKARI_POOL;
    }
    return Kind.VUS;
  }
}
