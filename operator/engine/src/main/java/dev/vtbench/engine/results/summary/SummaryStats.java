package dev.vtbench.engine.results.summary;

import dev.vtbench.engine.results.derived.Overload;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryTable.Key;
import dev.vtbench.engine.results.summary.SummaryTable.Line;
import dev.vtbench.engine.results.summary.SummaryTable.Side;
import dev.vtbench.engine.results.verdict.CellEstimate;
import dev.vtbench.engine.results.verdict.ModeComparison;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * The statistics behind {@link SummaryTable}: rows grouped by {@link Key}, each thread mode's
 * repetitions aggregated into a {@link Side}, and the modes compared ({@link ModeComparison}).
 * {@link SummaryTable} renders what this computes.
 */
public final class SummaryStats {

  private SummaryStats() {}

  /** One key's rows, split by thread mode; a list is empty when that mode has none. */
  public record Rows(List<ResultRow> platform, List<ResultRow> virtual, List<ResultRow> reactive) {

    Rows() {
      this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    /** The rows of {@code mode}, one of {@link ResultRow#THREAD_MODES}. */
    public List<ResultRow> of(String mode) {
      return switch (mode) {
        case ResultRow.PLATFORM -> platform;
        case ResultRow.VIRTUAL -> virtual;
        case ResultRow.REACTIVE -> reactive;
        default -> throw new IllegalArgumentException("no thread mode " + mode);
      };
    }

    /** Whether both modes have rows here. */
    boolean both(String a, String b) {
      return !of(a).isEmpty() && !of(b).isEmpty();
    }

    /** Rows of these modes labelled {@code overloaded} ({@link Overload}). */
    long overloaded(String a, String b) {
      return of(a).stream().filter(Overload::labelled).count()
          + of(b).stream().filter(Overload::labelled).count();
    }

    /** What the key's level counts: VUs, or the open model's target rate. */
    String unit() {
      return ResultRow.THREAD_MODES.stream()
          .map(this::of)
          .filter(l -> !l.isEmpty())
          .findFirst()
          .orElseThrow()
          .getFirst()
          .levelUnit();
    }
  }

  /**
   * Aggregates rows. Rows of a thread mode not in {@link ResultRow#THREAD_MODES} are ignored. Lines
   * are ordered released before held (the hero experiment first), then by path mode, pool and
   * concurrency.
   */
  public static List<Line> lines(Collection<ResultRow> rows) {
    List<Line> out = new ArrayList<>();
    grouped(rows)
        .forEach(
            (k, g) -> {
              Side p = side(g.platform());
              Side v = side(g.virtual());
              Side r = side(g.reactive());
              out.add(
                  new Line(
                      k,
                      p,
                      v,
                      r,
                      compare(ResultRow.VIRTUAL, v, ResultRow.PLATFORM, p),
                      compare(ResultRow.REACTIVE, r, ResultRow.VIRTUAL, v),
                      count(p, Side::overloaded)
                          + count(v, Side::overloaded)
                          + count(r, Side::overloaded)));
            });
    return out;
  }

  private static ModeComparison compare(String mode, Side m, String baseline, Side b) {
    return m == null || b == null
        ? null
        : ModeComparison.of(mode, m.estimate(), baseline, b.estimate());
  }

  /**
   * The rows of each key by thread mode, in table order; rows of any other thread mode are left
   * out. Cheap (no statistics): the headline picks its key from here.
   */
  public static Map<Key, Rows> grouped(Collection<ResultRow> rows) {
    Map<Key, Rows> byKey =
        new TreeMap<>(keyOrder(Axis.JVM_OPTIONS.values(rows), Axis.BUILD.values(rows)));
    for (ResultRow r : rows) {
      if (!ResultRow.THREAD_MODES.contains(r.threadMode())) {
        continue;
      }
      Key k =
          new Key(
              r.connMode(),
              r.pathMode(),
              r.hikariPool(),
              r.concurrency(),
              Axis.JVM_OPTIONS.of(r),
              Axis.BUILD.of(r),
              Axis.CPU_WORK.of(r));
      byKey.computeIfAbsent(k, x -> new Rows()).of(r.threadMode()).add(r);
    }
    return byKey;
  }

  /** A cell's lines in the order its axes' values first ran: the first value's first. */
  private static Comparator<Key> keyOrder(List<String> jvmOptions, List<String> builds) {
    return Comparator.comparingInt((Key k) -> connRank(k.connMode()))
        .thenComparing(Key::connMode)
        .thenComparingInt(k -> ResultRow.NORMAL.equals(k.pathMode()) ? 0 : 1)
        .thenComparing(Key::pathMode)
        .thenComparingInt(Key::hikariPool)
        .thenComparingInt(Key::concurrency)
        .thenComparingInt(k -> jvmOptions.indexOf(k.jvmOptions()))
        .thenComparingInt(k -> builds.indexOf(k.build()))
        // CPU per request ascending: the crossover reads from no extra CPU upwards
        .thenComparingLong(k -> k.cpuWork().isEmpty() ? -1 : Long.parseLong(k.cpuWork()));
  }

  private static int connRank(String connMode) {
    return switch (connMode) {
      case ResultRow.RELEASED -> 0;
      case ResultRow.HELD -> 1;
      default -> 2;
    };
  }

  private static Side side(List<ResultRow> reps) {
    if (reps == null || reps.isEmpty()) {
      return null;
    }
    double[] tp = reps.stream().mapToDouble(ResultRow::throughputRps).toArray();
    double[] p99 =
        reps.stream().map(ResultRow::p99Ms).filter(Objects::nonNull).mapToDouble(d -> d).toArray();
    return new Side(
        reps.size(),
        mean(tp),
        Arrays.stream(tp).min().orElse(Double.NaN),
        Arrays.stream(tp).max().orElse(Double.NaN),
        coefficientOfVariation(tp),
        mean(p99),
        dominantBottleneck(reps),
        CellEstimate.of(reps),
        reps.stream().filter(Overload::labelled).count(),
        VerdictRows.countLeftOut(reps));
  }

  static double mean(double[] xs) {
    if (xs.length == 0) {
      return Double.NaN;
    }
    double s = 0;
    for (double x : xs) {
      s += x;
    }
    return s / xs.length;
  }

  /**
   * Sample standard deviation (n − 1) ÷ mean. With 3 reps this is a rough spread indicator, which
   * is all it is used for; NaN below 2 values or at a zero mean.
   */
  static double coefficientOfVariation(double[] xs) {
    if (xs.length < 2) {
      return Double.NaN;
    }
    double m = mean(xs);
    if (m == 0) {
      return Double.NaN;
    }
    double ss = 0;
    for (double x : xs) {
      ss += (x - m) * (x - m);
    }
    return Math.sqrt(ss / (xs.length - 1)) / Math.abs(m);
  }

  private static String dominantBottleneck(List<ResultRow> reps) {
    Map<String, Long> counts =
        reps.stream()
            .map(ResultRow::bottleneck)
            .filter(Objects::nonNull)
            .collect(
                Collectors.groupingBy(Bottleneck::csvName, TreeMap::new, Collectors.counting()));
    if (counts.isEmpty()) {
      return "";
    }
    long total = counts.values().stream().mapToLong(Long::longValue).sum();
    Map.Entry<String, Long> top =
        counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
    return top.getValue() == total
        ? top.getKey()
        : top.getKey() + " (" + top.getValue() + "/" + total + ")";
  }

  /** {@code f} of a side; 0 for a missing one. */
  public static long count(Side s, ToLongFunction<Side> f) {
    return s == null ? 0 : f.applyAsLong(s);
  }
}
