package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.stats.LatencyHistogram;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

/**
 * Runners' results built from constructed latencies, as k6 would report them (exact percentiles per
 * runner, the histogram beside them), merged and compared with the same numbers computed over all
 * their requests at once.
 */
class LoadMergeTest {

  static final double HOLD_SECONDS = 10;
  static final double ALPHA = LatencyHistogram.RELATIVE_ERROR;

  /**
   * What k6 would report for a runner whose hold saw {@code ms}, {@code failed} of them failing.
   */
  static LoadResult runner(double[] ms, long failed, int vus, double dropped) {
    if (ms.length == 0) {
      double nan = Double.NaN;
      return new LoadResult(
          0, nan, nan, nan, nan, nan, nan, nan, 0, vus, dropped, LatencyHistogram.of());
    }
    return new LoadResult(
        ms.length / HOLD_SECONDS,
        DoubleStream.of(ms).average().orElseThrow(),
        k6Percentile(ms, 50),
        k6Percentile(ms, 95),
        k6Percentile(ms, 99),
        k6Percentile(ms, 99.9),
        DoubleStream.of(ms).max().orElseThrow(),
        failed / (double) ms.length,
        ms.length,
        vus,
        dropped,
        LatencyHistogram.of(ms));
  }

  static double k6Percentile(double[] xs, double percent) {
    double[] sorted = xs.clone();
    Arrays.sort(sorted);
    double rank = percent / 100 * (sorted.length - 1);
    double lower = sorted[(int) Math.floor(rank)];
    double upper = sorted[(int) Math.ceil(rank)];
    return lower + (upper - lower) * (rank - Math.floor(rank));
  }

  static double[] lognormal(long seed, int n, double medianMs) {
    Random r = new Random(seed);
    return DoubleStream.generate(() -> medianMs * Math.exp(0.8 * r.nextGaussian()))
        .limit(n)
        .toArray();
  }

  /**
   * Three runners: a fast one, a slow one and a small one. Counts add up, the mean is weighted, and
   * the percentiles are the union's within the bucket error. The slow runner's 3 % of the requests
   * make the union's p99 about its median, while averaging the runners' p99s would give its own p99
   * a third of the weight.
   */
  @Test
  void threeRunnersMergeIntoOneLoad() {
    double[] fast = lognormal(1, 30_000, 10);
    double[] slow = lognormal(2, 1_000, 400);
    double[] small = lognormal(3, 500, 50);
    LoadResult merged =
        LoadMerge.merge(
            List.of(runner(fast, 30, 40, 0), runner(slow, 100, 40, 5), runner(small, 0, 20, 1)));

    double[] all =
        DoubleStream.concat(
                DoubleStream.of(fast),
                DoubleStream.concat(DoubleStream.of(slow), DoubleStream.of(small)))
            .toArray();
    assertThat(merged.httpReqs()).isEqualTo(31_500);
    assertThat(merged.throughputRps()).isCloseTo(3_150, within(1e-9));
    assertThat(merged.errorRate()).isCloseTo(130 / 31_500.0, within(1e-15));
    assertThat(merged.meanMs())
        .isCloseTo(DoubleStream.of(all).average().orElseThrow(), within(1e-9));
    assertThat(merged.maxMs()).isEqualTo(DoubleStream.of(all).max().orElseThrow());
    assertThat(merged.vusMax()).isEqualTo(100);
    assertThat(merged.droppedIterations()).isEqualTo(6);
    assertThat(merged.holdHistogram()).isEqualTo(LatencyHistogram.of(all));
    double[] got = {merged.p50Ms(), merged.p95Ms(), merged.p99Ms(), merged.p999Ms()};
    double[] percents = {50, 95, 99, 99.9};
    for (int i = 0; i < percents.length; i++) {
      double exact = k6Percentile(all, percents[i]);
      assertThat(got[i]).as("p%s", percents[i]).isCloseTo(exact, within(ALPHA * exact));
    }
    // the runners' average p99 is nowhere near
    double averaged =
        (runner(fast, 0, 1, 0).p99Ms()
                + runner(slow, 0, 1, 0).p99Ms()
                + runner(small, 0, 1, 0).p99Ms())
            / 3;
    assertThat(Math.abs(averaged - k6Percentile(all, 99)))
        .isGreaterThan(0.5 * k6Percentile(all, 99));
  }

  /** One runner: k6's own exact percentiles, not the buckets'. */
  @Test
  void oneRunnerIsItsOwnResult() {
    LoadResult one = runner(lognormal(4, 1_000, 20), 3, 10, 0);
    assertThat(LoadMerge.merge(List.of(one))).isSameAs(one);
  }

  /**
   * A percentile is never above the largest request: when every request took the same time, at a
   * bucket's lower edge (where its representative is 2 % higher), each percentile is that time.
   */
  @Test
  void aPercentileIsAtMostTheLargestRequest() {
    double edge = LatencyHistogram.LOW_MS * Math.pow(LatencyHistogram.GAMMA, 300) * (1 + 1e-12);
    double[] same = new double[100];
    Arrays.fill(same, edge);
    LoadResult merged = LoadMerge.merge(List.of(runner(same, 0, 1, 0), runner(same, 0, 1, 0)));
    assertThat(LatencyHistogram.of(same).percentile(50)).isGreaterThan(edge * (1 + 0.99 * ALPHA));
    assertThat(merged.p50Ms()).isEqualTo(edge);
    assertThat(merged.p999Ms()).isEqualTo(edge);
  }

  /** A runner whose hold saw no request adds its VUs, nothing else; all idle: no latencies. */
  @Test
  void anIdleRunnerAddsNothingButItsVus() {
    double[] some = lognormal(5, 2_000, 30);
    LoadResult merged =
        LoadMerge.merge(List.of(runner(some, 20, 10, 0), runner(new double[0], 0, 10, 0)));
    assertThat(merged.httpReqs()).isEqualTo(2_000);
    assertThat(merged.meanMs())
        .isCloseTo(DoubleStream.of(some).average().orElseThrow(), within(1e-9));
    assertThat(merged.maxMs()).isEqualTo(DoubleStream.of(some).max().orElseThrow());
    assertThat(merged.errorRate()).isCloseTo(0.01, within(1e-15));
    assertThat(merged.vusMax()).isEqualTo(20);

    LoadResult idle =
        LoadMerge.merge(List.of(runner(new double[0], 0, 5, 0), runner(new double[0], 0, 5, 0)));
    assertThat(idle.httpReqs()).isZero();
    assertThat(idle.throughputRps()).isZero();
    assertThat(idle.p99Ms()).isNaN();
    assertThat(idle.meanMs()).isNaN();
    assertThat(idle.maxMs()).isNaN();
    assertThat(idle.errorRate()).isNaN();
  }

  @Test
  void withoutEveryRunnersHistogramThereIsNoMerge() {
    LoadResult with = runner(lognormal(6, 100, 20), 0, 1, 0);
    LoadResult without = new LoadResult(10, 20, 20, 30, 40, 50, 60, 0, 100, 1, 0, null);
    assertThatThrownBy(() -> LoadMerge.merge(List.of(with, without)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "runner 1 of 2 reported no latency histogram (holdHistogram), so the runners'"
                + " percentiles cannot be merged: was its load planned with one"
                + " (K6Plan.withHistogram(true)), its script built by this vtbench's K6Script, and"
                + " did its summary fit 3900 bytes?");
    assertThatThrownBy(() -> LoadMerge.merge(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no runner results to merge");
  }
}
