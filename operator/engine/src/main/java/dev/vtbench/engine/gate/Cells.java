package dev.vtbench.engine.gate;

import dev.vtbench.engine.model.thresholds.CellFilter;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.stats.Bootstrap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Rows grouped by {@link Cell}, in thread mode, pool and concurrency order. A cell's value is the
 * <b>median</b> over its repetitions, so one noisy repetition neither fails nor rescues it.
 */
final class Cells {

  private final Map<Cell, List<ResultRow>> rows = new LinkedHashMap<>();

  private Cells(List<ResultRow> rows) {
    rows.stream()
        .sorted(
            Comparator.comparing(ResultRow::threadMode)
                .thenComparingInt(ResultRow::hikariPool)
                .thenComparingInt(ResultRow::concurrency))
        .forEach(r -> this.rows.computeIfAbsent(Cell.of(r), k -> new ArrayList<>()).add(r));
  }

  static Cells of(List<ResultRow> rows) {
    return new Cells(rows == null ? List.of() : rows);
  }

  Set<Cell> all() {
    return rows.keySet();
  }

  List<Cell> matching(CellFilter f) {
    return rows.keySet().stream().filter(c -> c.matches(f)).toList();
  }

  /** The cell here that is the {@linkplain Cell#sameAs same} as {@code cell}; null when none. */
  Cell find(Cell cell) {
    return rows.keySet().stream().filter(c -> c.sameAs(cell)).findFirst().orElse(null);
  }

  /** The median of {@code value} over the cell's repetitions that have it; null when none has. */
  Double median(Cell cell, Function<ResultRow, Double> value) {
    double[] v =
        rows.getOrDefault(cell, List.of()).stream()
            .map(value)
            .filter(Objects::nonNull)
            .mapToDouble(Double::doubleValue)
            .filter(d -> !Double.isNaN(d))
            .toArray();
    return v.length == 0 ? null : Bootstrap.median(v);
  }

  /** What {@code f} selects, for messages: "threadMode virtual, concurrency 1000". */
  static String describe(CellFilter f) {
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
}
