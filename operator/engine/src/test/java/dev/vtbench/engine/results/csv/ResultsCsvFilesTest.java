package dev.vtbench.engine.results.csv;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.derived.Rederive;
import dev.vtbench.engine.results.row.ResultRow;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CSV as a file and as a ConfigMap's text: written whole, appended to, torn tails mended. */
class ResultsCsvFilesTest {

  @TempDir Path dir;

  @Test
  void writesAFileAndReadsItBack() throws IOException {
    Path csv = dir.resolve("out/matrix.csv");
    List<ResultRow> rows = List.of(Rows.full("a"), Rows.full("b"));
    ResultsCsv.write(csv, rows);
    assertThat(ResultsCsv.readAsStored(csv)).isEqualTo(rows);
    assertThat(ResultsCsv.read(new StringReader(Files.readString(csv))))
        .isEqualTo(Rederive.rows(rows));
    try (var files = Files.list(csv.getParent())) {
      assertThat(files).containsExactly(csv);
    }
  }

  @Test
  void appendWritesTheHeaderOnceAndNeverRewritesEarlierRows() throws IOException {
    Path csv = dir.resolve("matrix.csv");
    assertThat(ResultsCsv.append(csv, Rows.full("s1"))).isTrue();
    byte[] before = Files.readAllBytes(csv);

    assertThat(ResultsCsv.append(csv, Rows.full("s2"))).isTrue();
    byte[] after = Files.readAllBytes(csv);

    assertThat(new String(after, UTF_8)).startsWith(new String(before, UTF_8));
    assertThat(Files.readAllLines(csv))
        .hasSize(3)
        .first()
        .isEqualTo(ResultsCsvTest.EXPECTED_HEADER);
    assertThat(ResultsCsv.readAsStored(csv))
        .extracting(ResultRow::scenarioId)
        .containsExactly("s1", "s2");
  }

  @Test
  void appendDoesNotDuplicateAScenarioAlreadyInTheFile() throws IOException {
    Path csv = dir.resolve("matrix.csv");
    ResultsCsv.append(csv, Rows.full("s1"));
    ResultsCsv.append(csv, Rows.full("s2"));

    // A restart re-runs s1 (its completion was not yet in status): the CSV keeps the first row.
    assertThat(ResultsCsv.append(csv, Rows.full("s1").toBuilder().throughputRps(1.0).build()))
        .isFalse();
    assertThat(ResultsCsv.readAsStored(csv))
        .extracting(ResultRow::scenarioId, ResultRow::throughputRps)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("s1", 497.25),
            org.assertj.core.groups.Tuple.tuple("s2", 497.25));
  }

  @Test
  void appendCutsOffTheTornTailOfAnInterruptedAppend() throws IOException {
    Path csv = dir.resolve("matrix.csv");
    ResultsCsv.append(csv, Rows.full("s1"));
    String good = Files.readString(csv);
    Files.writeString(csv, good + ResultsCsv.format(Rows.full("s2")).substring(0, 40));

    ResultsCsv.append(csv, Rows.full("s3"));

    assertThat(Files.readString(csv)).startsWith(good);
    assertThat(ResultsCsv.readAsStored(csv))
        .extracting(ResultRow::scenarioId)
        .containsExactly("s1", "s3");
  }

  @Test
  void appendFinishesAHeaderThatLostItsLineBreak() throws IOException {
    Path csv = dir.resolve("matrix.csv");
    Files.writeString(csv, ResultsCsvTest.EXPECTED_HEADER);
    ResultsCsv.append(csv, Rows.full("s1"));
    assertThat(ResultsCsv.readAsStored(csv))
        .extracting(ResultRow::scenarioId)
        .containsExactly("s1");
  }

  @Test
  void appendRefusesAFileWithTheReferenceHeaderOnly() throws IOException {
    Path csv = dir.resolve("matrix.csv");
    String reference = Rows.resource(Rows.SAMPLE);
    Files.writeString(csv, reference);

    assertThatThrownBy(() -> ResultsCsv.append(csv, Rows.full("s1")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("23 columns");
    assertThat(Files.readString(csv)).isEqualTo(reference);
  }

  @Test
  void appendsToCsvTextHeldInAConfigMap() {
    String one = ResultsCsv.append("", Rows.full("s1"));
    String two = ResultsCsv.append(one, Rows.full("s2"));
    assertThat(two).startsWith(one);
    assertThat(ResultsCsv.append(two, Rows.full("s1"))).isSameAs(two);
    assertThat(ResultsCsv.parseAsStored(two))
        .extracting(ResultRow::scenarioId)
        .containsExactly("s1", "s2");
  }
}
