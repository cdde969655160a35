package dev.vtbench.local.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProcCpuTest {

  @Test
  void measuresABusyChildAsAboutOneCore() throws Exception {
    // A shell spinning in a child process, so the test JVM's own threads (JIT, GC, threads left
    // by other tests in this fork) cannot add to the figure: a CI run once read 198 % when the
    // spinning thread was the test's own.
    Process spinner = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    try {
      long pid = spinner.pid();
      Thread.sleep(200);
      ProcCpu.Sample before = ProcCpu.sample(List.of(pid));
      Thread.sleep(1_000);
      double pct = ProcCpu.sample(List.of(pid)).percentSince(before);
      // one spinning process: close to 100 % of one core; a loaded machine may take some away,
      // and nothing can make one single-threaded shell use more than one core
      assertThat(pct).isBetween(20.0, 110.0);
    } finally {
      spinner.destroyForcibly().waitFor();
    }
  }

  @Test
  void countsTheChildrenOfASampledProcess() throws Exception {
    Process parent = new ProcessBuilder("sh", "-c", "sh -c 'while :; do :; done' & wait").start();
    try {
      Thread.sleep(200);
      ProcCpu.Sample before = ProcCpu.sample(List.of(parent.pid()));
      Thread.sleep(1_000);
      double pct = ProcCpu.sample(List.of(parent.pid())).percentSince(before);
      // the parent only waits; the spinning grandchild's time is what the tree adds up
      assertThat(pct).isBetween(20.0, 110.0);
    } finally {
      parent.descendants().forEach(ProcessHandle::destroyForcibly);
      parent.destroyForcibly().waitFor();
    }
  }

  @Test
  void aVanishedProcessCountsAsZero() {
    assertThat(dev.vtbench.proc.ProcessCpu.ticks(Long.MAX_VALUE)).isZero();
  }
}
