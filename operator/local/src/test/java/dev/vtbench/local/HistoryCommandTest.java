package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code vtbench history} over a spec's runs laid out as {@code vtbench run} leaves them: the
 * newest in {@code results/<name>/}, the earlier ones moved aside as {@code <name>.previous-*}. The
 * runs are bench-hero's committed ones: the Intel VM's (2026-11-23), this AMD EPYC VM's
 * (2026-11-27), and the Intel one again as if it had run three days earlier.
 */
class HistoryCommandTest extends CliTest {

  static final Path INTEL = Path.of("../../results/reference/bench-hero/matrix.csv");
  static final Path EPYC = Path.of("../../results/reference/bench-hero-epyc/matrix.csv");

  /** results/bench-hero/ and its two .previous-* siblings, as vtbench run leaves them. */
  static Path threeRuns(Path tmp) throws Exception {
    Path newest = Files.createDirectories(tmp.resolve("bench-hero"));
    Files.copy(EPYC, newest.resolve("matrix.csv"));
    Path intel = Files.createDirectories(tmp.resolve("bench-hero.previous-20261123T163000Z"));
    Files.copy(INTEL, intel.resolve("matrix.csv"));
    Path earlier = Files.createDirectories(tmp.resolve("bench-hero.previous-20261120T163000Z"));
    Files.writeString(
        earlier.resolve("matrix.csv"),
        Files.readString(INTEL).replace("2026-11-23T", "2026-11-20T"));
    return newest;
  }

  @Test
  void aResultsFolderBringsItsEarlierRunsAndTheTrendIsDrawn(@TempDir Path tmp) throws Exception {
    Path dir = threeRuns(tmp);
    assertThat(run("history", dir.toString())).as(err.toString()).isZero();
    String md = Files.readString(dir.resolve("history.md"));
    assertThat(md).startsWith("# bench-hero\n\n3 runs, 5 cells; the verdict changed");
    // oldest first, ordered by the rows' time, not by folder name
    int at200 = md.indexOf("## released, pool 50, level 200");
    String cell = md.substring(at200, md.indexOf("\n## ", at200 + 1));
    assertThat(cell.lines().filter(l -> l.startsWith("| bench-hero")).map(l -> l.split(" \\| ")[0]))
        .containsExactly(
            "| bench-hero.previous-20261120T163000Z",
            "| bench-hero.previous-20261123T163000Z",
            "| bench-hero");
    // the Intel runs' verdict at 200 users, then the EPYC run's: its virtual rows left out
    assertThat(cell).contains("3.85× [3.81–3.87] | virtual faster |");
    assertThat(cell).contains("no verdict (0 virtual repetitions, need 3) (changed) |");
    assertThat(out.toString()).contains("released, pool 50, level 200").contains("history: ");
    assertThat(Files.size(dir.resolve("history.png"))).isGreaterThan(10_000);
  }

  @Test
  void lastKeepsTheNewestRuns(@TempDir Path tmp) throws Exception {
    Path dir = threeRuns(tmp);
    Path report = tmp.resolve("report");
    assertThat(run("history", "--last", "2", dir.toString(), "--out", report.toString())).isZero();
    String md = Files.readString(report.resolve("history.md"));
    assertThat(md).contains("2 runs, 5 cells").doesNotContain("previous-20261120");
  }

  @Test
  void whatIsNotARunIsRefusedByName(@TempDir Path tmp) throws Exception {
    assertThat(run("history", tmp.resolve("nothing").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("nothing: no such file or folder");
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    assertThat(run("history", empty.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("holds no matrix.csv");
    assertThat(run("history", "--last", "0", empty.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--last must be 1 or more");
  }
}
