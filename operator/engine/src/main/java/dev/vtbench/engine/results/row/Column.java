package dev.vtbench.engine.results.row;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a {@link ResultRow} component as a column of {@code matrix.csv}. The components of
 * {@code ResultRow}, in their order, are the CSV's columns: the header, the writer and the reader
 * are all read off them (see {@link Columns}), so the row type and the table cannot disagree. How a
 * value is written and parsed follows from the component's type; {@link #decimals()} says how far a
 * floating-point value is rounded.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Column {

  /** The header name, e.g. {@code p50_ms}. */
  String name();

  /** Which part of the header the column belongs to. */
  Part part();

  /**
   * Decimals a floating-point value is rounded to when written; required for those, else unused.
   */
  int decimals() default -1;

  /** The parts of the header, in the order they come. */
  enum Part {
    /** The reference rig's scenario keys and throughput: every row must have a value. */
    KEY,
    /** The rest of the reference rig's 23 columns. */
    REFERENCE,
    /** The columns vtbench adds after the reference ones. */
    VTBENCH
  }
}
