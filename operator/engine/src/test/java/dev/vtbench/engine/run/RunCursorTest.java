package dev.vtbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Scenario;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The run's policy, written once: which scenario is next and when a fresh SUT warms up. */
class RunCursorTest {

  static BenchmarkRunSpec spec(String sutWarmup) {
    BenchmarkRunSpec s = new BenchmarkRunSpec();
    s.matrix.hikariPoolSizes = List.of(10);
    s.matrix.concurrency = List.of(5, 20);
    s.matrix.repetitions = 1;
    s.load.sutWarmup = sutWarmup;
    return s;
  }

  /** Drives the cursor as a platform would, returning the ids of the loads in order. */
  static List<String> drive(RunCursor cursor) {
    List<String> loads = new ArrayList<>();
    String warmedUp = null;
    while (cursor.next(warmedUp) instanceof RunCursor.Load load) {
      loads.add(load.id());
      if (load instanceof RunCursor.WarmUp) {
        warmedUp = load.scenario().sut().key();
      } else {
        cursor = cursor.recording(load.scenario().id());
      }
    }
    assertThat(cursor.done()).isEqualTo(cursor.total());
    return loads;
  }

  @Test
  void eachFreshSutConfigIsWarmedUpOnceBeforeItsFirstMeasuredScenario() {
    assertThat(drive(RunCursor.ofRecorded(spec("15s"), List.of())))
        .containsExactly(
            "r1-platform-pool10-c5-jit-warmup",
            "r1-platform-pool10-c5",
            "r1-platform-pool10-c20",
            "r1-virtual-pool10-c5-jit-warmup",
            "r1-virtual-pool10-c5",
            "r1-virtual-pool10-c20");
  }

  @Test
  void noWarmUpWhenTheSpecAsksForNone() {
    assertThat(drive(RunCursor.ofRecorded(spec("0s"), List.of())))
        .containsExactly(
            "r1-platform-pool10-c5",
            "r1-platform-pool10-c20",
            "r1-virtual-pool10-c5",
            "r1-virtual-pool10-c20");
  }

  @Test
  void aResumedRunSkipsRecordedScenariosAndWarmsUpTheSutItStartsAgain() {
    RunCursor cursor = RunCursor.ofRecorded(spec("15s"), List.of("r1-platform-pool10-c5"));
    assertThat(cursor.done()).isEqualTo(1);
    assertThat(cursor.progress()).isEqualTo("1/4");
    assertThat(drive(cursor))
        .containsExactly(
            "r1-platform-pool10-c20-jit-warmup",
            "r1-platform-pool10-c20",
            "r1-virtual-pool10-c5-jit-warmup",
            "r1-virtual-pool10-c5",
            "r1-virtual-pool10-c20");
  }

  @Test
  void theWarmUpIsTheMeasuredLevelAllHoldForTheSpecsLength() {
    RunCursor cursor = RunCursor.ofRecorded(spec("15s"), List.of());
    RunCursor.Load warm = (RunCursor.Load) cursor.next(null);
    assertThat(warm).isInstanceOf(RunCursor.WarmUp.class);
    var k6 = cursor.k6Plan(warm, "http://sut:8080");
    var measured = cursor.measured(warm.scenario(), "http://sut:8080");
    assertThat(k6.level()).isEqualTo(measured.level()).isEqualTo(5);
    assertThat(k6.targetUrl()).isEqualTo(measured.targetUrl()).startsWith("http://sut:8080/api/");
    assertThat(k6.hold()).isEqualTo(Duration.ofSeconds(15));
    assertThat(k6.warmup()).isEqualTo(Duration.ZERO);
  }

  @Test
  void rowsOutsideThePlanDoNotCountAsDone() {
    RunCursor cursor = RunCursor.ofRecorded(spec("0s"), List.of("r9-virtual-pool99-c1"));
    assertThat(cursor.done()).isZero();
    assertThat(cursor.nextScenario()).map(Scenario::id).contains("r1-platform-pool10-c5");
  }

  @Test
  void sutConfigKeysAreStableAndTellConfigsApart() {
    List<Scenario> plan = RunCursor.ofRecorded(spec("0s"), List.of()).plan();
    assertThat(plan.get(0).sut().key()).isEqualTo(plan.get(1).sut().key()).hasSize(12);
    assertThat(plan.get(0).sut().key()).isNotEqualTo(plan.get(2).sut().key());
  }
}
