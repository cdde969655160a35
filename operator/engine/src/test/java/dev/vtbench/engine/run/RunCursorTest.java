package dev.vtbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.engine.steady.WarmState;
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

  /** Six windows of a warm JVM: they agree and the JIT is quiet. */
  static final List<LoadWindow> STEADY =
      java.util.Collections.nCopies(6, new LoadWindow(5, 5000, 1.5, 0.01, 0.01));

  /** Six windows of a JVM still compiling. */
  static final List<LoadWindow> COMPILING =
      java.util.Collections.nCopies(6, new LoadWindow(5, 2000, 4.9, 4.0, 1.5));

  /** Drives the cursor as a platform would, returning the ids of the loads in order. */
  static List<String> drive(RunCursor cursor) {
    return drive(cursor, 1);
  }

  /**
   * Drives the cursor as a platform would, with a SUT that is steady from its {@code steadyFrom}-th
   * warm-up on, and returns the ids (and warm-up lengths) of the loads in order.
   */
  static List<String> drive(RunCursor cursor, int steadyFrom) {
    List<String> loads = new ArrayList<>();
    WarmState warm = WarmState.NONE;
    int warmUps = 0;
    while (cursor.next(warm) instanceof RunCursor.Load load) {
      warm = warm.of(load.scenario().sut().restartKey());
      if (load instanceof RunCursor.WarmUp w) {
        loads.add(load.id() + " " + w.length().toSeconds() + "s");
        warmUps = warm.underLoad().isZero() ? 1 : warmUps + 1;
        warm = warm.afterWarmUp(w.length(), warmUps >= steadyFrom ? STEADY : COMPILING);
      } else {
        loads.add(load.id());
        cursor = cursor.recording(load.scenario().id());
        warm = warm.afterMeasure(Duration.ofSeconds(20), SteadyState.Verdict.STEADY);
      }
    }
    assertThat(cursor.done()).isEqualTo(cursor.total());
    return loads;
  }

  @Test
  void levelsSizingDropsLeaveThePlanUnlessRecordedAndWarmUpsRunAtTheHighestKept() {
    BenchmarkRunSpec s = spec("180s");
    s.matrix.threadModes = List.of("platform", "virtual");
    RunCursor cursor =
        RunCursor.ofRecorded(s, List.of("r1-platform-pool10-c5", "r1-platform-pool10-c20"));
    assertThat(cursor.warmUpLevel()).isEqualTo(20);
    RunCursor sized = cursor.keepingLevels(List.of(5));
    assertThat(sized.levels()).containsExactly(5);
    assertThat(sized.warmUpLevel()).isEqualTo(5);
    // the platform row at 20 was measured and stays counted; virtual at 20 is no longer planned
    assertThat(sized.plan())
        .extracting(Scenario::id)
        .containsExactly("r1-platform-pool10-c5", "r1-platform-pool10-c20", "r1-virtual-pool10-c5");
    assertThat(sized.done()).isEqualTo(2);
    assertThat(sized.nextScenario()).map(Scenario::id).contains("r1-virtual-pool10-c5");
    assertThat(sized.recording("r1-virtual-pool10-c5").nextScenario()).isEmpty();
  }

  @Test
  void slowRequestsGetLongerWindowsAndLongerWarmUpRounds() {
    BenchmarkRunSpec slow = spec("180s");
    slow.workload.endpoint = "sleep";
    slow.workload.blockFor = "3s";
    // 5 windows of the 3 s floor, 4 windows a round: 60 s, three rounds fill the 180 s cap
    assertThat(Workloads.window(slow)).isEqualTo(Duration.ofSeconds(15));
    assertThat(drive(RunCursor.ofRecorded(slow, List.of()), 9))
        .startsWith(
            "r1-platform-pool10-c5-jit-warmup 60s",
            "r1-platform-pool10-c5-jit-warmup 60s",
            "r1-platform-pool10-c5-jit-warmup 60s",
            "r1-platform-pool10-c5");
    assertThat(Workloads.window(spec("180s"))).isEqualTo(SteadyState.WINDOW);
  }

  @Test
  void aFreshSutIsWarmedUpUntilSteadyThenMeasured() {
    assertThat(drive(RunCursor.ofRecorded(spec("180s"), List.of()), 3))
        .containsExactly(
            "r1-platform-pool10-c5-jit-warmup 20s",
            "r1-platform-pool10-c5-jit-warmup 20s",
            "r1-platform-pool10-c5-jit-warmup 20s",
            "r1-platform-pool10-c5",
            "r1-platform-pool10-c20",
            "r1-virtual-pool10-c5-jit-warmup 20s",
            "r1-virtual-pool10-c5-jit-warmup 20s",
            "r1-virtual-pool10-c5-jit-warmup 20s",
            "r1-virtual-pool10-c5",
            "r1-virtual-pool10-c20");
  }

  @Test
  void aPlatformThatEndsWarmUpsOnceSteadyGetsOneLoadUpToTheCap() {
    RunCursor cursor = RunCursor.ofRecorded(spec("180s"), List.of());
    // the local platform stops the load itself once steady: one warm-up of up to the whole cap
    assertThat(cursor.next(WarmState.NONE, true))
        .isEqualTo(new RunCursor.WarmUp(cursor.plan().getFirst(), Duration.ofSeconds(180)));
    assertThat(cursor.next(WarmState.NONE, false))
        .isEqualTo(new RunCursor.WarmUp(cursor.plan().getFirst(), Duration.ofSeconds(20)));
    // stopped after 35 s unsteady: the rest of the cap, then the measurement once steady
    WarmState warm =
        WarmState.NONE
            .of(cursor.plan().getFirst().sut().restartKey())
            .afterWarmUp(Duration.ofSeconds(35), COMPILING);
    assertThat(cursor.next(warm, true))
        .isEqualTo(new RunCursor.WarmUp(cursor.plan().getFirst(), Duration.ofSeconds(145)));
    assertThat(cursor.next(warm.afterWarmUp(Duration.ofSeconds(20), STEADY), true))
        .isEqualTo(new RunCursor.Measure(cursor.plan().getFirst()));
  }

  @Test
  void aSutNeverSteadyIsMeasuredOnceTheCapIsSpent() {
    assertThat(drive(RunCursor.ofRecorded(spec("55s"), List.of()), 99))
        .containsExactly(
            "r1-platform-pool10-c5-jit-warmup 20s",
            "r1-platform-pool10-c5-jit-warmup 20s",
            "r1-platform-pool10-c5-jit-warmup 15s",
            "r1-platform-pool10-c5",
            "r1-platform-pool10-c20",
            "r1-virtual-pool10-c5-jit-warmup 20s",
            "r1-virtual-pool10-c5-jit-warmup 20s",
            "r1-virtual-pool10-c5-jit-warmup 15s",
            "r1-virtual-pool10-c5",
            "r1-virtual-pool10-c20");
  }

  @Test
  void aHoldThatDriftsLabelsItsRowButASteadyHoldProvesTheSutSteady() {
    RunCursor cursor = RunCursor.ofRecorded(spec("180s"), List.of());
    String key = cursor.plan().get(0).sut().restartKey();
    WarmState warm = new WarmState(key, Duration.ofSeconds(60), true, false);
    assertThat(cursor.next(warm)).isInstanceOf(RunCursor.Measure.class);
    WarmState drifted = warm.afterMeasure(Duration.ofSeconds(20), SteadyState.Verdict.NOT_STEADY);
    assertThat(drifted.steady()).isTrue();
    assertThat(drifted.underLoad()).isEqualTo(Duration.ofSeconds(80));
    assertThat(cursor.next(drifted)).isInstanceOf(RunCursor.Measure.class);
    WarmState cold = new WarmState(key, Duration.ofSeconds(180), false, false);
    assertThat(cold.afterMeasure(Duration.ofSeconds(20), SteadyState.Verdict.STEADY).steady())
        .isTrue();
    WarmState tooShort = warm.afterMeasure(Duration.ofSeconds(5), SteadyState.Verdict.TOO_SHORT);
    assertThat(tooShort.steady()).isTrue();
  }

  @Test
  void aSutStillImprovingAtTheCapWarmsUpUpToTwiceTheCapAndNoFurther() {
    RunCursor cursor = RunCursor.ofRecorded(spec("60s"), List.of());
    String key = cursor.plan().get(0).sut().restartKey();
    WarmState atCap = new WarmState(key, Duration.ofSeconds(60), false, true);
    assertThat(cursor.next(atCap)).isInstanceOf(RunCursor.WarmUp.class);
    assertThat(cursor.warmUpSpent(atCap)).isFalse();
    WarmState flat = new WarmState(key, Duration.ofSeconds(60), false, false);
    assertThat(cursor.next(flat)).isInstanceOf(RunCursor.Measure.class);
    assertThat(cursor.warmUpSpent(flat)).isTrue();
    WarmState nearLimit = new WarmState(key, Duration.ofSeconds(110), false, true);
    assertThat(cursor.next(nearLimit))
        .isEqualTo(new RunCursor.WarmUp(cursor.plan().get(0), Duration.ofSeconds(10)));
    WarmState atLimit = new WarmState(key, Duration.ofSeconds(120), false, true);
    assertThat(cursor.next(atLimit)).isInstanceOf(RunCursor.Measure.class);
    assertThat(cursor.warmUpSpent(atLimit)).isTrue();
    WarmState steady = new WarmState(key, Duration.ofSeconds(40), true, false);
    assertThat(cursor.warmUpSpent(steady)).isFalse();
  }

  @Test
  void noWarmUpMeansNoExtensionAndNothingSpent() {
    RunCursor cursor = RunCursor.ofRecorded(spec("0s"), List.of());
    String key = cursor.plan().get(0).sut().restartKey();
    WarmState cold = new WarmState(key, Duration.ZERO, false, true);
    assertThat(cursor.next(cold)).isInstanceOf(RunCursor.Measure.class);
    assertThat(cursor.warmUpSpent(cold)).isFalse();
  }

  @Test
  void eachFreshSutConfigIsWarmedUpBeforeItsFirstMeasuredScenario() {
    assertThat(drive(RunCursor.ofRecorded(spec("15s"), List.of())))
        .containsExactly(
            "r1-platform-pool10-c5-jit-warmup 15s",
            "r1-platform-pool10-c5",
            "r1-platform-pool10-c20",
            "r1-virtual-pool10-c5-jit-warmup 15s",
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
            "r1-platform-pool10-c20-jit-warmup 15s",
            "r1-platform-pool10-c20",
            "r1-virtual-pool10-c5-jit-warmup 15s",
            "r1-virtual-pool10-c5",
            "r1-virtual-pool10-c20");
  }

  @Test
  void theWarmUpIsTheHighestLevelAllHoldForTheSpecsLength() {
    RunCursor cursor = RunCursor.ofRecorded(spec("15s"), List.of());
    RunCursor.Load warm = (RunCursor.Load) cursor.next(WarmState.NONE);
    assertThat(warm).isInstanceOf(RunCursor.WarmUp.class);
    var k6 = cursor.k6Plan(warm, "http://sut:8080", 1);
    var measured = cursor.measured(warm.scenario(), "http://sut:8080", 1);
    // the next scenario measures 5 VUs; the warm-up runs the matrix's highest level, 20
    assertThat(measured.level()).isEqualTo(5);
    assertThat(k6.level()).isEqualTo(cursor.warmUpLevel()).isEqualTo(20);
    assertThat(k6.targetUrl()).isEqualTo(measured.targetUrl()).startsWith("http://sut:8080/api/");
    assertThat(k6.hold()).isEqualTo(Duration.ofSeconds(15));
    assertThat(k6.warmup()).isEqualTo(Duration.ZERO);
    // one runner per load: no latency histogram, whose counting costs k6 CPU
    assertThat(k6.histogram()).isFalse();
    assertThat(measured.histogram()).isFalse();
  }

  @Test
  void aWarmUpOfACpuSweepComputesALittleSoTheWorkLoopIsCompiledBeforeAHold() {
    BenchmarkRunSpec sweep = spec("15s");
    sweep.matrix.cpuPerRequest = List.of("2ms", "0us", "16ms");
    RunCursor cursor = RunCursor.ofRecorded(sweep, List.of());
    RunCursor.Load warm = (RunCursor.Load) cursor.next(WarmState.NONE);
    assertThat(warm).isInstanceOf(RunCursor.WarmUp.class);
    String url = cursor.k6Plan(warm, "http://sut:8080", 1).targetUrl();
    assertThat(url).endsWith("&cpuUs=" + RunCursor.WARM_UP_CPU_US);
    // the measured load of that first scenario asks for its own amount
    assertThat(cursor.measured(warm.scenario(), "http://sut:8080", 1).targetUrl())
        .endsWith("&cpuUs=2000");
    // a sweep whose smallest positive amount is less asks for that
    sweep.matrix.cpuPerRequest = List.of("0us", "40us");
    assertThat(RunCursor.ofRecorded(sweep, List.of()).warmUpCpuUs()).isEqualTo(40);
    // a sweep of nothing but zero, and no sweep, compute nothing
    sweep.matrix.cpuPerRequest = List.of("0us");
    assertThat(RunCursor.ofRecorded(sweep, List.of()).warmUpCpuUs()).isZero();
    assertThat(RunCursor.ofRecorded(spec("15s"), List.of()).warmUpCpuUs()).isZero();
  }

  @Test
  void aWarmUpRunsTheJvmAtTheLargestPoolItWillServe() {
    BenchmarkRunSpec spec = spec("15s");
    spec.matrix.hikariPoolSizes = List.of(10, 80, 20);
    RunCursor cursor = RunCursor.ofRecorded(spec, List.of());
    Scenario first = cursor.nextScenario().orElseThrow();
    assertThat(first.hikariPool()).isEqualTo(10);
    var warmUp = cursor.jvmConfig(first);
    // same JVM (the pool resizes live), the matrix's largest pool, everything else the scenario's
    assertThat(warmUp.hikariPool()).isEqualTo(80);
    assertThat(warmUp.restartKey()).isEqualTo(first.sut().restartKey());
    assertThat(warmUp.withHikariPool(10)).isEqualTo(first.sut());
    // a JVM of the other mode has its own largest pool, the same here
    Scenario virtual =
        cursor.plan().stream().filter(s -> s.sut().virtualThreads()).findFirst().orElseThrow();
    assertThat(cursor.jvmConfig(virtual).virtualThreads()).isTrue();
    assertThat(cursor.jvmConfig(virtual).hikariPool()).isEqualTo(80);
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

  @Test
  void stagesAreTheFollowingUnrecordedScenariosOfTheSameSutConfiguration() {
    BenchmarkRunSpec spec = spec("0s");
    spec.matrix.threadModes = List.of("platform", "virtual");
    spec.matrix.hikariPoolSizes = List.of(10, 20);
    spec.matrix.concurrency = List.of(5, 20, 50);
    RunCursor cursor = RunCursor.of(spec, List.of());
    List<Scenario> plan = cursor.plan();
    // rep 1: platform pool 10 at 5, 20, 50; platform pool 20 at 5, 20, 50; then virtual
    assertThat(cursor.stages(plan.get(0)))
        .extracting(Scenario::id)
        .containsExactly(plan.get(0).id(), plan.get(1).id(), plan.get(2).id());
    // a pool size is another configuration: its levels are another load's
    assertThat(cursor.stages(plan.get(2))).containsExactly(plan.get(2));
    assertThat(cursor.stages(plan.get(3))).containsExactly(plan.get(3), plan.get(4), plan.get(5));
    // a recorded scenario ends the stages: its row is never measured again
    RunCursor recorded = cursor.recording(plan.get(4).id());
    assertThat(recorded.stages(plan.get(3))).containsExactly(plan.get(3));
    // after a stage recorded, the stages from the next one are what is left of the same load
    RunCursor resumed = cursor.recording(plan.get(0).id());
    assertThat(resumed.stages(plan.get(1))).containsExactly(plan.get(1), plan.get(2));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> resumed.stages(plan.get(0)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void stagesStopAtTheMost() {
    BenchmarkRunSpec spec = spec("0s");
    spec.matrix.concurrency =
        java.util.stream.IntStream.rangeClosed(1, RunCursor.MAX_STAGES + 3).boxed().toList();
    RunCursor cursor = RunCursor.of(spec, List.of());
    Scenario first = cursor.nextScenario().orElseThrow();
    assertThat(cursor.stages(first)).hasSize(RunCursor.MAX_STAGES).startsWith(first);
  }

  /**
   * examples/hero.yaml's 36 scenarios as a cluster Job runs them (docs/cluster-results.md,
   * "Stages"): each repetition starts with the JVM the last one ended with, so two repetitions'
   * blocks of one thread mode join into one run of stages.
   */
  @Test
  void theHeroExamplesThirtySixScenariosAreFourRunsOfStages() {
    BenchmarkRunSpec hero =
        dev.vtbench.engine.model.SpecLoader.load(java.nio.file.Path.of("../../examples/hero.yaml"))
            .spec;
    RunCursor cursor = RunCursor.of(hero, List.of());
    List<Integer> runs = new ArrayList<>();
    while (cursor.nextScenario().isPresent()) {
      List<Scenario> stages = cursor.stages(cursor.nextScenario().get());
      runs.add(stages.size());
      for (Scenario s : stages) {
        cursor = cursor.recording(s.id());
      }
    }
    assertThat(runs).containsExactly(6, 12, 12, 6);
  }
}
