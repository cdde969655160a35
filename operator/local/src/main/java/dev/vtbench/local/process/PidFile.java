package dev.vtbench.local.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The pids of what a run started ({@code logs/pids}), so a run killed with SIGKILL leaves nothing
 * the next run of the spec trips on.
 */
public final class PidFile {

  private final Path file;

  public PidFile(Path workDir) {
    this.file = workDir.resolve("logs").resolve("pids");
  }

  /** Notes {@code p}'s pid. */
  public void record(ManagedProcess p) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, p.pid() + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Stops processes an earlier run of this spec started and could not stop (it was killed): a
   * leftover SUT or k6 would take CPU from the new run. Only pids whose command line is still one
   * of ours ({@code ours}) are touched.
   */
  public void stopLeftovers(Predicate<String> ours, Consumer<String> progress) {
    if (!Files.exists(file)) {
      return;
    }
    try {
      for (String line : Files.readAllLines(file)) {
        ProcessHandle.of(Long.parseLong(line.strip()))
            .filter(h -> ours.test(h.info().commandLine().orElse("")))
            .ifPresent(
                h -> {
                  progress.accept("stopping pid " + h.pid() + " left over from an earlier run");
                  ManagedProcess.stopTree(h, Duration.ofSeconds(10));
                });
      }
      Files.delete(file);
    } catch (IOException | NumberFormatException e) {
      progress.accept("could not read " + file + ": " + e.getMessage());
    }
  }
}
