package dev.vtbench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** spec.matrix.jvmOptions: the planner's axis, the JVM it makes, and how its options get there. */
class JvmOptionsTest {

  static BenchmarkRunSpec spec(List<String> jvmOptions, int reps) {
    BenchmarkRunSpec s = PlannerTest.spec(List.of(50), List.of(100, 200), reps);
    s.matrix.jvmOptions = new ArrayList<>(jvmOptions);
    return s;
  }

  @Test
  void withOneValueThePlanAndItsIdsAreTheOnesBeforeTheAxis() {
    List<Scenario> before = Planner.plan(PlannerTest.spec(List.of(50), List.of(100, 200), 2));
    List<Scenario> withDefault = Planner.plan(spec(List.of(""), 2));
    assertThat(withDefault).isEqualTo(before);
    assertThat(withDefault.getFirst().id()).isEqualTo("r1-platform-pool50-c100");
    // the keys too, so Deployments and warm-up state of existing runs keep their names
    assertThat(withDefault.getFirst().sut().key()).isEqualTo(before.getFirst().sut().key());
    // one value with options: the same ids (nothing to tell apart), but another JVM
    List<Scenario> zgc = Planner.plan(spec(List.of("-XX:+UseZGC"), 2));
    assertThat(zgc).extracting(Scenario::id).isEqualTo(before.stream().map(Scenario::id).toList());
    assertThat(zgc.getFirst().sut().restartKey())
        .isNotEqualTo(before.getFirst().sut().restartKey());
  }

  @Test
  void twoValuesMultiplyTheScenariosWithTheValuesPositionInTheId() {
    List<Scenario> plan = Planner.plan(spec(List.of("-XX:+UseParallelGC", "-XX:+UseG1GC"), 2));

    assertThat(plan).hasSize(2 * 2 * 2 * 2);
    assertThat(new HashSet<>(plan.stream().map(Scenario::id).toList())).hasSize(plan.size());
    assertThat(plan)
        .extracting(Scenario::id)
        .containsExactly(
            "r1-jvm1-platform-pool50-c100",
            "r1-jvm1-platform-pool50-c200",
            "r1-jvm2-platform-pool50-c100",
            "r1-jvm2-platform-pool50-c200",
            "r1-jvm1-virtual-pool50-c100",
            "r1-jvm1-virtual-pool50-c200",
            "r1-jvm2-virtual-pool50-c100",
            "r1-jvm2-virtual-pool50-c200",
            // repetition 2 goes on with the JVM repetition 1 ended with, levels rotated
            "r2-jvm2-virtual-pool50-c200",
            "r2-jvm2-virtual-pool50-c100",
            "r2-jvm1-virtual-pool50-c200",
            "r2-jvm1-virtual-pool50-c100",
            "r2-jvm2-platform-pool50-c200",
            "r2-jvm2-platform-pool50-c100",
            "r2-jvm1-platform-pool50-c200",
            "r2-jvm1-platform-pool50-c100");
    assertThat(plan.get(2).sut().jvmOptions()).isEqualTo("-XX:+UseG1GC");
    assertThat(plan.getFirst().sut().jvmOptions()).isEqualTo("-XX:+UseParallelGC");
    // 4 JVMs in repetition 1, 3 more in repetition 2 (its first is repetition 1's last)
    assertThat(Planner.sutStarts(plan)).isEqualTo(7);
    assertThat(Planner.plan(spec(List.of("-XX:+UseParallelGC", "-XX:+UseG1GC"), 2)))
        .isEqualTo(plan);
  }

  @Test
  void anotherValueIsAnotherJvmAndTheDefaultKeepsItsKeys() {
    SutConfig none = SutConfigTest.config("virtual");
    SutConfig g1 = none.withJvmOptions("-XX:+UseG1GC");
    SutConfig zgc = none.withJvmOptions("-XX:+UseZGC");

    assertThat(none.withJvmOptions("").key()).isEqualTo("c23f89a8cf1d");
    assertThat(none.withJvmOptions(null).restartKey()).isEqualTo("d2b6daad8f2a");
    assertThat(g1.key()).isNotEqualTo(none.key()).isNotEqualTo(zgc.key()).hasSize(12);
    assertThat(g1.restartKey()).isNotEqualTo(none.restartKey()).isNotEqualTo(zgc.restartKey());
    // the environment is the matrix's, the same for both: the options go where the JVM reads them
    assertThat(g1.env()).isEqualTo(none.env());
    // a pool change is still no restart
    assertThat(g1.withHikariPool(10).restartKey()).isEqualTo(g1.restartKey());
    assertThat(g1.withHikariPool(10).jvmOptions()).isEqualTo("-XX:+UseG1GC");
  }

  @Test
  void aJavaCommandLineGetsThemAfterThePlatformsOwnOptions() {
    SutConfig none = SutConfigTest.config("platform");
    SutConfig two = none.withJvmOptions("-XX:+UseZGC -Djdk.virtualThreadScheduler.parallelism=2");

    assertThat(JvmOptions.arguments(List.of("-Xmx512m"), none)).containsExactly("-Xmx512m");
    assertThat(JvmOptions.arguments(List.of("-Xmx512m"), two))
        .containsExactly("-Xmx512m", "-XX:+UseZGC", "-Djdk.virtualThreadScheduler.parallelism=2");
  }

  @Test
  void aJvmVtbenchDoesNotStartGetsThemInJavaToolOptions() {
    SutConfig none = SutConfigTest.config("platform");
    SutConfig zgc = none.withJvmOptions("-XX:+UseZGC");
    String base = "-XX:MaxRAMPercentage=75 -XX:ActiveProcessorCount=4";

    // no extra options: the variable (and so a pod template) exactly as before the axis
    assertThat(JvmOptions.toolOptions(base, none)).isEqualTo(base);
    assertThat(JvmOptions.toolOptions(base, zgc)).isEqualTo(base + " -XX:+UseZGC");
    assertThat(JvmOptions.toolOptions("", zgc)).isEqualTo("-XX:+UseZGC");
    assertThat(JvmOptions.env(none)).isEmpty();
    assertThat(JvmOptions.env(zgc))
        .containsExactly(java.util.Map.entry(JvmOptions.TOOL_OPTIONS, "-XX:+UseZGC"));
  }
}
