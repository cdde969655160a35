package dev.vtbench.proc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProcessCpuTest {

  @Test
  void thisJvmHasSpentCpuAndItGrowsWithWork() {
    long pid = ProcessHandle.current().pid();
    long before = ProcessCpu.ticks(pid);
    assertThat(before).isPositive();
    long end = System.nanoTime() + 300_000_000L;
    long x = 0;
    while (System.nanoTime() < end) {
      x += Long.numberOfTrailingZeros(x + System.nanoTime());
    }
    assertThat(x).isNotNegative();
    assertThat(ProcessCpu.ticks(pid)).as("300 ms of spinning").isGreaterThan(before);
    assertThat(ProcessCpu.seconds(pid)).isGreaterThanOrEqualTo(before / 100.0);
  }

  @Test
  void aProcessThatIsGoneHasNone() {
    assertThat(ProcessCpu.ticks(Long.MAX_VALUE)).isZero();
    assertThat(ProcessCpu.seconds(Long.MAX_VALUE)).isZero();
  }
}
