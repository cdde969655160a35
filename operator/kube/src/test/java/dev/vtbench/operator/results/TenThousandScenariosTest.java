package dev.vtbench.operator.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryReport;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A 10,000-scenario run (2 thread modes × 10 pools × 50 concurrencies × 10 repetitions: 1,000
 * cells; or 500 concurrencies once each: 10,000 cells) stays well inside the limits of what the
 * operator writes: a ConfigMap holds 1 MiB, etcd's request limit is 1.5 MiB and a status is read on
 * every {@code kubectl get}.
 */
public class TenThousandScenariosTest {

  static final KubernetesSerialization JSON = new KubernetesSerialization();

  /** The rows of a 10,000-scenario run, one per scenario, as the operator records them. */
  public static List<ResultRow> rows() {
    return rows(50, 10);
  }

  /** 2 thread modes × 10 pools × {@code concurrencies} (10, 20, …) × {@code reps}. */
  static List<ResultRow> rows(int concurrencies, int reps) {
    List<ResultRow> rows = new ArrayList<>();
    Instant ts = Instant.parse("2026-11-22T00:00:00Z");
    for (String mode : List.of("platform", "virtual")) {
      for (int pool = 10; pool <= 100; pool += 10) {
        for (int c = 10; c <= 10 * concurrencies; c += 10) {
          for (int rep = 1; rep <= reps; rep++) {
            rows.add(
                ResultRow.builder()
                    .ts(ts)
                    .threadMode(mode)
                    .hikariPool(pool)
                    .pathMode("normal")
                    .connMode("released")
                    .concurrency(c)
                    .rep(rep)
                    .throughputRps(90.0 + rep + c / 7.0)
                    .p50Ms(101.6)
                    .p95Ms(103.6)
                    .p99Ms(105.2 + pool / 3.0)
                    .p999Ms(105.7)
                    .maxMs(105.8)
                    .errorRate(0.0)
                    .httpReqs(296L)
                    .scenarioId("c" + c + "-" + mode + "-p" + pool + "-r" + rep)
                    .build());
          }
        }
      }
    }
    return rows;
  }

  public static BenchmarkRunResource run() {
    BenchmarkRunResource run = new BenchmarkRunResource();
    run.setMetadata(
        new ObjectMetaBuilder()
            .withNamespace("ns")
            .withName("ten-thousand")
            .withUid("00000000-0000-4000-8000-000000000010")
            .build());
    run.setSpec(new BenchmarkRunSpec());
    return run;
  }

  @Test
  void tenRepetitionsOfAThousandCellsFitWhole() {
    List<ResultRow> rows = rows();
    assertThat(rows).hasSize(10_000);
    ConfigMap figures = FiguresConfigMap.of(run(), rows);
    assertThat(bytes(figures)).as("figures ConfigMap bytes").isLessThan(FiguresConfigMap.LIMIT);
    assertThat(figures.getData().get(SummaryReport.FILE_NAME))
        .isEqualTo(SummaryReport.of("ten-thousand", rows).toMarkdown());
    assertThat(figures.getBinaryData()).containsKey("hero.png");
  }

  @Test
  void tenThousandCellsKeepTheSummaryUnderItsCapAndSayWhatWasLeftOut() {
    List<ResultRow> rows = rows(500, 1);
    assertThat(rows).hasSize(10_000);
    String full = SummaryReport.of("ten-thousand", rows).toMarkdown();
    assertThat(full.length())
        .as("uncapped, it would crowd out the figures")
        .isGreaterThan(FiguresConfigMap.SUMMARY_LIMIT);
    ConfigMap figures = FiguresConfigMap.of(run(), rows);
    assertThat(bytes(figures)).as("figures ConfigMap bytes").isLessThan(FiguresConfigMap.LIMIT);
    String summary = figures.getData().get(SummaryReport.FILE_NAME);
    assertThat(summary.getBytes(StandardCharsets.UTF_8).length)
        .isLessThanOrEqualTo(FiguresConfigMap.SUMMARY_LIMIT);
    assertThat(full).startsWith(summary.substring(0, summary.lastIndexOf("\n\n… ")));
    assertThat(summary)
        .startsWith("# ten-thousand\n\n| ")
        .containsPattern("… \\d+ more lines left out");
  }

  private static int bytes(ConfigMap cm) {
    return JSON.asJson(cm).getBytes(StandardCharsets.UTF_8).length;
  }

  @Test
  void theCsvSplitsIntoPartsUnderTheConfigMapLimit() {
    String csv = ResultsCsv.toCsv(rows());
    int bytes = csv.getBytes(StandardCharsets.UTF_8).length;
    int parts = (bytes + ResultsStore.PART_LIMIT - 1) / ResultsStore.PART_LIMIT;
    assertThat(parts).as("results ConfigMaps for %d bytes of CSV", bytes).isLessThanOrEqualTo(5);
  }
}
