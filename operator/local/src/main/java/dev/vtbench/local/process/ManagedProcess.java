package dev.vtbench.local.process;

import dev.vtbench.engine.model.spec.Timeout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A child process of the local platform (stub, SUT, k6) with its output in a log file. Stopping it
 * stops its descendants too, so Ctrl-C or a failure leaves no orphans.
 */
public final class ManagedProcess implements AutoCloseable {

  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(2))
          .build();

  private final String name;
  private final Process process;
  private final Path log;

  private ManagedProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  /** How to start a process. */
  public record Spec(
      String name,
      List<String> command,
      Map<String, String> env,
      Path log,
      String cpus,
      boolean detached) {

    public Spec {
      command = List.copyOf(command);
      env = Map.copyOf(env);
    }

    /** A plain child: inherits this environment plus {@code env}, logs to {@code log}. */
    public static Spec of(String name, List<String> command, Map<String, String> env, Path log) {
      return new Spec(name, command, env, log, null, false);
    }

    /** The same process pinned to a CPU list such as "1" or "0-3" with taskset. */
    public Spec pinnedTo(String cpuList) {
      return new Spec(name, command, env, log, cpuList, detached);
    }

    /** The same process in a session of its own, so it outlives this JVM (make up). */
    public Spec detach() {
      return new Spec(name, command, env, log, cpus, true);
    }
  }

  /** The command line for a Spring Boot jar on the running JDK. */
  public static List<String> javaJar(Path jar, List<String> jvmArgs) {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(
          jar + " not found: build it first with 'make build' (mvn package)");
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(Os.javaLauncher().toString());
    cmd.addAll(jvmArgs);
    cmd.add("-jar");
    cmd.add(jar.toString());
    return cmd;
  }

  public static ManagedProcess start(Spec spec) {
    List<String> cmd = new ArrayList<>();
    if (spec.detached() && Os.onPath("setsid") != null) {
      cmd.add("setsid");
    }
    if (spec.cpus() != null && !spec.cpus().isBlank()) {
      if (Os.onPath("taskset") == null) {
        throw new IllegalStateException(
            "taskset not found: install util-linux to pin "
                + spec.name()
                + " to CPUs "
                + spec.cpus());
      }
      cmd.addAll(List.of("taskset", "-c", spec.cpus()));
    }
    cmd.addAll(spec.command());
    try {
      Files.createDirectories(spec.log().toAbsolutePath().getParent());
      ProcessBuilder pb =
          new ProcessBuilder(cmd)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.to(spec.log().toFile()))
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
      pb.environment().putAll(spec.env());
      return new ManagedProcess(spec.name(), pb.start(), spec.log());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + spec.name() + ": " + e.getMessage(), e);
    }
  }

  public long pid() {
    return process.pid();
  }

  public String name() {
    return name;
  }

  public Path log() {
    return log;
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** As {@link #awaitHttpOk(URI, Duration)} until a spec deadline, named when it passes. */
  public void awaitHttpOk(URI url, Timeout deadline) {
    awaitHttpOk(url, deadline.duration(), " (" + deadline + ")");
  }

  /**
   * Waits until {@code url} answers 200, failing early (with the log's tail) if the process dies.
   */
  public void awaitHttpOk(URI url, Duration timeout) {
    awaitHttpOk(url, timeout, "");
  }

  private void awaitHttpOk(URI url, Duration timeout, String setBy) {
    long deadline = System.nanoTime() + timeout.toNanos();
    HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(2)).GET().build();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            name
                + " exited with code "
                + process.exitValue()
                + " before it was ready; last lines of "
                + log
                + ":\n"
                + LocalPostgres.tail(log, 25));
      }
      try {
        HttpResponse<Void> response = HTTP.send(request, HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for " + name, e);
      }
      sleep(Duration.ofMillis(100));
    }
    throw new IllegalStateException(
        name
            + " not ready at "
            + url
            + " after "
            + timeout.toSeconds()
            + " s"
            + setBy
            + "; see "
            + log);
  }

  /** Waits for the process to end on its own; returns its exit code. */
  public int waitFor(Duration timeout) {
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException(
            name + " still running after " + timeout.toSeconds() + " s");
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + name, e);
    }
  }

  /** SIGTERM to the process and its descendants, then SIGKILL to whatever is left after 10 s. */
  @Override
  public void close() {
    stopTree(process.toHandle(), Duration.ofSeconds(10));
  }

  /** Stops a process (found by pid, e.g. from a state file) and its descendants. */
  public static void stopTree(ProcessHandle root, Duration grace) {
    List<ProcessHandle> all = new ArrayList<>(root.descendants().toList());
    all.add(root);
    all.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + grace.toNanos();
    for (ProcessHandle h : all) {
      long left = Math.max(0, deadline - System.nanoTime());
      try {
        h.onExit().get(left, TimeUnit.NANOSECONDS);
      } catch (Exception e) {
        h.destroyForcibly();
      }
    }
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
