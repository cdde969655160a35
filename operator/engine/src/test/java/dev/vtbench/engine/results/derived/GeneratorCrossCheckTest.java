package dev.vtbench.engine.results.derived;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.Headline;
import dev.vtbench.engine.results.summary.SummaryReport;
import dev.vtbench.engine.results.summary.SummaryTable;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.util.List;
import org.junit.jupiter.api.Test;

/** k6 against wrk at one level: the ratio, when k6 fell short, and the summary's line. */
class GeneratorCrossCheckTest {

  static GeneratorCrossCheck crossCheck(double k6, double wrk) {
    return new GeneratorCrossCheck(
        "r1-virtual-pool50-c800", "virtual", 800, "wrk", k6, wrk, 87.0, 95.5, 551.2, 0);
  }

  @Test
  void k6ShortOfWrkByMoreThanFivePercentMeasuredTheGenerator() {
    // the figures at 800 connections: k6 2,910, wrk 3,400
    GeneratorCrossCheck shortfall = crossCheck(2910, 3400);
    assertThat(shortfall.ratio()).isCloseTo(0.856, within(0.001));
    assertThat(shortfall.k6FellShort()).isTrue();
    // at 200 they agreed within 3 %
    assertThat(crossCheck(1870, 1920).k6FellShort()).isFalse();
    assertThat(crossCheck(1870, 0).ratio()).isNaN();
  }

  @Test
  void theTwoHighestLevelsAreCrossChecked() {
    assertThat(GeneratorCrossCheck.levels(List.of(50, 100, 200, 400, 800)))
        .containsExactly(800, 400);
    assertThat(GeneratorCrossCheck.levels(List.of(200))).containsExactly(200);
    assertThat(GeneratorCrossCheck.levels(List.of(100, 100, 50))).containsExactly(100, 50);
  }

  @Test
  void theSentenceSaysWhatWasComparedAndWhatItMeans() {
    String line = crossCheck(2910, 3400).sentence();

    assertThat(line)
        .startsWith("Generator cross-check, virtual at 800 (r1-virtual-pool50-c800): ")
        .contains("k6 2,910 req/s, wrk 3,400 req/s")
        .contains("k6 ÷ wrk = 0.86")
        .contains("generator cores 87 % busy under k6, 96 % under wrk")
        .contains("wrk p99 551 ms, 0 errors")
        .endsWith("k6 fell short, so the row measured the generator.");
    assertThat(GeneratorCrossCheck.isSentence(line)).isTrue();
    assertThat(crossCheck(1900, 1920).sentence()).endsWith("they agree within 5 %.");
    GeneratorCrossCheck unmeasured =
        new GeneratorCrossCheck("s", "platform", 400, "wrk", 486, 490, null, null, null, 3);
    assertThat(unmeasured.sentence()).contains("generator cores – busy under k6, – under wrk");
  }

  /**
   * bench-hero's virtual rows at 800 VUs, CPU 0 86 to 88 % busy: the rule now calls the generator
   * the limit, so they leave the cell's median and verdict, counted, and the table says why.
   */
  @Test
  void rowsWhoseGeneratorWasTheLimitAreLeftOutOfTheVerdict() {
    DerivedMetrics.Rig twoCores = new DerivedMetrics.Rig(100, Double.NaN, 1, 1);
    List<ResultRow> rows = new java.util.ArrayList<>();
    for (int rep = 1; rep <= 3; rep++) {
      rows.add(
          DerivedMetrics.derive(
              Rows.row("platform", "released", 50, 800, 486)
                  .rep(rep)
                  .loadCpuPct(12.0)
                  .loadCoreBusyPct(27.0)
                  .build(),
              twoCores));
      rows.add(
          DerivedMetrics.derive(
              Rows.row("virtual", "released", 50, 800, 2961)
                  .rep(rep)
                  .loadCpuPct(44.0)
                  .loadCoreBusyPct(85.6 + rep)
                  .build(),
              twoCores));
    }
    ResultRow virtual = rows.get(1);
    assertThat(virtual.generatorSaturated()).isTrue();
    assertThat(virtual.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);
    assertThat(VerdictRows.leftOutBecause(virtual)).contains(VerdictRows.LOAD_GENERATOR);
    assertThat(VerdictRows.leftOutBecause(rows.get(0))).isEmpty();
    assertThat(SummaryTable.of(rows).toMarkdown()).contains("| 3/3 (3 load-generator) |");
    assertThat(VerdictRows.whyNone(rows.stream().filter(ResultRow::isVirtual).toList()))
        .isEqualTo("generator saturated");
    assertThat(Headline.of(rows)).contains("generator-unsaturated row of both");
    assertThat(SummaryReport.of(null, rows).toMarkdown()).contains("counted as load-generator");
  }
}
