package dev.vtbench.sut.experiments;

import dev.vtbench.sut.downstream.StubClient;
import dev.vtbench.sut.errors.ApiException;
import dev.vtbench.sut.errors.Params;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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

  private static final long MAX_MS = 600_000;

  private final StubClient stub;
  private final JdbcTemplate jdbc;

  ExperimentsController(StubClient stub, JdbcTemplate jdbc) {
    this.stub = stub;
    this.jdbc = jdbc;
  }

  /** Seed 001, case 1: only the blocking HTTP call to the stub (default 20 ms). */
  @GetMapping("/api/downstream")
  Map<String, Object> downstream(@RequestParam(name = "delayMs", required = false) String delayMs) {
    long ms = Params.millis("delayMs", delayMs, 20, MAX_MS);
    Map<String, Object> m = base("downstream", ms);
    m.put("downstream", stub.downstream(0, ms));
    return m;
  }

  /** Seed 001, case 2: a blocking query that sleeps in PostgreSQL (default 20 ms). */
  @GetMapping("/api/db-sleep")
  Map<String, Object> dbSleep(@RequestParam(name = "ms", required = false) String ms) {
    long millis = Params.millis("ms", ms, 20, MAX_MS);
    jdbc.queryForObject("SELECT pg_sleep(?)", Object.class, millis / 1000.0);
    return base("db-sleep", millis);
  }

  /** Seeds 003 and 004: Thread.sleep (default 1000 ms). */
  @GetMapping("/api/sleep")
  Map<String, Object> sleep(@RequestParam(name = "ms", required = false) String ms)
      throws InterruptedException {
    long millis = Params.millis("ms", ms, 1000, MAX_MS);
    Thread.sleep(millis);
    return base("sleep", millis);
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
    long ms = Params.millis("delayMs", delayMs, 300, MAX_MS);
    List<Map<String, Object>> rows =
        jdbc.queryForList(
            "SELECT id, name, surname FROM customers WHERE name = ? AND surname = ? LIMIT 100",
            n,
            s);
    if (rows.isEmpty()) {
      throw ApiException.notFound("user " + n + " " + s);
    }
    List<Map<String, Object>> users = new ArrayList<>();
    for (Map<String, Object> row : rows) {
      Map<String, Object> u = new LinkedHashMap<>();
      u.put("id", row.get("id"));
      u.put("name", row.get("name"));
      u.put("surname", stub.upper(String.valueOf(row.get("surname")), ms));
      users.add(u);
    }
    Map<String, Object> m = base("users", ms);
    m.put("users", users);
    return m;
  }

  /** Seed 004: which thread handled this request. */
  @GetMapping("/api/thread")
  Map<String, Object> thread() {
    Thread t = Thread.currentThread();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("thread", t.toString());
    m.put("name", t.getName());
    m.put("virtual", t.isVirtual());
    return m;
  }

  private static Map<String, Object> base(String endpoint, long ms) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("endpoint", endpoint);
    m.put("delayMs", ms);
    m.put("virtualThread", Thread.currentThread().isVirtual());
    return m;
  }
}
