package dev.vtbench.proc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The CPU time a JVM's JIT compiler threads used, from each thread's {@code
 * /proc/<pid>/task/<tid>/stat}. {@code CompilationMXBean.getTotalCompilationTime} sums each
 * compile's elapsed time over the compiler threads, so on a busy core it counts their wait for the
 * core: 98–210 % of a window while these threads' CPU was 6–8 %. HotSpot starts and stops compiler
 * threads as its queue grows and shrinks, so they are counted per thread id: a thread started since
 * the last reading counts whole, one that ended is forgotten (its last few ticks with it).
 */
public final class CompilerThreadsCpu {

  // comm is cut to 15 characters: "C2 CompilerThre"
  private static final List<String> COMPILERS = List.of("C1 Compiler", "C2 Compiler");

  private final Path tasks;
  // thread id → its ticks at the last reading; null when that reading failed
  private Map<Long, Long> last;

  private CompilerThreadsCpu(Path tasks) {
    this.tasks = tasks;
    this.last = read();
  }

  /** This JVM's compiler threads, counted from now. */
  public static CompilerThreadsCpu self() {
    return of(Path.of("/proc"), "self");
  }

  /** Process {@code pid}'s compiler threads, counted from now. */
  public static CompilerThreadsCpu of(long pid) {
    return of(Path.of("/proc"), Long.toString(pid));
  }

  /**
   * Process {@code pid}'s ({@code self} for this one) compiler threads under {@code proc} (the
   * {@code /proc} mount, but in tests), counted from now.
   */
  public static CompilerThreadsCpu of(Path proc, String pid) {
    return new CompilerThreadsCpu(proc.resolve(pid).resolve("task"));
  }

  /**
   * The compiler threads' CPU seconds since the last call, or since this reader was made. Null when
   * it cannot tell: the process's threads cannot be listed (no /proc, the process gone), it has no
   * compiler thread (not a JVM: a wrapper script; or a JVM without a JIT), or the previous reading
   * failed (this one starts counting again).
   */
  public synchronized Double secondsSinceLast() {
    Map<Long, Long> before = last;
    Map<Long, Long> now = read();
    last = now;
    if (before == null || now == null || now.isEmpty()) {
      return null;
    }
    long gained = 0;
    for (Map.Entry<Long, Long> e : now.entrySet()) {
      long was = before.getOrDefault(e.getKey(), 0L);
      // fewer ticks than last time: the id was reused by a thread started since
      gained += e.getValue() >= was ? e.getValue() - was : e.getValue();
    }
    return gained / (double) ProcessCpu.TICKS_PER_SECOND;
  }

  /** Every compiler thread's ticks so far by thread id; null when the threads cannot be listed. */
  private Map<Long, Long> read() {
    List<Path> threads;
    try (Stream<Path> s = Files.list(tasks)) {
      threads = s.toList();
    } catch (IOException | UncheckedIOException e) {
      return null;
    }
    Map<Long, Long> ticks = new HashMap<>();
    for (Path thread : threads) {
      String comm = KernelFile.value(thread.resolve("comm"));
      if (comm == null || COMPILERS.stream().noneMatch(comm::startsWith)) {
        continue;
      }
      long tid;
      try {
        tid = Long.parseLong(thread.getFileName().toString());
      } catch (NumberFormatException e) {
        continue;
      }
      Long t = ProcessCpu.ticks(thread.resolve("stat"));
      if (t == null && last != null) {
        // listed but its stat unreadable (ending as we read): no growth, and not new next time
        t = last.get(tid);
      }
      if (t != null) {
        ticks.put(tid, t);
      }
    }
    return ticks;
  }
}
