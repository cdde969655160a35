package dev.vtbench.sut.api;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON bodies of the workload endpoints, in one place so that the servlet SUT and the reactive
 * SUT answer the same documents, field for field and in the same order.
 */
public final class Bodies {

  private Bodies() {}

  public static Map<String, Object> customer(
      long id, String name, String surname, String email, String tier) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", id);
    m.put("name", name);
    m.put("surname", surname);
    m.put("email", email);
    m.put("tier", tier);
    return m;
  }

  /** An order with its customer; {@code createdAt} in UTC, as JDBC reads a timestamptz. */
  public static Map<String, Object> order(
      long id,
      String status,
      long totalCents,
      int itemCount,
      OffsetDateTime createdAt,
      Map<String, Object> customer) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", id);
    m.put("status", status);
    m.put("totalCents", totalCents);
    m.put("itemCount", itemCount);
    m.put("createdAt", createdAt.withOffsetSameInstant(ZoneOffset.UTC).toString());
    m.put("customer", customer);
    return m;
  }

  /** GET /api/order-summary/{id}: the order and the downstream answer. */
  public static Map<String, Object> summary(
      Map<String, Object> order, Map<String, Object> downstream) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("order", order);
    m.put("downstream", downstream);
    m.put("virtualThread", Thread.currentThread().isVirtual());
    return m;
  }

  /** The start of every other experiment's answer: which endpoint, how long it blocked. */
  public static Map<String, Object> experiment(String endpoint, long delayMs) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("endpoint", endpoint);
    m.put("delayMs", delayMs);
    m.put("virtualThread", Thread.currentThread().isVirtual());
    return m;
  }

  /** GET /api/downstream: the experiment and the stub's answer. */
  public static Map<String, Object> downstream(long delayMs, Map<String, Object> answer) {
    Map<String, Object> m = experiment("downstream", delayMs);
    m.put("downstream", answer);
    return m;
  }

  /** One user of GET /api/users, its surname as the stub upper-cased it. */
  public static Map<String, Object> user(long id, String name, String upperSurname) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", id);
    m.put("name", name);
    m.put("surname", upperSurname);
    return m;
  }

  /** GET /api/users: the experiment and its users. */
  public static Map<String, Object> users(long delayMs, List<Map<String, Object>> users) {
    Map<String, Object> m = experiment("users", delayMs);
    m.put("users", users);
    return m;
  }

  /** GET /api/thread: the thread that handled the request. */
  public static Map<String, Object> thread() {
    Thread t = Thread.currentThread();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("thread", t.toString());
    m.put("name", t.getName());
    m.put("virtual", t.isVirtual());
    return m;
  }
}
