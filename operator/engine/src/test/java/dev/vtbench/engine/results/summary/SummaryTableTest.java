package dev.vtbench.engine.results.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryTable.Key;
import dev.vtbench.engine.results.summary.SummaryTable.Line;
import dev.vtbench.engine.results.verdict.ModeComparison;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTableTest {

  private static List<ResultRow> reps(
      String mode, String conn, int pool, int vus, Bottleneck b, double... rps) {
    List<ResultRow> out = new ArrayList<>();
    for (int i = 0; i < rps.length; i++) {
      out.add(
          Rows.row(mode, conn, pool, vus, rps[i])
              .rep(i + 1)
              .p99Ms(100.0 * (i + 1))
              .bottleneck(b)
              .build());
    }
    return out;
  }

  @Test
  void putsPlatformAndVirtualSideBySideWithMeansSpreadAndRatio() {
    List<ResultRow> rows = new ArrayList<>();
    rows.addAll(
        reps("platform", "released", 50, 2500, Bottleneck.TOMCAT_THREADS, 2000, 2100, 1900));
    rows.addAll(reps("virtual", "released", 50, 2500, Bottleneck.NONE, 6000, 6000, 6000));

    SummaryTable t = SummaryTable.of(rows);

    assertThat(t.lines()).hasSize(1);
    Line l = t.lines().getFirst();
    assertThat(l.key()).isEqualTo(new Key("released", "normal", 50, 2500));
    assertThat(l.platform().reps()).isEqualTo(3);
    assertThat(l.platform().meanThroughputRps()).isCloseTo(2000, within(1e-9));
    assertThat(l.platform().minThroughputRps()).isEqualTo(1900);
    assertThat(l.platform().maxThroughputRps()).isEqualTo(2100);
    assertThat(l.platform().cvThroughput()).isCloseTo(0.05, within(1e-12)); // sd 100 / mean 2000
    assertThat(l.platform().meanP99Ms()).isCloseTo(200, within(1e-9));
    assertThat(l.virtual().cvThroughput()).isZero();
    assertThat(l.virtualToPlatform()).isCloseTo(3.0, within(1e-12));
    assertThat(l.platform().bottleneck()).isEqualTo("tomcat-threads");

    assertThat(t.toMarkdown())
        .contains("| conn_mode | pool | concurrency | reps P/V | platform req/s |")
        .contains(
            "| released | 50 | 2,500 | 3/3 | 2,000 | 5.0% | 200 | 6,000 | 0.0% | 200 | 3.00× |"
                + " 2.86–3.16 | virtual faster | tomcat-threads | none |")
        .doesNotContain("path_mode");
  }

  @Test
  void rowsMeasuredBeforeSteadyStateAreCountedShownAndLeftOutOfMediansAndVerdict() {
    List<ResultRow> rows = new ArrayList<>();
    rows.addAll(reps("platform", "released", 50, 200, Bottleneck.NONE, 1000, 1010, 990));
    rows.addAll(reps("virtual", "released", 50, 200, Bottleneck.NONE, 1500, 1510, 1490));
    // A fourth, cold virtual repetition at half speed: it would drag the median down.
    rows.add(Rows.row("virtual", "released", 50, 200, 700).rep(4).steadyState(false).build());
    rows.add(Rows.row("platform", "released", 50, 200, 400).rep(4).steadyState(false).build());

    Line l = SummaryTable.of(rows).lines().getFirst();

    assertThat(l.virtual().reps()).isEqualTo(4);
    assertThat(l.virtual().estimate().reps()).isEqualTo(3);
    assertThat(l.virtual().estimate().medianThroughputRps()).isEqualTo(1500);
    assertThat(l.virtualToPlatform()).isCloseTo(1.5, within(1e-12));
    assertThat(l.comparison().label()).isEqualTo("virtual faster");
    assertThat(SummaryTable.of(rows).toMarkdown()).contains("| 4/4 (2 unsteady) |");

    // With only unsteady rows left on one side there is no verdict, and the table says why.
    List<ResultRow> cold = new ArrayList<>(rows.subList(0, 3));
    cold.addAll(
        reps("virtual", "released", 50, 200, Bottleneck.NONE, 1500, 1510, 1490).stream()
            .map(r -> r.toBuilder().steadyState(false).build())
            .toList());
    Line none = SummaryTable.of(cold).lines().getFirst();
    assertThat(none.comparison().label()).isEqualTo("no verdict (0 virtual repetitions, need 3)");
    assertThat(SummaryTable.of(cold).toMarkdown()).contains("| 3/3 (3 unsteady) |");
  }

  @Test
  void ordersReleasedBeforeHeldAndShowsAMissingSideAsADash() {
    List<ResultRow> rows = new ArrayList<>();
    rows.addAll(reps("virtual", "held", 800, 2000, Bottleneck.HIKARI_POOL, 7600));
    rows.addAll(reps("platform", "held", 50, 2000, Bottleneck.HIKARI_POOL, 495));
    rows.addAll(reps("virtual", "held", 50, 2000, Bottleneck.HIKARI_POOL, 497));
    rows.addAll(reps("platform", "released", 50, 100, null, 990));

    SummaryTable t = SummaryTable.of(rows);

    assertThat(t.lines())
        .extracting(l -> l.key().connMode() + "/" + l.key().hikariPool())
        .containsExactly("released/50", "held/50", "held/800");
    Line onlyVirtual = t.lines().getLast();
    assertThat(onlyVirtual.platform()).isNull();
    assertThat(onlyVirtual.virtualToPlatform()).isNaN();
    assertThat(onlyVirtual.virtual().cvThroughput()).isNaN(); // one rep: no spread
    assertThat(t.toMarkdown()).contains("| held | 800 | 2,000 | 0/1 | – | – | – | 7,600 | – |");
    // one rep per mode: a ratio, but neither an interval nor a verdict, and the reason
    assertThat(t.toMarkdown())
        .contains(
            "| held | 50 | 2,000 | 1/1 | 495 | – | 100 | 497 | – | 100 | 1.00× | – |"
                + " no verdict (1 repetition, need 3) |");
  }

  @Test
  void saysWhenRepsDisagreeOnTheBottleneck() {
    List<ResultRow> rows = new ArrayList<>();
    rows.addAll(reps("virtual", "held", 200, 2000, Bottleneck.HIKARI_POOL, 1970, 1980));
    rows.addAll(reps("virtual", "held", 200, 2000, Bottleneck.UNKNOWN, 1500));

    assertThat(SummaryTable.of(rows).lines().getFirst().virtual().bottleneck())
        .isEqualTo("hikari-pool (2/3)");
  }

  @Test
  void keepsPathModesApartAndShowsTheColumnOnlyWhenThereAreSeveral() {
    List<ResultRow> rows = new ArrayList<>();
    rows.addAll(reps("virtual", "released", 50, 1000, null, 9000));
    rows.add(Rows.row("virtual", "released", 50, 1000, 8000).pathMode("synchronized").build());

    SummaryTable t = SummaryTable.of(rows);

    assertThat(t.lines()).hasSize(2);
    assertThat(t.toMarkdown())
        .contains("| conn_mode | path_mode | pool |")
        .contains("synchronized");
  }

  @Test
  void rendersAlignedPlainTextForTheTerminal() {
    SummaryTable t = SummaryTable.of(ResultsCsv.parse(Rows.resource(Rows.SAMPLE)));
    String[] lines = t.toText().split("\n");

    assertThat(lines).hasSize(2 + 11);
    assertThat(lines[0]).startsWith("conn_mode  pool  concurrency");
    assertThat(lines[1]).matches("-+");
    // Right-aligned numbers end in the same column on every line.
    int ratioEnd = lines[0].indexOf("virtual ÷ platform") + "virtual ÷ platform".length();
    for (int i = 2; i < lines.length; i++) {
      assertThat(lines[i].charAt(ratioEnd - 1)).isEqualTo('×');
    }
  }

  @Test
  void reproducesTheReferenceShapeFromTheSampleCsv() {
    SummaryTable t = SummaryTable.of(ResultsCsv.parse(Rows.resource(Rows.SAMPLE)));

    Line hero2500 =
        t.lines().stream()
            .filter(l -> l.key().equals(new Key("released", "normal", 50, 2500)))
            .findFirst()
            .orElseThrow();
    // The reference headline: virtual ≈ 6× platform at 2,500 VUs.
    assertThat(hero2500.virtualToPlatform()).isBetween(5.5, 6.7);
    Line heldPool50 =
        t.lines().stream()
            .filter(l -> l.key().equals(new Key("held", "normal", 50, 2000)))
            .findFirst()
            .orElseThrow();
    // Held mode, pool 50: both modes ride the same 500 req/s ceiling.
    assertThat(heldPool50.virtualToPlatform()).isCloseTo(1.0, within(0.05));
  }

  /**
   * Seed 002's baseline: a reactive column group, reactive ÷ virtual with its own interval and
   * verdict, a reactive bottleneck column; the platform-vs-virtual columns read as without it.
   */
  @Test
  void reactiveRowsAddTheirOwnColumnsAndReactiveOverVirtual() {
    List<ResultRow> rows = new ArrayList<>();
    rows.addAll(
        reps("platform", "released", 50, 2500, Bottleneck.TOMCAT_THREADS, 2000, 2100, 1900));
    rows.addAll(reps("virtual", "released", 50, 2500, Bottleneck.NONE, 6000, 6000, 6000));
    String withoutReactive = SummaryTable.of(rows).toMarkdown();
    rows.addAll(reps("reactive", "released", 50, 2500, Bottleneck.EVENT_LOOP, 3000, 3000, 3000));

    SummaryTable t = SummaryTable.of(rows);
    Line l = t.lines().getFirst();
    assertThat(l.reactive().reps()).isEqualTo(3);
    assertThat(l.reactiveVsVirtual().ratio()).isCloseTo(0.5, within(1e-12));
    assertThat(l.reactiveVsVirtual().label()).isEqualTo("virtual faster");
    assertThat(l.virtualToPlatform()).isCloseTo(3.0, within(1e-12));
    assertThat(t.toMarkdown())
        .contains(
            "| conn_mode | pool | concurrency | reps P/V/R | platform req/s | platform CV |"
                + " platform p99 ms | virtual req/s | virtual CV | virtual p99 ms | reactive req/s"
                + " | reactive CV | reactive p99 ms | virtual ÷ platform | 95% CI | verdict |"
                + " reactive ÷ virtual | R/V 95% CI | R/V verdict | bottleneck platform |"
                + " bottleneck virtual | bottleneck reactive |")
        .contains(
            "| released | 50 | 2,500 | 3/3/3 | 2,000 | 5.0% | 200 | 6,000 | 0.0% | 200 | 3,000 |"
                + " 0.0% | 200 | 3.00× | 2.86–3.16 | virtual faster | 0.50× | 0.50–0.50 | virtual"
                + " faster | tomcat-threads | none | event-loop |");
    assertThat(t.method()).contains(ModeComparison.METHOD).contains("reactive ÷ virtual");
    assertThat(withoutReactive).doesNotContain("reactive");
    assertThat(SummaryTable.of(rows.subList(0, 6)).method()).isEqualTo(ModeComparison.METHOD);
  }

  /** A reactive row past the knee marks reactive ÷ virtual overloaded, not virtual ÷ platform. */
  @Test
  void anOverloadedReactiveRowMarksOnlyItsOwnComparison() {
    List<ResultRow> rows = new ArrayList<>();
    rows.addAll(reps("platform", "released", 50, 200, null, 1000, 1000, 1000));
    rows.addAll(reps("virtual", "released", 50, 200, null, 2000, 2000, 2000));
    rows.addAll(reps("reactive", "released", 50, 200, null, 2000, 2000, 2000));
    rows.set(8, rows.get(8).toBuilder().overloaded(true).build());
    String line = SummaryTable.of(rows).toMarkdown().lines().toList().get(2);
    assertThat(line)
        .contains("| 3/3/3 (1 overloaded) |")
        .contains("| virtual faster |")
        .contains("| overloaded: no difference |");
  }
}
