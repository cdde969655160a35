package dev.vtbench.engine.k6;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import tools.jackson.databind.json.JsonMapper;

/** Servers on loopback that play the SUT and its neighbours for the k6 scripts under test. */
final class FakeServers {

  /** What the SUT reads at a phase's start and keeps as its windows' {@code start}. */
  private static final List<String> START_COUNTERS =
      List.of("processCpuSeconds", "dbCpuSeconds", "cfs", "dbCfs");

  private FakeServers() {}

  /**
   * A started server on loopback that plays the SUT for the cluster script: {@code /item} answers
   * 200, {@code /api/runtime-info} (and its {@code /reset}) answers {@code runtimeInfo}'s JSON,
   * told whether it is a reset. Like the SUT, it keeps the counters of the reset's JSON as its
   * windows' {@code start} ({@code peaks.windows.start} of every later read), which the script
   * takes for the hold's start, and answers the reset itself without them.
   */
  static HttpServer fakeSut(Function<Boolean, String> runtimeInfo) throws IOException {
    return fakeSut(runtimeInfo, new CopyOnWriteArrayList<>());
  }

  /** {@link #fakeSut(Function)}, adding each reset's path and query to {@code resets}. */
  static HttpServer fakeSut(Function<Boolean, String> runtimeInfo, List<String> resets)
      throws IOException {
    HttpServer server = items();
    AtomicReference<Map<String, Object>> atStart = new AtomicReference<>();
    server.createContext(
        "/api/runtime-info",
        exchange -> {
          boolean reset = exchange.getRequestURI().getPath().endsWith("/reset");
          if (reset) {
            resets.add(exchange.getRequestURI().toString());
          }
          String json = runtimeInfo.apply(reset);
          if (reset) {
            atStart.set(startCounters(json));
            // what the reset found is not the hold's start: a script that took it reads nothing
            json = withoutCounters(json);
          } else if (atStart.get() != null) {
            json = withStart(json, atStart.get());
          }
          byte[] body = json.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    return server;
  }

  /** The counters of a runtime-info JSON the SUT reads at a phase's start. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> startCounters(String json) {
    Map<String, Object> info = JsonMapper.shared().readValue(json, Map.class);
    Map<String, Object> start = new LinkedHashMap<>();
    for (String k : START_COUNTERS) {
      if (info.containsKey(k)) {
        start.put(k, info.get(k));
      }
    }
    return start;
  }

  /** {@code json} without the counters {@link #startCounters} takes. */
  @SuppressWarnings("unchecked")
  private static String withoutCounters(String json) {
    Map<String, Object> info = JsonMapper.shared().readValue(json, Map.class);
    START_COUNTERS.forEach(info::remove);
    return JsonMapper.shared().writeValueAsString(info);
  }

  /** {@code json} with {@code start} as its {@code peaks.windows.start}. */
  @SuppressWarnings("unchecked")
  private static String withStart(String json, Map<String, Object> start) {
    Map<String, Object> info = JsonMapper.shared().readValue(json, Map.class);
    Map<String, Object> peaks =
        (Map<String, Object>) info.computeIfAbsent("peaks", k -> new LinkedHashMap<>());
    Map<String, Object> windows =
        (Map<String, Object>) peaks.computeIfAbsent("windows", k -> new LinkedHashMap<>());
    windows.put("start", start);
    return JsonMapper.shared().writeValueAsString(info);
  }

  /** A started server on loopback whose {@code /item} answers 200 with no body. */
  static HttpServer items() throws IOException {
    return loopback(
        "/item",
        exchange -> {
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
  }

  /**
   * An HTTP server on a free loopback port, started, answering {@code path} with {@code handler}.
   */
  static HttpServer loopback(String path, com.sun.net.httpserver.HttpHandler handler)
      throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext(path, handler);
    server.start();
    return server;
  }
}
