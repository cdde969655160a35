package dev.vtbench.engine.gate;

import dev.vtbench.engine.results.row.ResultRow;
import java.util.Locale;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/** A per-cell quantity a threshold limits: its name in messages, its column, its unit. */
enum Measure {
  P99("p99", ResultRow::p99Ms, v -> number(v, 1) + " ms"),
  THROUGHPUT("throughput", ResultRow::throughputRps, Measure::rps),
  ERROR_RATE("error rate", ResultRow::errorRate, Measure::percent);

  private final String name;
  private final Function<ResultRow, Double> column;
  private final DoubleFunction<String> unit;

  Measure(String name, Function<ResultRow, Double> column, DoubleFunction<String> unit) {
    this.name = name;
    this.column = column;
    this.unit = unit;
  }

  /** "p99", "throughput", "error rate" */
  String quantity() {
    return name;
  }

  Double median(Cells cells, Cell cell) {
    return cells.median(cell, column);
  }

  /** "p99 at virtual, pool 50, 1000 VUs" */
  String at(Cell cell) {
    return name + " at " + cell.label();
  }

  /** Its value with its unit: "412.3 ms", "2000.0 req/s", "2.00%". */
  String format(double value) {
    return unit.apply(value);
  }

  static String rps(double v) {
    return number(v, 1) + " req/s";
  }

  /** A fraction as a percentage: 0.02 is "2.00%". */
  static String percent(double fraction) {
    return number(fraction * 100, 2) + "%";
  }

  static String number(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
