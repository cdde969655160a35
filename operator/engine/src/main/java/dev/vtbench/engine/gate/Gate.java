package dev.vtbench.engine.gate;

import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Benchmarks as a gate: the recorded rows checked against {@code spec.thresholds}. Pure: the same
 * verdict on both platforms, tested in milliseconds.
 *
 * <p>Each kind of threshold is its own {@link ThresholdRule}; they all judge a {@link Cell}'s
 * median over its repetitions ({@link Cells}). A rule that matches no recorded cell fails: a gate
 * that checks nothing must not pass. Cells a baseline lacks are noted, not failed.
 */
public final class Gate {

  private Gate() {}

  /** One comparison: a rule applied to a cell. */
  public record Check(
      String rule, String cell, Double actual, Double limit, boolean passed, String message) {}

  /**
   * Every check, and remarks that are neither pass nor fail (cells absent from the baseline). Its
   * wording ({@link #headline}, {@link #summary}, {@link #report}) is the one both platforms show.
   */
  public record Verdict(List<Check> checks, List<String> notes) {

    public boolean met() {
      return checks.stream().allMatch(Check::passed);
    }

    public List<Check> violations() {
      return checks.stream().filter(c -> !c.passed()).toList();
    }

    /** "all 3 threshold checks passed" or "1 of 3 threshold checks failed". */
    public String headline() {
      int failed = violations().size();
      return met()
          ? "all " + checks.size() + " threshold checks passed"
          : failed + " of " + checks.size() + " threshold checks failed";
    }

    /**
     * One line for a condition or an Event: the {@link #headline}, then, when any check failed, the
     * first {@code maxViolations} of them.
     */
    public String summary(int maxViolations) {
      return met() ? headline() : headline() + ": " + describeViolations(maxViolations);
    }

    /** The {@link #headline}, then every check and note on a line of its own: thresholds.txt. */
    public String report() {
      StringBuilder b = new StringBuilder(headline()).append('\n');
      for (Check c : checks) {
        b.append(c.passed() ? "  pass  " : "  FAIL  ").append(c.message()).append('\n');
      }
      for (String n : notes) {
        b.append("  note  ").append(n).append('\n');
      }
      return b.toString();
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

  /**
   * Checks {@code rows} against {@code t}; {@code baseline} holds the baseline CSV's rows when
   * {@code t.baseline} is set (null or empty otherwise).
   *
   * @throws IllegalArgumentException naming the field when a limit does not parse
   */
  public static Verdict evaluate(ThresholdsSpec t, List<ResultRow> rows, List<ResultRow> baseline) {
    List<Check> checks = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    if (t == null) {
      return new Verdict(checks, notes);
    }
    Cells run = Cells.of(rows);
    for (ThresholdRule rule : rules(t, baseline)) {
      Verdict v = rule.apply(run);
      checks.addAll(v.checks());
      notes.addAll(v.notes());
    }
    return new Verdict(checks, notes);
  }

  /** The rules {@code t} declares, in the order their checks are reported. */
  static List<ThresholdRule> rules(ThresholdsSpec t, List<ResultRow> baseline) {
    List<ThresholdRule> rules = new ArrayList<>();
    addIndexed(rules, t.maxP99, MaxP99Rule::of);
    addIndexed(rules, t.minThroughput, MinThroughputRule::of);
    addIndexed(rules, t.minVirtualToPlatformRatio, MinRatioRule::of);
    if (t.maxErrorRate != null) {
      rules.add(MaxErrorRateRule.of(t.maxErrorRate));
    }
    if (t.baseline != null) {
      rules.add(BaselineRule.of(t.baseline, baseline));
    }
    return rules;
  }

  private static <S> void addIndexed(
      List<ThresholdRule> rules, List<S> specs, BiFunction<Integer, S, ThresholdRule> rule) {
    for (int i = 0; specs != null && i < specs.size(); i++) {
      rules.add(rule.apply(i, specs.get(i)));
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
}
