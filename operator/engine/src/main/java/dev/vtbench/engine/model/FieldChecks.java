package dev.vtbench.engine.model;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The checks {@link SpecValidator} applies to single fields, each with a {@link SpecRules} constant
 * and a message that names the field, the value and what is allowed.
 */
final class FieldChecks {

  private static final Pattern CPU = Pattern.compile(QuantityRules.CPU);
  private static final Pattern WHOLE_CPU = Pattern.compile(QuantityRules.WHOLE_CPU);
  private static final Pattern MEMORY = Pattern.compile(QuantityRules.MEMORY);
  private static final Pattern PERCENT_TO_100 = Pattern.compile(QuantityRules.PERCENT_TO_100);

  private final List<String> errors;

  FieldChecks(List<String> errors) {
    this.errors = errors;
  }

  void add(String problem) {
    errors.add(problem);
  }

  boolean required(Object o, String field) {
    if (o == null) {
      errors.add(field + ": required");
      return false;
    }
    return true;
  }

  void oneOf(String field, String value, List<String> allowed) {
    if (!allowed.contains(value)) {
      errors.add(field + ": '" + value + "' is not one of " + String.join(", ", allowed));
    }
  }

  /** A duration of at most {@code max} (a {@link SpecRules} duration); null when unreadable. */
  java.time.Duration duration(String field, String value, boolean positive, String max) {
    java.time.Duration d;
    try {
      d = Durations.parse(field, value);
    } catch (IllegalArgumentException e) {
      errors.add(e.getMessage());
      return null;
    }
    if (d.isZero() && positive) {
      errors.add(field + ": must be longer than 0");
    }
    if (d.compareTo(Durations.parse("max", max)) > 0) {
      errors.add(field + ": '" + value + "' must be at most " + max);
    }
    longest(field, value, SpecRules.DURATION_MAX);
    return d;
  }

  /** A deadline: a duration longer than 0 and at most {@code max} (a duration too). */
  void deadline(String field, String value, String max) {
    duration(field, value, true, max);
  }

  /** A percentage from 0% to 100%. */
  void percent(String field, String value) {
    try {
      Percent.parse(field, value);
    } catch (IllegalArgumentException e) {
      errors.add(e.getMessage());
      return;
    }
    if (!PERCENT_TO_100.matcher(value).matches()) {
      errors.add(field + ": '" + value + "' " + QuantityRules.PERCENT_TO_100_MESSAGE);
    }
    longest(field, value, QuantityRules.QUANTITY_MAX);
  }

  /** {@code value} matches {@code pattern}, else the problem {@code message}. */
  void matches(String field, String value, Pattern pattern, String message) {
    if (value == null || !pattern.matcher(value).matches()) {
      errors.add(field + ": '" + value + "' " + message);
    }
  }

  void positive(String field, long value) {
    if (value < 1) {
      errors.add(field + ": " + value + " must be at least 1");
    }
  }

  /** From 1 to {@code max}. */
  void between(String field, long value, long max) {
    positive(field, value);
    if (value > max) {
      errors.add(field + ": " + value + " must be at most " + max);
    }
  }

  /**
   * A non-empty list of distinct integers from 1 to {@code maxValue}, at most {@code max} of them.
   */
  void positives(String field, List<Integer> values, int max, int maxValue) {
    if (values == null || values.isEmpty()) {
      errors.add(field + ": must list at least one positive integer");
      return;
    }
    for (int i = 0; i < values.size(); i++) {
      Integer v = values.get(i);
      if (v == null || v < 1) {
        errors.add(field + "[" + i + "]: " + v + " must be a positive integer");
      } else if (v > maxValue) {
        errors.add(field + "[" + i + "]: " + v + " must be at most " + maxValue);
      }
    }
    unique(field, values);
    atMost(field, values, max);
  }

  void unique(String field, List<?> values) {
    Set<Object> seen = new HashSet<>();
    for (Object v : values) {
      if (!seen.add(v)) {
        errors.add(field + ": '" + v + "' is listed twice");
      }
    }
  }

  void atMost(String field, Collection<?> values, int max) {
    if (values != null && values.size() > max) {
      errors.add(field + ": lists " + values.size() + ", at most " + max + " allowed");
    }
  }

  void atMost(String field, Map<?, ?> values, int max) {
    if (values != null && values.size() > max) {
      errors.add(field + ": has " + values.size() + " entries, at most " + max + " allowed");
    }
  }

  /** A string of 1 to {@code max} characters. */
  void text(String field, String value, int max) {
    if (value == null || value.isEmpty()) {
      errors.add(field + ": required");
      return;
    }
    longest(field, value, max);
  }

  private static final Pattern FILE = Pattern.compile(SpecRules.FILE);
  private static final Pattern FILE_BACKSLASH =
      Pattern.compile(SpecRules.celRegex(SpecRules.FILE_BACKSLASH_CEL));

  /**
   * A local file reference ({@link SpecRules#FILE}): 1 to {@link SpecRules#FILE_MAX} characters.
   */
  void file(String field, String value) {
    text(field, value, SpecRules.FILE_MAX);
    if (value != null
        && !value.isEmpty()
        && (!FILE.matcher(value).matches() || FILE_BACKSLASH.matcher(value).find())) {
      errors.add(field + ": '" + value + "' " + SpecRules.FILE_MESSAGE);
    }
  }

  void longest(String field, String value, int max) {
    if (value != null && value.length() > max) {
      errors.add(field + ": " + value.length() + " characters, at most " + max + " allowed");
    }
  }

  /** A memory quantity from {@code min} to {@code max} (both {@link SpecRules} quantities). */
  void memory(String field, String value, String min, String max) {
    if (value == null || !MEMORY.matcher(value).matches()) {
      errors.add(field + ": '" + value + "' is not a memory quantity; write e.g. 512Mi or 2Gi");
      return;
    }
    if (value.length() > QuantityRules.QUANTITY_MAX) {
      longest(field, value, QuantityRules.QUANTITY_MAX);
      return;
    }
    double bytes = SpecValidator.bytes(value);
    if (bytes < SpecValidator.bytes(min) || bytes > SpecValidator.bytes(max)) {
      errors.add(field + ": " + value + " must be from " + min + " to " + max);
    }
  }

  /** Pinning to cores needs whole CPUs: "2" or "2000m", not "1.5"; unpinned, any quantity. */
  void cpu(String field, String value, boolean pinned) {
    if (!pinned) {
      if (value == null || !CPU.matcher(value).matches()) {
        errors.add(field + ": '" + value + "' is not a CPU quantity; write e.g. 1, 1.5 or 500m");
        return;
      }
    } else if (value == null || !WHOLE_CPU.matcher(value).matches()) {
      errors.add(
          field
              + ": '"
              + value
              + "' must be a whole number of CPUs (e.g. 1, 2 or 2000m) so the"
              + " tier can be pinned to cores, or set pinned: false");
      return;
    }
    longest(field, value, QuantityRules.QUANTITY_MAX);
    if (value.length() <= QuantityRules.QUANTITY_MAX
        && SpecValidator.cpuValue(value) > QuantityRules.CPU_MAX) {
      errors.add(field + ": " + value + " must be at most " + QuantityRules.CPU_MAX + " CPUs");
    }
  }
}
