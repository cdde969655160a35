package dev.vtbench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.run.Workloads;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** spec.matrix.cpuPerRequest: the planner's axis, a request parameter, never a new JVM. */
class CpuWorkPlanTest {

  static BenchmarkRunSpec spec(List<String> cpu, int reps) {
    BenchmarkRunSpec s = PlannerTest.spec(List.of(50), List.of(200), reps);
    s.matrix.cpuPerRequest = cpu == null ? null : new ArrayList<>(cpu);
    return s;
  }

  @Test
  void withoutTheAxisThePlanAndItsIdsAreTheOnesBeforeIt() {
    List<Scenario> plan = Planner.plan(spec(null, 2));
    assertThat(plan.getFirst().id()).isEqualTo("r1-platform-pool50-c200");
    assertThat(plan).extracting(Scenario::cpuUs).containsOnly(0L);
  }

  @Test
  void eachAmountIsAScenarioOfTheSameJvmRotatedEachRepetition() {
    List<Scenario> plan = Planner.plan(spec(List.of("0us", "500us", "2ms"), 2));

    assertThat(plan).hasSize(2 * 3 * 2);
    assertThat(new HashSet<>(plan.stream().map(Scenario::id).toList())).hasSize(plan.size());
    assertThat(plan)
        .extracting(Scenario::id)
        .containsExactly(
            "r1-platform-pool50-c200-cpu0us",
            "r1-platform-pool50-c200-cpu500us",
            "r1-platform-pool50-c200-cpu2000us",
            "r1-virtual-pool50-c200-cpu0us",
            "r1-virtual-pool50-c200-cpu500us",
            "r1-virtual-pool50-c200-cpu2000us",
            "r2-virtual-pool50-c200-cpu500us",
            "r2-virtual-pool50-c200-cpu2000us",
            "r2-virtual-pool50-c200-cpu0us",
            "r2-platform-pool50-c200-cpu500us",
            "r2-platform-pool50-c200-cpu2000us",
            "r2-platform-pool50-c200-cpu0us");
    // a request parameter: one JVM start per thread mode, as without the axis
    assertThat(Planner.sutStarts(plan)).isEqualTo(Planner.sutStarts(Planner.plan(spec(null, 2))));
  }

  @Test
  void theMeasuredLoadAsksEachRequestForItsCpu() {
    BenchmarkRunSpec s = spec(List.of("0us", "1ms"), 1);
    assertThat(Workloads.path(s, 0)).isEqualTo("/api/order-summary/{id}?delayMs=100");
    assertThat(Workloads.path(s, 1000)).isEqualTo("/api/order-summary/{id}?delayMs=100&cpuUs=1000");
  }
}
