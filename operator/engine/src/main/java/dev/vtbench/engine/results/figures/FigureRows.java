package dev.vtbench.engine.results.figures;

import dev.vtbench.engine.results.derived.ConcurrencyLimits;
import dev.vtbench.engine.results.derived.Overload;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.CellEstimate;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Which rows a figure plots and what its texts say about them, shared by every figure ({@link
 * Figures}, {@link ModesFigure}, {@link ReactiveFigure}): the thread-mode rows, a preferred subset,
 * the most common value of a column, the service-time floor and the Tomcat threads the rows share,
 * the level axis's title and the note on repetitions. No drawing here.
 */
public final class FigureRows {

  private FigureRows() {}

  static List<ResultRow> threadModeRows(Collection<ResultRow> rows) {
    List<ResultRow> sel =
        rows.stream().filter(r -> ResultRow.THREAD_MODES.contains(r.threadMode())).toList();
    if (sel.isEmpty()) {
      throw new IllegalArgumentException("no platform, virtual or reactive rows to plot");
    }
    return sel;
  }

  static List<ResultRow> preferring(List<ResultRow> rows, Predicate<ResultRow> p) {
    List<ResultRow> matching = rows.stream().filter(p).toList();
    return matching.isEmpty() ? rows : matching;
  }

  static <T extends Comparable<T>> T mostCommon(List<ResultRow> rows, Function<ResultRow, T> f) {
    Map<T, Long> counts =
        rows.stream().collect(Collectors.groupingBy(f, TreeMap::new, Collectors.counting()));
    // Ties go to the smallest value: TreeMap order plus max() keeping the first maximum.
    return counts.entrySet().stream()
        .max(
            Comparator.<Map.Entry<T, Long>>comparingLong(Map.Entry::getValue)
                .thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
        .orElseThrow()
        .getKey();
  }

  /**
   * The service-time floor all {@code rows} share ({@link ResultRow#serviceFloor()}: the same one
   * the CSV's Little's-law bound divides by), or null when they do not share one.
   */
  public static Double commonServiceFloor(List<ResultRow> rows) {
    List<Double> delays =
        rows.stream().map(ResultRow::serviceFloor).filter(Objects::nonNull).distinct().toList();
    return delays.size() == 1 && delays.getFirst() > 0 ? delays.getFirst() : null;
  }

  /** The platform rows' most common Tomcat thread count (Tomcat's default where none is known). */
  static int threadsOf(List<ResultRow> rows) {
    List<ResultRow> platform = rows.stream().filter(ResultRow::isPlatform).toList();
    return mostCommon(
        platform,
        r ->
            r.tomcatThreads() == null
                ? ConcurrencyLimits.TOMCAT_DEFAULT_MAX_THREADS
                : r.tomcatThreads());
  }

  /** The level axis's title: VUs in the closed model, the target rate in the open model. */
  static String levelAxis(List<ResultRow> rows) {
    return rows.stream().allMatch(ResultRow::isOpenModel)
        ? "Target rate (req/s, k6 arrival rate)"
        : "Concurrent users (k6 VUs)";
  }

  static String repsNote(List<ResultRow> rows) {
    int maxRep = rows.stream().mapToInt(ResultRow::rep).max().orElse(1);
    List<String> leftOut = VerdictRows.leftOut(rows);
    long overloaded = rows.stream().filter(Overload::labelled).count();
    String left =
        (leftOut.isEmpty() ? "" : ", " + String.join(", ", leftOut) + " rows left out")
            + (overloaded == 0 ? "" : ", " + overloaded + " overloaded rows");
    if (maxRep <= 1) {
      return "single run" + left;
    }
    return "median of "
        + maxRep
        + " reps"
        + (maxRep >= CellEstimate.MIN_REPETITIONS ? ", bars: 95% bootstrap interval" : "")
        + left;
  }
}
