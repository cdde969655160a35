package dev.vtbench.engine.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeadlineTest {

  private static List<ResultRow> committed(String run) throws IOException {
    return ResultsCsv.read(Path.of("../../results/reference", run, "matrix.csv"));
  }

  @Test
  void threeRepetitionsPerModeGiveTheIntervalAndTheVerdict() throws IOException {
    // results/reference/bench-bottleneck/summary.md, pool 80: 1.61× [1.60–1.61], virtual faster
    assertThat(Headline.of(committed("bench-bottleneck")))
        .isEqualTo(
            "virtual 1.6x platform [1.6-1.6] at 200 VUs, pool 80 (777 vs 483 req/s): virtual"
                + " faster");
  }

  @Test
  void oneRepetitionGivesTheRatioAndSaysWhyThereIsNoVerdict() throws IOException {
    String h = Headline.of(committed("quickstart"));
    assertThat(h)
        .isEqualTo(
            "virtual 3.8x platform at 200 VUs, pool 50 (1859 vs 484 req/s): no verdict (1"
                + " repetition, need 3)");
    // a kubectl printer column, and ASCII for any terminal
    assertThat(h.length()).isLessThanOrEqualTo(100);
    assertThat(h.chars().allMatch(c -> c < 128)).isTrue();
  }
}
