package dev.vtbench.engine.results.history;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryStats;
import dev.vtbench.engine.results.summary.SummaryTable;
import dev.vtbench.engine.results.verdict.CellEstimate;
import dev.vtbench.engine.stats.Bootstrap;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How each cell moved over several runs of one spec (a GitOps pipeline's nightly runs, or the
 * results folders one machine kept): per cell and run, each thread mode's median throughput and p99
 * with their intervals, virtual ÷ platform with its interval and verdict, exactly as that run's
 * summary.md says it ({@link SummaryStats}); and where the verdict changed from the run before.
 * Shared by {@code vtbench history} and the gate's last-N baseline ({@link #baseline}).
 */
public final class History {

  private History() {}

  /**
   * One run of the series.
   *
   * @param label what names it to a reader (its folder, ConfigMap or file)
   * @param rows its rows, every scenario it recorded
   */
  public record Run(String label, List<ResultRow> rows) {

    public Run {
      rows = List.copyOf(rows);
      if (rows.isEmpty()) {
        throw new IllegalArgumentException(label + ": no rows");
      }
    }

    /** When it ran: the earliest row's time ({@code ts_iso}); {@link Instant#MIN} without one. */
    public Instant started() {
      return rows.stream()
          .map(ResultRow::ts)
          .filter(Objects::nonNull)
          .min(Comparator.naturalOrder())
          .orElse(Instant.MIN);
    }
  }

  /**
   * One cell in one run.
   *
   * @param run the run's label
   * @param started when the run started ({@link Run#started})
   * @param line the cell's line as that run's summary.md has it; a side is null when the run did
   *     not measure that thread mode in this cell
   * @param verdictChanged whether {@code virtual vs platform}'s verdict differs from the previous
   *     run's that measured this cell (false for the first)
   */
  public record Point(String run, Instant started, SummaryTable.Line line, boolean verdictChanged) {

    /** The virtual vs platform verdict's label, or {@code "-"} without both modes. */
    public String verdict() {
      return line.comparison() == null ? "-" : line.comparison().label();
    }
  }

  /** One cell over the runs that measured it, oldest first. */
  public record Series(SummaryTable.Key key, List<Point> points) {

    public Series {
      points = List.copyOf(points);
    }

    /** How many times the verdict changed from one run to the next. */
    public long verdictChanges() {
      return points.stream().filter(Point::verdictChanged).count();
    }
  }

  /**
   * Every cell of {@code runs} with its points, runs ordered by when they started (ties by label);
   * cells in summary.md's order, those of the newest run first.
   */
  public static List<Series> of(List<Run> runs) {
    List<Run> ordered =
        runs.stream().sorted(Comparator.comparing(Run::started).thenComparing(Run::label)).toList();
    Map<SummaryTable.Key, List<Point>> byKey = new LinkedHashMap<>();
    if (!ordered.isEmpty()) {
      SummaryStats.lines(ordered.getLast().rows())
          .forEach(l -> byKey.put(l.key(), new ArrayList<>()));
    }
    for (Run run : ordered) {
      for (SummaryTable.Line line : SummaryStats.lines(run.rows())) {
        List<Point> points = byKey.computeIfAbsent(line.key(), k -> new ArrayList<>());
        String verdict = line.comparison() == null ? "-" : line.comparison().label();
        boolean changed = !points.isEmpty() && !points.getLast().verdict().equals(verdict);
        points.add(new Point(run.label(), run.started(), line, changed));
      }
    }
    List<Series> out = new ArrayList<>();
    byKey.forEach((k, points) -> out.add(new Series(k, points)));
    return out;
  }

  /**
   * A baseline made of the last {@code n} runs (or all, if fewer): for each cell and thread mode
   * that the newest of them measured, one synthetic row whose throughput and p99 are the median of
   * those runs' cell medians. What the gate compares a run with instead of one earlier run, so that
   * one noisy night neither fails nor rescues the next.
   *
   * @throws IllegalArgumentException with no run or {@code n < 1}
   */
  public static List<ResultRow> baseline(List<Run> runs, int n) {
    if (n < 1) {
      throw new IllegalArgumentException("the last N runs need N >= 1, not " + n);
    }
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("no earlier run to make a baseline of");
    }
    List<Run> ordered =
        runs.stream().sorted(Comparator.comparing(Run::started).thenComparing(Run::label)).toList();
    List<Run> last = ordered.subList(Math.max(0, ordered.size() - n), ordered.size());
    List<ResultRow> rows = new ArrayList<>();
    for (Series s : of(last)) {
      for (String mode : ResultRow.THREAD_MODES) {
        List<CellEstimate> estimates =
            s.points().stream()
                .map(p -> side(p.line(), mode))
                .filter(Objects::nonNull)
                .map(SummaryTable.Side::estimate)
                .filter(e -> e.reps() > 0)
                .toList();
        if (estimates.isEmpty()) {
          continue;
        }
        ResultRow template = template(last, s.key(), mode);
        double[] tp = estimates.stream().mapToDouble(CellEstimate::medianThroughputRps).toArray();
        double[] p99 =
            estimates.stream()
                .mapToDouble(CellEstimate::medianP99Ms)
                .filter(Double::isFinite)
                .toArray();
        rows.add(
            template.toBuilder()
                .throughputRps(Bootstrap.median(tp))
                .p99Ms(p99.length == 0 ? null : Bootstrap.median(p99))
                .rep(1)
                .build());
      }
    }
    return rows;
  }

  /** {@code line}'s side of {@code mode}, or null. */
  static SummaryTable.Side side(SummaryTable.Line line, String mode) {
    return switch (mode) {
      case ResultRow.PLATFORM -> line.platform();
      case ResultRow.VIRTUAL -> line.virtual();
      case ResultRow.REACTIVE -> line.reactive();
      default -> null;
    };
  }

  /** The newest row of {@code mode} in cell {@code key}: what the baseline row keeps of it. */
  private static ResultRow template(List<Run> runs, SummaryTable.Key key, String mode) {
    for (Run run : runs.reversed()) {
      var cell = SummaryStats.grouped(run.rows()).get(key);
      if (cell != null && !cell.of(mode).isEmpty()) {
        return cell.of(mode).getLast();
      }
    }
    throw new IllegalStateException("no row of " + mode + " in " + key);
  }
}
