package dev.vtbench.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProcCpuTest {

  @Test
  void measuresABusyThreadAsAboutOneCore() throws Exception {
    long pid = ProcessHandle.current().pid();
    ProcCpu.Sample before = ProcCpu.sample(List.of(pid));
    long end = System.nanoTime() + 1_000_000_000L;
    long x = 0;
    while (System.nanoTime() < end) {
      x += System.nanoTime() % 7;
    }
    double pct = ProcCpu.sample(List.of(pid)).percentSince(before);
    assertThat(x).isPositive();
    // one spinning thread: close to 100 % of one core (JIT and GC threads may add a little; a
    // loaded machine may take a little away)
    assertThat(pct).isBetween(20.0, 150.0);
  }

  @Test
  void aVanishedProcessCountsAsZero() {
    assertThat(dev.vtbench.proc.ProcessCpu.ticks(Long.MAX_VALUE)).isZero();
  }
}
