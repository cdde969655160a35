package dev.vtbench.engine.steady;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ChangepointsTest {

  @Test
  void aStepIsCutWhereItHappensAndNoiseIsNot() {
    double[] step = {100, 101, 99, 100, 102, 150, 149, 151, 150, 152};
    assertThat(Changepoints.of(step)).extracting(Changepoints.Segment::from).containsExactly(0, 5);
    // ±15 % with no trend: one segment
    double[] noisy = {100, 130, 95, 128, 104, 131, 97, 126, 101, 129};
    assertThat(Changepoints.of(noisy)).hasSize(1);
  }

  @Test
  void secondDifferencesDoNotMistakeAClimbForNoise() {
    double[] climb = new double[10];
    for (int i = 0; i < climb.length; i++) {
      climb[i] = 1000 + 30 * i;
    }
    // a straight climb has no second differences: the noise is the 0.5 % floor of its median
    assertThat(Changepoints.noise(climb)).isCloseTo(0.005 * 1135, within(1e-9));
    assertThat(Changepoints.of(climb).size()).isGreaterThan(3);
    assertThat(Changepoints.trending(climb, 0, 10, 1, 0.05, 0)).isTrue();
  }

  @Test
  void aSlopeUnderItsNoiseOrTooSlowToMatterIsNoTrend() {
    double[] flat = {100, 103, 98, 101, 99, 102};
    assertThat(Changepoints.trending(flat, 0, 6, 2.0, 0.05, 0)).isFalse();
    // 0.5 % a window: significant against little noise, but 3 % in 30 s is under the 5 % pace
    double[] creeping = {100, 100.5, 101, 101.5, 102, 102.5};
    assertThat(Changepoints.trending(creeping, 0, 6, 0.01, 0.05, 0)).isFalse();
    assertThat(Changepoints.trending(creeping, 0, 6, 0.01, 0.02, 0)).isTrue();
    assertThat(Changepoints.of(new double[0])).isEmpty();
    assertThat(Changepoints.of(new double[] {5})).hasSize(1);
  }
}
