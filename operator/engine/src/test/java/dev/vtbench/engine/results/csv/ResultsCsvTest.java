package dev.vtbench.engine.results.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.row.CsvValues;
import dev.vtbench.engine.results.row.ResultRow;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The CSV's format: the header, every column written and read back, and what it refuses. */
class ResultsCsvTest {

  static final String EXPECTED_HEADER =
      "ts_iso,thread_mode,hikari_pool,path_mode,conn_mode,concurrency,rep,"
          + "throughput_rps,p50_ms,p95_ms,p99_ms,p999_ms,max_ms,error_rate,http_reqs,"
          + "app_cpu_pct,pg_cpu_pct,load_cpu_pct,hikari_active_max,hikari_pending_max,"
          + "jvm_threads_max,rss_mb_max,pinned_events,"
          + "scenario_id,workload,executor,tomcat_threads,stub_delay_ms,sut_cpuset,"
          + "littles_law_bound_rps,littles_law_ratio,generator_saturated,bottleneck,"
          + "mean_ms,stub_cpu_pct,vtbench_cpu_pct,load_core_busy_pct,steal_pct,cpu_busy_pct,"
          + "node,tier_nodes,cpu_model,kernel,jdk_version,sut_artifact,warmup_s,steady_state,hold_cv,"
          + "service_floor_ms,target_rps,dropped_iterations,overloaded,heap_mb_max,handler_thread,notes,"
          + "jvm_options,build,load_runners,sut_throttled_pct,stub_throttled_pct,"
          + "load_throttled_pct,pg_throttled_pct,jvm_processors,vt_parallelism,"
          + "tomcat_busy_max,tomcat_max_threads,requests_active_max,cpu_work_us,cpu_work_iteration_ns,"
          + "hold_windows,warmup_steady,warmup_tp_noise,warmup_cpu_noise";

  @Test
  void headerIsTheReferenceColumnsThenVtbenchColumns() {
    assertThat(ResultsCsv.header()).isEqualTo(EXPECTED_HEADER);
    assertThat(ResultRow.COLUMNS.subList(0, 23)).isEqualTo(ResultRow.REFERENCE_COLUMNS);
    assertThat(ResultRow.REFERENCE_COLUMNS).hasSize(23);
    assertThat(ResultRow.class.getRecordComponents()).hasSize(ResultRow.COLUMNS.size());
  }

  @Test
  void roundTripsEveryColumnIncludingFieldsThatNeedQuoting() {
    ResultRow tricky =
        Rows.full("held/\"pool\",50\nrep2").toBuilder().workload("order, summary").build();
    ResultRow sparse = Rows.row("platform", "released", 10, 100, 990.5).rep(3).build();
    List<ResultRow> rows = List.of(Rows.full("held-p50-c2000-r2"), tricky, sparse);

    String csv = ResultsCsv.toCsv(rows);

    assertThat(csv)
        .startsWith(EXPECTED_HEADER + "\n")
        .contains(",\"0-3,8\",")
        .contains(",\"held/\"\"pool\"\",50\nrep2\",\"order, summary\",");
    assertThat(ResultsCsv.parseAsStored(csv)).isEqualTo(rows);
  }

  /**
   * A text cell a spreadsheet would run as a formula is written with a leading apostrophe and read
   * back as it was; numbers, negative ones included, stay numbers.
   */
  @Test
  void neutralizesFormulasInTextCellsButNotNegativeNumbers() {
    ResultRow hostile =
        Rows.full("=HYPERLINK(\"http://x\",\"y\")").toBuilder()
            .workload("+1+cmd|' /C calc'!A0")
            .executor("-2+3")
            .sutCpuset("@SUM(A1)")
            .littlesLawRatio(-0.5)
            .build();
    ResultRow apostrophes =
        Rows.full("'=already").toBuilder().workload("'plain").sutCpuset("\t=x").build();

    String csv = ResultsCsv.toCsv(List.of(hostile, apostrophes));

    assertThat(csv)
        .contains(",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",'+1+cmd|' /C calc'!A0,'-2+3,")
        .contains(",'@SUM(A1),500,-0.5,")
        .contains(",''=already,'plain,")
        .contains(",'\t=x,");
    for (String line : csv.split("\n")) {
      for (String cell : line.split(",")) {
        assertThat(cell.isEmpty() || "=+@\t".indexOf(cell.charAt(0)) < 0)
            .as("cell %s of %s", cell, line)
            .isTrue();
      }
    }
    assertThat(ResultsCsv.parseAsStored(csv)).containsExactly(hostile, apostrophes);
    assertThat(CsvValues.unneutralized(CsvValues.neutralized("-"))).isEqualTo("-");
    assertThat(CsvValues.neutralized("0-3,8")).isEqualTo("0-3,8");
  }

  @Test
  void writesAbsentValuesAsEmptyFieldsAndNumbersWithoutLocaleOrNoise() {
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      ResultRow r = Rows.row("platform", "released", 50, 2500, 2226.123456).p99Ms(2800.0).build();
      String line = ResultsCsv.format(r);
      assertThat(line)
          .isEqualTo(
              "2026-05-10T14:03:22Z,platform,50,normal,released,2500,1,2226.12,,,2800,,,,,,,,,,,,,"
                  + ",,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,");
      assertThat(line.split(",", -1)).hasSize(ResultRow.COLUMNS.size());
    } finally {
      Locale.setDefault(saved);
    }
  }

  @Test
  void readsAReferenceCsvWithOnlyThe23ColumnsLeavingVtbenchColumnsEmpty() {
    List<ResultRow> rows = ResultsCsv.parseAsStored(Rows.resource(Rows.SAMPLE));

    assertThat(rows).hasSize(66);
    ResultRow first = rows.getFirst();
    assertThat(first.ts()).isEqualTo(Instant.parse("2026-05-10T14:00:41Z"));
    assertThat(first.threadMode()).isEqualTo("platform");
    assertThat(first.hikariPool()).isEqualTo(50);
    assertThat(first.connMode()).isEqualTo("released");
    assertThat(first.concurrency()).isEqualTo(100);
    assertThat(first.pinnedEvents()).isZero();
    assertThat(rows)
        .allSatisfy(
            r -> {
              assertThat(r.scenarioId()).isNull();
              assertThat(r.workload()).isNull();
              assertThat(r.executor()).isNull();
              assertThat(r.tomcatThreads()).isNull();
              assertThat(r.stubDelayMs()).isNull();
              assertThat(r.sutCpuset()).isNull();
              assertThat(r.littlesLawBoundRps()).isNull();
              assertThat(r.littlesLawRatio()).isNull();
              assertThat(r.generatorSaturated()).isNull();
              assertThat(r.bottleneck()).isNull();
            });
    assertThat(rows.stream().filter(ResultRow::isHeld)).hasSize(30);
  }

  @Test
  void readsByHeaderNameAcceptingCrlfBomReorderedColumnsAndMissingMarkers() {
    String header = String.join(",", ResultRow.REFERENCE_COLUMNS.reversed()) + ",some_future_col";
    String values =
        "NA,612.5,41,,50,66.6,12.5,79.9,9945,0.000125,5100.001,4900.75,4700,4500.5,3990.125,"
            + "497.25,2,2000,HELD,normal,50,Virtual,2026-05-10T16:03:22+02:00,whatever";
    ResultRow r = ResultsCsv.parseAsStored("\uFEFF" + header + "\r\n" + values + "\r\n").getFirst();

    assertThat(r.ts()).isEqualTo(Instant.parse("2026-05-10T14:03:22Z"));
    assertThat(r.isVirtual()).isTrue();
    assertThat(r.isHeld()).isTrue();
    assertThat(r.pinnedEvents()).isNull();
    assertThat(r.hikariPendingMax()).isNull();
    assertThat(r.p99Ms()).isEqualTo(4700.0);
  }

  @Test
  void rejectsMalformedInputNamingTheLine() {
    String ok = ResultsCsv.toCsv(List.of(Rows.full("a")));
    assertThatThrownBy(() -> ResultsCsv.parseAsStored(ok + "1,2,3\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("line 3");
    assertThatThrownBy(
            () -> ResultsCsv.parseAsStored("ts_iso,thread_mode\n2026-05-10T14:03:22Z,virtual\n"))
        .hasMessageContaining("lacks reference columns");
    String noThroughput = ok.replace(",497.25,", ",,");
    assertThatThrownBy(() -> ResultsCsv.parseAsStored(noThroughput))
        .hasMessageContaining("throughput_rps has no value");
    assertThatThrownBy(() -> ResultsCsv.parseAsStored(ok.replace(",hikari-pool,", ",cosmic-rays,")))
        .hasMessageContaining("bad bottleneck");
  }
}
