package dev.vtbench.engine.results.summary;

import dev.vtbench.engine.results.figures.Crossover;
import dev.vtbench.engine.results.row.Columns;
import dev.vtbench.engine.results.row.ResultRow;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A matrix axis besides the thread mode whose values {@code summary.md} keeps apart and compares,
 * each value against the first ({@link AxisTable}): a value is another JVM or another request, so
 * two of them must never be averaged into one cell ({@link SummaryTable.Key}). Each reads its value
 * from its own column of {@link ResultRow}, so its name here is the CSV's.
 */
public enum Axis {
  /** {@code spec.matrix.jvmOptions}: extra JVM options, shown in backticks, empty for none. */
  JVM_OPTIONS("jvmOptions", "JVM options", "JVM options"),

  /** {@code spec.matrix.builds}: a build of the user's service, by its name. */
  BUILD("buildName", "Builds", "build"),

  /**
   * {@code spec.matrix.cpuPerRequest}: microseconds of CPU a request computes besides its own work.
   * Not another JVM (a request parameter), but a cell of its own all the same: two amounts must
   * never be averaged into one.
   */
  CPU_WORK("cpuWorkUs", "CPU per request", "CPU per request");

  private final Columns.Entry column;
  private final String title;
  private final String noun;

  Axis(String component, String title, String noun) {
    this.column = Columns.of(component);
    this.title = title;
    this.noun = noun;
  }

  /** The CSV column, also the tables' column header: {@code jvm_options}, {@code build}. */
  public String column() {
    return column.name();
  }

  /** The heading of its section in {@code summary.md}. */
  public String title() {
    return title;
  }

  /** What one value is, for a sentence: the verdict names the faster {@code noun}. */
  String noun() {
    return noun;
  }

  /** The row's value of this axis; empty for none (a run without the axis has that one value). */
  public String of(ResultRow row) {
    return Objects.toString(column.get(row), "");
  }

  /** The key's value of this axis. */
  String of(SummaryTable.Key key) {
    return switch (this) {
      case JVM_OPTIONS -> key.jvmOptions();
      case BUILD -> key.build();
      case CPU_WORK -> key.cpuWork();
    };
  }

  /** {@code key} with this axis at {@code value}: the cell a value is compared in. */
  SummaryTable.Key with(SummaryTable.Key key, String value) {
    return switch (this) {
      case JVM_OPTIONS -> key.withJvmOptions(value);
      case BUILD -> key.withBuild(value);
      case CPU_WORK -> key.withCpuWork(value);
    };
  }

  /**
   * A value in a table cell and in a verdict: JVM options in backticks, so Markdown shows them as
   * written; a build's name as it is (a plain label); CPU per request in ms or µs ({@code 2 ms},
   * {@code 500 µs}); {@code (none)} for the empty value.
   */
  public String cell(String value) {
    if (value.isEmpty()) {
      return "(none)";
    }
    return switch (this) {
      case JVM_OPTIONS -> "`" + value + "`";
      case BUILD -> value;
      case CPU_WORK -> Crossover.ms(Long.parseLong(value));
    };
  }

  /**
   * The rows' values in the order they first appear: the spec's order, since the planner runs the
   * first value first and rows are recorded in the order they ran. The first is the baseline the
   * others are compared with.
   */
  public List<String> values(Collection<ResultRow> rows) {
    return rows.stream().map(this::of).distinct().toList();
  }

  /** Whether {@code header} is one of the axes' columns: text, aligned left in every table. */
  static boolean isColumn(String header) {
    for (Axis a : values()) {
      if (a.column().equals(header)) {
        return true;
      }
    }
    return false;
  }
}
