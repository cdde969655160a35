package dev.vtbench.engine.results;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Which rows count towards a cell's estimate and the platform-vs-virtual verdict: the one place
 * that decides it, used by {@link CellEstimate} (and through it {@link ModeComparison}, the table's
 * medians, the headline and the figures' error bars).
 *
 * <p>Two kinds of row are left out, never silently averaged into a verdict; the table and the
 * summary still show them, labelled:
 *
 * <ul>
 *   <li>a row measured before steady state ({@code steady_state = false}), counted as {@value
 *       #UNSTEADY};
 *   <li>a row whose SUT its CPU limit held back in at least {@link Throttling#THRESHOLD_PCT} % of
 *       the hold's CFS periods ({@code sut_throttled_pct}, {@link Throttling#sut}), counted as
 *       {@value #SUT_THROTTLED}: it measured the limit's accounting, not the threads.
 * </ul>
 *
 * A row that is both counts as {@value #SUT_THROTTLED}, the cause. Rows from before vtbench judged
 * steady state or measured throttling (the columns empty) count as they always did.
 */
public final class VerdictRows {

  /** Why a row measured before steady state is left out, as the table counts it. */
  public static final String UNSTEADY = "unsteady";

  /** Why a row whose SUT was throttled is left out, as the table counts it. */
  public static final String SUT_THROTTLED = Bottleneck.SUT_THROTTLED.csvName();

  /** What every left-out row was, for a sentence saying why nothing is left to compare. */
  public static final String ALL_LEFT_OUT =
      "measured before steady state (steady_state=false) or with its SUT held back by its CPU"
          + " limit ("
          + Throttling.sutRule()
          + ")";

  private VerdictRows() {}

  /** True when {@code row} may enter a median, an interval and a verdict. */
  public static boolean eligible(ResultRow row) {
    return leftOutBecause(row).isEmpty();
  }

  /** Why {@code row} is left out ({@value #SUT_THROTTLED}, {@value #UNSTEADY}); empty if not. */
  public static Optional<String> leftOutBecause(ResultRow row) {
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
   * How many of {@code rows} are left out and why, e.g. {@code [1 unsteady, 2 sut-throttled]};
   * empty when every row counts.
   */
  public static List<String> leftOut(Collection<ResultRow> rows) {
    List<String> counts = new ArrayList<>();
    for (String why : List.of(UNSTEADY, SUT_THROTTLED)) {
      long n = rows.stream().filter(r -> leftOutBecause(r).filter(why::equals).isPresent()).count();
      if (n > 0) {
        counts.add(n + " " + why);
      }
    }
    return counts;
  }

  /**
   * Why {@code rows}, none of them eligible, are left out: {@code not steady}, {@code SUT
   * throttled} or both.
   */
  public static String whyNone(Collection<ResultRow> rows) {
    boolean throttled = rows.stream().anyMatch(Throttling::sut);
    boolean unsteady =
        rows.stream().anyMatch(r -> leftOutBecause(r).filter(UNSTEADY::equals).isPresent());
    return unsteady && throttled
        ? "not steady or SUT throttled"
        : throttled ? "SUT throttled" : "not steady";
  }
}
