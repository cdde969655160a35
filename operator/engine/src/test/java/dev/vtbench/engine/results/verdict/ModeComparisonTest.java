package dev.vtbench.engine.results.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.ModeComparison.Verdict;
import dev.vtbench.engine.stats.Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The verdict on constructed repetitions whose answer is known. */
class ModeComparisonTest {

  /** {@code n} repetitions of one cell around {@code rps} with Gaussian noise {@code cv}. */
  private static List<ResultRow> reps(String mode, long seed, int n, double rps, double cv) {
    Random r = new Random(seed);
    List<ResultRow> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(
          Rows.row(mode, "released", 50, 200, rps * (1 + cv * r.nextGaussian()))
              .rep(i + 1)
              .p99Ms(100.0 + i)
              .build());
    }
    return out;
  }

  private static List<ResultRow> reps(String mode, double... rps) {
    List<ResultRow> out = new ArrayList<>();
    for (int i = 0; i < rps.length; i++) {
      out.add(Rows.row(mode, "released", 50, 200, rps[i]).rep(i + 1).build());
    }
    return out;
  }

  @Test
  void virtualTwiceAsFastWithTwoPercentNoiseIsVirtualFaster() {
    ModeComparison c =
        ModeComparison.virtualVsPlatform(
            reps("platform", 1, 5, 1000, 0.02), reps("virtual", 2, 5, 2000, 0.02));
    assertThat(c.verdict()).isEqualTo(Verdict.MODE_FASTER);
    assertThat(c.label()).isEqualTo("virtual faster");
    assertThat(c.ratio()).isCloseTo(2.0, within(0.1));
    assertThat(c.interval().lower()).isGreaterThan(1.8);
    assertThat(c.interval().upper()).isLessThan(2.2);
  }

  @Test
  void virtualAtHalfThePlatformsThroughputIsPlatformFaster() {
    ModeComparison c =
        ModeComparison.virtualVsPlatform(
            reps("platform", 3, 5, 1000, 0.02), reps("virtual", 4, 5, 500, 0.02));
    assertThat(c.verdict()).isEqualTo(Verdict.BASELINE_FASTER);
    assertThat(c.interval().upper()).isLessThan(0.6);
  }

  @Test
  void identicalDistributionsWithOnePercentNoiseAreNoDifference() {
    ModeComparison c =
        ModeComparison.virtualVsPlatform(
            reps("platform", 5, 10, 1000, 0.01), reps("virtual", 6, 10, 1000, 0.01));
    assertThat(c.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
    assertThat(c.interval().within(0.97, 1.03)).isTrue();
    assertThat(c.interval().lower()).isLessThan(1.0);
    assertThat(c.interval().upper()).isGreaterThan(1.0);
  }

  @Test
  void threeRepsThatAgreeWithinOnePercentAreNoDifference() {
    // by hand: the interval is [990 / 1010, 1005 / 990] = [0.980, 1.015]
    ModeComparison c =
        ModeComparison.virtualVsPlatform(
            reps("platform", 1000, 1010, 990), reps("virtual", 1005, 990, 1000));
    assertThat(c.interval().lower()).isCloseTo(990.0 / 1010, within(1e-12));
    assertThat(c.interval().upper()).isCloseTo(1005.0 / 990, within(1e-12));
    assertThat(c.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
  }

  @Test
  void hugeNoiseIsInconclusive() {
    ModeComparison c =
        ModeComparison.virtualVsPlatform(
            reps("platform", 7, 5, 1000, 0.4), reps("virtual", 8, 5, 1050, 0.4));
    assertThat(c.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(c.interval().lower()).isLessThan(0.97);
    assertThat(c.interval().upper()).isGreaterThan(1.03);
    assertThat(c.label()).isEqualTo("inconclusive");
  }

  @Test
  void fewerThanThreeRepetitionsGiveARatioButNoIntervalAndSayWhy() {
    ModeComparison twoVirtual =
        ModeComparison.virtualVsPlatform(
            reps("platform", 1000, 1010, 990), reps("virtual", 2000, 2020));
    assertThat(twoVirtual.verdict()).isEqualTo(Verdict.NONE);
    assertThat(twoVirtual.interval()).isNull();
    assertThat(twoVirtual.ratio()).isCloseTo(2010.0 / 1000, within(1e-12));
    assertThat(twoVirtual.label()).isEqualTo("no verdict (2 virtual repetitions, need 3)");

    ModeComparison one =
        ModeComparison.virtualVsPlatform(reps("platform", 1000), reps("virtual", 3000));
    assertThat(one.label()).isEqualTo("no verdict (1 repetition, need 3)");
    assertThat(one.modeEstimate().throughputCi()).isNull();

    ModeComparison noPlatform =
        ModeComparison.virtualVsPlatform(List.of(), reps("virtual", 1, 2, 3));
    assertThat(noPlatform.ratio()).isNaN();
    assertThat(noPlatform.label()).isEqualTo("no verdict (0 platform repetitions, need 3)");
  }

  @Test
  void theBandDecidesAtItsEdgesAndAStraddleBeyondItIsInconclusive() {
    assertThat(Verdict.of(new Interval(0.97, 1.03))).isEqualTo(Verdict.NO_DIFFERENCE);
    assertThat(Verdict.of(new Interval(1.01, 1.02))).isEqualTo(Verdict.NO_DIFFERENCE);
    assertThat(Verdict.of(new Interval(1.01, 1.04))).isEqualTo(Verdict.MODE_FASTER);
    assertThat(Verdict.of(new Interval(0.90, 0.99))).isEqualTo(Verdict.BASELINE_FASTER);
    assertThat(Verdict.of(new Interval(0.99, 1.05))).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(Verdict.of(new Interval(0.95, 1.01))).isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void theCellEstimateGivesMedianAndIntervalOfThroughputAndP99() {
    CellEstimate e = CellEstimate.of(reps("virtual", 9, 7, 1500, 0.03));
    assertThat(e.reps()).isEqualTo(7);
    assertThat(e.medianP99Ms()).isEqualTo(103); // p99 100..106
    assertThat(e.p99Ci().lower()).isGreaterThanOrEqualTo(100);
    assertThat(e.p99Ci().upper()).isLessThanOrEqualTo(106);
    assertThat(e.throughputCi().lower()).isLessThan(e.medianThroughputRps());
    assertThat(e.throughputCi().upper()).isGreaterThan(e.medianThroughputRps());
  }

  /** The same rules for seed 002's pair: reactive ÷ virtual, verdicts named by those two modes. */
  @Test
  void reactiveAgainstVirtualIsJudgedByTheSameRulesAndNamesItsModes() {
    ModeComparison faster =
        ModeComparison.of(
            "reactive",
            reps("reactive", 12, 5, 1500, 0.02),
            "virtual",
            reps("virtual", 11, 5, 1000, 0.02));
    assertThat(faster.mode()).isEqualTo("reactive");
    assertThat(faster.baseline()).isEqualTo("virtual");
    assertThat(faster.ratio()).isCloseTo(1.5, within(0.1));
    assertThat(faster.label()).isEqualTo("reactive faster");

    ModeComparison slower =
        ModeComparison.of(
            "reactive",
            reps("reactive", 14, 5, 600, 0.02),
            "virtual",
            reps("virtual", 13, 5, 1000, 0.02));
    assertThat(slower.verdict()).isEqualTo(Verdict.BASELINE_FASTER);
    assertThat(slower.label()).isEqualTo("virtual faster");

    ModeComparison twoReactive =
        ModeComparison.of(
            "reactive", reps("reactive", 1, 2), "virtual", reps("virtual", 1000, 990, 1010));
    assertThat(twoReactive.label()).isEqualTo("no verdict (2 reactive repetitions, need 3)");
  }
}
