package dev.vtbench.operator.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cost bounds as docs/e2e.md states them, judged against runs that keep and exceed them. */
class CostBoundsTest {

  private static final Instant T0 = Instant.parse("2026-11-29T09:40:00Z");

  /**
   * A staged-like run: 4 scenarios of 30 s holds (38 s loads) on one warm SUT, {@code gap} beyond
   * each load, {@code wall} from apply to Succeeded.
   */
  private static RunCost run(Duration wall, int gap) {
    List<RunCost.Mark> marks = new ArrayList<>();
    Instant t = T0.plusSeconds(40);
    marks.add(new RunCost.Mark(t, "WarmUpStarted"));
    t = t.plusSeconds(40);
    marks.add(new RunCost.Mark(t, "WarmUpFinished"));
    for (int i = 0; i < 4; i++) {
      t = t.plusSeconds(38 + gap);
      marks.add(new RunCost.Mark(t, "ScenarioRecorded"));
    }
    return new RunCost(
        T0,
        T0.plus(wall),
        marks,
        List.of(),
        0,
        List.of(),
        List.of(),
        new RunCost.Load(4, Duration.ofSeconds(30), Duration.ofSeconds(38)));
  }

  private static CostBounds documented() {
    return CostBounds.fromRepo(Path.of("../.."), null);
  }

  @Test
  void everyPhaseThatRunsARunHasADocumentedBound() {
    assertThat(documented().rows())
        .containsKeys(
            "testrun",
            "staged",
            "runners",
            "reactive",
            "netpol",
            "neighbour",
            "job",
            "faults",
            "byo",
            "placement",
            "parity");
    assertThat(documented().rows().get("staged").gapSeconds()).isPresent();
  }

  @Test
  void theMeasuredStagedRunPasses() {
    // 2026-11-29: 359 s for 120 s of hold (3.0), gaps of 4 s
    var verdicts = documented().judge("staged", "two-core-staged", run(Duration.ofSeconds(359), 4));
    assertThat(verdicts).hasSize(2).allMatch(CostBounds.Verdict::ok);
    assertThat(verdicts.get(0).what()).contains("wall / hold 3.0, at most 6.0");
    assertThat(verdicts.get(1).what()).contains("median 4.0 s of 4, at most 12.0 s");
  }

  @Test
  void aSlowRunOrALongGapFails() {
    var slow = documented().judge("staged", "r", run(Duration.ofSeconds(721), 4));
    assertThat(slow.get(0).ok()).isFalse();
    assertThat(slow.get(1).ok()).isTrue();
    var gappy = documented().judge("staged", "r", run(Duration.ofSeconds(359), 13));
    assertThat(gappy.get(0).ok()).isTrue();
    assertThat(gappy.get(1).ok()).isFalse();
  }

  @Test
  void noGapToJudgeIsAFailureNotAPass() {
    RunCost none =
        new RunCost(
            T0,
            T0.plusSeconds(300),
            List.of(),
            List.of(),
            0,
            List.of(),
            List.of(),
            new RunCost.Load(4, Duration.ofSeconds(30), Duration.ofSeconds(38)));
    var verdicts = documented().judge("staged", "r", none);
    assertThat(verdicts.get(1).ok()).isFalse();
    assertThat(verdicts.get(1).what()).contains("median none of 0");
  }

  @Test
  void aZeroHoldOrAnUnknownPhaseFails() {
    RunCost noHold =
        new RunCost(
            T0,
            T0.plusSeconds(300),
            List.of(),
            List.of(),
            0,
            List.of(),
            List.of(),
            new RunCost.Load(0, Duration.ofSeconds(30), Duration.ofSeconds(38)));
    assertThat(documented().judge("testrun", "r", noHold).getFirst().ok()).isFalse();
    var unknown = documented().judge("nosuchphase", "r", run(Duration.ofSeconds(300), 4));
    assertThat(unknown).singleElement().matches(v -> !v.ok());
  }

  @Test
  void theScaleMakesEveryRunFailOnPurpose() {
    CostBounds tight = CostBounds.fromRepo(Path.of("../.."), "0.1");
    assertThat(tight.judge("staged", "r", run(Duration.ofSeconds(359), 4)))
        .noneMatch(CostBounds.Verdict::ok);
    assertThatThrownBy(() -> CostBounds.scale("x"))
        .hasMessageContaining(CostBounds.SCALE_ENV)
        .hasMessageContaining("'x'");
    assertThatThrownBy(() -> CostBounds.scale("0")).hasMessageContaining("above 0");
  }

  @Test
  void aMissingOrBrokenTableIsAnError() {
    assertThatThrownBy(() -> CostBounds.parse("# e2e\n", 1)).hasMessageContaining("no '###");
    assertThatThrownBy(
            () ->
                CostBounds.parse(
                    "x\n### Cost bounds\n\n| phase | a | b |\n| --- | --- | --- |\n| `job` | many | — |\n",
                    1))
        .hasMessageContaining("'many' is not a number");
    assertThatThrownBy(() -> CostBounds.parse("x\n### Cost bounds\n\ntext\n\n## next\n", 1))
        .hasMessageContaining("no rows");
  }
}
