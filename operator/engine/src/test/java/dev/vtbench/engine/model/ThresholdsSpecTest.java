package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.model.rules.QuantityRules;
import dev.vtbench.engine.model.rules.ThresholdRules;
import dev.vtbench.engine.model.thresholds.Percent;
import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import org.junit.jupiter.api.Test;

/** spec.thresholds as YAML: read, and refused with the field named (local mode's admission). */
class ThresholdsSpecTest {

  static final String HEAD =
      "apiVersion: vtbench.dev/v1alpha1\nkind: BenchmarkRun\nmetadata: {name: gate}\nspec:\n"
          + "  matrix: {threadModes: [platform, virtual], hikariPoolSizes: [50],"
          + " concurrency: [100, 1000]}\n";

  @Test
  void readsEveryRule() {
    BenchmarkRun run =
        SpecLoader.parse(
            "t",
            HEAD
                + """
                  thresholds:
                    maxP99: [{threadMode: virtual, concurrency: 1000, p99: 250ms}]
                    minThroughput: [{threadMode: virtual, rps: 1500}]
                    minVirtualToPlatformRatio: [{concurrency: 1000, ratio: 1.5}]
                    maxErrorRate: 1%
                    baseline: {file: results/hero/matrix.csv, maxRegression: 10%}
                """);
    ThresholdsSpec t = run.spec.thresholds;
    assertThat(t.maxP99.getFirst().p99).isEqualTo("250ms");
    assertThat(t.minThroughput.getFirst().rps).isEqualTo(1500.0);
    assertThat(t.minVirtualToPlatformRatio.getFirst().ratio).isEqualTo(1.5);
    assertThat(Percent.parse("x", t.maxErrorRate)).isEqualTo(0.01);
    assertThat(LocalInputs.problems(run.spec)).isEmpty();
    assertThat(SpecValidation.cluster(run))
        .singleElement()
        .asString()
        .contains("spec.thresholds.baseline: set configMapRef");
  }

  @Test
  void withoutThresholdsNothingChanges() {
    assertThat(SpecLoader.parse("t", HEAD).spec.thresholds).isNull();
  }

  @Test
  void nonsenseIsRefusedNamingTheField() {
    assertThatThrownBy(
            () ->
                SpecLoader.parse(
                    "t",
                    HEAD
                        + """
                          thresholds:
                            maxP99: [{concurrency: 500, p99: 0ms}, {threadMode: green, p99: 1s}]
                            minThroughput: [{rps: 0}]
                            minVirtualToPlatformRatio: [{hikariPoolSize: 10, ratio: -1}]
                            maxErrorRate: "0.01"
                            baseline: {configMapRef: {name: base}, maxRegression: ten}
                        """))
        .isInstanceOf(SpecLoader.InvalidSpecException.class)
        .hasMessageContaining("spec.thresholds.maxP99: " + ThresholdRules.IN_MATRIX_MESSAGE)
        .hasMessageContaining("spec.thresholds.maxP99[0].p99: '0ms' must be longer than 0s")
        .hasMessageContaining("spec.thresholds.maxP99[1].threadMode: 'green' must be platform,")
        .hasMessageContaining("spec.thresholds.minThroughput[0].rps: 0 must be greater than 0")
        .hasMessageContaining("spec.thresholds.minVirtualToPlatformRatio: ")
        .hasMessageContaining(
            "spec.thresholds.minVirtualToPlatformRatio[0].ratio: -1 must be greater than 0")
        .hasMessageContaining(
            "spec.thresholds.maxErrorRate: '0.01' " + QuantityRules.PERCENT_TO_100_MESSAGE)
        .hasMessageContaining(
            "spec.thresholds.baseline.maxRegression: 'ten' "
                + QuantityRules.PERCENT_TO_100_MESSAGE);
  }

  @Test
  void aRatioNeedsBothThreadModes() {
    assertThatThrownBy(
            () ->
                SpecLoader.parse(
                    "t",
                    "apiVersion: vtbench.dev/v1alpha1\nkind: BenchmarkRun\nmetadata: {name: g}\n"
                        + "spec:\n  matrix: {threadModes: [virtual]}\n"
                        + "  thresholds: {minVirtualToPlatformRatio: [{ratio: 1.5}]}\n"))
        .hasMessageContaining(
            "spec.thresholds.minVirtualToPlatformRatio: " + ThresholdRules.RATIO_MESSAGE);
  }
}
