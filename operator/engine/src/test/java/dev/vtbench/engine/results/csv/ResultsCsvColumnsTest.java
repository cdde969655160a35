package dev.vtbench.engine.results.csv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.row.ResultRow;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The columns added after the first vtbench CSV (JVM options, build, runners, throttling): written
 * after the older ones, read back, and absent from an older CSV without breaking it.
 */
class ResultsCsvColumnsTest {

  /** The last columns of {@link ResultsCsvTest#full}: its hold windows and warm-up. */
  private static final String HOLD = ",5.002:1900:1.65:0.29 5:1929:1.58:-,true,0.0123,0.0456";

  /**
   * JVM options start with '-', which a spreadsheet reads as a formula: the cell gets the guard,
   * and reads back as the spec wrote it; no options is an empty field, read back as none.
   */
  @Test
  void jvmOptionsAreGuardedAndReadBack() {
    ResultRow zgc = Rows.full("z");
    ResultRow none = Rows.full("n").toBuilder().jvmOptions("").build();
    String csv = ResultsCsv.toCsv(List.of(zgc, none));

    assertThat(csv.lines().skip(1).toList())
        .satisfiesExactly(
            z ->
                assertThat(z)
                    .endsWith(
                        ",'-XX:+UseZGC -Xss512k,boot-3.4,2,12.3,0,2.5,40,2,2,20,20,21,1500,197.3"
                            + HOLD),
            n ->
                assertThat(n)
                    .endsWith(",,boot-3.4,2,12.3,0,2.5,40,2,2,20,20,21,1500,197.3" + HOLD));
    assertThat(ResultsCsv.parseAsStored(csv))
        .extracting(ResultRow::jvmOptions)
        .containsExactly("-XX:+UseZGC -Xss512k", null);
    assertThat(none.jvmOptionsOrEmpty()).isEmpty();
  }

  /**
   * The build's name comes after jvm_options, then how many runners shared the load; no build is an
   * empty field, read back as none.
   */
  @Test
  void theBuildComesAfterTheJvmOptionsAndReadsBack() {
    ResultRow named = Rows.full("b");
    ResultRow none = Rows.full("n").toBuilder().buildName("").build();
    String csv = ResultsCsv.toCsv(List.of(named, none));

    assertThat(
            ResultRow.COLUMNS.subList(ResultRow.COLUMNS.size() - 18, ResultRow.COLUMNS.size() - 9))
        .containsExactly(
            "jvm_options",
            "build",
            "load_runners",
            "sut_throttled_pct",
            "stub_throttled_pct",
            "load_throttled_pct",
            "pg_throttled_pct",
            "jvm_processors",
            "vt_parallelism");
    assertThat(csv.lines().skip(1).toList())
        .satisfiesExactly(
            b -> assertThat(b).endsWith(",boot-3.4,2,12.3,0,2.5,40,2,2,20,20,21,1500,197.3" + HOLD),
            n -> assertThat(n).endsWith("Xss512k,,2,12.3,0,2.5,40,2,2,20,20,21,1500,197.3" + HOLD));
    assertThat(ResultsCsv.parseAsStored(csv))
        .extracting(ResultRow::buildName)
        .containsExactly("boot-3.4", null);
    assertThat(none.buildOrEmpty()).isEmpty();
  }

  /**
   * The CFS throttling of the SUT, the stub and k6, last: one decimal, a measured 0 written as 0
   * (no limit: nothing could hold the tier back), unmeasured as an empty field, each read back as
   * it was.
   */
  @Test
  void theThrottlingColumnsComeLastAndReadBack() {
    ResultRow measured =
        Rows.full("t").toBuilder()
            .sutThrottledPct(7.26)
            .stubThrottledPct(0.0)
            .loadThrottledPct(33.94)
            .pgThrottledPct(61.26)
            .build();
    ResultRow unmeasured =
        Rows.full("u").toBuilder()
            .sutThrottledPct(null)
            .stubThrottledPct(null)
            .loadThrottledPct(null)
            .pgThrottledPct(null)
            .build();
    String csv = ResultsCsv.toCsv(List.of(measured, unmeasured));

    assertThat(
            ResultRow.COLUMNS.subList(ResultRow.COLUMNS.size() - 15, ResultRow.COLUMNS.size() - 11))
        .containsExactly(
            "sut_throttled_pct", "stub_throttled_pct", "load_throttled_pct", "pg_throttled_pct");
    assertThat(csv.lines().skip(1).toList())
        .satisfiesExactly(
            t -> assertThat(t).endsWith(",2,7.3,0,33.9,61.3,2,2,20,20,21,1500,197.3" + HOLD),
            u -> assertThat(u).endsWith(",2,,,,,2,2,20,20,21,1500,197.3" + HOLD));
    assertThat(ResultsCsv.parseAsStored(csv))
        .extracting(
            ResultRow::sutThrottledPct,
            ResultRow::stubThrottledPct,
            ResultRow::loadThrottledPct,
            ResultRow::pgThrottledPct)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(7.3, 0.0, 33.9, 61.3),
            org.assertj.core.groups.Tuple.tuple(null, null, null, null));
  }

  /**
   * CSVs from before the columns (every committed result) read with no hold windows, no throttling,
   * no runner count, no build, and without jvm_options too with no JVM options.
   */
  @Test
  void readsACsvWithoutTheThrottlingRunnersBuildOrJvmOptionsColumns() {
    String csv = ResultsCsv.toCsv(List.of(Rows.full("old")));
    String header = csv.lines().findFirst().orElseThrow();
    String row = csv.lines().skip(1).findFirst().orElseThrow();
    ResultRow noHold =
        Rows.full("old").toBuilder()
            .holdWindows(null)
            .warmupSteady(null)
            .warmupTpNoise(null)
            .warmupCpuNoise(null)
            .build();
    assertThat(ResultsCsv.parseAsStored(withoutLastColumns(header, row, 4)))
        .containsExactly(noHold);
    ResultRow noCpuWork = noHold.toBuilder().cpuWorkUs(null).cpuWorkIterationNs(null).build();
    assertThat(ResultsCsv.parseAsStored(withoutLastColumns(header, row, 6)))
        .containsExactly(noCpuWork);
    ResultRow noTomcat =
        noCpuWork.toBuilder()
            .tomcatBusyMax(null)
            .tomcatMaxThreads(null)
            .requestsActiveMax(null)
            .build();
    assertThat(ResultsCsv.parseAsStored(withoutLastColumns(header, row, 9)))
        .containsExactly(noTomcat);
    ResultRow noJvm =
        noTomcat.toBuilder().pgThrottledPct(null).jvmProcessors(null).vtParallelism(null).build();
    assertThat(ResultsCsv.parseAsStored(withoutLastColumns(header, row, 12)))
        .containsExactly(noJvm);
    ResultRow noLoadThrottling = noJvm.toBuilder().loadThrottledPct(null).build();
    assertThat(ResultsCsv.parseAsStored(withoutLastColumns(header, row, 13)))
        .containsExactly(noLoadThrottling);

    ResultRow unthrottled =
        noLoadThrottling.toBuilder().sutThrottledPct(null).stubThrottledPct(null).build();

    List<ResultRow> beforeThrottling =
        ResultsCsv.parseAsStored(withoutLastColumns(header, row, 15));
    assertThat(beforeThrottling).containsExactly(unthrottled);

    ResultRow old = unthrottled.toBuilder().loadRunners(null).build();
    List<ResultRow> beforeRunners = ResultsCsv.parseAsStored(withoutLastColumns(header, row, 16));
    assertThat(beforeRunners).containsExactly(old);

    List<ResultRow> beforeBuild = ResultsCsv.parseAsStored(withoutLastColumns(header, row, 17));
    assertThat(beforeBuild.getFirst().buildName()).isNull();
    assertThat(beforeBuild.getFirst()).isEqualTo(old.toBuilder().buildName(null).build());

    List<ResultRow> beforeJvm = ResultsCsv.parseAsStored(withoutLastColumns(header, row, 18));
    assertThat(beforeJvm.getFirst().jvmOptions()).isNull();
    assertThat(beforeJvm.getFirst())
        .isEqualTo(old.toBuilder().jvmOptions(null).buildName(null).build());
  }

  private static String withoutLastColumns(String header, String row, int n) {
    String h = header;
    String r = row;
    for (int i = 0; i < n; i++) {
      h = h.substring(0, h.lastIndexOf(','));
      r = r.substring(0, r.lastIndexOf(','));
    }
    return h + "\n" + r + "\n";
  }
}
