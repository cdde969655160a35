package dev.vtbench.sut;

import dev.vtbench.local.LocalPostgres;
import dev.vtbench.local.ManagedProcess;
import dev.vtbench.local.Os;
import dev.vtbench.local.Services;
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
    @Override
    public void close() {
      process.close();
    }
  }

  /** Starts the SUT jar against this stack's database and stub, with {@code env} on top. */
  Sut sut(Map<String, String> env) {
    return sut(env, null);
  }

  Sut sut(Map<String, String> env, String cpus) {
    int port = Os.freePort();
    Map<String, String> all = new HashMap<>(Services.sutEnv(pg, stubUrl(), port));
    all.putAll(env);
    ManagedProcess.Spec spec =
        ManagedProcess.Spec.of(
            "sut",
            ManagedProcess.javaJar(jar("vtbench.sut.jar"), List.of("-Xmx512m")),
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

  static Path jar(String property) {
    String path = System.getProperty(property);
    if (path == null) {
      throw new IllegalStateException(
          property + " not set: run the integration tests through Maven");
    }
    return Path.of(path);
  }
}
