package dev.vtbench.engine.gate;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.BenchmarkRunSpec.CellFilter;
import dev.vtbench.engine.model.Durations;
import dev.vtbench.engine.model.Percent;
import dev.vtbench.engine.results.ResultRow;
import dev.vtbench.engine.results.ResultsCsv;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Benchmarks as a gate: the recorded rows checked against {@code spec.thresholds}. Pure: the same
 * verdict on both platforms, tested in milliseconds.
 *
 * <p>A <em>cell</em> is one thread mode × Hikari pool × concurrency (× connection and path mode,
 * which a run keeps fixed); its value is the <b>median</b> over the repetitions, so one noisy
 * repetition neither fails nor rescues a cell. A rule that matches no recorded cell fails: a gate
 * that checks nothing must not pass. Cells a baseline lacks are noted, not failed.
 */
public final class Gate {

  private Gate() {}

  /** One comparison: a rule applied to a cell. */
  public record Check(
      String rule, String cell, Double actual, Double limit, boolean passed, String message) {}

  /** Every check, and remarks that are neither pass nor fail (cells absent from the baseline). */
  public record Verdict(List<Check> checks, List<String> notes) {

    public boolean met() {
      return checks.stream().allMatch(Check::passed);
    }

    public List<Check> violations() {
      return checks.stream().filter(c -> !c.passed()).toList();
    }

    /** The first {@code max} violations as sentences, then "and N more". */
    public String describeViolations(int max) {
      List<Check> v = violations();
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < Math.min(max, v.size()); i++) {
        b.append(i == 0 ? "" : "; ").append(v.get(i).message());
      }
      if (v.size() > max) {
        b.append("; and ").append(v.size() - max).append(" more");
      }
      return b.toString();
    }
  }

  /** A cell of the matrix. */
  record Cell(String threadMode, int pool, int concurrency, String connMode, String pathMode) {

    static Cell of(ResultRow r) {
      return new Cell(r.threadMode(), r.hikariPool(), r.concurrency(), r.connMode(), r.pathMode());
    }

    /** Same cell; a connection or path mode a CSV leaves empty matches any. */
    boolean sameAs(Cell o) {
      return threadMode.equals(o.threadMode)
          && pool == o.pool
          && concurrency == o.concurrency
          && (connMode == null || o.connMode == null || connMode.equals(o.connMode))
          && (pathMode == null || o.pathMode == null || pathMode.equals(o.pathMode));
    }

    boolean matches(CellFilter f) {
      return (f.threadMode() == null || f.threadMode().equals(threadMode))
          && (f.hikariPoolSize == null || f.hikariPoolSize == pool)
          && (f.concurrency == null || f.concurrency == concurrency);
    }

    String label() {
      return threadMode + ", pool " + pool + ", " + concurrency + " VUs";
    }
  }

  /**
   * Checks {@code rows} against {@code t}; {@code baseline} holds the baseline CSV's rows when
   * {@code t.baseline} is set (null or empty otherwise).
   */
  public static Verdict evaluate(
      BenchmarkRunSpec.Thresholds t, List<ResultRow> rows, List<ResultRow> baseline) {
    List<Check> checks = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    if (t == null) {
      return new Verdict(checks, notes);
    }
    Map<Cell, List<ResultRow>> cells = cells(rows);

    List<BenchmarkRunSpec.MaxP99> p99 = t.maxP99 == null ? List.of() : t.maxP99;
    for (int i = 0; i < p99.size(); i++) {
      BenchmarkRunSpec.MaxP99 rule = p99.get(i);
      String name = "maxP99[" + i + "]";
      double limit = Durations.parse("spec.thresholds." + name + ".p99", rule.p99).toNanos() / 1e6;
      List<Cell> matched = matching(cells, rule);
      if (matched.isEmpty()) {
        checks.add(noCell(name, rule, limit));
      }
      for (Cell c : matched) {
        Double v = median(cells.get(c), ResultRow::p99Ms);
        checks.add(
            v == null
                ? new Check(
                    name,
                    c.label(),
                    null,
                    limit,
                    false,
                    "p99 at " + c.label() + " was not measured")
                : new Check(
                    name,
                    c.label(),
                    v,
                    limit,
                    v <= limit,
                    "p99 at "
                        + c.label()
                        + " was "
                        + ms(v)
                        + (v <= limit ? ", within " : ", above ")
                        + ms(limit)));
      }
    }

    List<BenchmarkRunSpec.MinThroughput> rps =
        t.minThroughput == null ? List.of() : t.minThroughput;
    for (int i = 0; i < rps.size(); i++) {
      BenchmarkRunSpec.MinThroughput rule = rps.get(i);
      String name = "minThroughput[" + i + "]";
      List<Cell> matched = matching(cells, rule);
      if (matched.isEmpty()) {
        checks.add(noCell(name, rule, rule.rps));
      }
      for (Cell c : matched) {
        double v = median(cells.get(c), ResultRow::throughputRps);
        boolean ok = v >= rule.rps;
        checks.add(
            new Check(
                name,
                c.label(),
                v,
                rule.rps,
                ok,
                "throughput at "
                    + c.label()
                    + " was "
                    + rps(v)
                    + (ok ? ", at least " : ", below ")
                    + rps(rule.rps)));
      }
    }

    List<BenchmarkRunSpec.MinRatio> ratios =
        t.minVirtualToPlatformRatio == null ? List.of() : t.minVirtualToPlatformRatio;
    for (int i = 0; i < ratios.size(); i++) {
      BenchmarkRunSpec.MinRatio rule = ratios.get(i);
      String name = "minVirtualToPlatformRatio[" + i + "]";
      int pairs = 0;
      for (Cell v : matching(cells, rule)) {
        if (!ResultRow.VIRTUAL.equals(v.threadMode())) {
          continue;
        }
        Cell p =
            cells.keySet().stream()
                .filter(
                    c ->
                        c.sameAs(
                            new Cell(
                                ResultRow.PLATFORM,
                                v.pool(),
                                v.concurrency(),
                                v.connMode(),
                                v.pathMode())))
                .findFirst()
                .orElse(null);
        if (p == null) {
          continue;
        }
        pairs++;
        double vr = median(cells.get(v), ResultRow::throughputRps);
        double pr = median(cells.get(p), ResultRow::throughputRps);
        double ratio = pr > 0 ? vr / pr : Double.POSITIVE_INFINITY;
        boolean ok = ratio >= rule.ratio;
        String where = "pool " + v.pool() + ", " + v.concurrency() + " VUs";
        checks.add(
            new Check(
                name,
                where,
                ratio,
                rule.ratio,
                ok,
                "virtual/platform throughput at "
                    + where
                    + " was "
                    + num(ratio, 2)
                    + " ("
                    + rps(vr)
                    + " ÷ "
                    + rps(pr)
                    + ")"
                    + (ok ? ", at least " : ", below ")
                    + num(rule.ratio, 2)));
      }
      if (pairs == 0) {
        checks.add(
            new Check(
                name,
                filter(rule),
                null,
                rule.ratio,
                false,
                name
                    + " found no cell measured with both platform and virtual threads"
                    + " ("
                    + filter(rule)
                    + ")"));
      }
    }

    if (t.maxErrorRate != null) {
      double limit = Percent.parse("spec.thresholds.maxErrorRate", t.maxErrorRate);
      for (Cell c : cells.keySet()) {
        Double v = median(cells.get(c), ResultRow::errorRate);
        if (v == null) {
          checks.add(
              new Check(
                  "maxErrorRate",
                  c.label(),
                  null,
                  limit,
                  false,
                  "error rate at " + c.label() + " was not measured"));
          continue;
        }
        boolean ok = v <= limit;
        checks.add(
            new Check(
                "maxErrorRate",
                c.label(),
                v,
                limit,
                ok,
                "error rate at "
                    + c.label()
                    + " was "
                    + pct(v)
                    + (ok ? ", within " : ", above ")
                    + pct(limit)));
      }
    }

    if (t.baseline != null) {
      baseline(t.baseline, cells, baseline == null ? List.of() : baseline, checks, notes);
    }
    return new Verdict(checks, notes);
  }

  private static void baseline(
      BenchmarkRunSpec.Baseline b,
      Map<Cell, List<ResultRow>> cells,
      List<ResultRow> baseline,
      List<Check> checks,
      List<String> notes) {
    double allowed = Percent.parse("spec.thresholds.baseline.maxRegression", b.maxRegression);
    Map<Cell, List<ResultRow>> base = cells(baseline);
    for (Map.Entry<Cell, List<ResultRow>> e : cells.entrySet()) {
      Cell c = e.getKey();
      List<ResultRow> then =
          base.entrySet().stream()
              .filter(x -> x.getKey().sameAs(c))
              .map(Map.Entry::getValue)
              .findFirst()
              .orElse(null);
      if (then == null) {
        notes.add(c.label() + " is not in the baseline; not compared");
        continue;
      }
      double now = median(e.getValue(), ResultRow::throughputRps);
      double before = median(then, ResultRow::throughputRps);
      double drop = before > 0 ? (before - now) / before : 0;
      boolean ok = drop <= allowed + 1e-9;
      checks.add(
          new Check(
              "baseline.throughput",
              c.label(),
              now,
              before * (1 - allowed),
              ok,
              "throughput at "
                  + c.label()
                  + " was "
                  + rps(now)
                  + ", "
                  + pct(Math.abs(drop))
                  + (drop >= 0 ? " below" : " above")
                  + " the baseline's "
                  + rps(before)
                  + " (allowed: "
                  + pct(allowed)
                  + " lower)"));
      Double p99Now = median(e.getValue(), ResultRow::p99Ms);
      Double p99Before = median(then, ResultRow::p99Ms);
      if (p99Now == null || p99Before == null || p99Before <= 0) {
        notes.add(c.label() + ": p99 missing here or in the baseline; p99 not compared");
        continue;
      }
      double rise = (p99Now - p99Before) / p99Before;
      boolean p99Ok = rise <= allowed + 1e-9;
      checks.add(
          new Check(
              "baseline.p99",
              c.label(),
              p99Now,
              p99Before * (1 + allowed),
              p99Ok,
              "p99 at "
                  + c.label()
                  + " was "
                  + ms(p99Now)
                  + ", "
                  + pct(Math.abs(rise))
                  + (rise >= 0 ? " above" : " below")
                  + " the baseline's "
                  + ms(p99Before)
                  + " (allowed: "
                  + pct(allowed)
                  + " higher)"));
    }
  }

  /**
   * The baseline CSV: a matrix.csv as vtbench writes it, or the reference rig's 23 columns.
   *
   * @throws IllegalArgumentException naming {@code source} when it is not such a CSV or has no row
   */
  public static List<ResultRow> parseBaseline(String source, String csv) {
    List<ResultRow> rows;
    try {
      rows = ResultsCsv.parse(csv == null ? "" : csv);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(source + " is not a matrix.csv: " + e.getMessage(), e);
    }
    if (rows.isEmpty()) {
      throw new IllegalArgumentException(source + " holds no result rows");
    }
    return rows;
  }

  // --- cells ----------------------------------------------------------------------------------

  private static Map<Cell, List<ResultRow>> cells(List<ResultRow> rows) {
    Map<Cell, List<ResultRow>> cells = new LinkedHashMap<>();
    rows.stream()
        .sorted(
            Comparator.comparing(ResultRow::threadMode)
                .thenComparingInt(ResultRow::hikariPool)
                .thenComparingInt(ResultRow::concurrency))
        .forEach(r -> cells.computeIfAbsent(Cell.of(r), k -> new ArrayList<>()).add(r));
    return cells;
  }

  private static List<Cell> matching(Map<Cell, List<ResultRow>> cells, CellFilter f) {
    return cells.keySet().stream().filter(c -> c.matches(f)).toList();
  }

  private static Check noCell(String name, CellFilter f, Double limit) {
    return new Check(
        name,
        filter(f),
        null,
        limit,
        false,
        name + " matched no recorded cell (" + filter(f) + ")");
  }

  private static String filter(CellFilter f) {
    List<String> parts = new ArrayList<>();
    if (f.threadMode() != null) {
      parts.add("threadMode " + f.threadMode());
    }
    if (f.hikariPoolSize != null) {
      parts.add("hikariPoolSize " + f.hikariPoolSize);
    }
    if (f.concurrency != null) {
      parts.add("concurrency " + f.concurrency);
    }
    return parts.isEmpty() ? "every cell" : String.join(", ", parts);
  }

  /** The median of the values present; null when none is. */
  static Double median(List<ResultRow> rows, Function<ResultRow, Double> value) {
    List<Double> v =
        rows.stream().map(value).filter(Objects::nonNull).filter(d -> !d.isNaN()).sorted().toList();
    if (v.isEmpty()) {
      return null;
    }
    int n = v.size();
    return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
  }

  private static String ms(double v) {
    return num(v, 1) + " ms";
  }

  private static String rps(double v) {
    return num(v, 1) + " req/s";
  }

  private static String pct(double fraction) {
    return num(fraction * 100, 2) + "%";
  }

  private static String num(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
