package dev.vtbench.engine.results.derived;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.derived.DerivedMetrics.Rig;
import dev.vtbench.engine.results.figures.FigureRows;
import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bounds and ratios of the open model: its level is a rate, never a number of VUs. */
class OpenModelBoundTest {

  static final Rig RIG = new Rig(100, 1, 1, 1, 10_000);

  static ResultRow open(String mode, int target, double served) {
    return Rows.row(mode, "released", 50, target, served)
        .executor("constant-arrival-rate")
        .tomcatThreads(50)
        .targetRps((double) target)
        .build();
  }

  @Test
  void aTargetTheServerCarriesIsItsOwnBound() {
    // 400 req/s × 0.1 s = 40 requests in flight, under 50 Tomcat threads
    ResultRow r = DerivedMetrics.derive(open("platform", 400, 398), RIG);
    assertThat(r.littlesLawBoundRps()).isEqualTo(400.0);
    assertThat(r.littlesLawRatio()).isCloseTo(0.995, within(1e-9));
    assertThat(r.bottleneck()).isEqualTo(Bottleneck.NONE);
    assertThat(r.overloaded()).isFalse();
  }

  @Test
  void aTargetBeyondTheThreadWallIsBoundByTheWall() {
    // 1,000 req/s needs 100 in flight; platform threads serve 50 ÷ 0.1 s = 500 req/s
    ResultRow r = DerivedMetrics.derive(open("platform", 1000, 485), RIG);
    assertThat(r.littlesLawBoundRps()).isEqualTo(500.0);
    assertThat(r.bottleneck()).isEqualTo(Bottleneck.TOMCAT_THREADS);
    assertThat(r.overloaded()).as("served under 95 % of its target").isTrue();
    // virtual threads have no wall: the target is the bound
    ResultRow v = DerivedMetrics.derive(open("virtual", 1000, 990), RIG);
    assertThat(v.littlesLawBoundRps()).isEqualTo(1000.0);
    assertThat(v.bottleneck()).isEqualTo(Bottleneck.NONE);
    assertThat(v.overloaded()).isFalse();
  }

  @Test
  void theClosedModelIsUnchanged() {
    ResultRow closed =
        Rows.row("platform", "released", 50, 800, 485)
            .executor("ramping-vus")
            .tomcatThreads(50)
            .build();
    ResultRow r = DerivedMetrics.derive(closed, RIG);
    assertThat(r.littlesLawBoundRps()).isEqualTo(500.0);
    assertThat(r.bottleneck()).isEqualTo(Bottleneck.TOMCAT_THREADS);
  }

  @Test
  void figuresDrawWallsFromTheSameServiceFloorAsTheCsv() {
    // a sleep workload blocks for its own 1 s; the stub's delay does not apply (and is empty)
    ResultRow sleep = Rows.row("platform", "released", 50, 100, 49).serviceFloorMs(1000.0).build();
    assertThat(sleep.serviceFloor()).isEqualTo(1000.0);
    assertThat(FigureRows.commonServiceFloor(List.of(sleep))).isEqualTo(1000.0);
    // rows from before the column: the stub's delay, which every workload then blocked on
    ResultRow old = Rows.row("platform", "released", 50, 100, 480).stubDelayMs(100.0).build();
    assertThat(FigureRows.commonServiceFloor(List.of(old))).isEqualTo(100.0);
    assertThat(FigureRows.commonServiceFloor(List.of(old, sleep))).isNull();
  }
}
