package dev.vtbench.engine.results.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.ResultRowBuilder;
import dev.vtbench.engine.results.verdict.ModeComparison;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Two values of an axis compared on constructed repetitions whose ratios are known: JVM
 * configurations ({@code jvm_options}) and builds ({@code build}), by the one {@link AxisTable}.
 */
class AxisTableTest {

  static final String PARALLEL = "-XX:+UseParallelGC";
  static final String G1 = "-XX:+UseG1GC";

  private static List<ResultRow> reps(
      String mode, int vus, UnaryOperator<ResultRowBuilder> value, double... rps) {
    List<ResultRow> out = new ArrayList<>();
    for (int i = 0; i < rps.length; i++) {
      out.add(
          value.apply(Rows.row(mode, "released", 50, vus, rps[i]).rep(i + 1).p99Ms(100.0)).build());
    }
    return out;
  }

  private static List<ResultRow> jvm(String mode, int vus, String options, double... rps) {
    return reps(mode, vus, b -> b.jvmOptions(options), rps);
  }

  private static List<ResultRow> build(String mode, int vus, String name, double... rps) {
    return reps(mode, vus, b -> b.buildName(name), rps);
  }

  /**
   * Platform at 100 VUs: parallel 990/1000/1010 (median 1000), G1 1490/1500/1510 (median 1500), so
   * G1 ÷ parallel = 1.50, every resample between 1490/1010 ≈ 1.475 and 1510/990 ≈ 1.525. Virtual at
   * 100 VUs: 2000 each, so 1.00 exactly. At 200 VUs G1 has two repetitions: a ratio, no verdict.
   */
  static List<ResultRow> rows() {
    List<ResultRow> rows = new ArrayList<>();
    // the first value runs first: the order rows are recorded in
    rows.addAll(jvm("platform", 100, PARALLEL, 1000, 990, 1010));
    rows.addAll(jvm("platform", 100, G1, 1500, 1490, 1510));
    rows.addAll(jvm("virtual", 100, PARALLEL, 2000, 2000, 2000));
    rows.addAll(jvm("virtual", 100, G1, 2000, 2000, 2000));
    rows.addAll(jvm("platform", 200, PARALLEL, 1000, 1000, 1000));
    rows.addAll(jvm("platform", 200, G1, 800, 800));
    return rows;
  }

  /**
   * The same numbers as two builds: boot-3.4 (first) and boot-4.0. Virtual at 100 VUs: boot-4.0 at
   * 1000 each against 2000, so 0.50 and boot-3.4 the faster.
   */
  static List<ResultRow> builds() {
    List<ResultRow> rows = new ArrayList<>();
    rows.addAll(build("platform", 100, "boot-3.4", 1000, 990, 1010));
    rows.addAll(build("platform", 100, "boot-4.0", 1500, 1490, 1510));
    rows.addAll(build("virtual", 100, "boot-3.4", 2000, 2000, 2000));
    rows.addAll(build("virtual", 100, "boot-4.0", 1000, 1000, 1000));
    return rows;
  }

  @Test
  void eachValueAgainstTheFirstPerCellAndThreadMode() {
    AxisTable t = AxisTable.of(Axis.JVM_OPTIONS, rows());

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
    // the rows have no builds: that axis has nothing to compare
    assertThat(AxisTable.of(Axis.BUILD, rows()).isEmpty()).isTrue();
  }

  @Test
  void rendersOneMarkdownLinePerComparison() {
    String md = AxisTable.of(Axis.JVM_OPTIONS, rows()).toMarkdown();
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
    AxisTable t = AxisTable.of(Axis.JVM_OPTIONS, rows);
    assertThat(md)
        .contains(
            "\n## JVM options\n\n" + t.toMarkdown() + "\n" + t.method() + "\n\n\nWall-clock 1m.\n");
    assertThat(md).doesNotContain("## Builds");
    assertThat(t.method())
        .contains("the first, `-XX:+UseParallelGC`,")
        .endsWith("the verdict names the faster JVM options.");

    List<ResultRow> one = rows.stream().filter(r -> PARALLEL.equals(r.jvmOptions())).toList();
    assertThat(AxisTable.of(Axis.JVM_OPTIONS, one).isEmpty()).isTrue();
    String single = SummaryReport.of("jvm", one).toMarkdown();
    assertThat(single).doesNotContain("JVM options").doesNotContain("jvm_options");
  }

  @Test
  void noOptionsIsAValueToo() {
    List<ResultRow> rows = new ArrayList<>();
    rows.addAll(jvm("virtual", 100, null, 1000, 1000, 1000));
    rows.addAll(jvm("virtual", 100, "-XX:+UseZGC", 1100, 1100, 1100));
    AxisTable t = AxisTable.of(Axis.JVM_OPTIONS, rows);
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

  /** The build axis: the same comparison by name, its own section, its own column. */
  @Test
  void buildsAreComparedLikeJvmOptionsUnderTheirOwnHeading() {
    List<ResultRow> rows = builds();
    AxisTable t = AxisTable.of(Axis.BUILD, rows);

    assertThat(t.baseline()).isEqualTo("boot-3.4");
    assertThat(t.lines())
        .extracting(l -> l.threadMode() + " " + l.key().build())
        .containsExactly("platform boot-4.0", "virtual boot-4.0");
    assertThat(t.lines().get(0).comparison().ratio()).isCloseTo(1.5, within(1e-9));
    assertThat(t.lines().get(0).comparison().label()).isEqualTo("boot-4.0 faster");
    assertThat(t.lines().get(1).comparison().ratio()).isCloseTo(0.5, within(1e-9));
    assertThat(t.lines().get(1).comparison().label()).isEqualTo("boot-3.4 faster");
    assertThat(t.toMarkdown().lines().toList())
        .containsExactly(
            "| conn_mode | pool | concurrency | thread_mode | build | reps first/this | first"
                + " req/s | req/s | ÷ first | 95% CI | verdict |",
            "| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |",
            t.toMarkdown().lines().toList().get(2),
            "| released | 50 | 100 | virtual | boot-4.0 | 3/3 | 2,000 | 1,000 | 0.50× | 0.50–0.50"
                + " | boot-3.4 faster |");
    assertThat(t.method())
        .isEqualTo(
            "Each build value ÷ the first, boot-3.4, in the same cell and thread mode: the ratio of"
                + " the median throughputs, computed and judged as virtual ÷ platform above (the"
                + " same bootstrap interval, noise band and repetitions needed); the verdict names"
                + " the faster build.");

    String md = SummaryReport.of("builds", rows).toMarkdown();
    assertThat(md)
        .contains("\n## Builds\n\n" + t.toMarkdown() + "\n" + t.method() + "\n")
        .doesNotContain("## JVM options");
    // the main table keeps the two builds apart, each in lines of its own, and says which is which
    SummaryTable main = SummaryTable.of(rows);
    assertThat(main.lines())
        .extracting(l -> l.key().build())
        .containsExactly("boot-3.4", "boot-4.0");
    assertThat(main.lines().get(1).virtual().estimate().medianThroughputRps()).isEqualTo(1000.0);
    assertThat(main.toMarkdown().lines().findFirst().orElseThrow())
        .startsWith("| conn_mode | pool | concurrency | build | reps P/V |");
    // the headline is the first build's virtual ÷ platform: 2000 ÷ 1000, not averaged with 4.0's
    assertThat(Headline.of(rows)).contains("(2000 vs 1000 req/s)");
  }

  /**
   * Both axes in one run: each table compares within one value of the other axis, and names it in a
   * column of its own.
   */
  @Test
  void withBothAxesEachComparesWithinTheOthersValues() {
    List<ResultRow> rows = new ArrayList<>();
    for (String options : List.of(PARALLEL, G1)) {
      double g1 = options.equals(G1) ? 2 : 1;
      rows.addAll(
          reps(
              "virtual",
              100,
              b -> b.jvmOptions(options).buildName("a"),
              1000 * g1,
              1000 * g1,
              1000 * g1));
      rows.addAll(
          reps(
              "virtual",
              100,
              b -> b.jvmOptions(options).buildName("b"),
              3000 * g1,
              3000 * g1,
              3000 * g1));
    }
    AxisTable byBuild = AxisTable.of(Axis.BUILD, rows);
    assertThat(byBuild.lines())
        .extracting(l -> l.key().jvmOptions() + " " + l.comparison().ratio())
        .containsExactly(PARALLEL + " 3.0", G1 + " 3.0");
    assertThat(byBuild.toMarkdown().lines().findFirst().orElseThrow())
        .startsWith("| conn_mode | pool | concurrency | jvm_options | thread_mode | build |");
    AxisTable byJvm = AxisTable.of(Axis.JVM_OPTIONS, rows);
    assertThat(byJvm.lines())
        .extracting(l -> l.key().build() + " " + l.comparison().ratio())
        .containsExactly("a 2.0", "b 2.0");
    assertThat(SummaryReport.of("both", rows).toMarkdown())
        .contains("\n## JVM options\n\n")
        .contains("\n## Builds\n\n");
  }
}
