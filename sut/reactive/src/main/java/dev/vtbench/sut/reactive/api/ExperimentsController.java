package dev.vtbench.sut.reactive.api;

import dev.vtbench.sut.api.Bodies;
import dev.vtbench.sut.api.Delays;
import dev.vtbench.sut.api.Queries;
import dev.vtbench.sut.errors.ApiException;
import dev.vtbench.sut.errors.Params;
import dev.vtbench.sut.reactive.db.R2dbcPool;
import dev.vtbench.sut.reactive.downstream.ReactiveStubClient;
import java.time.Duration;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The other seed experiments' endpoints with the servlet SUT's parameters and answers, each waiting
 * without a thread: on the stub through WebClient, on PostgreSQL through R2DBC, on a timer.
 */
@RestController
class ExperimentsController {

  private final ReactiveStubClient stub;
  private final R2dbcPool pool;

  ExperimentsController(ReactiveStubClient stub, R2dbcPool pool) {
    this.stub = stub;
    this.pool = pool;
  }

  /** Seed 001, case 1: only the call to the stub (default 20 ms). */
  @GetMapping("/api/downstream")
  Mono<Map<String, Object>> downstream(
      @RequestParam(name = "delayMs", required = false) String delayMs) {
    long ms = Delays.downstream(delayMs);
    return stub.downstream(0, ms).map(answer -> Bodies.downstream(ms, answer));
  }

  /** Seed 001, case 2: a query that sleeps in PostgreSQL (default 20 ms). */
  @GetMapping("/api/db-sleep")
  Mono<Map<String, Object>> dbSleep(@RequestParam(name = "ms", required = false) String ms) {
    long millis = Delays.dbSleep(ms);
    return pool.withConnection(
            c ->
                Flux.from(c.createStatement(Queries.PG_SLEEP).bind("$1", millis / 1000.0).execute())
                    .flatMap(result -> result.map(row -> 1))
                    .then())
        .then(Mono.fromSupplier(() -> Bodies.experiment("db-sleep", millis)));
  }

  /** Seeds 003 and 004: the servlet SUT's Thread.sleep is a timer here (default 1000 ms). */
  @GetMapping("/api/sleep")
  Mono<Map<String, Object>> sleep(@RequestParam(name = "ms", required = false) String ms) {
    long millis = Delays.sleep(ms);
    return Mono.delay(Duration.ofMillis(millis))
        .then(Mono.fromSupplier(() -> Bodies.experiment("sleep", millis)));
  }

  /**
   * Seed 002: users by name and surname, then one call to the stub per row, one after the other as
   * in the servlet SUT, for the surname upper-cased (default 300 ms).
   */
  @GetMapping("/api/users")
  Mono<Map<String, Object>> users(
      @RequestParam(name = "name", required = false) String name,
      @RequestParam(name = "surname", required = false) String surname,
      @RequestParam(name = "delayMs", required = false) String delayMs) {
    String n = Params.text("name", name);
    String s = Params.text("surname", surname);
    long ms = Delays.users(delayMs);
    return pool.withConnection(
            c ->
                Flux.from(
                        c.createStatement(Queries.USERS_BY_NAME)
                            .bind("$1", n)
                            .bind("$2", s)
                            .execute())
                    .flatMap(
                        result ->
                            result.map(
                                row ->
                                    new User(
                                        row.get("id", Long.class),
                                        row.get("name", String.class),
                                        row.get("surname", String.class))))
                    .collectList())
        .flatMap(
            rows ->
                rows.isEmpty()
                    ? Mono.<Map<String, Object>>error(ApiException.notFound("user " + n + " " + s))
                    : Flux.fromIterable(rows)
                        .concatMap(
                            u ->
                                stub.upper(u.surname(), ms)
                                    .map(upper -> Bodies.user(u.id(), u.name(), upper)))
                        .collectList()
                        .map(users -> Bodies.users(ms, users)));
  }

  /** Seed 004: which thread handled this request (an event-loop thread). */
  @GetMapping("/api/thread")
  Map<String, Object> thread() {
    return Bodies.thread();
  }

  private record User(long id, String name, String surname) {}
}
