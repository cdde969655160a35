package dev.vtbench.local.process;

import dev.vtbench.proc.ProcessCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU time of local processes from /proc, so each tier's CPU over a window is measured, not
 * guessed. Children count too (PostgreSQL forks a backend per connection).
 */
public final class ProcCpu {

  private static final double TICKS_PER_SECOND = ProcessCpu.TICKS_PER_SECOND;

  private ProcCpu() {}

  /** A reading of the CPU time used so far by a set of process trees. */
  public record Sample(long ticks, long nanoTime) {
    /** The CPU seconds the sampled processes had used by then. */
    public double seconds() {
      return ticks / TICKS_PER_SECOND;
    }

    /** CPU used between {@code earlier} and this sample, in percent of one core. */
    public double percentSince(Sample earlier) {
      double seconds = (nanoTime - earlier.nanoTime) / 1e9;
      if (seconds <= 0) {
        return 0;
      }
      return (ticks - earlier.ticks) / TICKS_PER_SECOND / seconds * 100.0;
    }
  }

  /**
   * CPU time of the trees rooted at {@code pids} (each process plus its live descendants). A
   * descendant that exits during the window takes its ticks with it, so short-lived children are
   * slightly under-counted; PostgreSQL backends live as long as the pool's connections.
   */
  public static Sample sample(List<Long> pids) {
    long ticks = 0;
    for (long pid : pids) {
      List<Long> tree = new ArrayList<>();
      tree.add(pid);
      ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> tree.add(d.pid())));
      for (long p : tree) {
        ticks += ProcessCpu.ticks(p);
      }
    }
    return new Sample(ticks, System.nanoTime());
  }

  /**
   * CPU time of one process alone, its children left out: for the vtbench JVM, whose children are
   * the tiers it measures.
   */
  public static Sample sampleAlone(long pid) {
    return new Sample(ProcessCpu.ticks(pid), System.nanoTime());
  }

  /**
   * Resident memory of the tree rooted at {@code pid} in MiB ({@code VmRSS} of each process), or
   * null when the process is gone.
   */
  public static Double rssMb(long pid) {
    List<Long> tree = new ArrayList<>();
    tree.add(pid);
    ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> tree.add(d.pid())));
    long kb = 0;
    boolean any = false;
    for (long p : tree) {
      try {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(p), "status"))) {
          if (line.startsWith("VmRSS:")) {
            kb += Long.parseLong(line.replaceAll("[^0-9]", ""));
            any = true;
          }
        }
      } catch (IOException | RuntimeException e) {
        // gone between listing and reading: it holds no memory any more
      }
    }
    return any ? kb / 1024.0 : null;
  }

  /** The CPUs a process may run on ({@code Cpus_allowed_list}), or null when it is gone. */
  public static String cpuset(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("Cpus_allowed_list:")) {
          return line.substring("Cpus_allowed_list:".length()).strip();
        }
      }
    } catch (IOException e) {
      return null;
    }
    return null;
  }

  /** The postmaster's pid of a PostgreSQL data directory (first line of postmaster.pid). */
  public static long postmasterPid(Path dataDir) {
    try {
      return Long.parseLong(
          Files.readAllLines(dataDir.resolve("postmaster.pid")).getFirst().strip());
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException("no running PostgreSQL in " + dataDir, e);
    }
  }
}
