package dev.vtbench.engine.model.rules;

import java.math.BigDecimal;
import java.util.Map;

/** What a valid CPU or memory quantity of the spec stands for: cores, millicores, bytes. */
public final class Quantities {

  private Quantities() {}

  /** The factor of each memory suffix, as the CRD's CEL rule ({@code QuantityRules}) uses it. */
  static final Map<String, Double> MEMORY_UNITS =
      Map.of(
          "Ki", 1024.0,
          "Mi", 1048576.0,
          "Gi", 1073741824.0,
          "Ti", 1099511627776.0,
          "k", 1e3,
          "M", 1e6,
          "G", 1e9,
          "T", 1e12);

  /** Cores a validated cpu field asks for, rounded up: what local mode gives the tier. */
  public static int cpus(String value) {
    return (int) Math.max(1, (millis(value) + 999) / 1000);
  }

  /** Millicores of a CPU quantity ("2", "1.5", "500m"). */
  public static long millis(String value) {
    return value.endsWith("m")
        ? Long.parseLong(value.substring(0, value.length() - 1))
        : new BigDecimal(value).movePointRight(3).longValue();
  }

  /** Bytes of a valid memory quantity ("512Mi", "1G", "1073741824"), as a double like CEL's. */
  public static double bytes(String value) {
    String digits = value.replaceAll("[^0-9]", "");
    String suffix = value.substring(digits.length());
    return Double.parseDouble(digits) * MEMORY_UNITS.getOrDefault(suffix, 1.0);
  }
}
