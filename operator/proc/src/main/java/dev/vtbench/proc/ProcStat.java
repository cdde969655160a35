package dev.vtbench.proc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every core's time from /proc/stat, so a hold's busy share per core is measured whoever used the
 * core. Parsing and the delta are pure ({@link #parse}, {@link Snapshot#busySince}); only {@link
 * #read} touches the file. The local runner reads it itself; in a cluster the stub reads its node's
 * (/proc/stat is not namespaced: a container sees every core of its node).
 */
public final class ProcStat {

  private ProcStat() {}

  /**
   * One core's cumulative times, in clock ticks, as the kernel lists them on a {@code cpuN} line.
   * {@code guest} and {@code guest_nice} are already inside {@code user} and {@code nice}, so they
   * are left out of the total.
   */
  public record CoreTimes(
      long user,
      long nice,
      long system,
      long idle,
      long iowait,
      long irq,
      long softirq,
      long steal) {

    public long total() {
      return user + nice + system + idle + iowait + irq + softirq + steal;
    }

    /** Time the core was not ours to give away: neither idle nor waiting for I/O. */
    public long busy() {
      return total() - idle - iowait;
    }
  }

  /** The per-core lines of one reading of /proc/stat, by CPU number. */
  public record Snapshot(SortedMap<Integer, CoreTimes> cores) {

    /**
     * Each core's busy share between {@code earlier} and this snapshot, in percent, and the steal
     * share of all cores' time. A core missing from either reading (taken offline) is left out.
     *
     * @param generatorCores the load generator's CPUs, carried into the result
     */
    public CoreBusy busySince(Snapshot earlier, Set<Integer> generatorCores) {
      SortedMap<Integer, Double> busy = new TreeMap<>();
      long stealTicks = 0;
      long totalTicks = 0;
      for (Map.Entry<Integer, CoreTimes> e : cores.entrySet()) {
        CoreTimes before = earlier.cores().get(e.getKey());
        if (before == null) {
          continue;
        }
        CoreTimes now = e.getValue();
        long total = now.total() - before.total();
        if (total <= 0) {
          continue;
        }
        busy.put(e.getKey(), 100.0 * (now.busy() - before.busy()) / total);
        stealTicks += now.steal() - before.steal();
        totalTicks += total;
      }
      double steal = totalTicks == 0 ? 0 : 100.0 * stealTicks / totalTicks;
      return new CoreBusy(busy, steal, generatorCores);
    }
  }

  /** Reads /proc/stat now. */
  public static Snapshot read() {
    try {
      return parse(Files.readString(Path.of("/proc/stat")));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read /proc/stat", e);
    }
  }

  /**
   * The {@code cpuN} lines of /proc/stat's text; the aggregate {@code cpu} line and everything else
   * is skipped. Kernels older than 2.6.11 lack {@code steal}: missing trailing fields read as 0.
   *
   * @throws IllegalArgumentException for a cpuN line that is not numbers
   */
  public static Snapshot parse(String text) {
    SortedMap<Integer, CoreTimes> cores = new TreeMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.strip().split("\\s+");
      if (f.length < 5 || !f[0].matches("cpu\\d+")) {
        continue;
      }
      long[] t = new long[8];
      try {
        for (int i = 0; i < t.length && i + 1 < f.length; i++) {
          t[i] = Long.parseLong(f[i + 1]);
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("malformed /proc/stat line: " + line, e);
      }
      cores.put(
          Integer.parseInt(f[0].substring(3)),
          new CoreTimes(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]));
    }
    return new Snapshot(cores);
  }
}
