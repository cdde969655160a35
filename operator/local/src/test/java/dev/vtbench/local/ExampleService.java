package dev.vtbench.local;

import com.sun.net.httpserver.HttpServer;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.ManagedProcess;
import dev.vtbench.local.process.Os;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bring-your-own example service (examples/byo-*) for its own integration test: its packaged jar
 * on a free port, against a throwaway PostgreSQL holding the example's {@code db/schema.sql} and
 * {@code db/seed.sql} and a real HTTP downstream at {@code /quote} that counts its calls,
 * configured only through standard Spring Boot environment variables (the examples know nothing of
 * vtbench). Shared by the examples' tests through vtbench-local's test jar.
 */
public final class ExampleService implements AutoCloseable {

  private LocalPostgres database;
  private HttpServer downstream;
  private ManagedProcess service;
  private final AtomicInteger quotes = new AtomicInteger();
  private String url;

  private ExampleService() {}

  /**
   * Starts the example {@code name} from {@code jar} with its SQL from {@code db}, on virtual
   * threads with a pool of 4, and waits for its Actuator health.
   *
   * @param quoteUrlEnv the variable the service reads its downstream's URL from
   * @param answer the JSON members the downstream answers after {@code "query"}, e.g. {@code
   *     "etaDays":2}
   * @param env further variables, e.g. {@code SPRING_JPA_SHOW_SQL=true}
   */
  public static ExampleService start(
      String name, Path jar, Path db, String quoteUrlEnv, String answer, Map<String, String> env)
      throws Exception {
    ExampleService s = new ExampleService();
    try {
      s.database = LocalPostgres.throwaway(System.out::println);
      try (Connection c = s.database.connect();
          Statement st = c.createStatement()) {
        st.execute(Files.readString(db.resolve("schema.sql")));
        st.execute(Files.readString(db.resolve("seed.sql")));
      }
      s.downstream = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      s.downstream.createContext(
          "/quote",
          exchange -> {
            s.quotes.incrementAndGet();
            byte[] body =
                ("{\"query\":\"" + exchange.getRequestURI().getQuery() + "\"," + answer + "}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
          });
      s.downstream.start();
      int port = Os.freePort();
      s.url = "http://127.0.0.1:" + port;
      Map<String, String> all = new HashMap<>(env);
      all.put("SERVER_PORT", Integer.toString(port));
      all.put("SPRING_DATASOURCE_URL", s.database.jdbcUrl());
      all.put("SPRING_DATASOURCE_USERNAME", LocalPostgres.USER);
      all.put("SPRING_THREADS_VIRTUAL_ENABLED", "true");
      all.put("SPRING_DATASOURCE_HIKARI_MAXIMUMPOOLSIZE", "4");
      all.put(quoteUrlEnv, "http://127.0.0.1:" + s.downstream.getAddress().getPort() + "/quote");
      Path logs = Files.createTempDirectory(name + "-it-");
      s.service =
          ManagedProcess.start(
              ManagedProcess.Spec.of(
                  name,
                  ManagedProcess.javaJar(jar, List.of("-Xmx384m")),
                  all,
                  logs.resolve(name + ".log")));
      s.service.awaitHttpOk(URI.create(s.url + "/actuator/health"), Duration.ofSeconds(120));
      return s;
    } catch (Exception | Error e) {
      s.close();
      throw e;
    }
  }

  /** The service's base URL, e.g. {@code http://127.0.0.1:41234}. */
  public String url() {
    return url;
  }

  /** Calls the downstream has answered so far. */
  public int quotes() {
    return quotes.get();
  }

  /** The service's database. */
  public LocalPostgres database() {
    return database;
  }

  /** The service's log (stdout and stderr). */
  public Path log() {
    return service.log();
  }

  /** Stops the service, the downstream and the database, whichever started. */
  @Override
  public void close() {
    if (service != null) {
      service.close();
    }
    if (downstream != null) {
      downstream.stop(0);
    }
    if (database != null) {
      database.destroy();
    }
  }
}
