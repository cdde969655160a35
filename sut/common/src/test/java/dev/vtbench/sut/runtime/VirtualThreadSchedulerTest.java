package dev.vtbench.sut.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VirtualThreadSchedulerTest {

  @Test
  void theSchedulerFollowsTheProcessorsTheJvmSeesUnlessTold() {
    // this test JVM sets no jdk.virtualThreadScheduler.parallelism, so the default holds
    assertThat(System.getProperty("jdk.virtualThreadScheduler.parallelism")).isNull();
    assertThat(VirtualThreadScheduler.parallelism())
        .isEqualTo(Runtime.getRuntime().availableProcessors());
  }
}
