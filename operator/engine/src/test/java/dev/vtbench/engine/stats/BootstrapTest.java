package dev.vtbench.engine.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BootstrapTest {

  /** n values around {@code centre} with Gaussian noise of {@code cv}, from a fixed seed. */
  static double[] noisy(long seed, int n, double centre, double cv) {
    Random r = new Random(seed);
    double[] xs = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = centre * (1 + cv * r.nextGaussian());
    }
    return xs;
  }

  @Test
  void theSameSeedGivesTheSameIntervalAndAnotherSeedOnlyMonteCarloNoise() {
    double[] a = noisy(1, 12, 1000, 0.05);
    double[] b = noisy(2, 12, 2000, 0.05);

    Interval first = Bootstrap.standard().ratioInterval(b, a);
    Interval again = Bootstrap.standard().ratioInterval(b, a);
    Interval seeded = Bootstrap.seeded(Bootstrap.SEED).ratioInterval(b, a);
    Interval other = Bootstrap.seeded(99).ratioInterval(b, a);

    assertThat(again).isEqualTo(first);
    assertThat(seeded).isEqualTo(first);
    // with 12 continuous values the resampled medians are many: another seed moves the bounds,
    // but by Monte Carlo error only
    assertThat(other).isNotEqualTo(first);
    assertThat(other.lower()).isCloseTo(first.lower(), within(0.02));
    assertThat(other.upper()).isCloseTo(first.upper(), within(0.02));
  }

  @Test
  void anIntervalDependsOnlyOnItsDataNotOnWhatWasComputedBefore() {
    double[] a = noisy(3, 9, 500, 0.1);
    Bootstrap b = Bootstrap.standard();
    Interval alone = b.medianInterval(a);
    b.medianInterval(noisy(4, 30, 7, 0.5));
    assertThat(b.medianInterval(a)).isEqualTo(alone);
  }

  @Test
  void withThreeValuesTheMedianIntervalIsTheirRange() {
    // P(resampled median = min) = 7/27, far above 2.5 %: both tails land on the extremes
    Interval i = Bootstrap.standard().medianInterval(new double[] {980, 1000, 1030});
    assertThat(i).isEqualTo(new Interval(980, 1030));
    assertThat(Bootstrap.median(new double[] {980, 1030, 1000})).isEqualTo(1000);
  }

  @Test
  void theRatioIntervalOfThreeAgainstThreeSpansWorstToBestPairing() {
    Interval i =
        Bootstrap.standard()
            .ratioInterval(new double[] {2000, 2040, 1960}, new double[] {1000, 1020, 980});
    assertThat(i.lower()).isCloseTo(1960.0 / 1020, within(1e-12));
    assertThat(i.upper()).isCloseTo(2040.0 / 980, within(1e-12));
  }

  @Test
  void theIntervalCoversTheTrueMedianOfAWellSampledPopulation() {
    double[] xs = noisy(5, 200, 1000, 0.05);
    Interval i = Bootstrap.standard().medianInterval(xs);
    assertThat(i.lower()).isLessThan(Bootstrap.median(xs)).isGreaterThan(985);
    assertThat(i.upper()).isGreaterThan(Bootstrap.median(xs)).isLessThan(1015);
  }

  @Test
  void refusesAnEmptySample() {
    assertThatThrownBy(() -> Bootstrap.standard().medianInterval(new double[0]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(Bootstrap.median(new double[0])).isNaN();
  }
}
