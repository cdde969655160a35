package dev.vtbench.engine.results.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
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

  /**
   * Reactive rows add a sentence on reactive vs virtual, chosen by the same rules; the sentence on
   * virtual vs platform stays what it was, even where only a reactive row is overloaded.
   */
  @Test
  void reactiveRowsAddASentenceAndLeaveThePlatformVirtualOneAlone() {
    List<ResultRow> rows = new java.util.ArrayList<>();
    for (int vus : new int[] {100, 200}) {
      for (int rep = 1; rep <= 3; rep++) {
        rows.add(Rows.row("platform", "released", 50, vus, 500).rep(rep).build());
        rows.add(Rows.row("virtual", "released", 50, vus, 1000 + rep).rep(rep).build());
        rows.add(
            Rows.row("reactive", "released", 50, vus, 1500)
                .rep(rep)
                .overloaded(vus == 200 && rep == 1)
                .build());
      }
    }
    String platformVirtual = Headline.of(rows.stream().filter(r -> !r.isReactive()).toList());
    assertThat(platformVirtual).startsWith("virtual 2.0x platform [2.0-2.0] at 200 VUs");
    assertThat(Headline.of(rows))
        .isEqualTo(
            platformVirtual
                + ". reactive 1.5x virtual [1.5-1.5] at 100 VUs, pool 50 (1500 vs 1002 req/s):"
                + " reactive faster; the highest level counted (overloaded at 200 VUs (reactive 1500 vs"
                + " virtual 1002 req/s))");
  }

  /**
   * byo-orders' run of 2026-11-26: its platform row at 100 VUs was unsteady, and the line read
   * {@code virtual -x platform at 100 VUs ... (654 vs - req/s)}. It answers from the highest level
   * where both modes have a steady row and says why the higher one does not count.
   */
  @Test
  void anUnsteadyTopLevelFallsBackToTheHighestSteadyOne() {
    List<ResultRow> rows =
        List.of(
            Rows.row("platform", "released", 10, 50, 240).steadyState(true).build(),
            Rows.row("platform", "released", 10, 100, 244).steadyState(false).build(),
            Rows.row("virtual", "released", 10, 50, 583).steadyState(true).build(),
            Rows.row("virtual", "released", 10, 100, 654).steadyState(true).build());
    String h = Headline.of(rows);
    assertThat(h)
        .isEqualTo(
            "virtual 2.4x platform at 50 VUs, pool 10 (583 vs 240 req/s): no verdict (1"
                + " repetition, need 3); the highest level counted (platform not steady at 100"
                + " VUs (virtual 654 vs platform 244 req/s))");
    assertThat(h).doesNotContain("-x").doesNotContain("vs -");
  }

  /** No level with a steady row of both modes: the line says so instead of a ratio of nothing. */
  @Test
  void noSteadyLevelInBothModesSaysThereIsNoAnswer() {
    List<ResultRow> rows =
        List.of(
            Rows.row("platform", "released", 50, 50, 300).steadyState(false).build(),
            Rows.row("virtual", "released", 50, 50, 450).steadyState(true).build(),
            Rows.row("platform", "released", 50, 100, 310).steadyState(false).build(),
            Rows.row("virtual", "released", 50, 100, 460).steadyState(false).build());
    assertThat(Headline.of(rows))
        .isEqualTo(
            "virtual vs platform: no answer, no level has a steady row of both (platform not"
                + " steady at 50 VUs (virtual 450 vs platform 300 req/s); both not steady at 100"
                + " VUs (virtual 460 vs platform 310 req/s))");
  }

  /**
   * The quickstart's one repetition: the last lines say why there is no verdict and what gives one.
   */
  @Test
  void oneRepetitionNamesWhatGivesAVerdict() throws IOException {
    assertThat(Headline.noVerdictHint(committed("quickstart")))
        .contains(
            "no verdict with 1 repetition per thread mode (a verdict needs 3): set"
                + " spec.matrix.repetitions: 3 and run again");
    assertThat(Headline.noVerdictHint(committed("bench-bottleneck"))).isEmpty();
  }

  /** A run none of whose rows was steady needs steady rows before it needs repetitions. */
  @Test
  void noSteadyRowSaysSoBeforeAskingForRepetitions() throws IOException {
    List<ResultRow> unsteady =
        committed("quickstart").stream()
            .map(r -> r.toBuilder().steadyState(false).build())
            .toList();
    assertThat(Headline.noVerdictHint(unsteady))
        .hasValueSatisfying(
            h ->
                assertThat(h)
                    .startsWith("no row was at steady state, so more repetitions alone give no")
                    .contains("spec.sut.cpu")
                    .doesNotContain("spec.matrix.repetitions"));
  }
}
