package dev.vtbench.engine.model.thresholds;

import dev.vtbench.engine.model.rules.QuantityRules;
import java.util.regex.Pattern;

/** Percentages written the way people write them: {@code 10%}, {@code 0.5%}. */
public final class Percent {

  private static final Pattern FORM = Pattern.compile(QuantityRules.PERCENT);

  private Percent() {}

  /**
   * The fraction {@code value} stands for: {@code 10%} is 0.10.
   *
   * @throws IllegalArgumentException naming {@code field} when it does not parse
   */
  public static double parse(String field, String value) {
    if (value == null || !FORM.matcher(value).matches()) {
      throw new IllegalArgumentException(
          field + ": '" + value + "' is not a percentage; write e.g. 10% or 0.5%");
    }
    return Double.parseDouble(value.substring(0, value.length() - 1)) / 100.0;
  }
}
