package dev.vtbench.sut.reactive.db;

import dev.vtbench.sut.api.Queries;
import java.time.Duration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Readiness's "db" check, as the servlet SUT's: a query through the pool. Without Spring's R2DBC
 * auto-configuration nothing else checks the database; this is also what opens the pool's first
 * connections before any load arrives. The cause stays out of the answer: it may name the URL.
 */
@Component("dbHealthIndicator")
class DbHealthIndicator implements ReactiveHealthIndicator {

  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  private final R2dbcPool pool;

  DbHealthIndicator(R2dbcPool pool) {
    this.pool = pool;
  }

  @Override
  public Mono<Health> health() {
    return pool.withConnection(
            c ->
                Flux.from(c.createStatement(Queries.PING).execute())
                    .flatMap(r -> r.map(row -> 1))
                    .then(Mono.just(Health.up().build())))
        .timeout(TIMEOUT)
        .onErrorResume(e -> Mono.just(Health.down().build()));
  }
}
