package dev.vtbench.engine.gate;

import dev.vtbench.engine.model.thresholds.CellFilter;
import dev.vtbench.engine.results.row.ResultRow;

/**
 * A cell of the matrix: one thread mode × Hikari pool × concurrency (× connection and path mode,
 * which a run keeps fixed, × JVM options × build, so each JVM configuration of a jvmOptions run and
 * each build of a builds run is judged on its own repetitions).
 *
 * @param jvmOptions the rows' {@code jvm_options}; null for none
 * @param build the rows' {@code build}; null for none
 */
record Cell(
    String threadMode,
    int pool,
    int concurrency,
    String connMode,
    String pathMode,
    String jvmOptions,
    String build) {

  static Cell of(ResultRow r) {
    return new Cell(
        r.threadMode(),
        r.hikariPool(),
        r.concurrency(),
        r.connMode(),
        r.pathMode(),
        r.jvmOptions(),
        r.buildName());
  }

  /** This cell measured with the other thread mode: what a virtual cell is compared with. */
  Cell withThreadMode(String mode) {
    return new Cell(mode, pool, concurrency, connMode, pathMode, jvmOptions, build);
  }

  /** This cell without JVM options: a baseline from a run without them. */
  Cell withoutJvmOptions() {
    return new Cell(threadMode, pool, concurrency, connMode, pathMode, null, build);
  }

  /** This cell without a build: a baseline from a run without builds. */
  Cell withoutBuild() {
    return new Cell(threadMode, pool, concurrency, connMode, pathMode, jvmOptions, null);
  }

  /**
   * Same cell; a connection or path mode a CSV leaves empty matches any, JVM options and build must
   * be equal (a jvmOptions or builds run's cells differ only by them).
   */
  boolean sameAs(Cell o) {
    return threadMode.equals(o.threadMode)
        && pool == o.pool
        && concurrency == o.concurrency
        && (connMode == null || o.connMode == null || connMode.equals(o.connMode))
        && (pathMode == null || o.pathMode == null || pathMode.equals(o.pathMode))
        && java.util.Objects.equals(jvmOptions, o.jvmOptions)
        && java.util.Objects.equals(build, o.build);
  }

  boolean matches(CellFilter f) {
    return (f.threadMode() == null || f.threadMode().equals(threadMode))
        && (f.hikariPoolSize == null || f.hikariPoolSize == pool)
        && (f.concurrency == null || f.concurrency == concurrency);
  }

  /** "virtual, pool 50, 1000 VUs" */
  String label() {
    return threadMode + ", " + pairLabel();
  }

  /**
   * "pool 50, 1000 VUs": the label of a virtual/platform pair; its JVM options and build if any.
   */
  String pairLabel() {
    return "pool "
        + pool
        + ", "
        + concurrency
        + " VUs"
        + (jvmOptions == null ? "" : ", JVM options " + jvmOptions)
        + (build == null ? "" : ", build " + build);
  }
}
