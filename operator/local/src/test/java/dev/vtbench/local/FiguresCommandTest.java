package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.verdict.ModeComparison;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code vtbench figures} on the committed reference results, as a cluster's ConfigMaps give them.
 */
class FiguresCommandTest extends CliTest {

  static final Path HERO = Path.of("../../results/reference/bench-hero/matrix.csv");
  static final Path BOTTLENECK = Path.of("../../results/reference/bench-bottleneck/matrix.csv");
  static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

  int runWithStdin(String stdin, String... args) {
    InputStream before = System.in;
    System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    try {
      return run(args);
    } finally {
      System.setIn(before);
    }
  }

  static boolean isPng(Path p) throws Exception {
    byte[] head = Arrays.copyOf(Files.readAllBytes(p), 4);
    return Arrays.equals(head, PNG);
  }

  @Test
  void aFileGivesTheHeroFigureAndTheSummaryTable(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("bench-hero");
    assertThat(run("figures", HERO.toString(), "--out", dir.toString())).isEqualTo(0);
    assertThat(isPng(dir.resolve("hero.png"))).isTrue();
    assertThat(dir.resolve("bottleneck.png"))
        .as("released rows only: no pool sweep")
        .doesNotExist();
    String summary = Files.readString(dir.resolve("summary.md"));
    // c200: the ratio of medians with its interval and verdict, as in
    // results/reference/bench-hero/summary.md; c400 and c800's virtual rows are load-generator by
    // today's rule (CPU 0 at 85.6-88.4 %), so those levels have none
    assertThat(summary)
        .startsWith("# bench-hero\n")
        .contains("| 3.85× | 3.81–3.87 | virtual faster |")
        .contains("| 3/3 (3 load-generator) |")
        .contains(ModeComparison.METHOD);
    assertThat(out.toString()).contains("30 rows").contains("hero.png");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void partsOnStandardInputAreJoinedInOrder(@TempDir Path tmp) throws Exception {
    // The bottleneck CSV split as the operator splits past 1 MiB: each part with its header.
    List<String> lines = Files.readAllLines(BOTTLENECK);
    String header = lines.getFirst();
    int half = lines.size() / 2;
    String part1 = String.join("\n", lines.subList(0, half)) + "\n";
    String part2 = header + "\n" + String.join("\n", lines.subList(half, lines.size())) + "\n";
    Path dir = tmp.resolve("out");
    assertThat(runWithStdin(part1 + part2, "figures", "-", "--out", dir.toString(), "--title", "b"))
        .as(err.toString())
        .isEqualTo(0);
    assertThat(isPng(dir.resolve("bottleneck.png"))).isTrue();
    assertThat(out.toString()).contains((lines.size() - 1) + " rows");
    assertThat(FiguresCommand.parts(part1 + part2, "stdin")).isEqualTo(ResultsCsv.read(BOTTLENECK));
    // The same parts as two files, in order, give the same table.
    Path a = Files.writeString(tmp.resolve("a.csv"), part1);
    Path b = Files.writeString(tmp.resolve("b.csv"), part2);
    Path dir2 = tmp.resolve("out2");
    assertThat(run("figures", a.toString(), b.toString(), "--out", dir2.toString(), "--title", "b"))
        .isEqualTo(0);
    assertThat(Files.readString(dir2.resolve("summary.md")))
        .isEqualTo(Files.readString(dir.resolve("summary.md")));
  }

  @Test
  void emptyOrForeignInputIsRefusedNamingIt(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("out");
    assertThat(runWithStdin("", "figures", "-", "--out", dir.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("no result rows in -").contains("<run>-results");
    assertThat(dir).doesNotExist();

    err.getBuffer().setLength(0);
    Path foreign = Files.writeString(tmp.resolve("sales.csv"), "region,revenue\nnorth,12\n");
    assertThat(run("figures", foreign.toString(), "--out", dir.toString())).isEqualTo(2);
    assertThat(err.toString())
        .contains(foreign.toString())
        .contains("not a vtbench matrix.csv")
        .contains("'region,revenue'");

    err.getBuffer().setLength(0);
    assertThat(run("figures", tmp.resolve("missing.csv").toString())).isEqualTo(1);
    assertThat(err.toString()).contains("missing.csv: no such file");
  }
}
