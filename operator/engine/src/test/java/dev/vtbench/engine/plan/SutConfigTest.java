package dev.vtbench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The thread mode in a SutConfig: a third mode without moving the keys of the first two. */
class SutConfigTest {

  static SutConfig config(String mode) {
    return new SutConfig(mode, 50, "released", "normal", 200, Duration.ofSeconds(60), Map.of());
  }

  /**
   * The keys as the boolean-only SutConfig computed them (SHA-256 of the sorted environment):
   * Deployments and warm-up state named by them survive the change.
   */
  @Test
  void platformAndVirtualKeepTheKeysTheyHadBeforeTheReactiveSut() {
    assertThat(config("platform").env()).doesNotContainKey(SutConfig.STACK_ENV);
    assertThat(config("platform").key()).isEqualTo("cbb4865f62a3");
    assertThat(config("platform").restartKey()).isEqualTo("5553e0fea9ea");
    assertThat(config("virtual").key()).isEqualTo("c23f89a8cf1d");
    assertThat(config("virtual").restartKey()).isEqualTo("d2b6daad8f2a");
  }

  /** Reactive and platform both run with VT_ENABLED=false: only SUT_STACK tells them apart. */
  @Test
  void reactiveNeverSharesAJvmWithPlatform() {
    SutConfig reactive = config("reactive");
    assertThat(reactive.env())
        .containsEntry("VT_ENABLED", "false")
        .containsEntry(SutConfig.STACK_ENV, "reactive");
    assertThat(reactive.reactive()).isTrue();
    assertThat(reactive.virtualThreads()).isFalse();
    assertThat(reactive.restartKey())
        .isNotEqualTo(config("platform").restartKey())
        .isNotEqualTo(config("virtual").restartKey());
    // its pool still resizes live: one JVM per repetition, whatever the pool sizes
    assertThat(reactive.withHikariPool(10).restartKey()).isEqualTo(reactive.restartKey());
    assertThat(reactive.withHikariPool(10).threadMode()).isEqualTo("reactive");
  }

  @Test
  void threeModesPlanOneSutStartPerModeAndRepetition() {
    BenchmarkRunSpec s = PlannerTest.spec(List.of(10, 50), List.of(100, 200), 2);
    s.matrix.threadModes = List.of("platform", "virtual", "reactive");
    List<Scenario> plan = Planner.plan(s);
    assertThat(plan).hasSize(3 * 2 * 2 * 2);
    assertThat(plan.stream().filter(x -> x.threadMode().equals("reactive")))
        .hasSize(8)
        .allSatisfy(x -> assertThat(x.id()).contains("-reactive-"))
        .allSatisfy(x -> assertThat(x.sut().reactive()).isTrue());
    // the second repetition starts with the mode the first ended with: 3 + 2 starts
    assertThat(Planner.sutStarts(plan)).isEqualTo(5);
  }
}
