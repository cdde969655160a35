package dev.vtbench.operator.bench;

import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Figures read from a Prometheus text-format scrape of the operator's /metrics. */
final class MetricsScrape {

  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*\\})? ([-+0-9.eE]+|NaN|[+-]Inf)$");
  private static final Pattern LE = Pattern.compile("le=\"([^\"]+)\"");

  private MetricsScrape() {}

  /** The sum of every series of {@code name} whose labels contain {@code labelPart}. */
  static double sum(String scrape, String name, String labelPart) {
    double total = 0;
    for (String line : scrape.split("\n")) {
      Matcher m = SAMPLE.matcher(line);
      if (m.matches()
          && m.group(1).equals(name)
          && (labelPart.isEmpty() || (m.group(2) != null && m.group(2).contains(labelPart)))) {
        total += Double.parseDouble(m.group(3));
      }
    }
    return total;
  }

  /**
   * The cumulative histogram {@code name}_bucket, summed over its series by upper bound (seconds);
   * +Inf as {@link Double#POSITIVE_INFINITY}.
   */
  static TreeMap<Double, Double> histogram(String scrape, String name) {
    TreeMap<Double, Double> buckets = new TreeMap<>();
    for (String line : scrape.split("\n")) {
      Matcher m = SAMPLE.matcher(line);
      if (m.matches() && m.group(1).equals(name + "_bucket") && m.group(2) != null) {
        Matcher le = LE.matcher(m.group(2));
        if (le.find()) {
          double bound =
              le.group(1).equals("+Inf")
                  ? Double.POSITIVE_INFINITY
                  : Double.parseDouble(le.group(1));
          buckets.merge(bound, Double.parseDouble(m.group(3)), Double::sum);
        }
      }
    }
    return buckets;
  }

  /**
   * The upper bound (seconds) of the first bucket holding the {@code q} quantile of a cumulative
   * histogram: the quantile is at most this; NaN when empty.
   */
  static double quantile(TreeMap<Double, Double> cumulative, double q) {
    if (cumulative.isEmpty()) {
      return Double.NaN;
    }
    double total = cumulative.lastEntry().getValue();
    if (total <= 0) {
      return Double.NaN;
    }
    double rank = q * total;
    for (var e : cumulative.entrySet()) {
      if (e.getValue() >= rank) {
        return e.getKey();
      }
    }
    return Double.POSITIVE_INFINITY;
  }
}
