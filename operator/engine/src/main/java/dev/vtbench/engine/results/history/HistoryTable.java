package dev.vtbench.engine.results.history;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryStats;
import dev.vtbench.engine.results.summary.SummaryTable;
import dev.vtbench.engine.results.verdict.ModeComparison;
import dev.vtbench.engine.stats.Interval;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code history.md} and what {@code vtbench history} prints: per cell, one line per run with each
 * thread mode's median throughput [interval] and p99, virtual ÷ platform [interval] and its
 * verdict, and the runs whose verdict differs from the run before marked {@code changed}. The
 * numbers are those each run's own summary.md gives ({@link SummaryStats}).
 */
public final class HistoryTable {

  private static final String DASH = "–";
  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);

  private static final String[] HEADER = {
    "run",
    "started (UTC)",
    "platform req/s [95% CI]",
    "virtual req/s [95% CI]",
    "platform p99 ms",
    "virtual p99 ms",
    "virtual ÷ platform [95% CI]",
    "verdict",
  };
  private static final boolean[] RIGHT = {false, false, true, true, true, true, true, false};

  private final List<History.Series> series;
  private final int runs;

  private HistoryTable(List<History.Series> series, int runs) {
    this.series = List.copyOf(series);
    this.runs = runs;
  }

  /** The table of {@code runs}' history ({@link History#of}). */
  public static HistoryTable of(List<History.Run> runs) {
    return new HistoryTable(History.of(runs), runs.size());
  }

  public List<History.Series> series() {
    return series;
  }

  /** Markdown: a heading per cell, then its table; a closing line on the method. */
  public String toMarkdown(String heading) {
    StringBuilder sb = new StringBuilder();
    sb.append("# ").append(heading).append("\n\n").append(summary()).append('\n');
    for (History.Series s : series) {
      sb.append("\n## ").append(title(s.key())).append("\n\n");
      sb.append(SummaryTable.markdown(cells(s), RIGHT));
    }
    sb.append('\n').append(METHOD).append('\n');
    return sb.toString();
  }

  /** Aligned text for a terminal, cell by cell. */
  public String toText() {
    StringBuilder sb = new StringBuilder(summary()).append('\n');
    for (History.Series s : series) {
      sb.append('\n').append(title(s.key())).append('\n');
      sb.append(SummaryTable.text(cells(s), RIGHT));
    }
    return sb.toString();
  }

  /**
   * One sentence: how many runs and cells, and how many verdicts changed, e.g. {@code 3 runs, 2
   * cells; the verdict changed 1 time (released, pool 50, 200 VUs).}
   */
  public String summary() {
    long changes = series.stream().mapToLong(History.Series::verdictChanges).sum();
    List<String> where =
        series.stream().filter(s -> s.verdictChanges() > 0).map(s -> title(s.key())).toList();
    return runs
        + " run"
        + (runs == 1 ? "" : "s")
        + ", "
        + series.size()
        + " cell"
        + (series.size() == 1 ? "" : "s")
        + "; "
        + (changes == 0
            ? "no verdict changed from one run to the next."
            : "the verdict changed "
                + changes
                + " time"
                + (changes == 1 ? "" : "s")
                + " ("
                + String.join("; ", where)
                + ").");
  }

  /** What the numbers are. */
  public static final String METHOD =
      "Each line is one run, oldest first, as its own summary.md has it: medians over the"
          + " repetitions that count, with 95 % bootstrap intervals (none below 3 repetitions);"
          + " virtual ÷ platform is the ratio of the medians and its verdict, judged as in"
          + " results/README.md. `changed` marks a verdict that differs from the run before.";

  /** A cell's name: connection and path mode, pool, level, and its JVM options or build if any. */
  static String title(SummaryTable.Key k) {
    return k.connMode()
        + (ResultRow.NORMAL.equals(k.pathMode()) ? "" : ", " + k.pathMode() + " path")
        + ", pool "
        + k.hikariPool()
        + ", level "
        + k.concurrency()
        + (k.jvmOptions().isEmpty() ? "" : ", JVM options " + k.jvmOptions())
        + (k.build().isEmpty() ? "" : ", build " + k.build());
  }

  private static List<String[]> cells(History.Series s) {
    List<String[]> out = new ArrayList<>();
    out.add(HEADER);
    for (History.Point p : s.points()) {
      SummaryTable.Line l = p.line();
      ModeComparison c = l.comparison();
      out.add(
          new String[] {
            p.run(),
            p.started().equals(Instant.MIN) ? DASH : WHEN.format(p.started()),
            throughput(l.platform()),
            throughput(l.virtual()),
            p99(l.platform()),
            p99(l.virtual()),
            c == null || Double.isNaN(c.ratio())
                ? DASH
                : String.format(Locale.ROOT, "%.2f×", c.ratio()) + interval(c.interval(), 2),
            (l.comparison() == null ? DASH : p.verdict())
                + (p.verdictChanged() ? " (changed)" : ""),
          });
    }
    return out;
  }

  private static String throughput(SummaryTable.Side s) {
    if (s == null || Double.isNaN(s.estimate().medianThroughputRps())) {
      return DASH;
    }
    return String.format(Locale.ROOT, "%,.0f", s.estimate().medianThroughputRps())
        + interval(s.estimate().throughputCi(), 0);
  }

  private static String p99(SummaryTable.Side s) {
    if (s == null || Double.isNaN(s.estimate().medianP99Ms())) {
      return DASH;
    }
    double ms = s.estimate().medianP99Ms();
    return String.format(Locale.ROOT, ms >= 100 ? "%,.0f" : "%.1f", ms);
  }

  private static String interval(Interval i, int decimals) {
    return i == null ? "" : " [" + i.format(decimals, DASH) + "]";
  }
}
