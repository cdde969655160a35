package dev.vtbench.sut.errors;

import java.util.regex.Pattern;

/** Request-parameter parsing whose failures name the parameter (400, never a stack trace). */
public final class Params {

  private Params() {}

  /**
   * One to 19 ASCII digits: {@link Long#parseLong} alone also takes a sign and any Unicode digit
   * (Arabic-Indic, fullwidth…), which are not ids and must not reach the database as if they were.
   */
  private static final Pattern ASCII_DIGITS = Pattern.compile("[0-9]{1,19}");

  /** A positive id of ASCII digits that fits a bigint column. */
  public static long id(String name, String raw) {
    if (raw == null) {
      throw new ApiException(
          org.springframework.http.HttpStatus.BAD_REQUEST, "parameter '" + name + "' is required");
    }
    try {
      long id = parseDigits(raw.strip());
      if (id > 0) {
        return id;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw ApiException.badParameter(
        name, raw, "a positive integer of ASCII digits up to " + Long.MAX_VALUE);
  }

  /** A duration in milliseconds from 0 to {@code max}; {@code fallback} when absent. */
  public static long millis(String name, String raw, long fallback, long max) {
    if (raw == null || raw.isBlank()) {
      return fallback;
    }
    try {
      long ms = parseDigits(raw.strip());
      if (ms >= 0 && ms <= max) {
        return ms;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw ApiException.badParameter(name, raw, "milliseconds from 0 to " + max);
  }

  /** An integer of ASCII digits from {@code min} to {@code max}; required. */
  public static int integer(String name, String raw, int min, int max) {
    if (raw != null) {
      try {
        long n = parseDigits(raw.strip());
        if (n >= min && n <= max) {
          return (int) n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    throw ApiException.badParameter(name, raw, "an integer from " + min + " to " + max);
  }

  /** ASCII digits only, as a long; a NumberFormatException otherwise or when too large. */
  private static long parseDigits(String s) {
    if (!ASCII_DIGITS.matcher(s).matches()) {
      throw new NumberFormatException("not ASCII digits: " + s);
    }
    return Long.parseLong(s);
  }

  /** A non-blank text of at most 200 characters. */
  public static String text(String name, String raw) {
    if (raw == null) {
      throw new ApiException(
          org.springframework.http.HttpStatus.BAD_REQUEST, "parameter '" + name + "' is required");
    }
    if (raw.isBlank() || raw.length() > 200) {
      throw ApiException.badParameter(name, raw, "a non-empty text of at most 200 characters");
    }
    return raw;
  }
}
