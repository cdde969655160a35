package dev.vtbench.engine.k6;

import dev.vtbench.engine.stats.HistogramText;
import dev.vtbench.engine.stats.LatencyHistogram;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the JSON summary that a {@link K6Script} writes at the end of a k6 run: the data k6 hands
 * to {@code handleSummary}, in the format k6 1.x uses by default ({@code metrics} keyed by metric
 * name, each with {@code values}). The k6 flag {@code --new-machine-readable-summary} changes that
 * format, which is why {@link K6Script#commandLine} does not pass it.
 */
public final class K6Summary {

  private static final String HINT = ": was the script built by K6Script?";

  private K6Summary() {}

  /**
   * The hold window's numbers from the summary file.
   *
   * @throws UncheckedIOException naming the file when it cannot be read
   * @throws IllegalArgumentException naming what is missing
   */
  public static LoadResult parse(Path summaryJson, Duration hold) {
    String json;
    try {
      json = Files.readString(summaryJson);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read the k6 summary " + summaryJson + ": did k6 finish? " + e.getMessage(), e);
    }
    try {
      return parse(json, hold);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(summaryJson + ": " + e.getMessage(), e);
    }
  }

  /**
   * The hold window's numbers from the summary's text.
   *
   * @param hold the plan's hold, which the request count is divided by
   * @throws IllegalArgumentException naming what is missing
   */
  public static LoadResult parse(String json, Duration hold) {
    if (hold == null || hold.isNegative() || hold.isZero()) {
      throw new IllegalArgumentException("hold must be > 0 (was " + hold + ")");
    }
    JsonNode root;
    try {
      root = JsonMapper.shared().readTree(json == null ? "" : json);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("k6 summary is not JSON: " + e.getOriginalMessage(), e);
    }
    JsonNode metrics = root == null ? null : root.get("metrics");
    if (metrics == null || !metrics.isObject()) {
      throw new IllegalArgumentException(
          "k6 summary has no 'metrics' object: is this the JSON that handleSummary wrote?");
    }

    long requests = (long) number(metrics, K6Script.HOLD_REQS, "count");
    double failedRate = number(metrics, K6Script.HOLD_FAILED, "rate");
    // avg is in K6Script.TREND_STATS; summaries recorded before vtbench read it may lack it
    double mean =
        metrics.path(K6Script.HOLD_DURATION).path("values").has("avg")
            ? number(metrics, K6Script.HOLD_DURATION, "avg")
            : Double.NaN;
    double p50 = number(metrics, K6Script.HOLD_DURATION, "p(50)");
    double p95 = number(metrics, K6Script.HOLD_DURATION, "p(95)");
    double p99 = number(metrics, K6Script.HOLD_DURATION, "p(99)");
    double p999 = number(metrics, K6Script.HOLD_DURATION, "p(99.9)");
    double max = number(metrics, K6Script.HOLD_DURATION, "max");
    int vusMax = (int) number(metrics, "vus_max", "max");
    // Only the open model's script asks for it; the closed model cannot drop an iteration.
    double dropped =
        metrics.has(K6Script.HOLD_DROPPED) ? number(metrics, K6Script.HOLD_DROPPED, "count") : 0;

    LatencyHistogram histogram = histogram(root);

    double seconds = hold.toNanos() / 1e9;
    if (requests == 0) {
      return new LoadResult(
          0,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          0,
          vusMax,
          dropped,
          histogram);
    }
    return new LoadResult(
        requests / seconds,
        mean,
        p50,
        p95,
        p99,
        p999,
        max,
        failedRate,
        requests,
        vusMax,
        dropped,
        histogram);
  }

  /** The hold's latency histogram, or null when the summary has none. */
  private static LatencyHistogram histogram(JsonNode root) {
    JsonNode text = root.get(K6Script.HISTOGRAM_KEY);
    if (text == null || text.isNull()) {
      return null;
    }
    if (!text.isString()) {
      throw new IllegalArgumentException(
          "k6 summary's " + K6Script.HISTOGRAM_KEY + " is " + text + ", not a string");
    }
    try {
      return HistogramText.parse(text.asString());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "k6 summary's " + K6Script.HISTOGRAM_KEY + ": " + e.getMessage(), e);
    }
  }

  private static double number(JsonNode metrics, String metric, String stat) {
    JsonNode m = metrics.get(metric);
    if (m == null) {
      throw new IllegalArgumentException("k6 summary has no " + metric + HINT);
    }
    JsonNode v = m.path("values").get(stat);
    if (v == null) {
      throw new IllegalArgumentException(
          "k6 summary's "
              + metric
              + " has no "
              + stat
              + (metric.equals(K6Script.HOLD_DURATION)
                  ? ": k6 reports only the trend statistics in options.summaryTrendStats, which"
                      + " K6Script sets to "
                      + K6Script.TREND_STATS
                  : HINT));
    }
    if (!v.isNumber()) {
      throw new IllegalArgumentException(
          "k6 summary's " + metric + " " + stat + " is " + v + ", not a number");
    }
    return v.doubleValue();
  }
}
