package dev.vtbench.engine.model;

import java.util.regex.Pattern;

/** Percentages written the way people write them: {@code 10%}, {@code 0.5%}. */
public final class Percent {

  private static final Pattern FORM = Pattern.compile("[0-9]+(\\.[0-9]+)?%");

  private Percent() {}

  /**
   * The fraction {@code value} stands for: {@code 10%} is 0.10.
   *
   * @throws IllegalArgumentException naming {@code field} when it does not parse
   */
  public static double parse(String field, String value) {
    if (value == null || !FORM.matcher(value.strip()).matches()) {
      throw new IllegalArgumentException(
          field + ": '" + value + "' is not a percentage; write e.g. 10% or 0.5%");
    }
    String v = value.strip();
    return Double.parseDouble(v.substring(0, v.length() - 1)) / 100.0;
  }
}
