package dev.vtbench.sut.experiments;

import dev.vtbench.sut.api.Bodies;
import dev.vtbench.sut.api.Delays;
import dev.vtbench.sut.api.Queries;
import dev.vtbench.sut.downstream.StubClient;
import dev.vtbench.sut.errors.ApiException;
import dev.vtbench.sut.errors.Params;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * One endpoint per other seed experiment, each blocking in one way only, with the delay as a
 * parameter so one SUT reproduces them all.
 */
@RestController
class ExperimentsController {

  private final StubClient stub;
  private final JdbcTemplate jdbc;

  ExperimentsController(StubClient stub, JdbcTemplate jdbc) {
    this.stub = stub;
    this.jdbc = jdbc;
  }

  /** Seed 001, case 1: only the blocking HTTP call to the stub (default 20 ms). */
  @GetMapping("/api/downstream")
  Map<String, Object> downstream(@RequestParam(name = "delayMs", required = false) String delayMs) {
    long ms = Delays.downstream(delayMs);
    return Bodies.downstream(ms, stub.downstream(0, ms));
  }

  /** Seed 001, case 2: a blocking query that sleeps in PostgreSQL (default 20 ms). */
  @GetMapping("/api/db-sleep")
  Map<String, Object> dbSleep(@RequestParam(name = "ms", required = false) String ms) {
    long millis = Delays.dbSleep(ms);
    jdbc.queryForObject(Queries.jdbc(Queries.PG_SLEEP), Object.class, millis / 1000.0);
    return Bodies.experiment("db-sleep", millis);
  }

  /** Seeds 003 and 004: Thread.sleep (default 1000 ms). */
  @GetMapping("/api/sleep")
  Map<String, Object> sleep(@RequestParam(name = "ms", required = false) String ms)
      throws InterruptedException {
    long millis = Delays.sleep(ms);
    Thread.sleep(millis);
    return Bodies.experiment("sleep", millis);
  }

  /**
   * Seed 002: users by name and surname, then one downstream call per row that returns the surname
   * upper-cased (default 300 ms).
   */
  @GetMapping("/api/users")
  Map<String, Object> users(
      @RequestParam(name = "name", required = false) String name,
      @RequestParam(name = "surname", required = false) String surname,
      @RequestParam(name = "delayMs", required = false) String delayMs) {
    String n = Params.text("name", name);
    String s = Params.text("surname", surname);
    long ms = Delays.users(delayMs);
    List<Map<String, Object>> rows = jdbc.queryForList(Queries.jdbc(Queries.USERS_BY_NAME), n, s);
    if (rows.isEmpty()) {
      throw ApiException.notFound("user " + n + " " + s);
    }
    List<Map<String, Object>> users = new ArrayList<>();
    for (Map<String, Object> row : rows) {
      users.add(
          Bodies.user(
              ((Number) row.get("id")).longValue(),
              (String) row.get("name"),
              stub.upper(String.valueOf(row.get("surname")), ms)));
    }
    return Bodies.users(ms, users);
  }

  /** Seed 004: which thread handled this request. */
  @GetMapping("/api/thread")
  Map<String, Object> thread() {
    return Bodies.thread();
  }
}
