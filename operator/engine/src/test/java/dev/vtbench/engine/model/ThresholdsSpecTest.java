package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    assertThat(SpecValidator.baselineSource(run.spec, false)).isEmpty();
    assertThat(SpecValidator.baselineSource(run.spec, true))
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
        .hasMessageContaining(
            "spec.thresholds.maxP99[0].concurrency: 500 is not in spec.matrix.concurrency [100,"
                + " 1000]")
        .hasMessageContaining("spec.thresholds.maxP99[0].p99: must be longer than 0")
        .hasMessageContaining(
            "spec.thresholds.maxP99[1].threadMode: 'green' is not in spec.matrix.threadModes")
        .hasMessageContaining("spec.thresholds.minThroughput[0].rps: 0.0 must be greater than 0")
        .hasMessageContaining(
            "spec.thresholds.minVirtualToPlatformRatio[0].hikariPoolSize: 10 is not in"
                + " spec.matrix.hikariPoolSizes [50]")
        .hasMessageContaining(
            "spec.thresholds.minVirtualToPlatformRatio[0].ratio: -1.0 must be greater than 0")
        .hasMessageContaining(
            "spec.thresholds.maxErrorRate: '0.01' is not a percentage; write e.g. 10% or 0.5%")
        .hasMessageContaining("spec.thresholds.baseline.maxRegression: 'ten' is not a percentage");
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
            "spec.thresholds.minVirtualToPlatformRatio: needs both platform and virtual in"
                + " spec.matrix.threadModes, which lists [virtual]");
  }
}
