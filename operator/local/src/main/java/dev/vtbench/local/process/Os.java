package dev.vtbench.local.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Small facts about the local machine and process helpers shared by the local platform. */
public final class Os {

  private Os() {}

  /** Where vtbench caches its database, logs and tools unless --cache-dir says otherwise. */
  public static final Path DEFAULT_CACHE =
      Path.of(System.getProperty("user.home"), ".cache", "vtbench");

  /** True when this process runs as root (uid 0), where PostgreSQL refuses to start. */
  public static boolean isRoot() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          return line.split("\\s+")[1].equals("0");
        }
      }
    } catch (IOException e) {
      // not Linux: fall through to the user name
    }
    return "root".equals(System.getProperty("user.name"));
  }

  /** A TCP port free on 127.0.0.1 right now. */
  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free local port", e);
    }
  }

  /** True when something accepts TCP connections on 127.0.0.1:port. */
  public static boolean portInUse(int port) {
    try (var socket = new java.net.Socket()) {
      socket.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The java launcher of the running JDK, so child JVMs use the same Java 25. */
  public static Path javaLauncher() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /** Finds an executable on PATH, or null. */
  public static Path onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String dir : path.split(":")) {
      Path candidate = Path.of(dir, name);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  /** The result of a short command run to completion. */
  public record Result(int exitCode, String output) {}

  /**
   * Runs a short command, merging stderr into stdout, and waits up to {@code timeoutSeconds}.
   *
   * @throws IllegalStateException when the command cannot start or times out
   */
  public static Result run(List<String> command, long timeoutSeconds) {
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      byte[] out = process.getInputStream().readAllBytes();
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(
            "timed out after " + timeoutSeconds + " s: " + String.join(" ", command));
      }
      return new Result(process.exitValue(), new String(out).strip());
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot run " + command.getFirst() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted: " + String.join(" ", command), e);
    }
  }

  /** Prefixes {@code command} with {@code prefix}. */
  static List<String> prefixed(List<String> prefix, List<String> command) {
    List<String> all = new ArrayList<>(prefix);
    all.addAll(command);
    return all;
  }
}
