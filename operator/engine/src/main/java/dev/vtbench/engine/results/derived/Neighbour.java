package dev.vtbench.engine.results.derived;

import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.proc.CoreBusy;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;

/**
 * Something else on the SUT's cores: the rule that names it ({@link Bottleneck#SUT_CORE_SHARED})
 * and keeps its rows out of verdicts ({@link dev.vtbench.engine.results.verdict.VerdictRows}), the
 * same on both platforms.
 *
 * <p>vtbench gives the SUT cores of its own (a local taskset, the kubelet's static CPU manager), so
 * their busy time ({@code cpu_busy_pct}, read from /proc/stat over the hold) should be the SUT's
 * own CPU ({@code app_cpu_pct}) plus a little the kernel spends there for it. A gap larger than
 * that is a neighbour the pinning did not keep out (a process outside the kubelet, a build, a
 * system daemon, interrupts), and it takes time from the SUT's threads that no SUT column shows:
 * the SUT reads slow for no reason the other rules know.
 */
public final class Neighbour {

  /**
   * Busy time on the SUT's cores that the SUT's own CPU does not account for, in percent of one
   * core per SUT core, from which a neighbour is named: a quarter of a core. Measured on this
   * project's 2-vCPU VM over the 156 committed reference rows that carry both columns: the gap is
   * −1.3 to 8.2 points locally and 8.3 to 12.2 on the offline cluster's node (the kernel's share of
   * the SUT's own networking through the pod's veth, charged to the core but not to the process);
   * the rows with a neighbour read 57 points (a build on both cores during crosscheck-builtin's
   * first platform repetition) and 74 to 83 (a local run pinned to the cluster SUT's core, issue
   * 33).
   */
  public static final double MARGIN_PCT = 25.0;

  private Neighbour() {}

  /**
   * Busy time on {@code row}'s SUT cores beyond the SUT's own CPU, in percent of one core (summed
   * over its cores); null when the row lacks its cpuset, its cores' busy shares or its CPU.
   */
  public static Double othersPct(ResultRow row) {
    SortedSet<Integer> cores = sutCores(row);
    return cores == null ? null : othersPct(row, cores);
  }

  /** Whether {@code row}'s SUT cores ran a neighbour ({@link #MARGIN_PCT} per core or more). */
  public static boolean onSutCores(ResultRow row) {
    SortedSet<Integer> cores = sutCores(row);
    Double others = cores == null ? null : othersPct(row, cores);
    return others != null && others >= MARGIN_PCT * cores.size();
  }

  /** The row's SUT cores, or null when it has no readable cpuset or no CPU figures to compare. */
  private static SortedSet<Integer> sutCores(ResultRow row) {
    if (row.appCpuPct() == null || row.sutCpuset() == null || row.cpuBusyPct() == null) {
      return null;
    }
    try {
      return Cpusets.members(row.sutCpuset());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static Double othersPct(ResultRow row, SortedSet<Integer> cores) {
    Map<Integer, Double> busy = CoreBusy.parseList(row.cpuBusyPct());
    if (busy == null || !busy.keySet().containsAll(cores)) {
      return null;
    }
    return cores.stream().mapToDouble(busy::get).sum() - row.appCpuPct();
  }

  /**
   * The bottleneck of {@code row} with a neighbour taken into account: {@link
   * Bottleneck#SUT_CORE_SHARED} in place of {@code derived}, unless that is {@link
   * Bottleneck#LOAD_GENERATOR} (a row whose generator was the limit says nothing of the SUT).
   */
  public static Bottleneck label(ResultRow row, Bottleneck derived) {
    return derived != Bottleneck.LOAD_GENERATOR && onSutCores(row)
        ? Bottleneck.SUT_CORE_SHARED
        : derived;
  }

  /** How {@link #note} starts: the label the row would carry if the generator had not bound. */
  public static final String NOTE_PREFIX = "sut-core-shared too";

  /**
   * The neighbour in words for {@code row}'s notes when its bottleneck is {@code label} and that is
   * not the neighbour's: a row whose generator was the limit keeps that label, and its notes still
   * name the neighbour on the SUT's cores, so no limit the row measured goes unnamed. Null when
   * there is nothing to add.
   */
  public static String note(ResultRow row, Bottleneck label) {
    if (label != Bottleneck.LOAD_GENERATOR || !onSutCores(row)) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "%s: the SUT's cores were %.1f points busier than its own CPU (margin %.0f per core);"
            + " the generator's label comes first",
        NOTE_PREFIX,
        othersPct(row),
        MARGIN_PCT);
  }

  /** The rule in words, for the summary's method sentence. */
  public static String rule() {
    return String.format(
        Locale.ROOT, "cpu_busy_pct on its cores − app_cpu_pct ≥ %.0f points per core", MARGIN_PCT);
  }
}
