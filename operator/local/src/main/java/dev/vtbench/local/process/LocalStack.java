package dev.vtbench.local.process;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * PostgreSQL (seeded), the stub and the SUT as background processes that outlive the command that
 * started them ({@code make up}), recorded in a state file so {@code make down} stops exactly
 * those.
 */
public final class LocalStack {

  /** Where and how to bring the stack up. */
  public record Options(
      Path cacheDir,
      Path sutJar,
      Path stubJar,
      int sutPort,
      int stubPort,
      int pgPort,
      long customers,
      long orders,
      boolean reseed,
      Map<String, String> sutEnv,
      Map<String, String> stubEnv) {}

  private final Path stateFile;
  private final Consumer<String> out;

  public LocalStack(Path cacheDir, Consumer<String> out) {
    this.stateFile = cacheDir.resolve("up").resolve("state.properties");
    this.out = out;
  }

  /** Starts everything; on any failure stops what it had started and rethrows. */
  public void up(Options o) {
    if (Files.exists(stateFile) && anyAlive(load())) {
      throw new IllegalStateException(
          "already up (state in " + stateFile + "); run 'make down' first");
    }
    Path logs = o.cacheDir().resolve("up");
    Properties state = new Properties();
    List<Runnable> undo = new ArrayList<>();
    try {
      LocalPostgres pg =
          LocalPostgres.start(LocalPostgres.dataDirUnder(o.cacheDir()), o.pgPort(), 500, true, out);
      state.setProperty("pg.dataDir", pg.dataDir().toString());
      state.setProperty("pg.startedHere", Boolean.toString(pg.startedHere()));
      state.setProperty("pg.port", Integer.toString(pg.port()));
      if (pg.startedHere()) {
        undo.add(pg::stop);
      }
      out.accept("seeding " + o.customers() + " customers and " + o.orders() + " orders ...");
      LocalPostgres.SeedResult seed = pg.seed(o.customers(), o.orders(), o.reseed());
      out.accept(
          seed.alreadySeeded()
              ? "database already seeded (use --reseed to rebuild)"
              : String.format("seeded in %.1f s", seed.took().toMillis() / 1000.0));

      Map<String, String> stubEnv = new LinkedHashMap<>(o.stubEnv());
      stubEnv.putAll(Services.stubEnv(o.stubPort()));
      ManagedProcess stub =
          ManagedProcess.start(
              ManagedProcess.Spec.of(
                      "stub",
                      ManagedProcess.javaJar(snapshot(o.stubJar(), logs), List.of()),
                      stubEnv,
                      logs.resolve("stub.log"))
                  .detach());
      undo.add(stub::close);
      state.setProperty("stub.pid", Long.toString(stub.pid()));
      state.setProperty("stub.jar", o.stubJar().getFileName().toString());
      stub.awaitHttpOk(URI.create(base(o.stubPort()) + "/readyz"), Duration.ofSeconds(60));

      Map<String, String> sutEnv = Services.sutEnv(pg, base(o.stubPort()), o.sutPort());
      sutEnv.putAll(o.sutEnv());
      ManagedProcess sut =
          ManagedProcess.start(
              ManagedProcess.Spec.of(
                      "sut",
                      ManagedProcess.javaJar(snapshot(o.sutJar(), logs), List.of()),
                      sutEnv,
                      logs.resolve("sut.log"))
                  .detach());
      undo.add(sut::close);
      state.setProperty("sut.pid", Long.toString(sut.pid()));
      state.setProperty("sut.jar", o.sutJar().getFileName().toString());
      sut.awaitHttpOk(URI.create(base(o.sutPort()) + "/readyz"), Duration.ofSeconds(90));
      save(state);
      out.accept("");
      out.accept("vtbench is up:");
      out.accept("  SUT         " + base(o.sutPort()) + "   (log " + sut.log() + ")");
      out.accept("  stub        " + base(o.stubPort()) + "   (log " + stub.log() + ")");
      out.accept("  PostgreSQL  " + pg.jdbcUrl() + " user " + LocalPostgres.USER);
      out.accept("try:  curl -s " + base(o.sutPort()) + "/api/order-summary/42");
      out.accept("stop: make down");
    } catch (RuntimeException e) {
      for (int i = undo.size() - 1; i >= 0; i--) {
        try {
          undo.get(i).run();
        } catch (RuntimeException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw e;
    }
  }

  /** Stops what {@link #up} recorded; returns the names of what it stopped. */
  public List<String> down() {
    if (!Files.exists(stateFile)) {
      return List.of();
    }
    Properties state = load();
    List<String> stopped = new ArrayList<>();
    for (String name : List.of("sut", "stub")) {
      Optional<ProcessHandle> p = recorded(state, name);
      if (p.isPresent()) {
        ManagedProcess.stopTree(p.get(), Duration.ofSeconds(10));
        stopped.add(name + " (pid " + p.get().pid() + ")");
      }
    }
    if (Boolean.parseBoolean(state.getProperty("pg.startedHere"))) {
      Path dataDir = Path.of(state.getProperty("pg.dataDir"));
      if (LocalPostgres.stopIfRunning(dataDir)) {
        stopped.add("PostgreSQL (" + dataDir + ")");
      }
    }
    try {
      Files.deleteIfExists(stateFile);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return stopped;
  }

  /** The recorded process if it is still alive and still runs the recorded jar. */
  private static Optional<ProcessHandle> recorded(Properties state, String name) {
    String pid = state.getProperty(name + ".pid");
    String jar = state.getProperty(name + ".jar");
    if (pid == null) {
      return Optional.empty();
    }
    return ProcessHandle.of(Long.parseLong(pid))
        .filter(ProcessHandle::isAlive)
        // a recycled pid belongs to someone else: leave it alone
        .filter(h -> commandLine(h).contains(jar));
  }

  private static String commandLine(ProcessHandle h) {
    try {
      return Files.readString(Path.of("/proc", Long.toString(h.pid()), "cmdline"))
          .replace('\0', ' ');
    } catch (IOException e) {
      return h.info().commandLine().orElse("");
    }
  }

  private boolean anyAlive(Properties state) {
    return recorded(state, "sut").isPresent() || recorded(state, "stub").isPresent();
  }

  private Properties load() {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(stateFile)) {
      p.load(r);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  private void save(Properties p) {
    try {
      Files.createDirectories(stateFile.getParent());
      try (Writer w = Files.newBufferedWriter(stateFile)) {
        p.store(w, "processes started by 'vtbench up'; 'vtbench down' stops them");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A copy of the jar for the background process: a rebuild (mvn package) rewrites the original,
   * and a JVM whose jar changes underneath it crashes.
   */
  private static Path snapshot(Path jar, Path dir) {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " not found: build it first with 'make build'");
    }
    try {
      Files.createDirectories(dir);
      Path copy = dir.resolve(jar.getFileName());
      Files.copy(jar, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      return copy;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy " + jar, e);
    }
  }

  private static String base(int port) {
    return Services.url(port);
  }
}
