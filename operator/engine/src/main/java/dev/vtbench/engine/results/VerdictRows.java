package dev.vtbench.engine.results;

import java.util.Collection;
import java.util.List;

/**
 * Which rows count towards a cell's estimate and the platform-vs-virtual verdict: the one place
 * that decides it, used by {@link CellEstimate} (and through it {@link ModeComparison}, the table's
 * medians, the headline and the figures' error bars).
 *
 * <p>A row measured before steady state ({@code steady_state = false}) is left out, never silently
 * averaged into a verdict; the table and the summary still show it, labelled. Rows from before
 * vtbench judged steady state ({@code steady_state} empty) count as they always did.
 */
public final class VerdictRows {

  private VerdictRows() {}

  /** True when {@code row} may enter a median, an interval and a verdict. */
  public static boolean eligible(ResultRow row) {
    return !Boolean.FALSE.equals(row.steadyState());
  }

  /** The eligible rows of {@code rows}, in their order. */
  public static List<ResultRow> of(Collection<ResultRow> rows) {
    return rows.stream().filter(VerdictRows::eligible).toList();
  }
}
