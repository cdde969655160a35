package dev.vtbench.engine.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Two JVM configurations compared on constructed repetitions whose ratios are known. */
class JvmOptionsTableTest {

  static final String PARALLEL = "-XX:+UseParallelGC";
  static final String G1 = "-XX:+UseG1GC";

  private static List<ResultRow> reps(String mode, int vus, String jvm, double... rps) {
    List<ResultRow> out = new ArrayList<>();
    for (int i = 0; i < rps.length; i++) {
      out.add(
          Rows.row(mode, "released", 50, vus, rps[i])
              .rep(i + 1)
              .p99Ms(100.0)
              .jvmOptions(jvm)
              .build());
    }
    return out;
  }

  /**
   * Platform at 100 VUs: parallel 990/1000/1010 (median 1000), G1 1490/1500/1510 (median 1500), so
   * G1 ÷ parallel = 1.50, every resample between 1490/1010 ≈ 1.475 and 1510/990 ≈ 1.525. Virtual at
   * 100 VUs: 2000 each, so 1.00 exactly. At 200 VUs G1 has two repetitions: a ratio, no verdict.
   */
  static List<ResultRow> rows() {
    List<ResultRow> rows = new ArrayList<>();
    // the first value runs first: the order rows are recorded in
    rows.addAll(reps("platform", 100, PARALLEL, 1000, 990, 1010));
    rows.addAll(reps("platform", 100, G1, 1500, 1490, 1510));
    rows.addAll(reps("virtual", 100, PARALLEL, 2000, 2000, 2000));
    rows.addAll(reps("virtual", 100, G1, 2000, 2000, 2000));
    rows.addAll(reps("platform", 200, PARALLEL, 1000, 1000, 1000));
    rows.addAll(reps("platform", 200, G1, 800, 800));
    return rows;
  }

  @Test
  void eachValueAgainstTheFirstPerCellAndThreadMode() {
    JvmOptionsTable t = JvmOptionsTable.of(rows());

    assertThat(t.baseline()).isEqualTo(PARALLEL);
    assertThat(t.lines())
        .extracting(l -> l.key().concurrency() + " " + l.threadMode() + " " + l.key().jvmOptions())
        .containsExactly("100 platform " + G1, "100 virtual " + G1, "200 platform " + G1);

    ModeComparison platform = t.lines().get(0).comparison();
    assertThat(platform.ratio()).isCloseTo(1.5, within(1e-9));
    // every resample's ratio lies between the slowest G1 ÷ the fastest parallel and the reverse
    assertThat(platform.interval().lower()).isBetween(1490.0 / 1010, 1.5);
    assertThat(platform.interval().upper()).isBetween(1.5, 1510.0 / 990);
    assertThat(platform.label()).isEqualTo("`-XX:+UseG1GC` faster");

    ModeComparison virtual = t.lines().get(1).comparison();
    assertThat(virtual.ratio()).isEqualTo(1.0);
    assertThat(virtual.label()).isEqualTo("no difference");

    ModeComparison short_ = t.lines().get(2).comparison();
    assertThat(short_.ratio()).isCloseTo(0.8, within(1e-9));
    assertThat(short_.interval()).isNull();
    assertThat(short_.label()).isEqualTo("no verdict (2 `-XX:+UseG1GC` repetitions, need 3)");
  }

  @Test
  void rendersOneMarkdownLinePerComparison() {
    String md = JvmOptionsTable.of(rows()).toMarkdown();
    List<String> lines = md.lines().toList();

    assertThat(lines).hasSize(2 + 3);
    assertThat(lines.get(0))
        .isEqualTo(
            "| conn_mode | pool | concurrency | thread_mode | jvm_options | reps first/this"
                + " | first req/s | req/s | ÷ first | 95% CI | verdict |");
    assertThat(lines.get(2))
        .startsWith(
            "| released | 50 | 100 | platform | `-XX:+UseG1GC` | 3/3 | 1,000 | 1,500 | 1.50× | ")
        .endsWith(" | `-XX:+UseG1GC` faster |");
    assertThat(lines.get(3))
        .isEqualTo(
            "| released | 50 | 100 | virtual | `-XX:+UseG1GC` | 3/3 | 2,000 | 2,000 | 1.00×"
                + " | 1.00–1.00 | no difference |");
    assertThat(lines.get(4))
        .isEqualTo(
            "| released | 50 | 200 | platform | `-XX:+UseG1GC` | 3/2 | 1,000 | 800 | 0.80× | – |"
                + " no verdict (2 `-XX:+UseG1GC` repetitions, need 3) |");
  }

  @Test
  void theMainTableKeepsTheValuesApartInLinesOfTheirOwn() {
    SummaryTable t = SummaryTable.of(rows());

    assertThat(t.lines())
        .extracting(l -> l.key().concurrency() + " " + l.key().jvmOptions())
        .containsExactly("100 " + PARALLEL, "100 " + G1, "200 " + PARALLEL, "200 " + G1);
    assertThat(t.lines().get(1).platform().estimate().medianThroughputRps()).isEqualTo(1500.0);
    assertThat(t.toMarkdown().lines().findFirst().orElseThrow())
        .startsWith("| conn_mode | pool | concurrency | jvm_options | reps P/V |");
    assertThat(t.toMarkdown()).contains("| 50 | 100 | `-XX:+UseG1GC` | 3/3 |");
    // the headline stays with the first value's cells
    assertThat(Headline.of(rows())).contains("(2000 vs 1000 req/s)");
  }

  @Test
  void theSummaryGainsASectionOnlyWithTwoValues() {
    List<ResultRow> rows = rows();
    String md = SummaryReport.of("jvm", rows, "Wall-clock 1m.").toMarkdown();
    JvmOptionsTable t = JvmOptionsTable.of(rows);
    assertThat(md)
        .contains(
            "\n## JVM options\n\n" + t.toMarkdown() + "\n" + t.method() + "\n\n\nWall-clock 1m.\n");
    assertThat(t.method()).contains("the first, `-XX:+UseParallelGC`,");

    List<ResultRow> one = rows.stream().filter(r -> PARALLEL.equals(r.jvmOptions())).toList();
    assertThat(JvmOptionsTable.of(one).isEmpty()).isTrue();
    String single = SummaryReport.of("jvm", one).toMarkdown();
    assertThat(single).doesNotContain("JVM options").doesNotContain("jvm_options");
  }

  @Test
  void noOptionsIsAValueToo() {
    List<ResultRow> rows = new ArrayList<>();
    rows.addAll(reps("virtual", 100, null, 1000, 1000, 1000));
    rows.addAll(reps("virtual", 100, "-XX:+UseZGC", 1100, 1100, 1100));
    JvmOptionsTable t = JvmOptionsTable.of(rows);
    assertThat(t.baseline()).isEmpty();
    assertThat(t.lines())
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.comparison().ratio()).isCloseTo(1.1, within(1e-9));
              assertThat(l.comparison().label()).isEqualTo("`-XX:+UseZGC` faster");
            });
    assertThat(t.method()).contains("the first, (none),");
  }
}
