package dev.vtbench.engine.stats;

import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A {@link LatencyHistogram} as compact text, small enough for a k6 runner's termination message
 * beside the rest of its summary: {@code <scheme>;<below>;<above>;<runs>}.
 *
 * <ul>
 *   <li>{@code scheme}: {@link #SCHEME}, the buckets' parameters, so a histogram counted in other
 *       buckets is refused rather than misread;
 *   <li>{@code below}, {@code above}: the counts below and above the buckets' range;
 *   <li>{@code runs}: the non-empty buckets, as runs separated by {@code ,}, in ascending order; a
 *       run is {@code <first bucket>:<count>.<count>…}, the counts of consecutive buckets from the
 *       first one on. An empty count is 0: a gap of at most {@link #BRIDGED_GAP} empty buckets
 *       stays inside its run (a dot each), a longer one starts a new run.
 * </ul>
 *
 * Every number is a non-negative integer in base 36 (digits and lower-case letters, as Java's
 * {@link Long#toString(long, int)} and JavaScript's {@code toString(36)} write it). An empty
 * histogram is {@code <scheme>;0;0;}. The k6 script writes the same text (the canonical form {@link
 * #encode} writes); {@link #parse} also reads runs split or bridged differently.
 */
public final class HistogramText {

  /** The buckets' parameters, e.g. {@code log:0.01ms:2%:493}. */
  public static final String SCHEME =
      "log:"
          + plain(LatencyHistogram.LOW_MS)
          + "ms:"
          + plain(LatencyHistogram.RELATIVE_ERROR * 100)
          + "%:"
          + LatencyHistogram.BUCKETS;

  /**
   * The longest gap of empty buckets written inside a run: each costs one character there, while a
   * new run costs a comma, its first bucket (one or two base-36 digits) and a colon.
   */
  public static final int BRIDGED_GAP = 2;

  private static final Pattern BASE36 = Pattern.compile("[0-9a-z]{1,12}");

  private HistogramText() {}

  /** The canonical text of {@code h}. */
  public static String encode(LatencyHistogram h) {
    StringBuilder runs = new StringBuilder();
    int last = -1; // bucket of the last count written
    for (int b = 0; b < LatencyHistogram.BUCKETS; b++) {
      long c = h.countAt(b + 1);
      if (c == 0) {
        continue;
      }
      if (last >= 0 && b - last - 1 <= BRIDGED_GAP) {
        runs.append(".".repeat(b - last));
      } else {
        if (last >= 0) {
          runs.append(',');
        }
        runs.append(Integer.toString(b, 36)).append(':');
      }
      runs.append(Long.toString(c, 36));
      last = b;
    }
    return SCHEME
        + ';'
        + Long.toString(h.countAt(0), 36)
        + ';'
        + Long.toString(h.countAt(LatencyHistogram.SLOTS - 1), 36)
        + ';'
        + runs;
  }

  /**
   * The histogram {@code text} encodes.
   *
   * @throws IllegalArgumentException saying what is malformed
   */
  public static LatencyHistogram parse(String text) {
    if (text == null || text.isEmpty()) {
      throw new IllegalArgumentException("latency histogram: empty");
    }
    String[] parts = text.split(";", -1);
    if (parts.length != 4) {
      throw malformed(
          text, "expected <scheme>;<below>;<above>;<runs>, 4 fields, not " + parts.length);
    }
    if (!parts[0].equals(SCHEME)) {
      throw malformed(
          text,
          "its buckets '"
              + parts[0]
              + "' are not this vtbench's '"
              + SCHEME
              + "' (a histogram from another vtbench version?)");
    }
    long[] counts = new long[LatencyHistogram.SLOTS];
    counts[0] = count(text, "below-range count", parts[1]);
    counts[LatencyHistogram.SLOTS - 1] = count(text, "above-range count", parts[2]);
    int next = 0; // the first bucket the next run may start at
    for (String run : parts[3].isEmpty() ? new String[0] : parts[3].split(",", -1)) {
      int colon = run.indexOf(':');
      if (colon < 0) {
        throw malformed(text, "run '" + run + "' has no ':' between its first bucket and counts");
      }
      long first = count(text, "first bucket of run '" + run + "'", run.substring(0, colon));
      if (first < next || first >= LatencyHistogram.BUCKETS) {
        throw malformed(
            text,
            "run '"
                + run
                + "' starts at bucket "
                + first
                + (first >= LatencyHistogram.BUCKETS
                    ? ", past the last bucket " + (LatencyHistogram.BUCKETS - 1)
                    : ", but runs must ascend without overlapping (the next free bucket is "
                        + next
                        + ")"));
      }
      List<String> runCounts = List.of(run.substring(colon + 1).split("\\.", -1));
      if (first + runCounts.size() > LatencyHistogram.BUCKETS) {
        throw malformed(
            text,
            "run '" + run + "' reaches past the last bucket " + (LatencyHistogram.BUCKETS - 1));
      }
      for (int i = 0; i < runCounts.size(); i++) {
        String c = runCounts.get(i);
        counts[(int) first + i + 1] =
            c.isEmpty() ? 0 : count(text, "count in run '" + run + "'", c);
      }
      next = (int) first + runCounts.size();
    }
    try {
      return LatencyHistogram.ofSlots(counts);
    } catch (IllegalArgumentException e) {
      throw malformed(text, e.getMessage());
    }
  }

  private static long count(String text, String what, String digits) {
    if (!BASE36.matcher(digits).matches()) {
      throw malformed(text, what + " '" + digits + "' is not a base-36 number (0-9, a-z)");
    }
    return Long.parseLong(digits, 36);
  }

  private static IllegalArgumentException malformed(String text, String why) {
    String shown = text.length() <= 80 ? text : text.substring(0, 77) + "...";
    return new IllegalArgumentException("latency histogram '" + shown + "': " + why);
  }

  private static String plain(double d) {
    return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
  }
}
