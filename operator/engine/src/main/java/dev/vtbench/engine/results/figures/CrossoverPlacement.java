package dev.vtbench.engine.results.figures;

import dev.vtbench.engine.results.derived.Cpusets;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.VerdictRows;
import dev.vtbench.engine.stats.Bootstrap;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a user's service sits on the crossover ({@link Crossover}, docs/crossover.md): its platform
 * rows' CPU per request gives the most its SUT's cores allow whatever the thread mode ({@code cores
 * ÷ CPU per request}), and how close platform threads ran to that bound says which side of the
 * crossover the service is on. At the highest level where platform rows count ({@link
 * VerdictRows}); none for vtbench's own SUT, whose figures draw its bounds.
 *
 * @param level the level placed
 * @param unit what the level counts ({@link ResultRow#levelUnit()})
 * @param cpuMsPerRequest the platform rows' median SUT CPU per request there
 * @param cores the cores its JVM saw ({@code jvm_processors}), else its cpuset's size
 * @param platformRps the platform rows' median throughput there
 */
public record CrossoverPlacement(
    int level, String unit, double cpuMsPerRequest, int cores, double platformRps) {

  /** Share of the CPU bound from which the cores, not the threads, are what binds. */
  static final double CPU_BOUND_SHARE = 0.85;

  /** The placement of a user's service's rows, or null (vtbench's SUT, or nothing measured). */
  public static CrossoverPlacement of(List<ResultRow> rows) {
    List<ResultRow> platform =
        VerdictRows.of(rows).stream()
            .filter(ResultRow::isPlatform)
            .filter(r -> ResultRow.OWN_SERVICE_WORKLOAD.equals(r.workload()))
            .filter(r -> r.sutCpuMsPerRequest() != null)
            .toList();
    if (platform.isEmpty()) {
      return null;
    }
    int level =
        platform.stream().map(ResultRow::concurrency).max(Comparator.naturalOrder()).orElseThrow();
    List<ResultRow> at = platform.stream().filter(r -> r.concurrency() == level).toList();
    int cores =
        at.stream().map(CrossoverPlacement::cores).filter(Objects::nonNull).findFirst().orElse(1);
    return new CrossoverPlacement(
        level,
        at.getFirst().levelUnit(),
        Bootstrap.median(at.stream().mapToDouble(ResultRow::sutCpuMsPerRequest).toArray()),
        cores,
        Bootstrap.median(at.stream().mapToDouble(ResultRow::throughputRps).toArray()));
  }

  private static Integer cores(ResultRow r) {
    if (r.jvmProcessors() != null) {
      return r.jvmProcessors();
    }
    return r.sutCpuset() == null ? null : Cpusets.size(r.sutCpuset());
  }

  /** The SUT's CPU bound, req/s. */
  public double cpuBoundRps() {
    return cores * 1000.0 / cpuMsPerRequest;
  }

  /** One sentence for summary.md. */
  public String sentence() {
    double share = platformRps / cpuBoundRps();
    return String.format(
        Locale.ROOT,
        "On the crossover (docs/crossover.md): at %d %s the service spent %.2f ms of CPU a request"
            + " on platform threads, so its %d core(s) allow at most %,.0f req/s in any thread"
            + " mode; platform threads ran %,.0f req/s, %.0f %% of that. %s",
        level,
        unit,
        cpuMsPerRequest,
        cores,
        cpuBoundRps(),
        platformRps,
        100 * share,
        share >= CPU_BOUND_SHARE
            ? "The cores bind: past the crossover, where virtual threads cannot add throughput."
            : "The cores had room: before the crossover, where the thread mode can matter.");
  }
}
