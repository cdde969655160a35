package dev.vtbench.engine.results.derived;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.derived.DerivedMetrics.Rig;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.ResultRowBuilder;
import dev.vtbench.engine.results.summary.Headline;
import dev.vtbench.engine.results.summary.SummaryReport;
import dev.vtbench.engine.results.summary.SummaryTable;
import dev.vtbench.engine.results.verdict.VerdictRows;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tier held back by its CPU limit: the bottleneck it names, and the SUT's rows it keeps out of
 * medians and verdicts the way unsteady rows are, with the summary saying so.
 */
class ThrottlingTest {

  // a 2-core machine: the SUT on a cpuset of 2, k6 and the stub on the other core
  static final Rig TWO_CORES = new Rig(100, Double.NaN, 1, 2);

  /** 185 % of the SUT's 2 CPUs: saturated, sut-cpu by the CPU rule alone. */
  static ResultRowBuilder cpuBound() {
    return Rows.row("virtual", "released", 50, 2500, 3100)
        .loadCpuPct(100.0)
        .sutCpuset("2-3")
        .appCpuPct(185.0);
  }

  @Test
  void aThrottledSutIsTheRootCauseBeforeItsCpu() {
    assertThat(DerivedMetrics.derive(cpuBound().build(), TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.SUT_CPU);
    assertThat(
            DerivedMetrics.derive(cpuBound().sutThrottledPct(5.0).build(), TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.SUT_THROTTLED);
    assertThat(
            DerivedMetrics.derive(cpuBound().sutThrottledPct(4.9).build(), TWO_CORES).bottleneck())
        .as("below the threshold")
        .isEqualTo(Bottleneck.SUT_CPU);
    // a row short of every bound (unknown) whose SUT was throttled: the limit explains it
    assertThat(
            DerivedMetrics.derive(
                    Rows.row("virtual", "released", 50, 200, 300).sutThrottledPct(40.0).build(),
                    TWO_CORES)
                .bottleneck())
        .isEqualTo(Bottleneck.SUT_THROTTLED);
  }

  @Test
  void aThrottledStubComesAfterTheSutsThrottlingAndBeforeEverythingElse() {
    ResultRow stub = cpuBound().stubThrottledPct(12.0).build();
    assertThat(DerivedMetrics.derive(stub, TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.STUB_THROTTLED);
    ResultRow both = cpuBound().stubThrottledPct(12.0).sutThrottledPct(6.0).build();
    assertThat(DerivedMetrics.derive(both, TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.SUT_THROTTLED);
    // reactive: the throttled labels stay (onStackOf renames only the pool and the CPU)
    ResultRow reactive =
        Rows.row("reactive", "released", 50, 2500, 3100).sutThrottledPct(50.0).build();
    assertThat(DerivedMetrics.derive(reactive, TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.SUT_THROTTLED);
  }

  @Test
  void aThrottledDatabaseComesAfterTheStubsThrottlingAndBeforeThePoolItFills() {
    // a row held at its pool's bound: a throttled database holds every connection longer
    ResultRow pool = Rows.row("virtual", "held", 10, 200, 99).pgThrottledPct(37.5).build();
    assertThat(DerivedMetrics.derive(pool, TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.DATABASE_THROTTLED);
    assertThat(
            DerivedMetrics.derive(cpuBound().pgThrottledPct(4.9).build(), TWO_CORES).bottleneck())
        .as("below the threshold")
        .isEqualTo(Bottleneck.SUT_CPU);
    ResultRow both = cpuBound().pgThrottledPct(37.5).stubThrottledPct(12.0).build();
    assertThat(DerivedMetrics.derive(both, TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.STUB_THROTTLED);
    assertThat(Throttling.database(cpuBound().build())).as("unmeasured").isFalse();
  }

  @Test
  void aSaturatedGeneratorStillComesFirstAndUnmeasuredIsNotThrottled() {
    ResultRow k6Bound = cpuBound().loadCpuPct(190.0).sutThrottledPct(30.0).build();
    assertThat(DerivedMetrics.derive(k6Bound, TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.LOAD_GENERATOR);
    assertThat(Throttling.sut(cpuBound().build())).isFalse();
    assertThat(Throttling.stub(cpuBound().build())).isFalse();
    assertThat(Throttling.sut(cpuBound().sutThrottledPct(0.0).build())).isFalse();
  }

  @Test
  void theLabelsReadBackFromTheCsv() {
    assertThat(Bottleneck.fromCsv("sut-throttled")).isEqualTo(Bottleneck.SUT_THROTTLED);
    assertThat(Bottleneck.fromCsv("STUB_THROTTLED")).isEqualTo(Bottleneck.STUB_THROTTLED);
    assertThat(Bottleneck.fromCsv("database-throttled")).isEqualTo(Bottleneck.DATABASE_THROTTLED);
  }

  /** Three steady repetitions a side, as the table needs for a verdict. */
  static List<ResultRow> cell(double platform, double virtual) {
    List<ResultRow> rows = new ArrayList<>();
    for (int rep = 1; rep <= 3; rep++) {
      rows.add(Rows.row("platform", "released", 50, 200, platform + rep).rep(rep).build());
      rows.add(Rows.row("virtual", "released", 50, 200, virtual + rep).rep(rep).build());
    }
    return rows;
  }

  @Test
  void aThrottledSutsRowIsLeftOutOfMediansAndVerdictsAndCounted() {
    List<ResultRow> rows = cell(1000, 1500);
    // a fourth virtual repetition on a throttled SUT at half speed: it would drag the median down
    rows.add(Rows.row("virtual", "released", 50, 200, 700).rep(4).sutThrottledPct(20.0).build());
    // a throttled stub is labelled but counts: it slowed both modes' downstream alike
    rows.add(Rows.row("platform", "released", 50, 200, 1000).rep(4).stubThrottledPct(20.0).build());

    SummaryTable.Line l = SummaryTable.of(rows).lines().getFirst();

    assertThat(l.virtual().reps()).isEqualTo(4);
    assertThat(l.virtual().estimate().reps()).isEqualTo(3);
    assertThat(l.virtual().leftOut()).containsExactly(java.util.Map.entry("sut-throttled", 1L));
    assertThat(l.platform().estimate().reps()).isEqualTo(4);
    assertThat(l.virtual().estimate().medianThroughputRps()).isEqualTo(1502);
    assertThat(l.comparison().label()).isEqualTo("virtual faster");
    assertThat(SummaryTable.of(rows).toMarkdown()).contains("| 4/4 (1 sut-throttled) |");
    assertThat(SummaryReport.of(null, rows).toMarkdown())
        .as("the method sentence says why")
        .contains("counted as sut-throttled");
  }

  @Test
  void unsteadyAndThrottledRowsAreCountedEachUnderItsOwnName() {
    List<ResultRow> rows = cell(1000, 1500);
    rows.add(Rows.row("virtual", "released", 50, 200, 700).rep(4).steadyState(false).build());
    rows.add(
        Rows.row("platform", "released", 50, 200, 400)
            .rep(4)
            .steadyState(false)
            .sutThrottledPct(9.0)
            .build());

    assertThat(VerdictRows.leftOut(rows)).containsExactly("1 unsteady", "1 sut-throttled");
    assertThat(SummaryTable.of(rows).toMarkdown())
        .as("a row both unsteady and throttled counts once, as throttled: the cause")
        .contains("| 4/4 (1 unsteady, 1 sut-throttled) |");
  }

  @Test
  void withOnlyThrottledRowsOnOneSideThereIsNoVerdictAndTheHeadlineSaysWhy() {
    List<ResultRow> rows = new ArrayList<>(cell(1000, 1500));
    rows.replaceAll(r -> r.isVirtual() ? r.toBuilder().sutThrottledPct(25.0).build() : r);

    SummaryTable.Line none = SummaryTable.of(rows).lines().getFirst();
    assertThat(none.comparison().label()).isEqualTo("no verdict (0 virtual repetitions, need 3)");
    assertThat(SummaryTable.of(rows).toMarkdown()).contains("| 3/3 (3 sut-throttled) |");
    assertThat(Headline.of(rows))
        .isEqualTo(
            "virtual vs platform: no answer, no level has a steady, unthrottled row of both"
                + " (virtual SUT throttled at 200 VUs (virtual 1502 vs platform 1002 req/s))");
  }
}
