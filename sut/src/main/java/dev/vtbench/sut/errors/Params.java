package dev.vtbench.sut.errors;

/** Request-parameter parsing whose failures name the parameter (400, never a stack trace). */
public final class Params {

  private Params() {}

  /** A positive id that fits a bigint column. */
  public static long id(String name, String raw) {
    if (raw == null) {
      throw new ApiException(
          org.springframework.http.HttpStatus.BAD_REQUEST, "parameter '" + name + "' is required");
    }
    try {
      long id = Long.parseLong(raw.strip());
      if (id > 0) {
        return id;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw ApiException.badParameter(name, raw, "a positive integer up to " + Long.MAX_VALUE);
  }

  /** A duration in milliseconds from 0 to {@code max}; {@code fallback} when absent. */
  public static long millis(String name, String raw, long fallback, long max) {
    if (raw == null || raw.isBlank()) {
      return fallback;
    }
    try {
      long ms = Long.parseLong(raw.strip());
      if (ms >= 0 && ms <= max) {
        return ms;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw ApiException.badParameter(name, raw, "milliseconds from 0 to " + max);
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
