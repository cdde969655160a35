package dev.vtbench.engine.results.verdict;

import dev.vtbench.engine.results.derived.DerivedMetrics;
import dev.vtbench.engine.results.derived.Neighbour;
import dev.vtbench.engine.results.derived.Throttling;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which rows count towards a cell's estimate and the platform-vs-virtual verdict: the one place
 * that decides it, used by {@link CellEstimate} (and through it {@link ModeComparison}, the table's
 * medians, the headline and the figures' error bars).
 *
 * <p>Four kinds of row are left out, never silently averaged into a verdict; the table and the
 * summary still show them, labelled:
 *
 * <ul>
 *   <li>a row measured before steady state ({@code steady_state = false}), counted as {@value
 *       #UNSTEADY};
 *   <li>a row whose SUT its CPU limit held back in at least {@link Throttling#THRESHOLD_PCT} % of
 *       the hold's CFS periods ({@code sut_throttled_pct}, {@link Throttling#sut}), counted as
 *       {@value #SUT_THROTTLED}: it measured the limit's accounting, not the threads;
 *   <li>a row whose SUT shared its cores with a neighbour ({@link Neighbour#onSutCores}), counted
 *       as {@value #SUT_CORE_SHARED}: the neighbour's time was taken from the SUT's threads;
 *   <li>a row whose load generator was the limit ({@code generator_saturated}, {@link
 *       DerivedMetrics#GENERATOR_FRACTION}), counted as {@value #LOAD_GENERATOR}: it measured k6
 *       and the cores it shared, not the SUT.
 * </ul>
 *
 * A row that is several counts as the cause ({@link #REASONS}). Rows from before vtbench judged
 * steady state or measured throttling (the columns empty) count as they always did.
 */
public final class VerdictRows {

  /** Why a row measured before steady state is left out, as the table counts it. */
  public static final String UNSTEADY = "unsteady";

  /** Why a row whose SUT was throttled is left out, as the table counts it. */
  public static final String SUT_THROTTLED = Bottleneck.SUT_THROTTLED.csvName();

  /** Why a row whose SUT's cores ran a neighbour is left out, as the table counts it. */
  public static final String SUT_CORE_SHARED = Bottleneck.SUT_CORE_SHARED.csvName();

  /** Why a row whose load generator was the limit is left out, as the table counts it. */
  public static final String LOAD_GENERATOR = Bottleneck.LOAD_GENERATOR.csvName();

  /**
   * Every reason, in the order the table lists them. A row that is several counts as the cause: a
   * saturated generator before all (nothing else in the row was measured), then a neighbour before
   * throttling, throttling before the unsteadiness either brings.
   */
  public static final List<String> REASONS =
      List.of(UNSTEADY, SUT_THROTTLED, SUT_CORE_SHARED, LOAD_GENERATOR);

  /** What every left-out row was, for a sentence saying why nothing is left to compare. */
  public static final String ALL_LEFT_OUT =
      "measured before steady state (steady_state=false), with its SUT held back by its CPU"
          + " limit ("
          + Throttling.sutRule()
          + "), with a neighbour on its cores ("
          + Neighbour.rule()
          + ") or with its load generator the limit (generator_saturated)";

  private VerdictRows() {}

  /** True when {@code row} may enter a median, an interval and a verdict. */
  public static boolean eligible(ResultRow row) {
    return leftOutBecause(row).isEmpty();
  }

  /** Why {@code row} is left out, its cause first ({@link #REASONS}); empty if it is not. */
  public static Optional<String> leftOutBecause(ResultRow row) {
    if (Boolean.TRUE.equals(row.generatorSaturated())) {
      return Optional.of(LOAD_GENERATOR);
    }
    if (Neighbour.onSutCores(row)) {
      return Optional.of(SUT_CORE_SHARED);
    }
    if (Throttling.sut(row)) {
      return Optional.of(SUT_THROTTLED);
    }
    return Boolean.FALSE.equals(row.steadyState()) ? Optional.of(UNSTEADY) : Optional.empty();
  }

  /** The eligible rows of {@code rows}, in their order. */
  public static List<ResultRow> of(Collection<ResultRow> rows) {
    return rows.stream().filter(VerdictRows::eligible).toList();
  }

  /**
   * How many of {@code rows} are left out for each reason that occurs, in the order of {@link
   * #REASONS}; empty when every row counts.
   */
  public static Map<String, Long> countLeftOut(Collection<ResultRow> rows) {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String why : REASONS) {
      long n = rows.stream().filter(r -> leftOutBecause(r).filter(why::equals).isPresent()).count();
      if (n > 0) {
        counts.put(why, n);
      }
    }
    return counts;
  }

  /**
   * How many of {@code rows} are left out and why, e.g. {@code [1 unsteady, 2 sut-throttled]};
   * empty when every row counts.
   */
  public static List<String> leftOut(Collection<ResultRow> rows) {
    return describe(countLeftOut(rows));
  }

  /** Counts by reason ({@link #countLeftOut}) as {@code N reason}, in the order of the reasons. */
  public static List<String> describe(Map<String, Long> counts) {
    List<String> out = new ArrayList<>();
    for (String why : REASONS) {
      long n = counts.getOrDefault(why, 0L);
      if (n > 0) {
        out.add(n + " " + why);
      }
    }
    return out;
  }

  /**
   * Why {@code rows}, none of them eligible, are left out, e.g. {@code not steady}, {@code SUT
   * throttled}, {@code not steady or SUT throttled}.
   */
  public static String whyNone(Collection<ResultRow> rows) {
    List<String> whys = new ArrayList<>();
    for (String why : countLeftOut(rows).keySet()) {
      whys.add(
          why.equals(SUT_CORE_SHARED)
              ? "SUT core shared"
              : why.equals(SUT_THROTTLED)
                  ? "SUT throttled"
                  : why.equals(LOAD_GENERATOR) ? "generator saturated" : "not steady");
    }
    return whys.isEmpty() ? "not steady" : String.join(" or ", whys);
  }
}
