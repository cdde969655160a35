package dev.vtbench.engine.results.verdict;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.steady.SteadyState;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Whether a cold JVM hid among the repetitions: the SUT's CPU per request of every steady row
 * beside the other repetitions of its cell (same mode, pool, connection and path mode, workload,
 * executor, level, JVM options and build, so the same throughput level). A JVM measured while its
 * JIT still compiled cost 2–5× the CPU per request of a warm one on this project's machine, so the
 * rows of one cell that all passed the steady-state rule should agree within {@link #BOUND}.
 *
 * @param cells cells with at least two steady repetitions that report the SUT's CPU
 * @param worst the largest ratio of a cell's most to least CPU per request; NaN without cells
 * @param where the cell and repetitions of {@code worst}, e.g. {@code virtual, pool 50, level 800:
 *     rep 3 vs rep 1}
 * @param above how many cells exceed {@link #BOUND}
 */
public record CpuPerRequestSpread(int cells, double worst, String where, int above) {

  /** The most one steady repetition may cost per request over another of its cell. */
  public static final double BOUND = 1.3;

  /** The spread over the eligible ({@link VerdictRows}) rows of {@code rows}. */
  public static CpuPerRequestSpread of(Collection<ResultRow> rows) {
    Map<List<Object>, List<ResultRow>> byCell =
        VerdictRows.of(rows).stream()
            .filter(r -> r.appCpuPct() != null && r.appCpuPct() > 0 && r.throughputRps() > 0)
            .collect(Collectors.groupingBy(CpuPerRequestSpread::cell));
    int cells = 0;
    int above = 0;
    double worst = Double.NaN;
    String where = "";
    for (List<ResultRow> reps : byCell.values()) {
      if (reps.size() < 2) {
        continue;
      }
      cells++;
      ResultRow most =
          reps.stream().max(Comparator.comparingDouble(CpuPerRequestSpread::cost)).get();
      ResultRow least =
          reps.stream().min(Comparator.comparingDouble(CpuPerRequestSpread::cost)).get();
      double ratio = cost(most) / cost(least);
      if (ratio > BOUND && !withinNoise(most, least, reps)) {
        above++;
      }
      if (Double.isNaN(worst) || ratio > worst) {
        worst = ratio;
        where =
            String.format(
                Locale.ROOT,
                "%s, pool %d, level %d%s%s: rep %d vs rep %d",
                most.threadMode(),
                most.hikariPool(),
                most.concurrency(),
                most.jvmOptions() == null ? "" : ", JVM options " + most.jvmOptions(),
                most.buildName() == null ? "" : ", build " + most.buildName(),
                most.rep(),
                least.rep());
      }
    }
    return new CpuPerRequestSpread(cells, worst, where, above);
  }

  /**
   * Whether {@code most} and {@code least} differ by less CPU than tells a colder JVM: under {@link
   * SteadyState#CPU_NOISE_CORES} of a core at the cell's mean throughput, the steady-state rule's
   * own noise floor. At a few requests per second the SUT uses a few percent of a core, and a GC
   * cycle moves CPU per request by half (gallery-tiny-thread-pool: 2.1 vs 3.4 % of a core at 3.3
   * req/s, 1.6× apart, 0.013 cores).
   */
  private static boolean withinNoise(ResultRow most, ResultRow least, List<ResultRow> reps) {
    double rps = reps.stream().mapToDouble(ResultRow::throughputRps).average().orElse(0);
    return (cost(most) - cost(least)) / 1000 * rps < SteadyState.CPU_NOISE_CORES;
  }

  /** The SUT's CPU per request ({@link ResultRow#sutCpuMsPerRequest}); the filter ensures one. */
  private static double cost(ResultRow r) {
    return r.sutCpuMsPerRequest();
  }

  private static List<Object> cell(ResultRow r) {
    List<Object> cell =
        List.of(
            r.threadMode(),
            r.hikariPool(),
            r.connMode(),
            r.pathMode(),
            String.valueOf(r.workload()),
            String.valueOf(r.executor()),
            r.concurrency());
    // another JVM configuration or build is another cell; rows without them keep the key they
    // always had (the map's order, and so which of equal spreads is named, stays the same)
    List<Object> axes = new java.util.ArrayList<>();
    if (r.jvmOptions() != null) {
      axes.add(r.jvmOptions());
    }
    if (r.buildName() != null) {
      axes.add("build " + r.buildName());
    }
    return axes.isEmpty()
        ? cell
        : java.util.stream.Stream.concat(cell.stream(), axes.stream()).toList();
  }

  /** One sentence for summary.md. */
  public String sentence() {
    if (cells == 0) {
      return "SUT CPU per request across repetitions: no cell has two steady repetitions to"
          + " compare.";
    }
    return String.format(
        Locale.ROOT,
        "SUT CPU per request across repetitions (steady rows of one cell, %d cells): at most"
            + " %.2f× apart (%s); %s",
        cells,
        worst,
        where,
        above == 0 && worst <= BOUND
            ? String.format(
                Locale.ROOT, "within %.1f×, so no repetition ran on a colder JVM.", BOUND)
            : above == 0
                ? String.format(
                    Locale.ROOT,
                    "above %.1f× only by less than %.2f cores (too little CPU to tell), so no"
                        + " repetition ran on a colder JVM.",
                    BOUND,
                    SteadyState.CPU_NOISE_CORES)
                : String.format(
                    Locale.ROOT,
                    "%d cell(s) above %.1f×: a repetition ran on a colder JVM (see warmup_s).",
                    above,
                    BOUND));
  }
}
