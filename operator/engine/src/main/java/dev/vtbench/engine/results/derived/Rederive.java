package dev.vtbench.engine.results.derived;

import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.RowNotes;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Today's rules on rows read back from a CSV: the one place where a stored row's judgments are
 * derived again from its measured columns, so every summary, figure and verdict drawn from a CSV
 * follows the code that draws it, not the code that measured it ({@link
 * dev.vtbench.engine.results.csv.ResultsCsv#read}).
 *
 * <p>{@link DerivedMetrics#derive} gives the row its Little's-law bound and ratio, {@code
 * generator_saturated}, {@code bottleneck} and {@code overloaded} again from what it recorded: the
 * service-time floor, its cpuset, each core's busy share, each tier's CPU and throttling. A rule
 * whose input the row does not record answers as it did when the row was measured, and only then:
 *
 * <ul>
 *   <li>the database's CPUs are not in the row: a stored {@code database-cpu} stands;
 *   <li>a cluster SUT's CPU limit is not in the row (its cpuset is): a stored {@code sut-cpu} or
 *       {@code event-loop} stands;
 *   <li>the generator's own CPUs are not in the row (its cores' busy share is), nor whether it had
 *       a CPU limit: a stored {@code generator_saturated=true} stands, and so does a stored {@code
 *       false} where the row has no cores' busy share;
 *   <li>the request timeout is not in the row: a stored {@code overloaded=true} stands;
 *   <li>{@code steady_state} is judged again from the hold's windows, the warm-up's verdict and its
 *       noise where the row keeps them ({@code hold_windows}, {@code warmup_steady}, {@code
 *       warmup_tp_noise}, {@code warmup_cpu_noise}); rows from before those columns keep it as
 *       measured ({@link #STEADY_AS_MEASURED}).
 * </ul>
 *
 * A row whose labels change says so in its notes ({@link #NOTE_PREFIX}), with what was stored; the
 * summary counts them ({@link #sentence}).
 */
public final class Rederive {

  /** How the note of a row whose labels today's rules changed begins. */
  public static final String NOTE_PREFIX = "relabelled by today's rules";

  /** What the summary says of {@code steady_state} in rows that keep no hold windows. */
  public static final String STEADY_AS_MEASURED =
      "steady_state is judged again where a row keeps its hold's windows (hold_windows), and stays"
          + " as its run judged it in rows from before that column";

  private Rederive() {}

  /** {@code stored} with its judgments derived again by today's rules; see the class comment. */
  public static ResultRow row(ResultRow stored) {
    if (stored.bottleneck() == null) {
      // a row vtbench never judged (the reference rig's 23 columns): nothing to derive again
      return stored;
    }
    // a user's service has no service-time floor (the stub's delay it records is not one)
    Double floor = ServiceBottleneck.applies(stored) ? null : stored.serviceFloor();
    DerivedMetrics.Rig rig =
        new DerivedMetrics.Rig(
            floor == null ? Double.NaN : floor,
            asMeasured(stored, Bottleneck.SUT_CPU, Bottleneck.EVENT_LOOP)
                ? cpusAtLimit(stored.appCpuPct(), DerivedMetrics.SATURATION_FRACTION)
                : Double.NaN,
            asMeasured(stored, Bottleneck.DATABASE_CPU)
                ? cpusAtLimit(stored.pgCpuPct(), DerivedMetrics.SATURATION_FRACTION)
                : Double.NaN,
            Boolean.TRUE.equals(stored.generatorSaturated())
                ? cpusAtLimit(stored.loadCpuPct(), DerivedMetrics.GENERATOR_FRACTION)
                : Double.NaN,
            timeoutAsMeasured(stored),
            // whether k6 had a CPU limit is not in the row: its throttling alone clears nothing
            false);
    ResultRow today = DerivedMetrics.derive(stored, rig);
    Boolean steady = steadyToday(stored);
    if (steady != null) {
      today = today.toBuilder().steadyState(steady).build();
    }
    if (today.generatorSaturated() == null) {
      // nothing today's rule reads was recorded: the stored judgment is all there is
      today = today.toBuilder().generatorSaturated(stored.generatorSaturated()).build();
    }
    String change = change(stored, today);
    return change == null
        ? today
        : today.toBuilder().notes(RowNotes.add(today.notes(), NOTE_PREFIX, change)).build();
  }

  /** Every row of {@code stored} derived again, in order. */
  public static List<ResultRow> rows(Collection<ResultRow> stored) {
    return stored.stream().map(Rederive::row).toList();
  }

  /** Whether {@code row} carries a label today's rules changed. */
  public static boolean relabelled(ResultRow row) {
    return row.notes() != null && row.notes().contains(NOTE_PREFIX);
  }

  /**
   * The summary's line on the rows today's rules relabelled, e.g. {@code 2 of 30 rows relabelled by
   * today's rules since they were recorded (r1-virtual-pool50-c400: bottleneck hikari-pool →
   * load-generator; ...)}, then {@link #STEADY_AS_MEASURED}; null when none was.
   */
  public static String sentence(Collection<ResultRow> rows) {
    List<String> changed = new ArrayList<>();
    for (ResultRow r : rows) {
      if (relabelled(r)) {
        String note = r.notes().substring(r.notes().indexOf(NOTE_PREFIX) + NOTE_PREFIX.length());
        int end = note.indexOf("; ");
        String what = (end < 0 ? note : note.substring(0, end)).replaceFirst("^: ", "");
        changed.add((r.scenarioId() == null ? "rep " + r.rep() : r.scenarioId()) + ": " + what);
      }
    }
    if (changed.isEmpty()) {
      return null;
    }
    return changed.size()
        + " of "
        + rows.size()
        + " rows relabelled by today's rules since they were recorded, each row's notes say from"
        + " what ("
        + String.join("; ", changed)
        + "); "
        + STEADY_AS_MEASURED
        + ".";
  }

  /**
   * {@code steady_state} by today's rule, from the hold's stored windows and the warm-up's verdict
   * and noise: steady when the warm-up was and the hold does not drift ({@link
   * SteadyState#judgeHold(List, double, double, double)}); null when the row keeps no windows.
   */
  static Boolean steadyToday(ResultRow stored) {
    if (stored.holdWindows() == null || stored.warmupSteady() == null) {
      return null;
    }
    List<LoadWindow> hold = LoadWindow.decode(stored.holdWindows());
    SteadyState.Verdict v =
        SteadyState.judgeHold(
            hold,
            stored.warmupTpNoise() == null ? 0 : stored.warmupTpNoise(),
            stored.warmupCpuNoise() == null ? 0 : stored.warmupCpuNoise(),
            sutCores(stored));
    return stored.warmupSteady() && v != SteadyState.Verdict.NOT_STEADY;
  }

  /** The SUT's cores as the row recorded them: its cpuset's, else its JVM's; NaN when neither. */
  static double sutCores(ResultRow row) {
    if (row.sutCpuset() != null && !row.sutCpuset().isBlank()) {
      return Cpusets.size(row.sutCpuset());
    }
    return row.jvmProcessors() == null ? Double.NaN : row.jvmProcessors();
  }

  /** What changed from {@code stored} to {@code today}, for the note; null when nothing did. */
  private static String change(ResultRow stored, ResultRow today) {
    List<String> parts = new ArrayList<>();
    if (stored.steadyState() != null
        && !Objects.equals(stored.steadyState(), today.steadyState())) {
      parts.add("steady_state " + stored.steadyState() + " → " + today.steadyState());
    }
    if (stored.bottleneck() != null && stored.bottleneck() != today.bottleneck()) {
      parts.add("bottleneck " + stored.bottleneck() + " → " + today.bottleneck());
    }
    if (stored.generatorSaturated() != null
        && !Objects.equals(stored.generatorSaturated(), today.generatorSaturated())) {
      parts.add(
          "generator_saturated "
              + stored.generatorSaturated()
              + " → "
              + today.generatorSaturated());
    }
    if (stored.overloaded() != null && !Objects.equals(stored.overloaded(), today.overloaded())) {
      parts.add("overloaded " + stored.overloaded() + " → " + today.overloaded());
    }
    return parts.isEmpty() ? null : NOTE_PREFIX + ": " + String.join(", ", parts);
  }

  private static boolean asMeasured(ResultRow stored, Bottleneck... labels) {
    return List.of(labels).contains(stored.bottleneck());
  }

  /** The CPUs that make {@code pct} exactly saturated at {@code fraction}: the rule answers yes. */
  private static double cpusAtLimit(Double pct, double fraction) {
    // a hair under, so that rounding cannot tip the comparison the other way
    return pct == null || !(pct > 0) ? Double.NaN : pct / (fraction * 100.0) * (1 - 1e-9);
  }

  /**
   * A request timeout at which the stored row's p99 is overloaded, when it was labelled so and no
   * rule the row records says why (the timeout is not in the row); NaN otherwise.
   */
  private static double timeoutAsMeasured(ResultRow stored) {
    if (!Overload.labelled(stored)
        || Overload.of(stored, Double.NaN)
        || stored.p99Ms() == null
        || !(stored.p99Ms() > 0)) {
      return Double.NaN;
    }
    return stored.p99Ms() / Overload.TIMEOUT_SHARE * (1 - 1e-9);
  }
}
