package dev.vtbench.engine.results.summary;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.CellEstimate;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What would make a higher level count, for {@code vtbench run}'s {@code next:} line: when the
 * answer ({@link Headline}) stands at a lower level than the highest both thread modes measured,
 * the highest level passed over is named with the change that would count its rows, by why they
 * were left out ({@link VerdictRows}).
 */
public final class NextStep {

  private NextStep() {}

  /** The step, or empty when the answer stands at the highest level measured. */
  public static Optional<String> of(List<ResultRow> rows) {
    Map<SummaryTable.Key, SummaryStats.Rows> grouped = SummaryStats.grouped(rows);
    List<Map.Entry<SummaryTable.Key, SummaryStats.Rows>> both =
        grouped.entrySet().stream()
            .filter(e -> e.getValue().both(ResultRow.VIRTUAL, ResultRow.PLATFORM))
            .sorted(Comparator.comparingInt(e -> e.getKey().concurrency()))
            .toList();
    if (both.isEmpty()) {
      return Optional.empty();
    }
    Map.Entry<SummaryTable.Key, SummaryStats.Rows> top = both.getLast();
    List<ResultRow> left =
        java.util.stream.Stream.concat(
                top.getValue().of(ResultRow.VIRTUAL).stream(),
                top.getValue().of(ResultRow.PLATFORM).stream())
            .filter(r -> !VerdictRows.eligible(r))
            .toList();
    boolean counted =
        !VerdictRows.of(top.getValue().of(ResultRow.VIRTUAL)).isEmpty()
            && !VerdictRows.of(top.getValue().of(ResultRow.PLATFORM)).isEmpty();
    if (counted || left.isEmpty()) {
      return Optional.empty();
    }
    ResultRow r = left.getFirst();
    String at =
        "at "
            + top.getKey().concurrency()
            + " "
            + r.levelUnit()
            + " the "
            + r.threadMode()
            + " row"
            + (left.size() > 1 ? "s" : "")
            + " did not count";
    String why = VerdictRows.leftOutBecause(r).orElse(VerdictRows.UNSTEADY);
    String step;
    if (why.equals(VerdictRows.LOAD_GENERATOR)) {
      step =
          "the load generator, not the SUT, was the limit there: give the generator cores of its"
              + " own, or leave that level to sizing, which drops it (the default;"
              + " --levels-as-written keeps it)";
    } else if (why.equals(VerdictRows.SUT_THROTTLED)) {
      step =
          "its CPU limit held the SUT back: give it whole cores (spec.sut.cpu) and no lower limit";
    } else if (why.equals(VerdictRows.SUT_CORE_SHARED)) {
      step = "another process ran on the SUT's cores: keep them to the SUT alone";
    } else {
      step =
          "it was not at steady state (its notes say why): run more repetitions"
              + " (spec.matrix.repetitions: "
              + CellEstimate.MIN_REPETITIONS
              + ") so one counts, or give the warm-up longer (spec.load.sutWarmup)";
    }
    return Optional.of(at + ": " + step);
  }
}
