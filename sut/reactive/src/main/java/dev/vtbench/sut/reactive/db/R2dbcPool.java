package dev.vtbench.sut.reactive.db;

import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.errors.ApiException;
import dev.vtbench.sut.errors.ErrorBody;
import dev.vtbench.sut.runtime.PoolGauge;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.pool.PoolMetrics;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The r2dbc-pool in front of PostgreSQL, fixed-size like the servlet SUT's HikariCP (min = max =
 * HIKARI_MAX_POOL, acquire timeout HIKARI_CONNECTION_TIMEOUT_MS), and the exact count of
 * connections checked out: every request borrows through {@link #withConnection}, which counts the
 * borrow and the return, so the peak between two resets cannot be missed. Requests waiting for a
 * connection are the pool's own gauge, sampled.
 *
 * <p>r2dbc-pool cannot change a pool's size once built. A resize builds a new pool of the new size,
 * fills it, makes it the one requests borrow from and disposes the old one (its idle connections
 * close now, busy ones when returned), so a pool sweep still runs in one JVM, as with HikariCP.
 */
@Component
public class R2dbcPool implements PoolGauge, DisposableBean {

  /** Longest wait for a resized pool to hold its new size, as in the servlet SUT. */
  static final Duration DEADLINE = Duration.ofSeconds(30);

  private final ConnectionFactory database;
  private final Duration acquireTimeout;
  private final AtomicReference<ConnectionPool> pool = new AtomicReference<>();
  private final AtomicInteger active = new AtomicInteger();
  private final AtomicInteger activeMax = new AtomicInteger();

  public R2dbcPool(SutSettings settings) {
    this.acquireTimeout = settings.hikariConnectionTimeout();
    this.database =
        new PostgresqlConnectionFactory(PgUrl.configuration(settings.database(), acquireTimeout));
    // Built empty: it connects on the first borrow (readiness), so the SUT starts with the
    // database down and answers 503 until it is up, as the servlet SUT does.
    pool.set(build(settings.hikariPoolSize()));
  }

  private ConnectionPool build(int size) {
    return new ConnectionPool(
        ConnectionPoolConfiguration.builder(database)
            .name("vtbench")
            .initialSize(size)
            .minIdle(size)
            .maxSize(size)
            .maxAcquireTime(acquireTimeout)
            .maxCreateConnectionTime(acquireTimeout)
            // A borrow that times out fails now (503), as HikariCP's does, instead of retrying.
            .acquireRetry(0)
            // A fixed-size pool: no connection is closed for idling between scenarios.
            .maxIdleTime(Duration.ofMillis(-1))
            .build());
  }

  /**
   * Runs {@code work} on one connection checked out of the pool and returns the connection when it
   * completes, fails or is cancelled. No connection within the pool's timeout answers 503.
   */
  public <T> Mono<T> withConnection(Function<Connection, Mono<T>> work) {
    return Mono.usingWhen(acquire(), work, this::release);
  }

  private Mono<Connection> acquire() {
    return borrow()
        .onErrorMap(
            e -> !(e instanceof ApiException),
            e ->
                new ApiException(
                    HttpStatus.SERVICE_UNAVAILABLE, ErrorBody.databaseUnavailable(e), e))
        .doOnNext(c -> activeMax.accumulateAndGet(active.incrementAndGet(), Math::max));
  }

  /** A connection from the current pool; again from the new one if a resize replaced it. */
  private Mono<Connection> borrow() {
    return Mono.defer(
        () -> {
          ConnectionPool from = pool.get();
          return from.create().onErrorResume(e -> from != pool.get(), e -> borrow());
        });
  }

  private Mono<Void> release(Connection c) {
    return Mono.from(c.close()).doFinally(s -> active.decrementAndGet());
  }

  /** The pool's size now, as it stands: configured maximum, connections, idle ones. */
  public Map<String, Object> state() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("maximumPoolSize", maximumSize());
    m.put("totalConnections", total());
    m.put("idleConnections", metric(PoolMetrics::idleSize));
    return m;
  }

  /**
   * Replaces the pool with one of {@code size} connections and completes once it holds exactly
   * them, all idle: a measurement that starts after it sees the pool it asked for. Meant for the
   * pause between scenarios; requests that borrow meanwhile move to the new pool.
   *
   * @return the state, with the seconds the resize took; an error (503) past the deadline
   */
  public Mono<Map<String, Object>> resize(int size) {
    return Mono.defer(
        () -> {
          long start = System.nanoTime();
          ConnectionPool next = build(size);
          ConnectionPool old = pool.getAndSet(next);
          return next.warmup()
              .then(old.disposeLater().onErrorComplete())
              .thenMany(Flux.interval(Duration.ZERO, Duration.ofMillis(50)))
              .filter(tick -> total() == size && metric(PoolMetrics::idleSize) == size)
              .next()
              .timeout(DEADLINE)
              .onErrorMap(
                  TimeoutException.class,
                  e ->
                      new ApiException(
                          HttpStatus.SERVICE_UNAVAILABLE,
                          "the pool did not reach "
                              + size
                              + " idle connections within "
                              + DEADLINE.toSeconds()
                              + " s: "
                              + state(),
                          e))
              .map(
                  tick -> {
                    Map<String, Object> m = state();
                    m.put("seconds", Math.round((System.nanoTime() - start) / 1e6) / 1000.0);
                    return m;
                  });
        });
  }

  private int metric(ToIntFunction<PoolMetrics> f) {
    return pool.get().getMetrics().map(f::applyAsInt).orElse(0);
  }

  @Override
  public int active() {
    return Math.max(0, active.get());
  }

  @Override
  public int activeMax() {
    return activeMax.get();
  }

  @Override
  public void resetPeak() {
    activeMax.set(active());
  }

  @Override
  public int pending() {
    return metric(PoolMetrics::pendingAcquireSize);
  }

  @Override
  public int total() {
    return metric(PoolMetrics::allocatedSize);
  }

  @Override
  public int maximumSize() {
    return metric(PoolMetrics::getMaxAllocatedSize);
  }

  @Override
  public void destroy() {
    pool.get().disposeLater().onErrorComplete().block(Duration.ofSeconds(10));
  }
}
