package dev.vtbench.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** One process's own CPU time, from /proc/&lt;pid&gt;/stat. */
public final class ProcessCpu {

  /** Clock ticks a second in /proc/&lt;pid&gt;/stat (Linux's USER_HZ on every usual build). */
  public static final int TICKS_PER_SECOND = 100;

  private ProcessCpu() {}

  /** utime + stime of process {@code pid} in clock ticks; 0 when it is gone. */
  public static long ticks(long pid) {
    Long ticks = ticks(Path.of("/proc", Long.toString(pid), "stat"));
    return ticks == null ? 0 : ticks;
  }

  /** utime + stime of process {@code pid} in seconds; 0 when it is gone. */
  public static double seconds(long pid) {
    return ticks(pid) / (double) TICKS_PER_SECOND;
  }

  /**
   * utime + stime (fields 14 and 15) of a process's or a thread's {@code stat} file in clock ticks;
   * null when it cannot be read (the process or thread is gone) or is not a stat line.
   */
  static Long ticks(Path stat) {
    try {
      String text = Files.readString(stat);
      // the command name (field 2) may contain spaces: fields are counted after its ')'
      String[] f = text.substring(text.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
