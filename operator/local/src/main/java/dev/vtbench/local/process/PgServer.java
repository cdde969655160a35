package dev.vtbench.local.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The machine's PostgreSQL server programs ({@code initdb}, {@code pg_ctl}) run on one data
 * directory: where they are, the user they run as (PostgreSQL refuses root, so as root every
 * command goes through {@code runuser -u postgres}, or the user named by {@code PG_RUN_AS}), and
 * the directories that user must own or enter. {@link LocalPostgres} decides when to run them.
 */
final class PgServer {

  private PgServer() {}

  /** Locates the server binaries: PG_BIN, else the newest /usr/lib/postgresql/N/bin, else PATH. */
  static Path binDir() {
    String env = System.getenv("PG_BIN");
    if (env != null && !env.isBlank()) {
      Path dir = Path.of(env);
      if (!Files.isExecutable(dir.resolve("initdb"))) {
        throw new IllegalStateException("PG_BIN=" + env + " has no initdb");
      }
      return dir;
    }
    Path root = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(root)) {
      try (Stream<Path> versions = Files.list(root)) {
        var found =
            versions
                .map(v -> v.resolve("bin"))
                .filter(b -> Files.isExecutable(b.resolve("initdb")))
                .max(
                    Comparator.comparingInt(
                        b -> parseIntOr(b.getParent().getFileName().toString(), 0)));
        if (found.isPresent()) {
          return found.get();
        }
      } catch (IOException e) {
        // fall through to PATH
      }
    }
    Path initdb = Os.onPath("initdb");
    if (initdb != null) {
      return initdb.getParent();
    }
    throw new IllegalStateException(
        "PostgreSQL server binaries (initdb, pg_ctl) not found. Install them with"
            + " 'apt-get install postgresql' (Debian/Ubuntu) or point PG_BIN at their folder.");
  }

  /**
   * Starts the server on {@code port} with pg_ctl, waiting at most {@code startTimeout} for it to
   * accept connections.
   *
   * @throws LocalPostgres.TimedOut if it did not accept connections in time
   * @throws IllegalStateException if pg_ctl failed otherwise
   */
  static void start(
      Path bin,
      Path dataDir,
      int port,
      int maxConnections,
      boolean durable,
      Duration startTimeout) {
    String options =
        String.join(
            " ",
            "-p " + port,
            "-c listen_addresses=127.0.0.1",
            "-c unix_socket_directories=''",
            "-c max_connections=" + maxConnections,
            "-c shared_buffers=256MB",
            "-c synchronous_commit=off",
            durable ? "" : "-c fsync=off -c full_page_writes=off");
    Path logFile = dataDir.resolve("vtbench-postgres.log");
    long waitSeconds = Math.max(1, startTimeout.toSeconds());
    Os.Result result =
        pgCtl(
            bin,
            dataDir,
            waitSeconds + 30,
            "-l",
            logFile.toString(),
            "-w",
            "-t",
            Long.toString(waitSeconds),
            "-o",
            options,
            "start");
    if (result.exitCode() != 0) {
      // pg_ctl -w says "server did not start in time" when -t ran out.
      boolean late = result.output().contains("did not start in time");
      String message =
          "PostgreSQL did not start"
              + (late ? " within " + waitSeconds + " s" : "")
              + " (pg_ctl exit "
              + result.exitCode()
              + "): "
              + result.output()
              + "\n"
              + LocalPostgres.tail(logFile, 20);
      throw late ? new LocalPostgres.TimedOut(message) : new IllegalStateException(message);
    }
  }

  static void initdb(Path bin, Path dataDir, boolean durable, Consumer<String> log)
      throws IOException {
    Files.createDirectories(dataDir);
    Files.setPosixFilePermissions(dataDir, PosixFilePermissions.fromString("rwx------"));
    if (Os.isRoot()) {
      chown(dataDir, serverUser());
    }
    List<String> cmd =
        new ArrayList<>(
            List.of(
                bin.resolve("initdb").toString(),
                "-D",
                dataDir.toString(),
                "-U",
                LocalPostgres.USER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C"));
    if (!durable) {
      cmd.add("--no-sync");
    }
    log.accept("initdb " + dataDir);
    Os.Result result = Os.run(asServerUser(cmd), 120);
    if (result.exitCode() != 0) {
      throw new IllegalStateException("initdb failed: " + result.output());
    }
  }

  static Integer runningPort(Path bin, Path dataDir) throws IOException {
    Path pidFile = dataDir.resolve("postmaster.pid");
    if (!Files.exists(pidFile)) {
      return null;
    }
    Os.Result status = pgCtl(bin, dataDir, 30, "status");
    if (status.exitCode() != 0) {
      return null; // stale pid file after a crash: pg_ctl start copes with it
    }
    // postmaster.pid: line 4 is the port
    List<String> lines = Files.readAllLines(pidFile);
    return lines.size() > 3 ? parseIntOr(lines.get(3).strip(), null) : null;
  }

  static Os.Result pgCtl(Path bin, Path dataDir, long timeoutSeconds, String... args) {
    List<String> cmd =
        new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), "-D", dataDir.toString()));
    cmd.addAll(List.of(args));
    return Os.run(asServerUser(cmd), timeoutSeconds);
  }

  static List<String> asServerUser(List<String> command) {
    if (!Os.isRoot()) {
      return command;
    }
    return Os.prefixed(List.of("runuser", "-u", serverUser(), "--"), command);
  }

  private static String serverUser() {
    String user = System.getenv("PG_RUN_AS");
    return user == null || user.isBlank() ? "postgres" : user;
  }

  private static void chown(Path path, String user) throws IOException {
    UserPrincipalLookupService users = path.getFileSystem().getUserPrincipalLookupService();
    try {
      Files.setOwner(path, users.lookupPrincipalByName(user));
    } catch (java.nio.file.attribute.UserPrincipalNotFoundException e) {
      throw new IllegalStateException(
          "running as root, PostgreSQL must run as an unprivileged user, but user '"
              + user
              + "' does not exist: install the postgresql package or set PG_RUN_AS",
          e);
    }
  }

  static void makeReachable(Path dir) throws IOException {
    Set<PosixFilePermission> perms = PosixFilePermissions.fromString("rwxr-xr-x");
    Files.setPosixFilePermissions(dir, perms);
    if (Os.isRoot()) {
      chown(dir, serverUser());
    }
  }

  static boolean everyoneCanEnter(Path dir) {
    for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
      if (!Files.exists(p)) {
        continue;
      }
      try {
        if (!Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE)) {
          return false;
        }
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }

  private static Integer parseIntOr(String s, Integer fallback) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return fallback;
    }
  }
}
