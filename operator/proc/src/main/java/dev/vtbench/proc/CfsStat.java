package dev.vtbench.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A process's CPU limit and how often the kernel held it back (CFS bandwidth control): the {@code
 * cpu.stat} and quota of the cgroup the process is in, cgroup v1 or v2. A container sees its own
 * cgroup (v2 namespace, or v1's bind mount of its own folder); a process outside any container sees
 * the cgroup systemd or the shell put it in, which usually has no limit. Parsing is pure ({@link
 * #parse}); only {@link #read} touches files, under a root that tests replace.
 */
public final class CfsStat {

  private CfsStat() {}

  /**
   * One reading.
   *
   * @param periods CFS periods in which the cgroup ran
   * @param throttledPeriods periods in which it hit its quota and was held back
   * @param throttledSeconds total time it was held back
   * @param limitCores its quota ÷ period in cores, or null when it has no limit
   */
  public record Snapshot(
      long periods, long throttledPeriods, double throttledSeconds, Double limitCores) {

    /**
     * The share of periods between {@code earlier} and this reading in which the cgroup was held
     * back, in percent; 0 when it has no limit (nothing can hold it back) or ran no period.
     */
    public double throttledPctSince(Snapshot earlier) {
      long p = periods - earlier.periods;
      return limitCores == null || p <= 0
          ? 0
          : 100.0 * (throttledPeriods - earlier.throttledPeriods) / p;
    }
  }

  /** This process's cgroup as seen from {@code /}, or null where none is readable (off Linux). */
  public static Snapshot read() {
    return read(Path.of("/"), ProcessHandle.current().pid());
  }

  /**
   * Process {@code pid}'s cgroup under {@code root} (a file system root: {@code /} but in tests),
   * or null where neither its own cgroup folder nor the mount's top holds a {@code cpu.stat}.
   */
  public static Snapshot read(Path root, long pid) {
    List<String> lines;
    try {
      lines = Files.readAllLines(root.resolve("proc/" + pid + "/cgroup"));
    } catch (IOException e) {
      return null;
    }
    for (String line : lines) {
      String[] f = line.split(":", 3);
      if (f.length < 3) {
        continue;
      }
      String path = f[2].startsWith("/") ? f[2].substring(1) : f[2];
      if (f[0].equals("0") && f[1].isEmpty()) {
        Snapshot s = v2(root.resolve("sys/fs/cgroup"), path);
        if (s != null) {
          return s;
        }
      } else if (List.of(f[1].split(",")).contains("cpu")) {
        for (String mount : List.of("cpu,cpuacct", "cpu", "cpuacct,cpu")) {
          Snapshot s = v1(root.resolve("sys/fs/cgroup").resolve(mount), path);
          if (s != null) {
            return s;
          }
        }
      }
    }
    return null;
  }

  /** v2: {@code cpu.stat} (usec) and {@code cpu.max} ("max 100000" or "quota period"). */
  private static Snapshot v2(Path mount, String path) {
    for (Path dir : candidates(mount, path)) {
      Snapshot s = v2(text(dir.resolve("cpu.stat")), KernelFile.value(dir.resolve("cpu.max")));
      if (s != null) {
        return s;
      }
    }
    return null;
  }

  /** v1: {@code cpu.stat} (ns) and {@code cpu.cfs_quota_us} (-1: no limit) ÷ the period. */
  private static Snapshot v1(Path mount, String path) {
    for (Path dir : candidates(mount, path)) {
      Snapshot s =
          v1(
              text(dir.resolve("cpu.stat")),
              KernelFile.value(dir.resolve("cpu.cfs_quota_us")),
              KernelFile.value(dir.resolve("cpu.cfs_period_us")));
      if (s != null) {
        return s;
      }
    }
    return null;
  }

  /**
   * A cgroup v2 reading from its files' text, read by whoever can reach them (e.g. PostgreSQL's
   * {@code pg_read_file} for the database's container): {@code cpu.stat} and {@code cpu.max} ("max
   * 100000" or "quota period", null taken as no limit). Null when {@code cpuStat} has no {@code
   * nr_periods}: the cgroup's CPU controller is off.
   */
  public static Snapshot v2(String cpuStat, String cpuMax) {
    Map<String, Long> stat = keyValues(cpuStat);
    if (stat == null || !stat.containsKey("nr_periods")) {
      return null;
    }
    Double limit = null;
    String max = cpuMax == null ? null : cpuMax.strip();
    if (max != null && !max.isEmpty() && !max.startsWith("max")) {
      String[] q = max.split("\\s+");
      limit = Double.parseDouble(q[0]) / Double.parseDouble(q[1]);
    }
    return parse(stat, "throttled_usec", 1e-6, limit);
  }

  /**
   * A cgroup v1 reading from its files' text: {@code cpu.stat}, {@code cpu.cfs_quota_us} (-1, or
   * null: no limit) and {@code cpu.cfs_period_us}. Null when {@code cpuStat} has no {@code
   * nr_periods}.
   */
  public static Snapshot v1(String cpuStat, String quotaUs, String periodUs) {
    Map<String, Long> stat = keyValues(cpuStat);
    if (stat == null || !stat.containsKey("nr_periods")) {
      return null;
    }
    Double limit = null;
    if (quotaUs != null && periodUs != null && Long.parseLong(quotaUs.strip()) > 0) {
      limit = Double.parseDouble(quotaUs.strip()) / Double.parseDouble(periodUs.strip());
    }
    return parse(stat, "throttled_time", 1e-9, limit);
  }

  /**
   * A reading from {@code cpu.stat}'s keys: {@code nr_periods}, {@code nr_throttled} and {@code
   * throttledKey} in units of {@code seconds} each.
   */
  public static Snapshot parse(
      Map<String, Long> stat, String throttledKey, double seconds, Double limitCores) {
    return new Snapshot(
        stat.getOrDefault("nr_periods", 0L),
        stat.getOrDefault("nr_throttled", 0L),
        stat.getOrDefault(throttledKey, 0L) * seconds,
        limitCores);
  }

  /** The process's own folder, then the mount's top (a container's view of its own cgroup). */
  private static List<Path> candidates(Path mount, String path) {
    return path.isEmpty() ? List.of(mount) : List.of(mount.resolve(path), mount);
  }

  private static String text(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return null;
    }
  }

  private static Map<String, Long> keyValues(String text) {
    if (text == null) {
      return null;
    }
    try {
      Map<String, Long> m = new HashMap<>();
      for (String line : text.split("\n")) {
        String[] kv = line.strip().split("\\s+");
        if (kv.length == 2) {
          m.put(kv[0], Long.parseLong(kv[1]));
        }
      }
      return m;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
