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

  private static final Pattern CPU = Pattern.compile(SpecRules.CPU);
  private static final Pattern WHOLE_CPU = Pattern.compile(SpecRules.WHOLE_CPU);
  private static final Pattern MEMORY = Pattern.compile(SpecRules.MEMORY);

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

  void duration(String field, String value, boolean positive) {
    try {
      if (Durations.parse(field, value).isZero() && positive) {
        errors.add(field + ": must be longer than 0");
      }
    } catch (IllegalArgumentException e) {
      errors.add(e.getMessage());
      return;
    }
    longest(field, value, SpecRules.DURATION_MAX);
  }

  /** A deadline: a duration longer than 0 and at most {@code max} (a duration too). */
  void deadline(String field, String value, String max) {
    int before = errors.size();
    duration(field, value, true);
    if (errors.size() == before
        && Durations.parse(field, value).compareTo(Durations.parse(field, max)) > 0) {
      errors.add(field + ": '" + value + "' must be at most " + max);
    }
  }

  void percent(String field, String value) {
    try {
      Percent.parse(field, value);
    } catch (IllegalArgumentException e) {
      errors.add(e.getMessage());
      return;
    }
    longest(field, value, SpecRules.QUANTITY_MAX);
  }

  void positive(String field, long value) {
    if (value < 1) {
      errors.add(field + ": " + value + " must be at least 1");
    }
  }

  /** From 1 to {@code max}. */
  void between(String field, long value, int max) {
    positive(field, value);
    if (value > max) {
      errors.add(field + ": " + value + " must be at most " + max);
    }
  }

  /** A non-empty list of distinct positive integers, at most {@code max} of them. */
  void positives(String field, List<Integer> values, int max) {
    if (values == null || values.isEmpty()) {
      errors.add(field + ": must list at least one positive integer");
      return;
    }
    for (int i = 0; i < values.size(); i++) {
      Integer v = values.get(i);
      if (v == null || v < 1) {
        errors.add(field + "[" + i + "]: " + v + " must be a positive integer");
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

  void longest(String field, String value, int max) {
    if (value != null && value.length() > max) {
      errors.add(field + ": " + value.length() + " characters, at most " + max + " allowed");
    }
  }

  void memory(String field, String value) {
    if (value == null || !MEMORY.matcher(value).matches()) {
      errors.add(field + ": '" + value + "' is not a memory quantity; write e.g. 512Mi or 2Gi");
      return;
    }
    longest(field, value, SpecRules.QUANTITY_MAX);
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
    longest(field, value, SpecRules.QUANTITY_MAX);
  }
}
