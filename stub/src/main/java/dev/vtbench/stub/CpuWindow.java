package dev.vtbench.stub;

import dev.vtbench.proc.CoreBusy;
import dev.vtbench.proc.ProcStat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * One accounting window: the stub's CPU time and /proc/stat at its start and, once ended, at its
 * end. Immutable; {@link CpuController} swaps it.
 *
 * @param cpuStart, cpuEnd the process's CPU seconds, null where unknown (cpuEnd: still open)
 * @param coresStart, coresEnd /proc/stat, null where unreadable (coresEnd: still open)
 */
record CpuWindow(
    String id,
    Double cpuStart,
    ProcStat.Snapshot coresStart,
    boolean ended,
    Double cpuEnd,
    ProcStat.Snapshot coresEnd) {

  static CpuWindow open(String id, Double cpu, ProcStat.Snapshot cores) {
    return new CpuWindow(id, cpu, cores, false, null, null);
  }

  /** This window ended now, if it is {@code id} and still open; otherwise unchanged. */
  CpuWindow end(String id, Double cpu, ProcStat.Snapshot cores) {
    return ended || !this.id.equals(id)
        ? this
        : new CpuWindow(id, cpuStart, coresStart, true, cpu, cores);
  }

  /**
   * What the window measured, up to its end or, while open, up to {@code cpuNow} and {@code
   * coresNow}: {@code id}, {@code ended}, {@code cpuSeconds}, and where /proc/stat was read at both
   * ends {@code coreBusyPct} (CPU number → percent busy, one decimal) and {@code stealPct}.
   */
  Map<String, Object> report(Double cpuNow, ProcStat.Snapshot coresNow) {
    Double cpu = ended ? cpuEnd : cpuNow;
    ProcStat.Snapshot cores = ended ? coresEnd : coresNow;
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", id);
    m.put("ended", ended);
    m.put("cpuSeconds", cpu == null || cpuStart == null ? null : cpu - cpuStart);
    if (cores != null && coresStart != null) {
      CoreBusy busy = cores.busySince(coresStart, Set.of());
      Map<String, Double> perCore = new LinkedHashMap<>();
      busy.busyPct().forEach((c, pct) -> perCore.put(c.toString(), tenth(pct)));
      m.put("coreBusyPct", perCore);
      m.put("stealPct", tenth(busy.stealPct()));
    }
    return m;
  }

  /** One decimal is all a percentage needs, and it keeps the runner's summary small. */
  private static double tenth(double pct) {
    return Math.round(pct * 10) / 10.0;
  }
}
