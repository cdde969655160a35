package dev.vtbench.sut.errors;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;

/**
 * The JSON body of every error either SUT answers: the status and a message the caller can act on,
 * never a stack trace, an HTML page or a password.
 */
public final class ErrorBody {

  private ErrorBody() {}

  /** The fields of every error answer, in order. */
  public static Map<String, Object> fields(HttpStatus status, String message, String path) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("status", status.value());
    m.put("error", status.getReasonPhrase());
    m.put("message", message);
    m.put("path", path);
    m.put("timestamp", Instant.now().toString());
    return m;
  }

  /** The message of a request no route serves (404). */
  public static final String NO_SUCH_ENDPOINT = "no such endpoint";

  /** The message of a failure no handler expected (500): the details go to the log only. */
  public static final String INTERNAL = "internal error";

  /** The message of a route asked with a method it does not serve (405). */
  public static String methodNotAllowed(String method) {
    return "method " + method + " not allowed here";
  }

  /** The message of a database failure that left a request without a connection (503). */
  public static String databaseUnavailable(Throwable e) {
    return "database unavailable: no connection within the pool's timeout (" + rootMessage(e) + ")";
  }

  /** The root cause's message without JDBC URLs' passwords, which may carry credentials. */
  public static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    return m.replaceAll("(?i)(password=)[^&\\s]*", "$1***");
  }

  /** A flat JSON object of strings, numbers and nulls. */
  public static String json(Map<String, Object> fields) {
    StringBuilder sb = new StringBuilder("{");
    fields.forEach(
        (k, v) -> {
          if (sb.length() > 1) {
            sb.append(',');
          }
          sb.append(quoted(k)).append(':');
          sb.append(v == null ? "null" : v instanceof Number ? v.toString() : quoted(v.toString()));
        });
    return sb.append('}').toString();
  }

  private static String quoted(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.append('"').toString();
  }
}
