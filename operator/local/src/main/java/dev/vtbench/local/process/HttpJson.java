package dev.vtbench.local.process;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** Small blocking JSON-over-HTTP calls to the local SUT and stub (runtime-info, probes). */
public final class HttpJson {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};
  private static final HttpClient CLIENT = newClient();

  private HttpJson() {}

  /** Status, body, the body parsed as a JSON object (empty if it is not one), and the latency. */
  public record Response(int status, String body, Map<String, Object> json, Duration took) {

    /** A nested value by dotted path, e.g. "peaks.hikariActiveMax"; null when absent. */
    public Object at(String path) {
      Object node = json;
      for (String key : path.split("\\.")) {
        if (!(node instanceof Map<?, ?> m)) {
          return null;
        }
        node = m.get(key);
      }
      return node;
    }

    public long longAt(String path) {
      Object v = at(path);
      if (v instanceof Number n) {
        return n.longValue();
      }
      throw new IllegalStateException("no number at " + path + " in " + body);
    }
  }

  public static Response get(String url) {
    return get(url, Map.of());
  }

  /**
   * A GET, tried a second time on a fresh connection if the first one times out: the JDK client has
   * been seen (rarely, on a loaded 2-core machine) to wait forever on a pooled keep-alive
   * connection, and a GET may be repeated.
   */
  public static Response get(String url, Map<String, String> headers) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).GET();
    headers.forEach(b::header);
    try {
      return send(b, CLIENT, Duration.ofSeconds(30));
    } catch (RequestTimedOut e) {
      System.err.println("HttpJson: GET " + url + " timed out after 30 s; retrying once");
      try (HttpClient fresh = newClient()) {
        return send(b, fresh, Duration.ofSeconds(60));
      }
    }
  }

  /**
   * A POST, always on a connection of its own. A POST cannot be retried blindly as a GET is, and a
   * pooled keep-alive connection has been seen to swallow one as it swallowed GETs: the clean-clone
   * CI's PoolResizeIT waited its full 60 s on the reactive SUT for {@code POST /api/pool?size=3},
   * sent on the connection that had just carried the grow, in two runs of four, while the SUT's own
   * 30 s deadline for that call never answered either; the request never reached a handler that
   * could answer. POSTs here are control calls (a reset, a pool resize), a few per scenario, so a
   * connection each costs nothing that shows.
   */
  public static Response post(String url) {
    try (HttpClient fresh = newClient()) {
      return send(
          HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.noBody()),
          fresh,
          Duration.ofSeconds(60));
    }
  }

  /** A PATCH with a JSON body, on a connection of its own as a POST is: a control call. */
  public static Response patch(String url, String json) {
    try (HttpClient fresh = newClient()) {
      return send(
          HttpRequest.newBuilder(URI.create(url))
              .header("Content-Type", "application/json")
              .method("PATCH", HttpRequest.BodyPublishers.ofString(json)),
          fresh,
          Duration.ofSeconds(30));
    }
  }

  private static HttpClient newClient() {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .build();
  }

  private static final class RequestTimedOut extends IllegalStateException {
    RequestTimedOut(String message, Throwable cause) {
      super(message, cause);
    }
  }

  public static Map<String, Object> parse(String body) {
    try {
      return JSON.readValue(body, MAP);
    } catch (JacksonException e) {
      return Map.of();
    }
  }

  private static Response send(HttpRequest.Builder request, HttpClient client, Duration timeout) {
    long start = System.nanoTime();
    try {
      HttpResponse<String> r =
          client.send(request.timeout(timeout).build(), HttpResponse.BodyHandlers.ofString());
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      return new Response(r.statusCode(), r.body(), parse(r.body()), took);
    } catch (java.net.http.HttpTimeoutException e) {
      throw new RequestTimedOut(
          "request to " + request.build().uri() + " timed out after " + timeout.toSeconds() + " s",
          e);
    } catch (IOException e) {
      throw new IllegalStateException(
          "request to " + request.build().uri() + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
