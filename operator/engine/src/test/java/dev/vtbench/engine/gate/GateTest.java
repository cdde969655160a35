package dev.vtbench.engine.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.model.thresholds.BaselineSpec;
import dev.vtbench.engine.model.thresholds.MaxP99;
import dev.vtbench.engine.model.thresholds.MinRatio;
import dev.vtbench.engine.model.thresholds.MinThroughput;
import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GateTest {

  static ResultRow row(
      String mode, int pool, int vus, int rep, double rps, Double p99, Double err) {
    return ResultRow.builder()
        .ts(Instant.parse("2026-11-22T00:00:00Z"))
        .threadMode(mode)
        .hikariPool(pool)
        .pathMode("normal")
        .connMode("released")
        .concurrency(vus)
        .rep(rep)
        .throughputRps(rps)
        .p99Ms(p99)
        .errorRate(err)
        .scenarioId("r" + rep + "-" + mode + "-pool" + pool + "-c" + vus)
        .build();
  }

  /** platform and virtual at pool 50, 1000 VUs, three repetitions each. */
  static final List<ResultRow> RUN =
      List.of(
          row("platform", 50, 1000, 1, 1990, 520.0, 0.0),
          row("platform", 50, 1000, 2, 2000, 510.0, 0.0),
          row("platform", 50, 1000, 3, 2010, 9000.0, 0.0),
          row("virtual", 50, 1000, 1, 4500, 230.0, 0.0),
          row("virtual", 50, 1000, 2, 4400, 412.3, 0.02),
          row("virtual", 50, 1000, 3, 4600, 500.0, 0.03));

  static MaxP99 p99(String mode, Integer vus, String limit) {
    MaxP99 r = new MaxP99();
    r.threadMode = mode;
    r.concurrency = vus;
    r.p99 = limit;
    return r;
  }

  @Test
  void p99IsTheMedianOverRepetitionsAndTheMessageNamesCellAndNumbers() {
    ThresholdsSpec t = new ThresholdsSpec();
    t.maxP99 = List.of(p99("virtual", 1000, "250ms"), p99("platform", null, "1s"));
    Gate.Verdict v = Gate.evaluate(t, RUN, null);
    assertThat(v.met()).isFalse();
    assertThat(v.violations())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.rule()).isEqualTo("maxP99[0]");
              assertThat(c.actual()).isEqualTo(412.3);
              assertThat(c.message())
                  .isEqualTo("p99 at virtual, pool 50, 1000 VUs was 412.3 ms, above 250.0 ms");
            });
    // platform's one 9 s outlier does not fail the 1 s rule: the median is 520 ms
    assertThat(v.checks())
        .filteredOn(Gate.Check::passed)
        .singleElement()
        .extracting(Gate.Check::actual)
        .isEqualTo(520.0);
  }

  @Test
  void allRulesPassingMeetTheGate() {
    ThresholdsSpec t = new ThresholdsSpec();
    t.maxP99 = List.of(p99(null, null, "1s"));
    Gate.Verdict v = Gate.evaluate(t, RUN, List.of());
    assertThat(v.met()).isTrue();
    assertThat(v.checks()).hasSize(2);
    assertThat(v.describeViolations(5)).isEmpty();
  }

  @Test
  void aRuleMatchingNoCellFailsRatherThanPassingSilently() {
    ThresholdsSpec t = new ThresholdsSpec();
    t.maxP99 = List.of(p99("virtual", 5000, "1s"));
    Gate.Verdict v = Gate.evaluate(t, RUN, null);
    assertThat(v.met()).isFalse();
    assertThat(v.describeViolations(5))
        .isEqualTo("maxP99[0] matched no recorded cell (threadMode virtual, concurrency 5000)");
  }

  @Test
  void anUnmeasuredP99Fails() {
    ThresholdsSpec t = new ThresholdsSpec();
    t.maxP99 = List.of(p99("virtual", null, "1s"));
    Gate.Verdict v = Gate.evaluate(t, List.of(row("virtual", 10, 10, 1, 99, null, 0.0)), null);
    assertThat(v.describeViolations(5))
        .isEqualTo("p99 at virtual, pool 10, 10 VUs was not measured");
  }

  @Test
  void minThroughput() {
    ThresholdsSpec t = new ThresholdsSpec();
    MinThroughput r = new MinThroughput();
    r.rps = 2500.0;
    t.minThroughput = List.of(r);
    Gate.Verdict v = Gate.evaluate(t, RUN, null);
    assertThat(v.describeViolations(5))
        .isEqualTo(
            "throughput at platform, pool 50, 1000 VUs was 2000.0 req/s, below 2500.0 req/s");
    assertThat(v.checks()).hasSize(2);
  }

  @Test
  void maxErrorRateUsesPercentages() {
    ThresholdsSpec t = new ThresholdsSpec();
    t.maxErrorRate = "1%";
    Gate.Verdict v = Gate.evaluate(t, RUN, null);
    assertThat(v.describeViolations(5))
        .isEqualTo("error rate at virtual, pool 50, 1000 VUs was 2.00%, above 1.00%");
    t.maxErrorRate = "2.5%";
    assertThat(Gate.evaluate(t, RUN, null).met()).isTrue();
  }

  @Test
  void virtualToPlatformRatioPairsCellsOfTheSamePoolAndConcurrency() {
    ThresholdsSpec t = new ThresholdsSpec();
    MinRatio r = new MinRatio();
    r.ratio = 2.5;
    t.minVirtualToPlatformRatio = List.of(r);
    Gate.Verdict v = Gate.evaluate(t, RUN, null);
    assertThat(v.describeViolations(5))
        .isEqualTo(
            "virtual/platform throughput at pool 50, 1000 VUs was 2.25 (4500.0 req/s ÷ 2000.0"
                + " req/s), below 2.50");
    r.ratio = 2.0;
    assertThat(Gate.evaluate(t, RUN, null).met()).isTrue();
    // Only virtual measured: nothing to pair, which is a failure, not a pass.
    Gate.Verdict alone =
        Gate.evaluate(t, RUN.stream().filter(x -> x.threadMode().equals("virtual")).toList(), null);
    assertThat(alone.describeViolations(5))
        .contains("found no cell measured with both platform and virtual threads");
  }

  /**
   * A jvmOptions run: each JVM configuration is a cell of its own, its ratio pairs platform and
   * virtual of the same configuration, and a baseline without the axis still compares.
   */
  @Test
  void eachJvmOptionsValueIsACellOfItsOwn() {
    List<ResultRow> run = new ArrayList<>(RUN);
    for (ResultRow r : RUN) {
      // the same cell with ZGC: platform unchanged, virtual at half the throughput
      run.add(
          r.toBuilder()
              .jvmOptions("-XX:+UseZGC")
              .throughputRps(r.isVirtual() ? r.throughputRps() / 2 : r.throughputRps())
              .build());
    }
    ThresholdsSpec t = new ThresholdsSpec();
    MinRatio r = new MinRatio();
    r.ratio = 2.0;
    t.minVirtualToPlatformRatio = List.of(r);
    Gate.Verdict v = Gate.evaluate(t, run, null);
    assertThat(v.checks()).hasSize(2);
    // ZGC: median 2250 ÷ 2000 = 1.125; the default JVM's 2.25 passes
    assertThat(v.describeViolations(5))
        .startsWith("virtual/platform throughput at pool 50, 1000 VUs, JVM options -XX:+UseZGC was")
        .endsWith("(2250.0 req/s ÷ 2000.0 req/s), below 2.00");

    t = new ThresholdsSpec();
    t.baseline = new BaselineSpec();
    t.baseline.maxRegression = "10%";
    Gate.Verdict b = Gate.evaluate(t, run, RUN);
    // 4 cells, each compared with the baseline's cell of its thread mode: ZGC's virtual lost half
    assertThat(b.checks()).hasSize(8);
    assertThat(b.notes()).isEmpty();
    assertThat(b.violations())
        .extracting(Gate.Check::message)
        .singleElement()
        .asString()
        .startsWith("throughput at virtual, pool 50, 1000 VUs, JVM options -XX:+UseZGC was 2250.0");
  }

  /**
   * A builds run: each build is a cell of its own, virtual ÷ platform pairs one build's modes, and
   * a baseline without builds (the service's last release) is compared with each build.
   */
  @Test
  void eachBuildIsACellOfItsOwn() {
    List<ResultRow> run = new ArrayList<>();
    for (ResultRow r : RUN) {
      run.add(r.toBuilder().buildName("boot-3.4").build());
      // the same cell on boot 4.0: platform unchanged, virtual at half the throughput
      run.add(
          r.toBuilder()
              .buildName("boot-4.0")
              .throughputRps(r.isVirtual() ? r.throughputRps() / 2 : r.throughputRps())
              .build());
    }
    ThresholdsSpec t = new ThresholdsSpec();
    MinRatio r = new MinRatio();
    r.ratio = 2.0;
    t.minVirtualToPlatformRatio = List.of(r);
    Gate.Verdict v = Gate.evaluate(t, run, null);
    assertThat(v.checks()).hasSize(2);
    assertThat(v.describeViolations(5))
        .startsWith("virtual/platform throughput at pool 50, 1000 VUs, build boot-4.0 was")
        .endsWith("(2250.0 req/s ÷ 2000.0 req/s), below 2.00");

    t = new ThresholdsSpec();
    t.baseline = new BaselineSpec();
    t.baseline.maxRegression = "10%";
    Gate.Verdict b = Gate.evaluate(t, run, RUN);
    assertThat(b.checks()).hasSize(8);
    assertThat(b.notes()).isEmpty();
    assertThat(b.violations())
        .extracting(Gate.Check::message)
        .singleElement()
        .asString()
        .startsWith("throughput at virtual, pool 50, 1000 VUs, build boot-4.0 was 2250.0");
  }

  @Test
  void baselineRegressionOnThroughputAndP99AndAbsentCellsAreOnlyNoted() {
    ThresholdsSpec t = new ThresholdsSpec();
    t.baseline = new BaselineSpec();
    t.baseline.maxRegression = "10%";
    List<ResultRow> base =
        List.of(
            row("platform", 50, 1000, 1, 2050, 500.0, 0.0), // 2.4% faster then: fine
            row("virtual", 50, 1000, 1, 5200, 300.0, 0.0)); // 13.5% lost, p99 37.4% up
    List<ResultRow> run = new ArrayList<>(RUN);
    run.add(row("virtual", 50, 2000, 1, 6000, 400.0, 0.0));
    Gate.Verdict v = Gate.evaluate(t, run, base);
    assertThat(v.violations())
        .extracting(Gate.Check::message)
        .containsExactly(
            "throughput at virtual, pool 50, 1000 VUs was 4500.0 req/s, 13.46% below the"
                + " baseline's 5200.0 req/s (allowed: 10.00% lower)",
            "p99 at virtual, pool 50, 1000 VUs was 412.3 ms, 37.43% above the baseline's 300.0 ms"
                + " (allowed: 10.00% higher)");
    assertThat(v.notes())
        .containsExactly("virtual, pool 50, 2000 VUs is not in the baseline; not compared");
    assertThat(v.checks()).hasSize(4);
  }

  @Test
  void theBaselineIsReadFromTheCsvTheRunnersWrite() {
    String csv = ResultsCsv.toCsv(RUN);
    assertThat(Gate.parseBaseline("ConfigMap base/matrix.csv", csv)).hasSize(6);
    assertThatThrownBy(() -> Gate.parseBaseline("ConfigMap base/matrix.csv", "a,b\n1,2\n"))
        .hasMessageStartingWith("ConfigMap base/matrix.csv is not a matrix.csv: ")
        .hasMessageContaining("lacks reference columns");
    assertThatThrownBy(() -> Gate.parseBaseline("x.csv", ResultsCsv.header() + "\n"))
        .hasMessage("x.csv holds no result rows");
  }

  @Test
  void violationsAreBoundedInTheMessage() {
    ThresholdsSpec t = new ThresholdsSpec();
    t.maxP99 = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      t.maxP99.add(p99("virtual", 1000, "1ms"));
    }
    String m = Gate.evaluate(t, RUN, null).describeViolations(5);
    assertThat(m).endsWith("; and 2 more");
    assertThat(m.split("; p99")).hasSize(5);
  }

  /** One wording for both platforms: the operator's condition and the local thresholds.txt. */
  @Test
  void theReportLeadsWithOneHeadlineAndListsEveryCheckAndNote() {
    ThresholdsSpec t = new ThresholdsSpec();
    t.maxP99 = List.of(p99("virtual", 1000, "250ms"), p99("platform", null, "1s"));
    t.baseline = new BaselineSpec();
    t.baseline.maxRegression = "10%";
    Gate.Verdict v = Gate.evaluate(t, RUN, List.of(row("platform", 50, 1000, 1, 2000, 400.0, 0.0)));
    assertThat(v.headline()).isEqualTo("2 of 4 threshold checks failed");
    assertThat(v.summary(1))
        .isEqualTo(
            "2 of 4 threshold checks failed: p99 at virtual, pool 50, 1000 VUs was 412.3 ms, above"
                + " 250.0 ms; and 1 more");
    assertThat(v.report().lines())
        .containsExactly(
            "2 of 4 threshold checks failed",
            "  FAIL  p99 at virtual, pool 50, 1000 VUs was 412.3 ms, above 250.0 ms",
            "  pass  p99 at platform, pool 50, 1000 VUs was 520.0 ms, within 1000.0 ms",
            "  pass  throughput at platform, pool 50, 1000 VUs was 2000.0 req/s, 0.00% below the"
                + " baseline's 2000.0 req/s (allowed: 10.00% lower)",
            "  FAIL  p99 at platform, pool 50, 1000 VUs was 520.0 ms, 30.00% above the baseline's"
                + " 400.0 ms (allowed: 10.00% higher)",
            "  note  virtual, pool 50, 1000 VUs is not in the baseline; not compared");
    assertThat(v.report()).endsWith("compared\n");

    t.maxP99 = List.of(p99(null, null, "1s"));
    t.baseline = null;
    Gate.Verdict met = Gate.evaluate(t, RUN, null);
    assertThat(met.headline()).isEqualTo("all 2 threshold checks passed");
    assertThat(met.summary(5)).isEqualTo(met.headline());
  }

  @Test
  void noThresholdsNoChecks() {
    assertThat(Gate.evaluate(null, RUN, null).checks()).isEmpty();
    assertThat(Gate.evaluate(new ThresholdsSpec(), RUN, null).met()).isTrue();
  }
}
