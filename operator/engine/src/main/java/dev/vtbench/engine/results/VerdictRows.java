package dev.vtbench.engine.results;

import java.util.Collection;
import java.util.List;

/**
 * Which rows count towards a cell's estimate and the platform-vs-virtual verdict: the one place
 * that decides it, used by {@link CellEstimate} (and through it {@link VirtualVsPlatform}, the
 * table's medians, the headline and the figures' error bars).
 *
 * <p>Today every row counts. Issue 12 item 1 adds {@code steady_state}: rows measured before steady
 * state and overloaded rows are to be left out here, never silently averaged into a verdict.
 */
public final class VerdictRows {

  private VerdictRows() {}

  /** True when {@code row} may enter a median, an interval and a verdict. */
  public static boolean eligible(ResultRow row) {
    return true;
  }

  /** The eligible rows of {@code rows}, in their order. */
  public static List<ResultRow> of(Collection<ResultRow> rows) {
    return rows.stream().filter(VerdictRows::eligible).toList();
  }
}
