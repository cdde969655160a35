package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vtbench rerender} on a copy of a committed result, as {@code make rerender} runs it. */
class RerenderCommandTest extends CliTest {

  static final Path HERO = Path.of("../../results/reference/bench-hero");

  @Test
  void aHandEditedSummaryAndAStrayFigureAreDrawnAgainFromTheRows(@TempDir Path tmp)
      throws Exception {
    Path dir = tmp.resolve("bench-hero");
    Files.createDirectories(dir);
    for (String f : new String[] {"matrix.csv", "summary.md", "hero.png"}) {
      Files.copy(HERO.resolve(f), dir.resolve(f));
    }
    String committed = Files.readString(dir.resolve("summary.md"));
    Files.writeString(dir.resolve("summary.md"), committed.replace("3.85×", "3.95×"));
    Files.copy(HERO.resolve("hero.png"), dir.resolve("bottleneck.png"));

    assertThat(run("rerender", dir.toString())).isEqualTo(0);

    assertThat(Files.readString(dir.resolve("summary.md"))).isEqualTo(committed);
    assertThat(dir.resolve("bottleneck.png"))
        .as("released rows make no pool figure")
        .doesNotExist();
    assertThat(Files.readAllBytes(dir.resolve("hero.png")))
        .startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    assertThat(out.toString())
        .contains(dir + ": 2 files drawn")
        .contains("bottleneck.png deleted: today's rows no longer make it");
  }

  @Test
  void aFolderWithoutRowsIsRefused(@TempDir Path tmp) {
    assertThat(run("rerender", tmp.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("no matrix.csv in [" + tmp + "]");
  }
}
