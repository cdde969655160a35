package dev.vtbench.engine.results.derived;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.derived.DerivedMetrics.Rig;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.ResultRowBuilder;
import dev.vtbench.engine.results.summary.Headline;
import dev.vtbench.engine.results.summary.SummaryReport;
import dev.vtbench.engine.results.summary.SummaryTable;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The overload rule on rows whose answer is known, and what the summary does with it. */
class OverloadTest {

  static final double TIMEOUT_MS = 10_000;

  static ResultRowBuilder healthy() {
    return Rows.row("virtual", "released", 50, 800, 2900)
        .errorRate(0.0)
        .httpReqs(174_000L)
        .p99Ms(556.0)
        .executor("ramping-vus");
  }

  @Test
  void aHealthyClosedModelRowIsNotOverloaded() {
    assertThat(Overload.reasons(healthy().build(), TIMEOUT_MS)).isEmpty();
  }

  @Test
  void aFractionOfAPercentOfErrorsIsOverload() {
    // the reference rig's 10,000-VU rows: "a fraction of a percent of errors"
    assertThat(Overload.reasons(healthy().errorRate(0.002).build(), TIMEOUT_MS))
        .containsExactly("errors 0.20 %");
    assertThat(Overload.of(healthy().errorRate(0.0009).build(), TIMEOUT_MS)).isFalse();
  }

  @Test
  void aTailNearTheTimeoutIsOverload() {
    assertThat(Overload.reasons(healthy().p99Ms(9_000.0).build(), TIMEOUT_MS))
        .containsExactly("p99 9000 ms of a 10000 ms timeout");
    // a long but bounded queue behind a wall is not overload (seed 003: p50 ~ 30 s of 60 s)
    assertThat(Overload.of(healthy().p99Ms(8_999.0).build(), TIMEOUT_MS)).isFalse();
    // unknown timeout: the latency rule is off
    assertThat(Overload.of(healthy().p99Ms(9_000.0).build(), Double.NaN)).isFalse();
  }

  @Test
  void anOpenModelRowThatMissesItsRateOrDropsIterationsIsOverloaded() {
    ResultRowBuilder open =
        healthy().executor("constant-arrival-rate").concurrency(1000).targetRps(1000.0);
    assertThat(Overload.of(open.throughputRps(990).droppedIterations(0L).build(), TIMEOUT_MS))
        .isFalse();
    assertThat(Overload.reasons(open.throughputRps(900).build(), TIMEOUT_MS))
        .containsExactly("served 900 of 1000 req/s target");
    assertThat(
            Overload.reasons(
                open.throughputRps(990).httpReqs(59_400L).droppedIterations(600L).build(),
                TIMEOUT_MS))
        .containsExactly("600 iterations dropped");
  }

  @Test
  void deriveLabelsTheRowWithTheRigsTimeout() {
    Rig rig = new Rig(100, 1, 1, 1, TIMEOUT_MS);
    assertThat(DerivedMetrics.derive(healthy().build(), rig).overloaded()).isFalse();
    assertThat(DerivedMetrics.derive(healthy().errorRate(0.01).build(), rig).overloaded()).isTrue();
  }

  @Test
  void theTableLabelsTheCellAndTheHeadlinePassesOverIt() {
    List<ResultRow> rows =
        List.of(
            Rows.row("platform", "released", 50, 800, 485).overloaded(false).build(),
            Rows.row("virtual", "released", 50, 800, 2900).overloaded(false).build(),
            Rows.row("platform", "released", 50, 10000, 470).overloaded(true).build(),
            Rows.row("virtual", "released", 50, 10000, 2100).overloaded(true).build());
    SummaryTable table = SummaryTable.of(rows);
    assertThat(table.lines()).extracting(SummaryTable.Line::overloaded).containsExactly(0L, 2L);
    assertThat(table.toMarkdown()).contains("1/1 (2 overloaded)", "overloaded: no verdict");
    assertThat(Headline.of(rows))
        .startsWith("virtual 6.0x platform at 800 VUs, pool 50 (2900 vs 485 req/s): no verdict")
        .contains("; the highest level counted (overloaded at 10000 VUs (virtual ")
        .endsWith(" req/s))");
    assertThat(SummaryReport.of("x", rows).toMarkdown())
        .contains("2 overloaded row(s): overloaded = errors >= 0.1 %");
  }

  @Test
  void everyLevelOverloadedStillGivesAHeadlineThatSaysSo() {
    List<ResultRow> rows =
        List.of(
            Rows.row("platform", "released", 50, 800, 485).overloaded(true).build(),
            Rows.row("virtual", "released", 50, 800, 2900).overloaded(true).build());
    assertThat(Headline.of(rows)).contains("at 800 VUs", "): overloaded, no verdict");
  }

  @Test
  void theOpenModelSaysItsLevelIsARate() {
    List<ResultRow> rows =
        List.of(
            Rows.row("platform", "released", 50, 400, 398)
                .executor("constant-arrival-rate")
                .build(),
            Rows.row("virtual", "released", 50, 400, 399)
                .executor("constant-arrival-rate")
                .build());
    assertThat(Headline.of(rows)).contains("at 400 req/s target, pool 50");
  }
}
