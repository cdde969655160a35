package dev.vtbench.operator.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.summary.SummaryReport;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class FiguresConfigMapTest {

  private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

  @Test
  void holdsTheSameSummaryAsALocalRunAndTheFiguresTheRowsMake() throws Exception {
    List<ResultRow> rows = heroRows();

    ConfigMap cm = FiguresConfigMap.of(run("bench-hero"), rows);

    assertThat(cm.getMetadata().getName()).isEqualTo("bench-hero-figures");
    assertThat(cm.getData())
        .containsExactly(
            java.util.Map.entry(
                SummaryReport.FILE_NAME, SummaryReport.of("bench-hero", rows).toMarkdown()));
    assertThat(cm.getData().get(SummaryReport.FILE_NAME)).startsWith("# bench-hero\n\n| conn_mode");
    byte[] hero = Base64.getDecoder().decode(cm.getBinaryData().get("hero.png"));
    assertThat(hero).startsWith(PNG);
    assertThat(cm.getBinaryData())
        .as("released rows only: no pool sweep, no bottleneck figure")
        .doesNotContainKey("bottleneck.png")
        .as("no reactive rows: no seed 002 figure")
        .doesNotContainKey("reactive.png")
        .as("a concurrency sweep: hero.png, not the one-level modes figure")
        .doesNotContainKey("modes.png");
  }

  @Test
  void reactiveRowsAddSeed002sFigure() throws Exception {
    List<ResultRow> hero = heroRows();
    List<ResultRow> rows =
        java.util.stream.Stream.concat(
                hero.stream(),
                hero.stream()
                    .filter(ResultRow::isVirtual)
                    .map(r -> r.toBuilder().threadMode("reactive").build()))
            .toList();

    ConfigMap cm = FiguresConfigMap.of(run("seed-002"), rows);

    assertThat(Base64.getDecoder().decode(cm.getBinaryData().get("reactive.png"))).startsWith(PNG);
    assertThat(Base64.getDecoder().decode(cm.getBinaryData().get("hero.png"))).startsWith(PNG);
    assertThat(cm.getData().get(SummaryReport.FILE_NAME)).contains("reactive ÷ virtual");
  }

  static BenchmarkRunResource run(String name) {
    BenchmarkRunResource run = new BenchmarkRunResource();
    run.setMetadata(new ObjectMetaBuilder().withNamespace("ns").withName(name).build());
    return run;
  }

  static List<ResultRow> heroRows() throws java.io.IOException {
    return ResultsCsv.read(Path.of("../../results/reference/bench-hero/matrix.csv"));
  }
}
