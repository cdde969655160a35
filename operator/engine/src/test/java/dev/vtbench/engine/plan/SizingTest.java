package dev.vtbench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Sizing on the committed rows' numbers of both machine kinds. */
class SizingTest {

  private static final List<Integer> QUICKSTART = List.of(50, 100, 200);

  @Test
  void onTheAmdVmTheGeneratorCannotDriveTwoHundredVirtualUsersSoThatLevelGoes() {
    // results/reference/bench-hero-epyc: virtual, 200 VUs, 1,231 req/s, CPU 0 90.1 % busy
    Sizing.Result r = Sizing.of(QUICKSTART, new Sizing.Probe(200, 1231, 0.901, 1), 100, false);
    assertThat(r.kept()).containsExactly(50, 100);
    assertThat(r.dropped()).containsExactly(200);
    assertThat(r.line())
        .isEqualTo(
            "sizing: at 200 VUs the generator's core was 90 % busy for 1231 req/s, so it drives"
                + " about 1093 req/s at 80 %; dropped 200 VUs (they ask up to 1231 req/s), kept"
                + " 50, 100 VUs");
    // and 100 VUs there measured 72-77 %: the level sizing kept was one the generator drove
  }

  @Test
  void onTheIntelVmEveryLevelStays() {
    // results/reference/quickstart: virtual, 200 VUs, 1,859 req/s, CPU 0 80.3 % busy
    Sizing.Result r = Sizing.of(QUICKSTART, new Sizing.Probe(200, 1859, 0.803, 1), 100, false);
    assertThat(r.changed()).isFalse();
    assertThat(r.kept()).containsExactlyElementsOf(QUICKSTART);
    assertThat(r.line()).endsWith("under its 85 % limit at the top level, every level kept");
  }

  @Test
  void aPlatformWarmUpCappedByItsThreadsKeepsEveryLevelAndTheLowestLevelAlwaysStays() {
    // platform at 200 VUs on the AMD VM: 470 req/s, CPU 0 53 %: nothing to say about 200 virtual
    assertThat(Sizing.of(QUICKSTART, new Sizing.Probe(200, 470, 0.53, 1), 100, false).changed())
        .isFalse();
    // a generator saturated even at the lowest level's rate keeps that level: a run answers at one
    Sizing.Result r = Sizing.of(QUICKSTART, new Sizing.Probe(200, 400, 0.99, 1), 100, false);
    assertThat(r.kept()).containsExactly(50);
  }

  @Test
  void withoutAServiceFloorALevelAsksItsShareOfTheTopLevelsRate() {
    // a user's service: 200 VUs gave 1,000 req/s at 95 %; reach 842: 100 VUs asks 500, 150 asks 750
    Sizing.Result r =
        Sizing.of(List.of(50, 100, 150, 200), new Sizing.Probe(200, 1000, 0.95, 1), 0, false);
    assertThat(r.kept()).containsExactly(50, 100, 150);
    // in an open model a level is its rate
    Sizing.Result open =
        Sizing.of(List.of(500, 1000, 2000), new Sizing.Probe(2000, 1500, 0.9, 2), 0, true);
    assertThat(open.kept()).containsExactly(500, 1000);
    assertThat(open.line()).contains("the generator's 2 cores were 90 % busy");
  }
}
