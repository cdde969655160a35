package dev.vtbench.engine.results.summary;

import dev.vtbench.engine.results.derived.Overload;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.CellEstimate;
import dev.vtbench.engine.results.verdict.ModeComparison;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Platform vs virtual, side by side: one line per (conn_mode, path_mode, hikari_pool, concurrency)
 * with each thread mode's repetitions aggregated, the ratio of their medians with its bootstrap
 * interval and a verdict ({@link ModeComparison}). Rendered as Markdown (for results READMEs and
 * status reports) or as aligned plain text (for the terminal).
 *
 * <p>With reactive rows (seed 002's baseline) the table grows a reactive column group, reactive ÷
 * virtual with its own interval and verdict, and a reactive bottleneck column; without them it is
 * the platform-vs-virtual table it always was.
 *
 * <p>The path mode is part of the key so that a synchronized-path run is never averaged into a
 * normal-path one; its column is shown only when the rows have more than one path mode. The JVM
 * options ({@code spec.matrix.jvmOptions}) and the build ({@code spec.matrix.builds}) are part of
 * it for the same reason ({@link Axis}), each value's lines after the first value's in the same
 * cell, and their columns too are shown only when the rows have more than one value; {@link
 * AxisTable} compares the values.
 */
public final class SummaryTable {

  /**
   * What a line aggregates over.
   *
   * @param jvmOptions the rows' {@code jvm_options}, empty for none
   * @param build the rows' {@code build}, empty for none
   */
  public record Key(
      String connMode,
      String pathMode,
      int hikariPool,
      int concurrency,
      String jvmOptions,
      String build,
      String cpuWork) {

    /** A key without extra JVM options, builds or CPU per request. */
    public Key(String connMode, String pathMode, int hikariPool, int concurrency) {
      this(connMode, pathMode, hikariPool, concurrency, "", "", "");
    }

    /** This key with the JVM options {@code options}. */
    public Key withJvmOptions(String options) {
      return new Key(connMode, pathMode, hikariPool, concurrency, options, build, cpuWork);
    }

    /** This key with the build {@code name}. */
    public Key withBuild(String name) {
      return new Key(connMode, pathMode, hikariPool, concurrency, jvmOptions, name, cpuWork);
    }

    /** This key with {@code micros} of CPU per request, as {@link Axis#CPU_WORK} writes it. */
    public Key withCpuWork(String micros) {
      return new Key(connMode, pathMode, hikariPool, concurrency, jvmOptions, build, micros);
    }
  }

  /**
   * One thread mode's repetitions of one key.
   *
   * @param reps number of rows aggregated
   * @param meanThroughputRps arithmetic mean throughput
   * @param minThroughputRps lowest repetition
   * @param maxThroughputRps highest repetition
   * @param cvThroughput sample standard deviation ÷ mean; NaN with fewer than 2 reps
   * @param meanP99Ms mean of the reps' p99; NaN if none had one (a mean of percentiles, not a
   *     pooled percentile: good enough to compare modes, not a latency SLO)
   * @param bottleneck the most common bottleneck label, with its share when reps disagree, e.g.
   *     {@code hikari-pool (2/3)}; empty if no rep had one
   * @param estimate medians and their intervals over the {@linkplain VerdictRows eligible} reps:
   *     what the table shows and the verdict uses
   * @param overloaded how many of the reps are labelled overloaded ({@link Overload})
   * @param leftOut how many of the reps are left out of the estimate, by reason ({@link
   *     VerdictRows#countLeftOut})
   */
  public record Side(
      int reps,
      double meanThroughputRps,
      double minThroughputRps,
      double maxThroughputRps,
      double cvThroughput,
      double meanP99Ms,
      String bottleneck,
      CellEstimate estimate,
      long overloaded,
      Map<String, Long> leftOut) {}

  /**
   * One key; a side is {@code null} when that thread mode has no rows for it.
   *
   * @param platform platform threads
   * @param virtual virtual threads
   * @param reactive the reactive SUT
   * @param comparison virtual vs platform; {@code null} when a side is missing
   * @param reactiveVsVirtual reactive vs virtual; {@code null} when a side is missing
   * @param overloaded how many of the key's rows (every mode) are labelled overloaded: a verdict
   *     over such rows says so, and the headline passes over them ({@link Headline})
   */
  public record Line(
      Key key,
      Side platform,
      Side virtual,
      Side reactive,
      ModeComparison comparison,
      ModeComparison reactiveVsVirtual,
      long overloaded) {
    /**
     * Median virtual throughput ÷ median platform throughput; NaN if either side is missing or has
     * no eligible repetition.
     */
    public double virtualToPlatform() {
      return comparison == null ? Double.NaN : comparison.ratio();
    }
  }

  private static final String DASH = "–";

  private final List<Line> lines;
  private final boolean showPathMode;
  private final List<Axis> shownAxes;
  private final boolean showReactive;

  private SummaryTable(List<Line> lines, boolean showPathMode) {
    this.lines = List.copyOf(lines);
    this.showPathMode = showPathMode;
    this.shownAxes = shownAxes(lines.stream().map(Line::key).toList());
    this.showReactive = lines.stream().anyMatch(l -> l.reactive() != null);
  }

  /** The axes with more than one value among {@code keys}: only they get a column. */
  static List<Axis> shownAxes(List<Key> keys) {
    return java.util.Arrays.stream(Axis.values())
        .filter(a -> keys.stream().map(a::of).distinct().count() > 1)
        .toList();
  }

  /**
   * Aggregates rows ({@link SummaryStats#lines}). Lines are ordered released before held (the hero
   * experiment first), then by path mode, pool and concurrency.
   */
  public static SummaryTable of(Collection<ResultRow> rows) {
    List<Line> out = SummaryStats.lines(rows);
    long pathModes = out.stream().map(l -> l.key().pathMode()).distinct().count();
    return new SummaryTable(out, pathModes > 1);
  }

  public List<Line> lines() {
    return lines;
  }

  /** The sentence on how the table's ratios and verdicts are made, for under it. */
  public String method() {
    return showReactive
        ? ModeComparison.METHOD + " " + ModeComparison.REACTIVE_METHOD
        : ModeComparison.METHOD;
  }

  /** A GitHub-flavoured Markdown table, numbers right-aligned. */
  public String toMarkdown() {
    return markdown(cells(), rightAligned());
  }

  /** {@code cells} (the header first) as a Markdown table, {@code right} columns right-aligned. */
  public static String markdown(List<String[]> cells, boolean[] right) {
    StringBuilder sb = new StringBuilder();
    for (int r = 0; r < cells.size(); r++) {
      sb.append('|');
      for (String c : cells.get(r)) {
        sb.append(' ').append(c.replace("|", "\\|")).append(" |");
      }
      sb.append('\n');
      if (r == 0) {
        sb.append('|');
        for (boolean rt : right) {
          sb.append(rt ? " ---: |" : " --- |");
        }
        sb.append('\n');
      }
    }
    return sb.toString();
  }

  /** Aligned columns for a terminal: two spaces between columns, a rule under the header. */
  public String toText() {
    return text(cells(), rightAligned());
  }

  /** {@code cells} (the header first) as aligned text, {@code right} columns right-aligned. */
  public static String text(List<String[]> cells, boolean[] right) {
    int[] width = new int[right.length];
    for (String[] row : cells) {
      for (int c = 0; c < row.length; c++) {
        width[c] = Math.max(width[c], row[c].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (int r = 0; r < cells.size(); r++) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < width.length; c++) {
        if (c > 0) {
          line.append("  ");
        }
        String v = cells.get(r)[c];
        String pad = " ".repeat(width[c] - v.length());
        line.append(right[c] ? pad + v : v + pad);
      }
      sb.append(line.toString().stripTrailing()).append('\n');
      if (r == 0) {
        int total = Arrays.stream(width).sum() + 2 * (width.length - 1);
        sb.append("-".repeat(total)).append('\n');
      }
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return toText();
  }

  private List<String> headers() {
    List<String> h = new ArrayList<>(List.of("conn_mode"));
    if (showPathMode) {
      h.add("path_mode");
    }
    h.addAll(List.of("pool", "concurrency"));
    shownAxes.forEach(a -> h.add(a.column()));
    h.addAll(
        List.of(
            showReactive ? "reps P/V/R" : "reps P/V",
            "platform req/s",
            "platform CV",
            "platform p99 ms",
            "virtual req/s",
            "virtual CV",
            "virtual p99 ms"));
    if (showReactive) {
      h.addAll(List.of("reactive req/s", "reactive CV", "reactive p99 ms"));
    }
    h.addAll(List.of("virtual ÷ platform", "95% CI", "verdict"));
    if (showReactive) {
      h.addAll(List.of("reactive ÷ virtual", "R/V 95% CI", "R/V verdict"));
    }
    h.addAll(List.of("bottleneck platform", "bottleneck virtual"));
    if (showReactive) {
      h.add("bottleneck reactive");
    }
    return h;
  }

  private boolean[] rightAligned() {
    return rightAligned(headers());
  }

  /**
   * Which of {@code headers} are numbers, aligned right: all but the text columns (modes, the
   * {@link Axis} columns, verdicts, bottlenecks). One rule for every table of the summary.
   */
  static boolean[] rightAligned(List<String> headers) {
    boolean[] right = new boolean[headers.size()];
    for (int i = 0; i < right.length; i++) {
      String name = headers.get(i);
      right[i] =
          !(name.equals("conn_mode")
              || name.equals("path_mode")
              || name.equals("thread_mode")
              || Axis.isColumn(name)
              || name.endsWith("verdict")
              || name.startsWith("bottleneck"));
    }
    return right;
  }

  private List<String[]> cells() {
    List<String[]> out = new ArrayList<>();
    out.add(headers().toArray(String[]::new));
    for (Line l : lines) {
      List<String> c = new ArrayList<>();
      c.add(l.key().connMode());
      if (showPathMode) {
        c.add(l.key().pathMode());
      }
      c.add(Integer.toString(l.key().hikariPool()));
      c.add(String.format(Locale.ROOT, "%,d", l.key().concurrency()));
      shownAxes.forEach(a -> c.add(a.cell(a.of(l.key()))));
      List<Side> sides =
          showReactive
              ? Arrays.asList(l.platform(), l.virtual(), l.reactive())
              : Arrays.asList(l.platform(), l.virtual());
      c.add(reps(sides, l.overloaded()));
      sides.forEach(s -> addSide(c, s));
      addComparison(c, l.comparison(), l.platform(), l.virtual());
      if (showReactive) {
        addComparison(c, l.reactiveVsVirtual(), l.virtual(), l.reactive());
      }
      sides.forEach(s -> c.add(bottleneck(s)));
      out.add(c.toArray(String[]::new));
    }
    return out;
  }

  /**
   * A comparison's ratio, interval and verdict, the verdict marked {@code overloaded:} when a row
   * of either side is; dashes without a comparison.
   */
  private static void addComparison(List<String> c, ModeComparison m, Side a, Side b) {
    if (m == null) {
      c.add(DASH);
      c.add(DASH);
      c.add(DASH);
      return;
    }
    c.add(Double.isNaN(m.ratio()) ? DASH : String.format(Locale.ROOT, "%.2f×", m.ratio()));
    c.add(m.interval() == null ? DASH : m.interval().format(2, DASH));
    long overloaded =
        SummaryStats.count(a, Side::overloaded) + SummaryStats.count(b, Side::overloaded);
    c.add((overloaded > 0 ? "overloaded: " : "") + m.label());
  }

  /**
   * Repetitions of each mode, e.g. {@code 3/3}, how many of them were left out of the medians and
   * why ({@link VerdictRows}), and how many were overloaded, e.g. {@code 3/3 (1 unsteady, 1
   * sut-throttled, 2 overloaded)}.
   */
  private static String reps(List<Side> sides, long overloaded) {
    Map<String, Long> leftOut = new HashMap<>();
    sides.stream()
        .filter(Objects::nonNull)
        .forEach(s -> s.leftOut().forEach((why, n) -> leftOut.merge(why, n, Long::sum)));
    List<String> notes = new ArrayList<>(VerdictRows.describe(leftOut));
    if (overloaded > 0) {
      notes.add(overloaded + " overloaded");
    }
    return sides.stream()
            .map(s -> Long.toString(SummaryStats.count(s, Side::reps)))
            .collect(Collectors.joining("/"))
        + (notes.isEmpty() ? "" : " (" + String.join(", ", notes) + ")");
  }

  private static String bottleneck(Side s) {
    return s == null || s.bottleneck().isEmpty() ? DASH : s.bottleneck();
  }

  private static void addSide(List<String> c, Side s) {
    if (s == null) {
      c.add(DASH);
      c.add(DASH);
      c.add(DASH);
      return;
    }
    double median = s.estimate().medianThroughputRps();
    c.add(Double.isNaN(median) ? DASH : String.format(Locale.ROOT, "%,.0f", median));
    c.add(
        Double.isNaN(s.cvThroughput())
            ? DASH
            : String.format(Locale.ROOT, "%.1f%%", 100 * s.cvThroughput()));
    c.add(latency(s.estimate().medianP99Ms()));
  }

  private static String latency(double ms) {
    if (Double.isNaN(ms)) {
      return DASH;
    }
    if (ms >= 100) {
      return String.format(Locale.ROOT, "%,.0f", ms);
    }
    return String.format(Locale.ROOT, ms >= 10 ? "%.1f" : "%.2f", ms);
  }
}
