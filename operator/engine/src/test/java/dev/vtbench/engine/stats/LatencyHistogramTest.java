package dev.vtbench.engine.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.model.rules.SpecRules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Constructed latencies whose exact percentiles are known (k6's definition on the sorted union),
 * split across 1 to 8 runners in several ways: the sum of the runners' histograms is the union's
 * histogram, and its percentiles are within the stated error of the exact ones.
 */
class LatencyHistogramTest {

  static final double[] PERCENTS = {50, 90, 95, 99, 99.9};
  static final double ALPHA = LatencyHistogram.RELATIVE_ERROR;
  static final int N = 20_000;

  /** Latencies in ms from a fixed seed; all inside the buckets' range. */
  static Stream<Arguments> distributions() {
    return Stream.of(
        Arguments.of("uniform 1-100 ms", draw(1, r -> 1 + 99 * r.nextDouble())),
        Arguments.of(
            "log-normal, median 20 ms, sigma 1", draw(2, r -> 20 * Math.exp(r.nextGaussian()))),
        Arguments.of(
            "bimodal: 90 % near 5 ms, 10 % near 200 ms",
            draw(
                3,
                r ->
                    r.nextDouble() < 0.9
                        ? Math.max(0.5, 5 + 0.5 * r.nextGaussian())
                        : Math.max(50, 200 + 20 * r.nextGaussian()))),
        Arguments.of(
            "heavy tail: Pareto from 1 ms, shape 1.1, up to 10 min",
            draw(4, r -> Math.min(600_000, 1 / Math.pow(1 - r.nextDouble(), 1 / 1.1)))),
        Arguments.of(
            "loopback: log-normal, median 0.08 ms",
            draw(5, r -> 0.08 * Math.exp(0.3 * r.nextGaussian()))));
  }

  interface Draw {
    double next(Random r);
  }

  static double[] draw(long seed, Draw d) {
    Random r = new Random(seed);
    double[] xs = new double[N];
    for (int i = 0; i < N; i++) {
      xs[i] = d.next(r);
    }
    return xs;
  }

  /** How the hold's requests were shared between {@code k} runners. */
  enum Split {
    /** Turn about, as VUs interleave. */
    ROUND_ROBIN,
    /** Each request to a runner at random. */
    RANDOM,
    /** Runner i has the i-th slice of the sorted latencies: each sees a different range. */
    SORTED_SLICES,
    /** The first runner has 90 % of the requests, the others share the rest. */
    UNEVEN;

    List<double[]> apply(double[] xs, int k) {
      List<List<Double>> parts = new ArrayList<>();
      for (int i = 0; i < k; i++) {
        parts.add(new ArrayList<>());
      }
      double[] sorted = xs.clone();
      Arrays.sort(sorted);
      Random random = new Random(k);
      for (int i = 0; i < xs.length; i++) {
        int runner =
            switch (this) {
              case ROUND_ROBIN -> i % k;
              case RANDOM -> random.nextInt(k);
              case SORTED_SLICES -> (int) ((long) i * k / xs.length);
              case UNEVEN -> k == 1 || i < xs.length * 9 / 10 ? 0 : 1 + i % (k - 1);
            };
        parts.get(runner).add(this == SORTED_SLICES ? sorted[i] : xs[i]);
      }
      return parts.stream()
          .map(p -> p.stream().mapToDouble(Double::doubleValue).toArray())
          .toList();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("distributions")
  void mergedPercentilesAreTheUnionsWithinTheStatedError(String name, double[] all) {
    LatencyHistogram union = LatencyHistogram.of(all);
    for (Split split : Split.values()) {
      for (int k = 1; k <= 8; k++) {
        List<double[]> runners = split.apply(all, k);
        assertThat(runners.stream().mapToInt(r -> r.length).sum()).isEqualTo(N);
        LatencyHistogram merged =
            LatencyHistogram.sum(runners.stream().map(LatencyHistogram::of).toList());

        assertThat(merged).as("%s, %s over %d runners", name, split, k).isEqualTo(union);
        assertThat(merged.count()).isEqualTo(N);
        for (double p : PERCENTS) {
          double exact = exactPercentile(all, p);
          assertThat(merged.percentile(p))
              .as("%s, %s over %d runners: p%s, exactly %s", name, split, k, p, exact)
              .isCloseTo(exact, within(ALPHA * exact * (1 + 1e-9)));
        }
      }
    }
  }

  /**
   * What the merge exists to avoid: averaging the runners' own p99 is off by far more than the
   * bucket error when each runner saw a different part of the distribution, so the assertion above
   * would catch a merge that averaged.
   */
  @Test
  void averagingTheRunnersPercentilesWouldFailTheSameCheck() {
    double[] all = (double[]) distributions().toList().get(2).get()[1]; // bimodal
    double exact = exactPercentile(all, 99);
    for (int k = 2; k <= 8; k++) {
      List<double[]> runners = Split.SORTED_SLICES.apply(all, k);
      double averaged =
          runners.stream().mapToDouble(r -> exactPercentile(r, 99)).average().orElseThrow();
      assertThat(Math.abs(averaged - exact))
          .as("%d runners: average of p99s %s vs p99 %s", k, averaged, exact)
          .isGreaterThan(10 * ALPHA * exact);
      LatencyHistogram merged =
          LatencyHistogram.sum(runners.stream().map(LatencyHistogram::of).toList());
      assertThat(merged.percentile(99)).isCloseTo(exact, within(ALPHA * exact));
    }
  }

  @Test
  void addingIsAssociativeAndCommutativeWithTheEmptyHistogramAsZero() {
    double[] all = (double[]) distributions().toList().get(3).get()[1];
    List<double[]> parts = Split.RANDOM.apply(all, 3);
    LatencyHistogram a = LatencyHistogram.of(parts.get(0));
    LatencyHistogram b = LatencyHistogram.of(parts.get(1));
    LatencyHistogram c = LatencyHistogram.of(parts.get(2));

    assertThat(a.plus(b).plus(c)).isEqualTo(a.plus(b.plus(c))).isEqualTo(c.plus(a).plus(b));
    assertThat(a.plus(b)).isEqualTo(b.plus(a)).isNotEqualTo(a);
    assertThat(a.plus(new LatencyHistogram())).isEqualTo(a);
    assertThat(LatencyHistogram.sum(List.of())).isEqualTo(new LatencyHistogram());
    // plus leaves both operands as they were
    assertThat(a.count()).isEqualTo(parts.get(0).length);
  }

  /**
   * The stated error is the real bound: a latency at either edge of a bucket reads as its
   * representative, 2 % away; one at the geometric middle about 0.02 % away.
   */
  @Test
  void theErrorBoundIsReachedAtABucketsEdgesAndNotExceeded() {
    for (int bucket : new int[] {0, 1, 100, 250, LatencyHistogram.BUCKETS - 1}) {
      double lower = LatencyHistogram.LOW_MS * Math.pow(LatencyHistogram.GAMMA, bucket);
      double upper = lower * LatencyHistogram.GAMMA;
      for (double v : new double[] {lower * (1 + 1e-12), upper * (1 - 1e-12)}) {
        LatencyHistogram h = LatencyHistogram.of(v);
        assertThat(LatencyHistogram.slot(v)).isEqualTo(bucket + 1);
        double error = Math.abs(h.percentile(50) - v) / v;
        assertThat(error)
            .as("bucket %d, %s ms", bucket, v)
            .isBetween(0.999 * ALPHA, ALPHA * (1 + 1e-9));
      }
      double middle = Math.sqrt(lower * upper);
      assertThat(Math.abs(LatencyHistogram.of(middle).percentile(99) - middle) / middle)
          .isLessThan(ALPHA * ALPHA); // second order: about α²/2
    }
  }

  /** k6 interpolates between the two ranks around p·(n−1); so does the histogram. */
  @Test
  void percentilesInterpolateBetweenRanksAsK6Does() {
    LatencyHistogram h = LatencyHistogram.of(10, 20, 30, 40);
    // k6: rank 0.5 · 3 = 1.5, halfway between 20 and 30
    assertThat(exactPercentile(new double[] {10, 20, 30, 40}, 50)).isEqualTo(25);
    assertThat(h.percentile(50)).isCloseTo(25, within(25 * ALPHA));
    assertThat(h.percentile(0)).isCloseTo(10, within(10 * ALPHA));
    assertThat(h.percentile(100)).isCloseTo(40, within(40 * ALPHA));
    assertThat(LatencyHistogram.of(7).percentile(99.9)).isCloseTo(7, within(7 * ALPHA));
  }

  @Test
  void theRangeCoversEveryRequestASpecAllowsAndCountsWhatFallsOutside() {
    double longestTimeoutMs =
        Durations.parse("spec.load.requestTimeout", SpecRules.REQUEST_TIMEOUT_MAX).toMillis();
    assertThat(LatencyHistogram.HIGH_MS).isGreaterThan(2 * longestTimeoutMs);
    assertThat(LatencyHistogram.slot(LatencyHistogram.LOW_MS)).isEqualTo(1);
    assertThat(LatencyHistogram.slot(0)).isZero();
    assertThat(LatencyHistogram.slot(LatencyHistogram.LOW_MS * 0.999)).isZero();
    assertThat(LatencyHistogram.slot(LatencyHistogram.HIGH_MS * 1.001))
        .isEqualTo(LatencyHistogram.SLOTS - 1);
    assertThat(LatencyHistogram.slot(LatencyHistogram.HIGH_MS * 0.999))
        .isEqualTo(LatencyHistogram.BUCKETS);

    // below the range: read as 10 µs (an absolute error under 10 µs); above it: as its top
    LatencyHistogram h = LatencyHistogram.of(0, 0.004, 0.004, 2 * 3_600_000.0);
    assertThat(h.countAt(0)).isEqualTo(3);
    assertThat(h.countAt(LatencyHistogram.SLOTS - 1)).isEqualTo(1);
    assertThat(h.count()).isEqualTo(4);
    assertThat(h.percentile(50)).isEqualTo(LatencyHistogram.LOW_MS);
    assertThat(h.percentile(100)).isEqualTo(LatencyHistogram.HIGH_MS);
  }

  @Test
  void anEmptyHistogramHasNoPercentilesAndBadInputIsRefused() {
    assertThat(new LatencyHistogram().percentile(99)).isNaN();
    assertThat(new LatencyHistogram().count()).isZero();
    LatencyHistogram h = new LatencyHistogram();
    for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertThatThrownBy(() -> h.add(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("a latency must be a finite number >= 0 ms (was " + bad + ")");
    }
    for (double bad : new double[] {-0.1, 100.1, Double.NaN}) {
      assertThatThrownBy(() -> LatencyHistogram.of(1).percentile(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("a percentile is in [0, 100] (was " + bad + ")");
    }
    assertThatThrownBy(() -> LatencyHistogram.ofSlots(new long[3]))
        .hasMessage("a latency histogram has " + LatencyHistogram.SLOTS + " slots, not 3");
    long[] negative = new long[LatencyHistogram.SLOTS];
    negative[7] = -2;
    assertThatThrownBy(() -> LatencyHistogram.ofSlots(negative))
        .hasMessage("latency histogram slot 7 has a negative count (-2)");
    assertThat(h.count()).isZero();
  }

  /**
   * k6's percentile: linear interpolation between the sorted values at ⌊r⌋ and ⌈r⌉, r = p·(n−1).
   */
  static double exactPercentile(double[] xs, double percent) {
    double[] sorted = xs.clone();
    Arrays.sort(sorted);
    double rank = percent / 100 * (sorted.length - 1);
    double lower = sorted[(int) Math.floor(rank)];
    double upper = sorted[(int) Math.ceil(rank)];
    return lower + (upper - lower) * (rank - Math.floor(rank));
  }
}
