package dev.vtbench.stub;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.proc.CfsStat;
import dev.vtbench.proc.ProcStat;
import dev.vtbench.stub.CpuWindow.Reading;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A window's arithmetic on two hand-made readings of a 2-core node. */
class CpuWindowTest {

  // 1,000 ticks per core apart: cpu0 busy 900 of 1,000 (steal 180 of it), cpu1 100 of 1,000
  static final ProcStat.Snapshot START =
      ProcStat.parse("cpu0 100 0 50 800 50 0 0 0\ncpu1 10 0 10 980 0 0 0 0\n");
  static final ProcStat.Snapshot END =
      ProcStat.parse("cpu0 700 0 150 900 50 10 10 180\ncpu1 60 0 20 1900 0 0 0 20\n");

  // a quarter-core limit, 1,200 periods apart, 148 of them throttled: 12.333… %
  static final CfsStat.Snapshot LIMITED_START = new CfsStat.Snapshot(3000, 100, 1.0, 0.25);
  static final CfsStat.Snapshot LIMITED_END = new CfsStat.Snapshot(4200, 248, 5.5, 0.25);

  @Test
  void anEndedWindowReportsItsCpuEveryCoreStealAndThrottling() {
    CpuWindow w =
        CpuWindow.open("w1", new Reading(10.0, START, LIMITED_START))
            .end("w1", new Reading(10.5, END, LIMITED_END));

    Map<String, Object> r = w.report(new Reading(99.0, null, null));

    assertThat(r)
        .containsEntry("id", "w1")
        .containsEntry("ended", true)
        .containsEntry("cpuSeconds", 0.5)
        .containsEntry("coreBusyPct", Map.of("0", 90.0, "1", 8.0))
        .containsEntry("stealPct", 10.0)
        .containsEntry("throttledPct", 12.3)
        .containsEntry("cpuLimitCores", 0.25);
  }

  @Test
  void anOpenWindowRunsToNowAndOnlyItsOwnIdEndsIt() {
    CpuWindow w = CpuWindow.open("w1", new Reading(10.0, START, LIMITED_START));

    assertThat(w.end("w0", new Reading(11.0, END, LIMITED_END))).isSameAs(w);
    assertThat(w.report(new Reading(10.25, END, new CfsStat.Snapshot(3600, 130, 2.0, 0.25))))
        .containsEntry("ended", false)
        .containsEntry("cpuSeconds", 0.25)
        .containsEntry("throttledPct", 5.0);
    CpuWindow ended = w.end("w1", new Reading(10.5, END, LIMITED_END));
    assertThat(ended.end("w1", new Reading(12.0, START, LIMITED_START)))
        .as("a second end changes nothing")
        .isSameAs(ended);
  }

  @Test
  void withoutALimitNothingIsThrottled() {
    // the kernel still counts periods of a cgroup without a quota; none of them can throttle
    Map<String, Object> r =
        CpuWindow.open("w1", new Reading(1.0, null, new CfsStat.Snapshot(10, 5, 0, null)))
            .end("w1", new Reading(2.0, null, new CfsStat.Snapshot(90, 45, 0, null)))
            .report(new Reading(null, null, null));

    assertThat(r).containsEntry("throttledPct", 0.0).containsEntry("cpuLimitCores", null);
  }

  @Test
  void whatWasNotReadStaysOutOrNull() {
    Map<String, Object> r =
        CpuWindow.open("w1", new Reading(null, null, null))
            .end("w1", new Reading(3.0, END, LIMITED_END))
            .report(new Reading(null, null, null));

    assertThat(r)
        .containsEntry("cpuSeconds", null)
        .doesNotContainKeys("coreBusyPct", "stealPct")
        .containsEntry("throttledPct", null)
        .containsEntry("cpuLimitCores", 0.25);
  }
}
