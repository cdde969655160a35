package dev.vtbench.stub;

import dev.vtbench.proc.CfsStat;
import dev.vtbench.proc.CoreBusy;
import dev.vtbench.proc.ProcStat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One accounting window: the stub's counters at its start and, once ended, at its end. Immutable;
 * {@link CpuController} swaps it.
 *
 * @param start the counters when the window opened
 * @param end the counters when it ended, null while still open
 */
record CpuWindow(String id, Reading start, Reading end) {

  /**
   * The stub's counters at one moment; each null where unknown.
   *
   * @param cpu the process's CPU seconds
   * @param cores /proc/stat, null where unreadable
   * @param cfs the process's cgroup's CFS periods and limit ({@link CfsStat}), null where
   *     unreadable
   */
  record Reading(Double cpu, ProcStat.Snapshot cores, CfsStat.Snapshot cfs) {}

  static CpuWindow open(String id, Reading now) {
    return new CpuWindow(id, now, null);
  }

  boolean ended() {
    return end != null;
  }

  /** This window ended now, if it is {@code id} and still open; otherwise unchanged. */
  CpuWindow end(String id, Reading now) {
    return ended() || !this.id.equals(id) ? this : new CpuWindow(id, start, now);
  }

  /**
   * What the window measured, up to its end or, while open, up to {@code now}: {@code id}, {@code
   * ended}, {@code cpuSeconds}; where /proc/stat was read at both ends {@code coreBusyPct} (CPU
   * number → percent busy, one decimal) and {@code stealPct}; {@code throttledPct}, the share of
   * the window's CFS periods in which the stub's CPU limit held it back (one decimal, 0 without a
   * limit, null where the cgroup was not read at both ends); and {@code cpuLimitCores}, that limit
   * in cores (null: no limit, or not read).
   */
  Map<String, Object> report(Reading now) {
    Reading last = ended() ? end : now;
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", id);
    m.put("ended", ended());
    m.put(
        "cpuSeconds", last.cpu() == null || start.cpu() == null ? null : last.cpu() - start.cpu());
    if (last.cores() != null && start.cores() != null) {
      CoreBusy busy = last.cores().busySince(start.cores(), Set.of());
      Map<String, Double> perCore = new LinkedHashMap<>();
      busy.busyPct().forEach((c, pct) -> perCore.put(c.toString(), tenth(pct)));
      m.put("coreBusyPct", perCore);
      m.put("stealPct", tenth(busy.stealPct()));
    }
    boolean cfs = last.cfs() != null && start.cfs() != null;
    m.put("throttledPct", cfs ? tenth(last.cfs().throttledPctSince(start.cfs())) : null);
    m.put("cpuLimitCores", last.cfs() == null ? null : last.cfs().limitCores());
    return m;
  }

  /** One decimal is all a percentage needs, and it keeps the runner's summary small. */
  private static double tenth(double pct) {
    return Math.round(pct * 10) / 10.0;
  }
}
