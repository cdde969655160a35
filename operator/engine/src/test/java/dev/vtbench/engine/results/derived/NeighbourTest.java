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
 * Something else on the SUT's cores: named as the bottleneck, and its rows kept out of medians and
 * verdicts, from the row's own columns (the SUT's cpuset, every core's busy share, the SUT's CPU).
 */
class NeighbourTest {

  static final Rig TWO_CORES = new Rig(200, Double.NaN, 1, 1);

  /** A SUT on CPU 1 at its Tomcat bound (50 threads, 200 ms: 250 req/s), using 40 % of it. */
  static ResultRowBuilder atBound(String cpuBusyPct) {
    return Rows.row("platform", "released", 50, 100, 245)
        .tomcatThreads(50)
        .loadCpuPct(20.0)
        .sutCpuset("1")
        .appCpuPct(40.0)
        .cpuBusyPct(cpuBusyPct);
  }

  @Test
  void busyTimeTheSutDoesNotAccountForIsMeasuredOnItsOwnCoresOnly() {
    assertThat(Neighbour.othersPct(atBound("0:99.0|1:52.5").build())).isEqualTo(12.5);
    assertThat(Neighbour.onSutCores(atBound("0:99.0|1:52.5").build()))
        .as("the kernel's share of the SUT's networking, as on the cluster's node: 12 points")
        .isFalse();
    assertThat(Neighbour.onSutCores(atBound("0:99.0|1:65.0").build())).isTrue();
    assertThat(Neighbour.onSutCores(atBound("0:99.0|1:64.9").build()))
        .as("just below the margin")
        .isFalse();
    // two SUT cores: the margin is per core
    ResultRow two = atBound("0:10.0|1:70.0|2:70.0").sutCpuset("1-2").appCpuPct(95.0).build();
    assertThat(Neighbour.othersPct(two)).isEqualTo(45.0);
    assertThat(Neighbour.onSutCores(two)).isFalse();
    assertThat(Neighbour.onSutCores(two.toBuilder().cpuBusyPct("0:10|1:90|2:70").build())).isTrue();
  }

  @Test
  void unknownIsNoNeighbour() {
    assertThat(Neighbour.othersPct(atBound(null).build())).isNull();
    assertThat(Neighbour.othersPct(atBound("0:99.0").build())).as("SUT core not listed").isNull();
    assertThat(Neighbour.othersPct(atBound("0:99.0|1").build())).as("malformed").isNull();
    assertThat(Neighbour.othersPct(atBound("0:99|1:80").appCpuPct(null).build())).isNull();
    assertThat(Neighbour.othersPct(atBound("0:99|1:80").sutCpuset(null).build())).isNull();
    assertThat(Neighbour.onSutCores(atBound("0:99|1:80").sutCpuset("x").build())).isFalse();
  }

  @Test
  void aNeighbourIsTheRootCauseBeforeThrottlingAndAfterTheGenerator() {
    assertThat(DerivedMetrics.derive(atBound("0:99.0|1:45.0").build(), TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.TOMCAT_THREADS);
    // issue 33's cluster SUT: its core 100 % busy, the SUT using 17 % of it, far below its bound
    ResultRow crowded =
        Rows.row("virtual", "released", 50, 100, 60)
            .sutCpuset("1")
            .appCpuPct(17.0)
            .cpuBusyPct("0:80.0|1:100.0")
            .build();
    assertThat(DerivedMetrics.derive(crowded, TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.SUT_CORE_SHARED);
    ResultRow throttledToo = crowded.toBuilder().sutThrottledPct(30.0).build();
    assertThat(DerivedMetrics.derive(throttledToo, TWO_CORES).bottleneck())
        .isEqualTo(Bottleneck.SUT_CORE_SHARED);
    ResultRow k6Bound = crowded.toBuilder().loadCpuPct(99.0).build();
    ResultRow derived = DerivedMetrics.derive(k6Bound, TWO_CORES);
    assertThat(derived.bottleneck()).isEqualTo(Bottleneck.LOAD_GENERATOR);
    // the neighbour is still named, in the notes (make e2e's neighbour phase: k6 throttled too)
    assertThat(derived.notes())
        .isEqualTo(
            "sut-core-shared too: the SUT's cores were 83.0 points busier than its own CPU"
                + " (margin 25 per core); the generator's label comes first");
    assertThat(DerivedMetrics.derive(derived, TWO_CORES).notes())
        .as("derived again: named once")
        .isEqualTo(derived.notes());
    assertThat(
            DerivedMetrics.derive(k6Bound.toBuilder().notes("heap_mb_max empty").build(), TWO_CORES)
                .notes())
        .startsWith("heap_mb_max empty; sut-core-shared too: ");
    assertThat(DerivedMetrics.derive(crowded, TWO_CORES).notes())
        .as("labelled sut-core-shared: nothing to add")
        .isNull();
    assertThat(Bottleneck.fromCsv("sut-core-shared")).isEqualTo(Bottleneck.SUT_CORE_SHARED);
  }

  @Test
  void aRowWithANeighbourIsLeftOutOfMediansAndVerdictsAndCounted() {
    List<ResultRow> rows = new ArrayList<>();
    for (int rep = 1; rep <= 3; rep++) {
      rows.add(atBound("0:90|1:45").rep(rep).throughputRps(245 + rep).build());
      rows.add(
          atBound("0:90|1:60").threadMode("virtual").rep(rep).throughputRps(490 + rep).build());
    }
    // 2026-11-26 crosscheck-builtin, first platform rep: a build on both cores, 57 points
    ResultRow shared = atBound("0:64.2|1:65.3").appCpuPct(8.2).rep(4).throughputRps(188).build();
    rows.add(shared);

    assertThat(VerdictRows.leftOutBecause(shared)).contains("sut-core-shared");
    assertThat(
            VerdictRows.leftOutBecause(
                shared.toBuilder().steadyState(false).sutThrottledPct(9.0).build()))
        .as("the cause counts: the neighbour")
        .contains("sut-core-shared");
    SummaryTable.Line l = SummaryTable.of(rows).lines().getFirst();
    assertThat(l.platform().reps()).isEqualTo(4);
    assertThat(l.platform().estimate().reps()).isEqualTo(3);
    assertThat(l.platform().estimate().medianThroughputRps()).isEqualTo(247);
    assertThat(SummaryTable.of(rows).toMarkdown()).contains("| 4/3 (1 sut-core-shared) |");
    assertThat(SummaryReport.of(null, rows).toMarkdown()).contains("counted as sut-core-shared");
  }

  @Test
  void withOnlySharedRowsOnOneSideTheHeadlineSaysWhy() {
    List<ResultRow> rows = new ArrayList<>();
    for (int rep = 1; rep <= 3; rep++) {
      rows.add(atBound("0:90|1:45").rep(rep).build());
      rows.add(atBound("0:90|1:99").threadMode("virtual").rep(rep).throughputRps(300).build());
    }
    assertThat(VerdictRows.whyNone(rows.stream().filter(ResultRow::isVirtual).toList()))
        .isEqualTo("SUT core shared");
    assertThat(Headline.of(rows))
        .isEqualTo(
            "virtual vs platform: no answer, no level has a steady, neighbour-free row of both"
                + " (virtual SUT core shared at 100 VUs (virtual 300 vs platform 245 req/s))");
  }
}
