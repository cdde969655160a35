package dev.vtbench.sut;

import dev.vtbench.local.process.HttpJson;
import dev.vtbench.local.process.LocalPostgres;
import dev.vtbench.local.process.ManagedProcess;
import dev.vtbench.local.process.Os;
import dev.vtbench.local.process.Services;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Real parts for the integration tests: one throwaway PostgreSQL (seeded small) and one stub for
 * the whole run, and SUT processes started from the built jar with the environment a test asks for.
 * Nothing is mocked.
 */
final class RealStack {

  static final long CUSTOMERS = 2_000;
  static final long ORDERS = 10_000;

  private static RealStack instance;

  final LocalPostgres pg;
  final ManagedProcess stub;
  final int stubPort;
  final Path logs;

  private RealStack() throws Exception {
    logs = Files.createTempDirectory("vtbench-it-");
    pg = LocalPostgres.throwaway(System.out::println);
    pg.seed(CUSTOMERS, ORDERS, false);
    stubPort = Os.freePort();
    stub =
        ManagedProcess.start(
            ManagedProcess.Spec.of(
                "stub",
                ManagedProcess.javaJar(jar("vtbench.stub.jar"), List.of("-Xmx256m")),
                Services.stubEnv(stubPort),
                logs.resolve("stub.log")));
    stub.awaitHttpOk(URI.create(stubUrl() + "/readyz"), Duration.ofSeconds(60));
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .unstarted(
                    () -> {
                      stub.close();
                      pg.destroy();
                    }));
  }

  static synchronized RealStack get() {
    if (instance == null) {
      try {
        instance = new RealStack();
      } catch (Exception e) {
        throw new IllegalStateException("cannot start the test stack: " + e.getMessage(), e);
      }
    }
    return instance;
  }

  String stubUrl() {
    return Services.url(stubPort);
  }

  /** A running SUT; closing it stops the process. */
  record Sut(ManagedProcess process, String url) implements AutoCloseable {

    /**
     * Waits until readiness says the database answers: the pool then holds its first connection,
     * which on a busy machine may take longer than a short pool timeout a test sets.
     */
    void awaitReady() {
      long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (HttpJson.get(url + "/readyz").status() != 200) {
        if (System.nanoTime() > end) {
          throw new AssertionError("SUT never became ready: " + url);
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new AssertionError(e);
        }
      }
    }

    @Override
    public void close() {
      process.close();
    }
  }

  /** The servlet SUT's jar and the reactive SUT's, as Maven built them. */
  enum Jar {
    SERVLET("vtbench.sut.jar"),
    REACTIVE("vtbench.sut.reactive.jar");

    final String property;

    Jar(String property) {
      this.property = property;
    }

    Path path() {
      return jar(property);
    }
  }

  /** Starts the SUT jar against this stack's database and stub, with {@code env} on top. */
  Sut sut(Map<String, String> env) {
    return sut(env, null);
  }

  Sut sut(Map<String, String> env, String cpus) {
    return start(Jar.SERVLET, env, cpus);
  }

  /** Starts the reactive SUT's jar as {@link #sut(Map)} starts the servlet SUT's. */
  Sut reactive(Map<String, String> env) {
    return start(Jar.REACTIVE, env, null);
  }

  Sut start(Jar jar, Map<String, String> env, String cpus) {
    int port = Os.freePort();
    Map<String, String> all = new HashMap<>(Services.sutEnv(pg, stubUrl(), port));
    all.putAll(env);
    ManagedProcess.Spec spec =
        ManagedProcess.Spec.of(
            "sut",
            ManagedProcess.javaJar(jar.path(), List.of("-Xmx512m")),
            all,
            logs.resolve("sut-" + port + ".log"));
    ManagedProcess p = ManagedProcess.start(cpus == null ? spec : spec.pinnedTo(cpus));
    String url = Services.url(port);
    try {
      p.awaitHttpOk(URI.create(url + "/livez"), Duration.ofSeconds(90));
    } catch (RuntimeException e) {
      p.close();
      throw e;
    }
    return new Sut(p, url);
  }

  /**
   * Starts {@code jar} with only {@code name=value} set and a free port, and returns what it
   * printed once it stopped with exit code 2: a bad setting must stop start-up with one line naming
   * it, no stack trace.
   */
  static String refusedStart(Jar jar, String name, String value) throws IOException {
    Path log = Files.createTempFile("vtbench-bad-config", ".log");
    int exit;
    try (ManagedProcess p =
        ManagedProcess.start(
            ManagedProcess.Spec.of(
                "sut",
                ManagedProcess.javaJar(jar.path(), List.of()),
                Map.of(name, value, "SERVER_PORT", Integer.toString(Os.freePort())),
                log))) {
      exit = p.waitFor(Duration.ofSeconds(60));
    }
    String out = Files.readString(log);
    if (exit != 2 || out.contains("Exception") || out.contains("\tat ")) {
      throw new AssertionError(
          jar + " with " + name + "=" + value + ": exit " + exit + ", printed:\n" + out);
    }
    return out;
  }

  static Path jar(String property) {
    String path = System.getProperty(property);
    if (path == null) {
      throw new IllegalStateException(
          property + " not set: run the integration tests through Maven");
    }
    return Path.of(path);
  }
}
