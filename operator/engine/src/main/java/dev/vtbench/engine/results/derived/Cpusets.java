package dev.vtbench.engine.results.derived;

import java.util.SortedSet;
import java.util.TreeSet;

/** Linux cpu lists ({@code taskset -c}, {@code cpuset.cpus}): the one parser both platforms use. */
public final class Cpusets {

  /** Linux's CONFIG_NR_CPUS ceiling; a cpu list naming a higher CPU is not one. */
  static final int MAX_CPUS = 8192;

  private Cpusets() {}

  /**
   * Logical CPUs in a Linux cpu list such as {@code 0-3,8,10-11} (7 here), the format of {@code
   * taskset -c} and {@code cpuset.cpus}.
   *
   * @throws IllegalArgumentException if the list is malformed
   */
  public static int size(String cpuset) {
    return members(cpuset).size();
  }

  /**
   * The logical CPUs in a Linux cpu list, e.g. {0, 1, 2, 3, 8} for {@code 0-3,8}.
   *
   * @throws IllegalArgumentException if the list is malformed
   */
  public static SortedSet<Integer> members(String cpuset) {
    String s = cpuset.strip();
    if (s.isEmpty()) {
      throw new IllegalArgumentException("empty cpuset");
    }
    SortedSet<Integer> cpus = new TreeSet<>();
    for (String part : s.split(",")) {
      String p = part.strip();
      try {
        int dash = p.indexOf('-');
        if (dash < 0) {
          cpus.add(Integer.parseUnsignedInt(p));
        } else {
          int lo = Integer.parseUnsignedInt(p.substring(0, dash).strip());
          int hi = Integer.parseUnsignedInt(p.substring(dash + 1).strip());
          if (hi < lo) {
            throw new IllegalArgumentException("descending range '" + p + "' in cpuset " + cpuset);
          }
          if (hi >= MAX_CPUS) {
            throw new IllegalArgumentException(
                "CPU "
                    + hi
                    + " in cpuset "
                    + cpuset
                    + " is beyond "
                    + MAX_CPUS
                    + ", Linux's limit");
          }
          for (int c = lo; c <= hi; c++) {
            cpus.add(c);
          }
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("malformed cpuset '" + cpuset + "'", e);
      }
    }
    return cpus;
  }
}
