package dev.vtbench.engine.stats;

import java.util.Arrays;

/**
 * Request latencies counted in fixed log-spaced buckets, so that the histograms of several load
 * runners add up exactly and percentiles of the whole load come from their sum, never from an
 * average of the runners' percentiles.
 *
 * <p><b>Buckets.</b> Bucket {@code i} (0 to {@link #BUCKETS} − 1) counts the latencies in [{@link
 * #LOW_MS}·γ<sup>i</sup>, {@link #LOW_MS}·γ<sup>i+1</sup>), with γ = (1 + α) / (1 − α) and α =
 * {@link #RELATIVE_ERROR}: from 10 µs to just over an hour ({@link #HIGH_MS}), beyond the longest
 * request timeout a spec allows (10 minutes). Latencies below 10 µs and from {@link #HIGH_MS} on
 * have a count each, so nothing recorded is lost. Every histogram has the same buckets: adding two
 * is adding their counts, which is associative and commutative, so how the requests were split
 * across runners changes nothing. The k6 script computes the same bucket with the same formula
 * ({@link #slot}), from the constants its plan passes it.
 *
 * <p><b>Percentiles.</b> {@link #percentile} follows k6's definition (the sorted values' linear
 * interpolation between the ranks ⌊p·(n−1)⌋ and ⌈p·(n−1)⌉), with each rank's value replaced by its
 * bucket's representative 2·a·γ/(1 + γ) for a bucket [a, a·γ): the point whose distance to either
 * edge of the bucket is the same fraction α of that edge. Any value v in the bucket is then within
 * α·v of the representative, and since the interpolation is a weighted mean of two such values with
 * weights ≥ 0, the percentile is within α of the exact percentile of the same requests. A rank
 * below the range reads as {@link #LOW_MS} (off by less than 10 µs), one above it as {@link
 * #HIGH_MS}.
 *
 * <p><b>Why 2 %.</b> The error is a bound, not a typical value, and well under run-to-run noise of
 * a p99. Halving it doubles the buckets a wide distribution occupies, which a cluster runner must
 * fit into its 4 KiB termination message beside everything else it reports ({@link HistogramText});
 * doubling it would blur the differences vtbench exists to show.
 *
 * <p>Why not HdrHistogram, although its jar is at hand: the counts are taken inside k6, in
 * JavaScript, so the bucket of a latency must be one formula both sides compute the same way; a
 * plain log scale is one line in each language, HdrHistogram's sub-bucketed powers of two are not.
 */
public final class LatencyHistogram {

  /** The stated bound: every percentile is within this fraction of the exact one. */
  public static final double RELATIVE_ERROR = 0.02;

  /** Lower edge of the first bucket, in milliseconds: 10 µs. */
  public static final double LOW_MS = 0.01;

  /** Ratio of a bucket's upper edge to its lower edge. */
  public static final double GAMMA = (1 + RELATIVE_ERROR) / (1 - RELATIVE_ERROR);

  /** ln γ, which the bucket formula divides by; the k6 script takes this very number. */
  public static final double LOG_GAMMA = Math.log(GAMMA);

  /** How far the buckets must reach at least: an hour, in milliseconds. */
  private static final double REACH_MS = 3_600_000;

  /** Buckets from {@link #LOW_MS} to {@link #HIGH_MS}. */
  public static final int BUCKETS = (int) Math.ceil(Math.log(REACH_MS / LOW_MS) / LOG_GAMMA);

  /** Upper edge of the last bucket, in milliseconds (a little over an hour). */
  public static final double HIGH_MS = LOW_MS * Math.pow(GAMMA, BUCKETS);

  /**
   * Counts a histogram holds: slot 0 below the range, slots 1 to {@link #BUCKETS} the buckets, the
   * last one from {@link #HIGH_MS} on.
   */
  public static final int SLOTS = BUCKETS + 2;

  private final long[] counts;
  private long total;

  /** An empty histogram. */
  public LatencyHistogram() {
    this(new long[SLOTS]);
  }

  private LatencyHistogram(long[] counts) {
    this.counts = counts;
    for (long c : counts) {
      total = Math.addExact(total, c);
    }
  }

  /** A histogram of {@code ms}. */
  public static LatencyHistogram of(double... ms) {
    LatencyHistogram h = new LatencyHistogram();
    for (double v : ms) {
      h.add(v);
    }
    return h;
  }

  /**
   * The histogram with these counts per slot ({@link #SLOTS} of them, none negative).
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  public static LatencyHistogram ofSlots(long[] counts) {
    if (counts.length != SLOTS) {
      throw new IllegalArgumentException(
          "a latency histogram has " + SLOTS + " slots, not " + counts.length);
    }
    for (int s = 0; s < SLOTS; s++) {
      if (counts[s] < 0) {
        throw new IllegalArgumentException(
            "latency histogram slot " + s + " has a negative count (" + counts[s] + ")");
      }
    }
    try {
      return new LatencyHistogram(counts.clone());
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("latency histogram counts overflow a long", e);
    }
  }

  /**
   * The slot a latency of {@code ms} is counted in: 0 below {@link #LOW_MS}, 1 + ⌊ln(ms / {@link
   * #LOW_MS}) / ln γ⌋ in the range, {@link #SLOTS} − 1 from {@link #HIGH_MS} on.
   */
  public static int slot(double ms) {
    if (!(ms >= LOW_MS)) {
      return 0;
    }
    double i = Math.floor(Math.log(ms / LOW_MS) / LOG_GAMMA);
    return i >= BUCKETS ? SLOTS - 1 : (int) i + 1;
  }

  /**
   * The value a rank in {@code slot} reads as: the bucket's representative, {@link #LOW_MS} below
   * the range, {@link #HIGH_MS} above it.
   */
  public static double representative(int slot) {
    if (slot <= 0) {
      return LOW_MS;
    }
    if (slot >= SLOTS - 1) {
      return HIGH_MS;
    }
    return LOW_MS * Math.pow(GAMMA, slot - 1) * 2 * GAMMA / (1 + GAMMA);
  }

  /**
   * Counts one request of {@code ms} milliseconds.
   *
   * @throws IllegalArgumentException when {@code ms} is negative or not a number
   */
  public void add(double ms) {
    if (!(ms >= 0) || Double.isInfinite(ms)) {
      throw new IllegalArgumentException(
          "a latency must be a finite number >= 0 ms (was " + ms + ")");
    }
    counts[slot(ms)]++;
    total++;
  }

  /** A new histogram holding both this one's requests and {@code other}'s. */
  public LatencyHistogram plus(LatencyHistogram other) {
    long[] sum = new long[SLOTS];
    for (int s = 0; s < SLOTS; s++) {
      sum[s] = Math.addExact(counts[s], other.counts[s]);
    }
    return new LatencyHistogram(sum);
  }

  /** The sum of {@code histograms}: empty for none. */
  public static LatencyHistogram sum(Iterable<LatencyHistogram> histograms) {
    LatencyHistogram total = new LatencyHistogram();
    for (LatencyHistogram h : histograms) {
      total = total.plus(h);
    }
    return total;
  }

  /** Requests counted. */
  public long count() {
    return total;
  }

  /** The count in {@code slot} (see {@link #SLOTS}). */
  public long countAt(int slot) {
    return counts[slot];
  }

  /**
   * The {@code percent}-th percentile in milliseconds (99.9 for p99.9), within {@link
   * #RELATIVE_ERROR} of k6's exact percentile of the same requests; NaN when the histogram is
   * empty.
   *
   * @throws IllegalArgumentException when {@code percent} is outside [0, 100]
   */
  public double percentile(double percent) {
    if (!(percent >= 0 && percent <= 100)) {
      throw new IllegalArgumentException("a percentile is in [0, 100] (was " + percent + ")");
    }
    if (total == 0) {
      return Double.NaN;
    }
    double rank = percent / 100 * (total - 1);
    long below = (long) Math.floor(rank);
    long above = (long) Math.ceil(rank);
    double lower = valueAtRank(below);
    double upper = above == below ? lower : valueAtRank(above);
    return lower + (upper - lower) * (rank - below);
  }

  /** The representative of the slot holding the {@code rank}-th smallest request (from 0). */
  private double valueAtRank(long rank) {
    long seen = 0;
    for (int s = 0; s < SLOTS; s++) {
      seen += counts[s];
      if (seen > rank) {
        return representative(s);
      }
    }
    throw new IllegalStateException("rank " + rank + " beyond " + total + " requests");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LatencyHistogram h && Arrays.equals(counts, h.counts);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(counts);
  }

  @Override
  public String toString() {
    return HistogramText.encode(this);
  }
}
