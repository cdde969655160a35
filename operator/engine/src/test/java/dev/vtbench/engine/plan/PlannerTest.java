package dev.vtbench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlannerTest {

  static BenchmarkRunSpec spec(List<Integer> pools, List<Integer> levels, int reps) {
    BenchmarkRunSpec s = new BenchmarkRunSpec();
    s.matrix.hikariPoolSizes = pools;
    s.matrix.concurrency = levels;
    s.matrix.repetitions = reps;
    return s;
  }

  @Test
  void expandsEveryCellOfEveryRepetitionWithStableUniqueIds() {
    List<Scenario> plan = Planner.plan(spec(List.of(50, 100), List.of(500, 100), 3));
    assertThat(plan).hasSize(2 * 2 * 2 * 3);
    assertThat(new HashSet<>(plan.stream().map(Scenario::id).toList())).hasSize(plan.size());
    assertThat(plan.getFirst().id()).isEqualTo("r1-platform-pool50-c100");
    assertThat(plan)
        .extracting(Scenario::index)
        .containsExactlyElementsOf(
            java.util.stream.IntStream.range(0, plan.size()).boxed().toList());
    assertThat(Planner.plan(spec(List.of(50, 100), List.of(500, 100), 3))).isEqualTo(plan);
  }

  @Test
  void theSutWaitsForTheStubAsLongAsK6WaitsForTheSut() {
    BenchmarkRunSpec s = spec(List.of(50), List.of(100), 1);
    assertThat(Planner.plan(s).getFirst().sut().env()).containsEntry("STUB_TIMEOUT_MS", "60000");
    s.load.requestTimeout = "2m30s";
    assertThat(Planner.plan(s).getFirst().sut().env()).containsEntry("STUB_TIMEOUT_MS", "150000");
  }

  @Test
  void concurrencyAscendsWithinABlockSoTheSutRestartsOnlyOnConfigChanges() {
    List<Scenario> plan = Planner.plan(spec(List.of(50), List.of(1000, 100, 500), 1));
    assertThat(plan)
        .extracting(Scenario::id)
        .containsExactly(
            "r1-platform-pool50-c100",
            "r1-platform-pool50-c500",
            "r1-platform-pool50-c1000",
            "r1-virtual-pool50-c100",
            "r1-virtual-pool50-c500",
            "r1-virtual-pool50-c1000");
    assertThat(Planner.sutStarts(plan)).isEqualTo(2);
  }

  @Test
  void eachRepetitionStartsAtAnotherLevelSoNoLevelAlwaysMeetsTheYoungestJvm() {
    List<Scenario> plan = Planner.plan(spec(List.of(50), List.of(200, 50, 100), 3));
    List<String> firstOfEachBlock = new java.util.ArrayList<>();
    for (int i = 0; i < plan.size(); i++) {
      if (i == 0 || !plan.get(i).sut().equals(plan.get(i - 1).sut())) {
        firstOfEachBlock.add(plan.get(i).rep() + ":" + plan.get(i).concurrency());
      }
    }
    assertThat(plan.stream().filter(x -> x.rep() == 2).map(Scenario::concurrency))
        .containsExactly(100, 200, 50, 100, 200, 50);
    assertThat(plan.stream().filter(x -> x.rep() == 3).map(Scenario::concurrency))
        .containsExactly(200, 50, 100, 200, 50, 100);
    // Each level opens a repetition once; within a repetition both modes start at the same level.
    assertThat(firstOfEachBlock).containsExactly("1:50", "1:50", "2:100", "3:200");
  }

  @Test
  void modesTakeTurnsGoingFirstAndRepetitionsJoinWithoutARestart() {
    List<Scenario> plan = Planner.plan(spec(List.of(50), List.of(100), 4));
    assertThat(plan)
        .extracting(Scenario::id)
        .containsExactly(
            "r1-platform-pool50-c100",
            "r1-virtual-pool50-c100",
            "r2-virtual-pool50-c100",
            "r2-platform-pool50-c100",
            "r3-platform-pool50-c100",
            "r3-virtual-pool50-c100",
            "r4-virtual-pool50-c100",
            "r4-platform-pool50-c100");
    // 8 blocks, but each repetition starts with the config the previous one ended with
    assertThat(Planner.sutStarts(plan)).isEqualTo(5);
  }

  @Test
  void aPoolSweepRestartsOnlyForThreadModesAndSerpentinesThroughThePools() {
    List<Scenario> plan = Planner.plan(spec(List.of(10, 20, 40), List.of(100), 2));
    assertThat(plan)
        .extracting(Scenario::id)
        .containsExactly(
            "r1-platform-pool10-c100",
            "r1-platform-pool20-c100",
            "r1-platform-pool40-c100",
            "r1-virtual-pool40-c100",
            "r1-virtual-pool20-c100",
            "r1-virtual-pool10-c100",
            "r2-virtual-pool10-c100",
            "r2-virtual-pool20-c100",
            "r2-virtual-pool40-c100",
            "r2-platform-pool40-c100",
            "r2-platform-pool20-c100",
            "r2-platform-pool10-c100");
    // One JVM per thread mode block; repetition 2 goes on with repetition 1's last JVM.
    assertThat(Planner.sutStarts(plan)).isEqualTo(3);
    assertThat(plan.get(0).sut().restartKey()).isEqualTo(plan.get(2).sut().restartKey());
    assertThat(plan.get(0).sut().key()).isNotEqualTo(plan.get(2).sut().key());
    assertThat(plan.get(0).sut().restartKey()).isNotEqualTo(plan.get(3).sut().restartKey());
  }

  @Test
  void sutConfigCarriesTheWorkloadIntoTheReferenceRigsVariables() {
    BenchmarkRunSpec s = spec(List.of(20), List.of(100), 1);
    s.workload.connectionMode = "held";
    s.sut.tomcatMaxThreads = 50;
    Scenario virtual = Planner.plan(s).get(1);
    assertThat(virtual.sut().env())
        .containsEntry("VT_ENABLED", "true")
        .containsEntry("HIKARI_MAX_POOL", "20")
        .containsEntry("CONN_MODE", "held")
        .containsEntry("PATH_MODE", "normal")
        .containsEntry("TOMCAT_MAX_THREADS", "50");
  }
}
