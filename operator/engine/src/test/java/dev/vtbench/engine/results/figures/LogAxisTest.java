package dev.vtbench.engine.results.figures;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.XYStyler;

class LogAxisTest {

  // bench-hero's reference p99 (results/reference/bench-hero/matrix.csv): 113.1 to 1,716 ms.
  private static final double[] HERO_P99 = {113.1, 1716.0};

  @Test
  void aSpanOfTenOrLessStaysLinear() {
    assertThat(LogAxis.logScale(new double[] {113, 435})).isFalse();
    assertThat(LogAxis.logScale(new double[] {100, 1000})).isFalse();
    assertThat(LogAxis.logScale(new double[] {0, 1000})).isFalse();
  }

  @Test
  void benchHerosP99IsLabelledAtEveryStepNotOnlyAtOneThousand() {
    assertThat(LogAxis.logScale(HERO_P99)).isTrue();
    assertThat(LogAxis.decadesOnly(HERO_P99)).isFalse();
    XYStyler s = new XYChartBuilder().build().getStyler();
    assertThat(LogAxis.applyY(s, HERO_P99)).isTrue();
    assertThat(s.isYAxisLogarithmic()).isTrue();
    assertThat(s.isYAxisLogarithmicDecadeOnly()).isFalse();
    // Both ends on labels: 100, 200, ..., 1,000, 2,000 frame every value from 113 to 1,716.
    assertThat(s.getYAxisMin()).isEqualTo(100.0);
    assertThat(s.getYAxisMax()).isEqualTo(2000.0);
  }

  @Test
  void pastFiftyTimesOnlyDecadesAreLabelledAndTheAxisEndsOnDecades() {
    double[] wide = {12, 5000};
    assertThat(LogAxis.decadesOnly(wide)).isTrue();
    XYStyler s = new XYChartBuilder().build().getStyler();
    LogAxis.applyY(s, wide);
    assertThat(s.isYAxisLogarithmicDecadeOnly()).isTrue();
    assertThat(s.getYAxisMin()).isEqualTo(10.0);
    assertThat(s.getYAxisMax()).isEqualTo(10000.0);
  }

  @Test
  void labelledTicksAroundAValue() {
    assertThat(LogAxis.labelAtOrBelow(113.1, false)).isEqualTo(100.0);
    assertThat(LogAxis.labelAtOrBelow(0.35, false))
        .isEqualTo(0.3, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(LogAxis.labelAtOrAbove(1716, false)).isEqualTo(2000.0);
    assertThat(LogAxis.labelAtOrAbove(950, false)).isEqualTo(1000.0);
    assertThat(LogAxis.labelAtOrAbove(400, false)).isEqualTo(400.0);
    assertThat(LogAxis.labelAtOrAbove(1000, true)).isEqualTo(1000.0);
    assertThat(LogAxis.labelAtOrAbove(1001, true)).isEqualTo(10000.0);
  }

  @Test
  void aNarrowLogXAxisLabelsItsSteps() {
    XYStyler s = new XYChartBuilder().build().getStyler();
    assertThat(LogAxis.applyX(s, new double[] {50, 800})).isTrue();
    assertThat(s.isXAxisLogarithmicDecadeOnly()).isFalse();
    assertThat(LogAxis.applyX(s, new double[] {10, 10000})).isTrue();
    assertThat(s.isXAxisLogarithmicDecadeOnly()).isTrue();
  }
}
