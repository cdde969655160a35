package dev.vtbench.engine.model.rules;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations written the k6 / Kubernetes way: {@code 100ms}, {@code 8s}, {@code 1m30s}. */
public final class Durations {

  private static final Pattern FORM = Pattern.compile(SpecRules.DURATION);
  private static final Pattern PART = Pattern.compile("([0-9]+)(ms|s|m|h)");

  private Durations() {}

  /**
   * Parses {@code value}.
   *
   * @throws IllegalArgumentException naming {@code field} when it does not parse
   */
  public static Duration parse(String field, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(field + ": a duration is required, e.g. 10s or 250ms");
    }
    if (!FORM.matcher(value).matches()) {
      throw new IllegalArgumentException(
          field + ": '" + value + "' is not a duration; write e.g. 10s, 250ms or 1m30s");
    }
    Matcher m = PART.matcher(value);
    Duration total = Duration.ZERO;
    try {
      while (m.find()) {
        long n = Long.parseLong(m.group(1));
        total =
            total.plus(
                switch (m.group(2)) {
                  case "ms" -> Duration.ofMillis(n);
                  case "s" -> Duration.ofSeconds(n);
                  case "m" -> Duration.ofMinutes(n);
                  default -> Duration.ofHours(n);
                });
      }
    } catch (ArithmeticException | NumberFormatException e) {
      throw new IllegalArgumentException(field + ": '" + value + "' is far too long a duration");
    }
    return total;
  }

  /** The shortest k6 spelling of {@code d}, e.g. 1500ms or 20s. */
  public static String format(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
  }
}
