package dev.vtbench.stub;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.proc.ProcStat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A window's arithmetic on two hand-made readings of a 2-core node. */
class CpuWindowTest {

  // 1,000 ticks per core apart: cpu0 busy 900 of 1,000 (steal 180 of it), cpu1 100 of 1,000
  static final ProcStat.Snapshot START =
      ProcStat.parse("cpu0 100 0 50 800 50 0 0 0\ncpu1 10 0 10 980 0 0 0 0\n");
  static final ProcStat.Snapshot END =
      ProcStat.parse("cpu0 700 0 150 900 50 10 10 180\ncpu1 60 0 20 1900 0 0 0 20\n");

  @Test
  void anEndedWindowReportsItsCpuEveryCoreAndSteal() {
    CpuWindow w = CpuWindow.open("w1", 10.0, START).end("w1", 10.5, END);

    Map<String, Object> r = w.report(99.0, null);

    assertThat(r)
        .containsEntry("id", "w1")
        .containsEntry("ended", true)
        .containsEntry("cpuSeconds", 0.5)
        .containsEntry("coreBusyPct", Map.of("0", 90.0, "1", 8.0))
        .containsEntry("stealPct", 10.0);
  }

  @Test
  void anOpenWindowRunsToNowAndOnlyItsOwnIdEndsIt() {
    CpuWindow w = CpuWindow.open("w1", 10.0, START);

    assertThat(w.end("w0", 11.0, END)).isSameAs(w);
    assertThat(w.report(10.25, END))
        .containsEntry("ended", false)
        .containsEntry("cpuSeconds", 0.25);
    CpuWindow ended = w.end("w1", 10.5, END);
    assertThat(ended.end("w1", 12.0, START)).as("a second end changes nothing").isSameAs(ended);
  }

  @Test
  void whatWasNotReadStaysOut() {
    Map<String, Object> r = CpuWindow.open("w1", null, null).end("w1", 3.0, END).report(null, null);

    assertThat(r).containsEntry("cpuSeconds", null).doesNotContainKeys("coreBusyPct", "stealPct");
  }
}
