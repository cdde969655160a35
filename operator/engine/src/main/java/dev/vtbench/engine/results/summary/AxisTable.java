package dev.vtbench.engine.results.summary;

import dev.vtbench.engine.results.derived.Overload;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.ModeComparison;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The values of one {@link Axis} side by side (JVM configurations, builds): in each cell
 * (connection and path mode, pool, concurrency, the other axes' values) and thread mode, the
 * throughput of each value ÷ that of the first value, with the interval and the verdict of virtual
 * ÷ platform ({@link ModeComparison}, over the same {@linkplain VerdictRows eligible} repetitions).
 * The first value is the one the rows ran first ({@link Axis#values}): the spec's first. Empty, and
 * absent from {@code summary.md}, when the rows have one value.
 *
 * @param axis the axis compared
 * @param baseline the first value, empty for none
 * @param lines one per cell, thread mode and value other than the first, in the table's order
 */
public record AxisTable(Axis axis, String baseline, List<Line> lines) {

  /**
   * One comparison.
   *
   * @param key the cell, with the compared value as its value of the axis
   * @param threadMode the thread mode both sides ran
   * @param comparison the value ÷ the baseline value
   * @param rows the rows of each side (baseline, then value), for the repetition counts
   * @param leftOut rows of either side left out of the medians and why ({@link
   *     VerdictRows#leftOut}), e.g. {@code 1 unsteady}
   * @param overloaded rows of either side labelled overloaded ({@link Overload})
   */
  public record Line(
      SummaryTable.Key key,
      String threadMode,
      ModeComparison comparison,
      List<Integer> rows,
      List<String> leftOut,
      long overloaded) {}

  public AxisTable {
    lines = List.copyOf(lines);
  }

  /** The comparisons of {@code axis}'s values in {@code rows}; no lines with fewer than two. */
  public static AxisTable of(Axis axis, Collection<ResultRow> rows) {
    List<String> values = axis.values(rows);
    if (values.size() < 2) {
      return new AxisTable(axis, values.isEmpty() ? "" : values.getFirst(), List.of());
    }
    String first = values.getFirst();
    Map<SummaryTable.Key, SummaryStats.Rows> grouped = SummaryStats.grouped(rows);
    List<Line> lines = new ArrayList<>();
    // grouped is in table order, each cell's first value before its others
    grouped.forEach(
        (key, cell) -> {
          if (axis.of(key).equals(first)) {
            return;
          }
          SummaryStats.Rows base = grouped.get(axis.with(key, first));
          if (base == null) {
            return;
          }
          for (String mode : ResultRow.THREAD_MODES) {
            List<ResultRow> b = base.of(mode);
            List<ResultRow> v = cell.of(mode);
            if (b.isEmpty() || v.isEmpty()) {
              continue;
            }
            ModeComparison c = ModeComparison.of(axis.cell(axis.of(key)), v, axis.cell(first), b);
            List<String> leftOut =
                VerdictRows.leftOut(
                    java.util.stream.Stream.concat(b.stream(), v.stream()).toList());
            long overloaded =
                b.stream().filter(Overload::labelled).count()
                    + v.stream().filter(Overload::labelled).count();
            lines.add(new Line(key, mode, c, List.of(b.size(), v.size()), leftOut, overloaded));
          }
        });
    return new AxisTable(axis, first, lines);
  }

  /** Every axis's table of {@code rows}, in {@link Axis} order; each empty with one value. */
  public static List<AxisTable> all(Collection<ResultRow> rows) {
    return java.util.Arrays.stream(Axis.values()).map(a -> of(a, rows)).toList();
  }

  public boolean isEmpty() {
    return lines.isEmpty();
  }

  /** The sentence on how the ratios and verdicts are made, for under the table. */
  public String method() {
    return "Each "
        + axis.column()
        + " value ÷ the first, "
        + axis.cell(baseline)
        + ", in the same cell and thread mode: the ratio of the median throughputs, computed and"
        + " judged as virtual ÷ platform above (the same bootstrap interval, noise band and"
        + " repetitions needed); the verdict names the faster "
        + axis.noun()
        + ".";
  }

  /** A GitHub-flavoured Markdown table, numbers right-aligned. */
  public String toMarkdown() {
    return SummaryTable.markdown(cells(), SummaryTable.rightAligned(headers()));
  }

  /** Aligned columns for a terminal. */
  public String toText() {
    return SummaryTable.text(cells(), SummaryTable.rightAligned(headers()));
  }

  private boolean showPathMode() {
    return lines.stream().map(l -> l.key().pathMode()).distinct().count() > 1;
  }

  /** The other axes with more than one value here: a comparison is within one of their values. */
  private List<Axis> otherAxes() {
    return SummaryTable.shownAxes(lines.stream().map(Line::key).toList()).stream()
        .filter(a -> a != axis)
        .toList();
  }

  private List<String> headers() {
    List<String> h = new ArrayList<>(List.of("conn_mode"));
    if (showPathMode()) {
      h.add("path_mode");
    }
    h.addAll(List.of("pool", "concurrency"));
    otherAxes().forEach(a -> h.add(a.column()));
    h.addAll(
        List.of(
            "thread_mode",
            axis.column(),
            "reps first/this",
            "first req/s",
            "req/s",
            "÷ first",
            "95% CI",
            "verdict"));
    return h;
  }

  private List<String[]> cells() {
    boolean path = showPathMode();
    List<Axis> others = otherAxes();
    List<String[]> out = new ArrayList<>();
    out.add(headers().toArray(String[]::new));
    for (Line l : lines) {
      List<String> c = new ArrayList<>();
      c.add(l.key().connMode());
      if (path) {
        c.add(l.key().pathMode());
      }
      c.add(Integer.toString(l.key().hikariPool()));
      c.add(String.format(Locale.ROOT, "%,d", l.key().concurrency()));
      others.forEach(a -> c.add(a.cell(a.of(l.key()))));
      c.add(l.threadMode());
      c.add(axis.cell(axis.of(l.key())));
      List<String> notes = new ArrayList<>(l.leftOut());
      if (l.overloaded() > 0) {
        notes.add(l.overloaded() + " overloaded");
      }
      c.add(
          l.rows().get(0)
              + "/"
              + l.rows().get(1)
              + (notes.isEmpty() ? "" : " (" + String.join(", ", notes) + ")"));
      ModeComparison m = l.comparison();
      c.add(rps(m.baselineEstimate().medianThroughputRps()));
      c.add(rps(m.modeEstimate().medianThroughputRps()));
      c.add(Double.isNaN(m.ratio()) ? DASH : String.format(Locale.ROOT, "%.2f×", m.ratio()));
      c.add(m.interval() == null ? DASH : m.interval().format(2, DASH));
      c.add((l.overloaded() > 0 ? "overloaded: " : "") + m.label());
      out.add(c.toArray(String[]::new));
    }
    return out;
  }

  private static final String DASH = "–";

  private static String rps(double median) {
    return Double.isNaN(median) ? DASH : String.format(Locale.ROOT, "%,.0f", median);
  }
}
