package dev.vtbench.operator.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.spec.LoadSpec;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * spec.load.runner and spec.load.parallelism to the kind of load object, with and without
 * k6-operator.
 */
class RunnerKindTest {

  @Test
  void autoStagesOneRunnerInAJobAndSplitsSeveralOverATestRun() {
    assertThat(RunnerKind.choose(load("auto", 1), true)).contains(RunnerKind.JOB);
    assertThat(RunnerKind.choose(load("auto", 2), true)).contains(RunnerKind.TESTRUN);
    assertThat(RunnerKind.choose(load("auto", 16), true)).contains(RunnerKind.TESTRUN);
  }

  @Test
  void autoWithoutK6OperatorIsAJobWhateverTheRunners() {
    assertThat(RunnerKind.choose(load("auto", 1), false)).contains(RunnerKind.JOB);
    assertThat(RunnerKind.choose(load("auto", 2), false)).contains(RunnerKind.JOB);
  }

  @Test
  void anExplicitRunnerIsHonoured() {
    assertThat(RunnerKind.choose(load("testrun", 1), true)).contains(RunnerKind.TESTRUN);
    assertThat(RunnerKind.choose(load("testrun", 2), true)).contains(RunnerKind.TESTRUN);
    assertThat(RunnerKind.choose(load("job", 1), true)).contains(RunnerKind.JOB);
    assertThat(RunnerKind.choose(load("job", 2), true)).contains(RunnerKind.JOB);
    assertThat(RunnerKind.choose(load("job", 1), false)).contains(RunnerKind.JOB);
    assertThat(RunnerKind.choose(load("testrun", 1), false))
        .as("testrun needs k6-operator: admission refuses the run")
        .isEqualTo(Optional.empty());
  }

  @Test
  void theDefaultSpecIsAStagedJob() {
    LoadSpec defaults = new LoadSpec();
    assertThat(RunnerKind.choose(defaults, true)).contains(RunnerKind.JOB);
  }

  private static LoadSpec load(String runner, int parallelism) {
    LoadSpec load = new LoadSpec();
    load.runner = runner;
    load.parallelism = parallelism;
    return load;
  }
}
