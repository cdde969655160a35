package dev.vtbench.engine.stats;

import java.util.function.ToDoubleFunction;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.descriptive.Median;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * Percentile bootstrap intervals for a median and for a ratio of two medians, with a fixed seed so
 * that the same repetitions always give the same interval.
 *
 * <p>Each call draws {@link #RESAMPLES} resamples (with replacement, each the size of its sample)
 * from a generator freshly seeded with {@link #SEED}; the interval's bounds are the 2.5th and
 * 97.5th percentiles of the statistic over the resamples. A fresh generator per call makes an
 * interval depend only on its data, not on what was computed before it (the headline and the table
 * agree). For a ratio, the numerator and the denominator are resampled independently: virtual and
 * platform repetitions are separate runs, not pairs.
 */
public final class Bootstrap {

  /** The generator's seed; any fixed value would do, this one is the number. */
  public static final long SEED = 12L;

  /**
   * Resamples per interval: enough that the Monte Carlo error of a 2.5 % tail is small next to the
   * spread it estimates, and a few milliseconds per interval for a handful of repetitions.
   */
  public static final int RESAMPLES = 10_000;

  /** Two-sided coverage of the percentile interval. */
  public static final double CONFIDENCE = 0.95;

  // The generator is named, so the stream of draws for a seed is fixed by Commons RNG's contract.
  private static final RandomSource GENERATOR = RandomSource.XO_RO_SHI_RO_128_PP;
  private static final Median MEDIAN = Median.withDefaults();
  // Resample buffers are ours to reorder: no defensive copy per resample.
  private static final Median MEDIAN_IN_PLACE = Median.withDefaults().withCopy(false);
  private static final double TAIL = (1 - CONFIDENCE) / 2;

  private final long seed;

  private Bootstrap(long seed) {
    this.seed = seed;
  }

  /** The bootstrap every report uses: seed {@link #SEED}. */
  public static Bootstrap standard() {
    return new Bootstrap(SEED);
  }

  /** Another seed, to show that an interval depends on it only by Monte Carlo error. */
  public static Bootstrap seeded(long seed) {
    return new Bootstrap(seed);
  }

  /** The median of {@code xs}; NaN when empty. */
  public static double median(double[] xs) {
    return xs.length == 0 ? Double.NaN : MEDIAN.evaluate(xs);
  }

  /**
   * The {@value #CONFIDENCE} interval of the median of {@code xs}.
   *
   * @throws IllegalArgumentException if {@code xs} is empty
   */
  public Interval medianInterval(double[] xs) {
    requireValues(xs, "sample");
    UniformRandomProvider rng = GENERATOR.create(seed);
    double[] buf = new double[xs.length];
    return percentiles(i -> MEDIAN_IN_PLACE.evaluate(resample(xs, buf, rng)));
  }

  /**
   * The {@value #CONFIDENCE} interval of median(numerator) ÷ median(denominator), each sample
   * resampled on its own.
   *
   * @throws IllegalArgumentException if either sample is empty
   */
  public Interval ratioInterval(double[] numerator, double[] denominator) {
    requireValues(numerator, "numerator");
    requireValues(denominator, "denominator");
    UniformRandomProvider rng = GENERATOR.create(seed);
    double[] num = new double[numerator.length];
    double[] den = new double[denominator.length];
    return percentiles(
        i ->
            MEDIAN_IN_PLACE.evaluate(resample(numerator, num, rng))
                / MEDIAN_IN_PLACE.evaluate(resample(denominator, den, rng)));
  }

  private static Interval percentiles(ToDoubleFunction<Integer> statistic) {
    double[] stats = new double[RESAMPLES];
    for (int i = 0; i < RESAMPLES; i++) {
      stats[i] = statistic.applyAsDouble(i);
    }
    double[] q = Quantile.withDefaults().withCopy(false).evaluate(stats, TAIL, 1 - TAIL);
    return new Interval(q[0], q[1]);
  }

  private static double[] resample(double[] xs, double[] into, UniformRandomProvider rng) {
    for (int i = 0; i < into.length; i++) {
      into[i] = xs[rng.nextInt(xs.length)];
    }
    return into;
  }

  private static void requireValues(double[] xs, String what) {
    if (xs.length == 0) {
      throw new IllegalArgumentException("no values to bootstrap (" + what + ")");
    }
  }
}
