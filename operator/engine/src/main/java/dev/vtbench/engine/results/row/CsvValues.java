package dev.vtbench.engine.results.row;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * How one value of {@code matrix.csv} is written and read, by the Java type of its column. Writers
 * get a non-null value; readers get a stripped, non-absent field ({@link #isAbsent}).
 */
public final class CsvValues {

  private static final DateTimeFormatter TS = DateTimeFormatter.ISO_INSTANT;
  private static final Set<String> ABSENT = Set.of("", "na", "n/a", "nan", "null");

  /** Prefixed to a text cell a spreadsheet would read as a formula. */
  private static final String GUARD = "'";

  /** What a spreadsheet starts a formula with. */
  private static final String FORMULA_STARTS = "=+-@\t\r";

  private CsvValues() {}

  /** A value's text and the way back, for one column type. */
  record Codec(Function<Object, String> writer, Function<String, Object> reader) {}

  /**
   * The codec for a column of {@code type}.
   *
   * @param decimals rounding of floating-point values; must be 0 or more for those
   * @throws IllegalArgumentException for a type matrix.csv has no format for
   */
  static Codec codec(Class<?> type, int decimals, String column) {
    if (type == double.class || type == Double.class) {
      if (decimals < 0) {
        throw new IllegalArgumentException(column + ": a floating-point column needs decimals");
      }
      return new Codec(v -> number((Double) v, decimals), CsvValues::parseDouble);
    }
    if (type == int.class || type == Integer.class) {
      return new Codec(Object::toString, v -> Math.toIntExact(parseLong(v)));
    }
    if (type == long.class || type == Long.class) {
      return new Codec(Object::toString, CsvValues::parseLong);
    }
    if (type == String.class) {
      return new Codec(v -> neutralized((String) v), CsvValues::unneutralized);
    }
    if (type == Boolean.class) {
      return new Codec(Object::toString, CsvValues::parseBoolean);
    }
    if (type == Instant.class) {
      return new Codec(v -> TS.format((Instant) v), CsvValues::parseInstant);
    }
    if (type == Bottleneck.class) {
      return new Codec(v -> ((Bottleneck) v).csvName(), Bottleneck::fromCsv);
    }
    throw new IllegalArgumentException(column + ": matrix.csv has no format for " + type);
  }

  /**
   * A text cell a spreadsheet would not run as a formula: one that starts with {@code = + - @}, a
   * tab or a carriage return gets a leading apostrophe (OWASP's CSV-injection advice); so does one
   * that already starts with an apostrophe before such a character or another apostrophe, so
   * reading gives back exactly what was written. Numbers are never text cells: a negative number
   * stays a number.
   */
  public static String neutralized(String v) {
    return needsGuard(v, 0) || (v.startsWith(GUARD) && needsGuard(v, 1)) ? GUARD + v : v;
  }

  /** The value {@link #neutralized} was given. */
  public static String unneutralized(String field) {
    return field.startsWith(GUARD) && needsGuard(field, 1) ? field.substring(1) : field;
  }

  /** The character at {@code i} starts a formula, or is the guard itself (escaped too). */
  private static boolean needsGuard(String v, int i) {
    return v.length() > i
        && (FORMULA_STARTS.indexOf(v.charAt(i)) >= 0 || (i > 0 && v.startsWith(GUARD, i)));
  }

  /** Empty, {@code NA}, {@code N/A}, {@code NaN} and {@code null} mean "no value". */
  public static boolean isAbsent(String field) {
    return ABSENT.contains(field.toLowerCase(Locale.ROOT));
  }

  /**
   * {@link Locale#ROOT} digits rounded half-even to {@code decimals}, trailing zeros dropped; NaN
   * and infinities are not numbers a reader could use, so they are written as absent.
   */
  static String number(double v, int decimals) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "";
    }
    BigDecimal bd = BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_EVEN);
    String s = bd.stripTrailingZeros().toPlainString();
    return s.equals("-0") ? "0" : s;
  }

  private static Double parseDouble(String v) {
    return Double.parseDouble(v);
  }

  private static Long parseLong(String v) {
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      // Some harnesses print counts through a float formatter ("50.0").
      double x = Double.parseDouble(v);
      if (x != Math.rint(x) || Double.isInfinite(x)) {
        throw new NumberFormatException("not a whole number: " + v);
      }
      return (long) x;
    }
  }

  private static Boolean parseBoolean(String v) {
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "true", "1", "yes" -> true;
      case "false", "0", "no" -> false;
      default -> throw new IllegalArgumentException("not a boolean: " + v);
    };
  }

  private static Instant parseInstant(String v) {
    try {
      return OffsetDateTime.parse(v).toInstant();
    } catch (DateTimeParseException e) {
      try {
        return Instant.parse(v);
      } catch (DateTimeParseException e2) {
        // No offset at all: UTC is the only assumption that does not depend on this machine.
        return LocalDateTime.parse(v).toInstant(ZoneOffset.UTC);
      }
    }
  }
}
