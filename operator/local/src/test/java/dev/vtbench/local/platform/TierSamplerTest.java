package dev.vtbench.local.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.run.TierThrottling;
import dev.vtbench.local.process.ProcCpu;
import dev.vtbench.proc.CfsStat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The throttling a local row reports, from real processes: a child of this JVM, as the SUT and the
 * stub are, read through its pid at two moments.
 */
class TierSamplerTest {

  static TierSampler.Snapshot snapshot(
      CfsStat.Snapshot app, CfsStat.Snapshot stub, boolean hasStubAndDatabase) {
    ProcCpu.Sample sample =
        hasStubAndDatabase ? ProcCpu.sampleAlone(ProcessHandle.current().pid()) : null;
    // k6 and PostgreSQL are read like the SUT and the stub: here the same processes
    return new TierSampler.Snapshot(null, null, sample, null, sample, null, app, stub, stub, app);
  }

  @Test
  void aChildProcessIsReadThroughItsPidAndIsNeverThrottledWithoutALimit() throws Exception {
    Process child = new ProcessBuilder("sleep", "30").start();
    try {
      Path root = Path.of("/");
      CfsStat.Snapshot start = CfsStat.read(root, child.pid());
      CfsStat.Snapshot end = CfsStat.read(root, child.pid());
      TierThrottling t =
          TierSampler.throttling(snapshot(start, start, true), snapshot(end, end, true));
      CfsStat.Snapshot own = CfsStat.read();
      if (!Files.exists(Path.of("/proc/self/cgroup"))) {
        return;
      }
      assertThat(start).as("a Linux child is in some cgroup with cpu.stat").isNotNull();
      // the child is in this JVM's cgroup: the same limit, or none
      assertThat(start.limitCores()).isEqualTo(own.limitCores());
      assertThat(t.notes()).isEmpty();
      if (own.limitCores() == null) {
        assertThat(t.sutPct()).isZero();
        assertThat(t.stubPct()).isZero();
        assertThat(t.pgPct()).isZero();
        assertThat(t.loadPct()).isZero();
      } else {
        assertThat(t.sutPct()).isBetween(0.0, 100.0);
      }
    } finally {
      child.destroy();
      child.waitFor(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void aRunWithoutAStubOrDatabaseHasNoFigureOfThemAndAnUnreadableSutSaysWhy() {
    TierThrottling t =
        TierSampler.throttling(snapshot(null, null, false), snapshot(null, null, false));

    assertThat(t.sutPct()).isNull();
    assertThat(t.stubPct()).isNull();
    assertThat(t.pgPct()).isNull();
    assertThat(t.loadPct()).isNull();
    assertThat(t.notes())
        .containsExactly(TierThrottling.LOCAL_SUT_NOTE, TierThrottling.LOCAL_LOAD_NOTE);
  }
}
