package dev.vtbench.engine.results.verdict;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.stats.Bootstrap;
import dev.vtbench.engine.stats.Interval;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * One cell (thread mode × pool × concurrency) over its {@linkplain VerdictRows eligible}
 * repetitions: the median and its {@value Bootstrap#CONFIDENCE} bootstrap interval, of throughput
 * and of p99.
 *
 * <p>An interval needs at least {@value #MIN_REPETITIONS} repetitions: from fewer the bootstrap can
 * only return the range of what was measured, and calls it 95 %. Below that the interval is null.
 *
 * @param reps eligible repetitions
 * @param throughputRps their throughputs, in row order
 * @param medianThroughputRps median throughput; NaN with no repetition
 * @param throughputCi interval of the median throughput; null below {@value #MIN_REPETITIONS} reps
 * @param medianP99Ms median p99 over the repetitions that have one; NaN if none has
 * @param p99Ci interval of the median p99; null below {@value #MIN_REPETITIONS} reps with a p99
 */
public record CellEstimate(
    int reps,
    List<Double> throughputRps,
    double medianThroughputRps,
    Interval throughputCi,
    double medianP99Ms,
    Interval p99Ci) {

  /** Fewest repetitions for an interval, and per thread mode for a verdict. */
  public static final int MIN_REPETITIONS = 3;

  public CellEstimate {
    throughputRps = List.copyOf(throughputRps);
  }

  /**
   * The estimate of one cell's rows; rows that are not {@link VerdictRows eligible} are left out.
   */
  public static CellEstimate of(Collection<ResultRow> cell) {
    List<ResultRow> rows = VerdictRows.of(cell);
    double[] tp =
        rows.stream().mapToDouble(ResultRow::throughputRps).filter(Double::isFinite).toArray();
    double[] p99 =
        rows.stream()
            .map(ResultRow::p99Ms)
            .filter(Objects::nonNull)
            .mapToDouble(d -> d)
            .filter(Double::isFinite)
            .toArray();
    Bootstrap bootstrap = Bootstrap.standard();
    return new CellEstimate(
        tp.length,
        java.util.Arrays.stream(tp).boxed().toList(),
        Bootstrap.median(tp),
        tp.length >= MIN_REPETITIONS ? bootstrap.medianInterval(tp) : null,
        Bootstrap.median(p99),
        p99.length >= MIN_REPETITIONS ? bootstrap.medianInterval(p99) : null);
  }

  double[] throughputs() {
    return throughputRps.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
