package dev.vtbench.engine.results.csv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.row.ResultRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The results committed under results/reference/ read, and write back as today's writer would write
 * them, whatever columns vtbench added since they were measured.
 */
class CommittedResultsCsvTest {

  @Test
  void theCommittedResultsReadAndWriteBackByteForByte() throws IOException {
    List<Path> committed;
    try (var dirs = Files.list(Path.of("../../results/reference"))) {
      committed =
          dirs.map(d -> d.resolve("matrix.csv")).filter(Files::isRegularFile).sorted().toList();
    }
    assertThat(committed).as("results/*/matrix.csv").isNotEmpty();
    for (Path csv : committed) {
      String text = Files.readString(csv);
      assertThat(ResultsCsv.toCsv(ResultsCsv.readAsStored(csv)))
          .as(csv.toString())
          .isEqualTo(withColumnsAddedSince(text));
    }
  }

  /**
   * Columns vtbench added in the middle of the header, beside the columns they go with, rather than
   * at its end: a file written before one lacks it there.
   */
  private static final List<String> ADDED_IN_PLACE = List.of("tier_nodes");

  /**
   * A CSV written before vtbench added columns, as today's writer writes it: every field as it was,
   * in today's header, the columns it lacks left empty in every row. Files written with today's
   * header come back unchanged.
   */
  private static String withColumnsAddedSince(String text) {
    List<String> lines = text.lines().toList();
    List<String> had = List.of(lines.getFirst().split(","));
    List<String> beforeInPlace =
        ResultRow.COLUMNS.stream()
            .filter(c -> had.contains(c) || !ADDED_IN_PLACE.contains(c))
            .toList();
    assertThat(beforeInPlace.subList(0, had.size()))
        .as("an older header is a prefix of today's, but for the columns added in place")
        .isEqualTo(had);
    StringBuilder sb = new StringBuilder(String.join(",", ResultRow.COLUMNS)).append('\n');
    for (String line : lines.subList(1, lines.size())) {
      List<String> fields = rawFields(line);
      assertThat(fields).as(line).hasSameSizeAs(had);
      List<String> today = new ArrayList<>();
      for (String c : ResultRow.COLUMNS) {
        int i = had.indexOf(c);
        today.add(i < 0 ? "" : fields.get(i));
      }
      sb.append(String.join(",", today)).append('\n');
    }
    return sb.toString();
  }

  /** A CSV line's fields as written, quotes and all: split at the commas outside quotes. */
  private static List<String> rawFields(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (char ch : line.toCharArray()) {
      if (ch == '"') {
        quoted = !quoted;
      }
      if (ch == ',' && !quoted) {
        out.add(field.toString());
        field.setLength(0);
      } else {
        field.append(ch);
      }
    }
    out.add(field.toString());
    return out;
  }
}
