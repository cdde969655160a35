package dev.vtbench.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ProcStatTest {

  // Two readings of a 2-core machine, 1,000 ticks per core apart. The aggregate "cpu" line and the
  // non-cpu lines must be ignored; guest/guest_nice (last two) are inside user/nice already.
  private static final String BEFORE =
      """
      cpu  110 0 60 1780 50 0 0 0 0 0
      cpu0 100 0 50 800 50 0 0 0 7 0
      cpu1 10 0 10 980 0 0 0 0 0 0
      intr 123456 0 0
      ctxt 99999
      """;
  private static final String AFTER =
      """
      cpu  760 0 170 2800 50 10 10 200 0 0
      cpu0 700 0 150 900 50 10 10 180 9 0
      cpu1 60 0 20 1900 0 0 0 20 0 0
      intr 123999 0 0
      """;

  @Test
  void busySharePerCoreAndStealAreTheHandComputedDeltas() {
    CoreBusy b = ProcStat.parse(AFTER).busySince(ProcStat.parse(BEFORE), Set.of(0));

    // cpu0: total 1000 -> 2000 (+1000); idle + iowait 850 -> 950 (+100): busy 900 of 1000 = 90 %
    assertThat(b.busyPct().get(0)).isCloseTo(90.0, within(1e-9));
    // cpu1: total 1000 -> 2000 (+1000); idle 980 -> 1900 (+920): busy 80 of 1000 = 8 %
    assertThat(b.busyPct().get(1)).isCloseTo(8.0, within(1e-9));
    // steal: (180 + 20) of 2000 ticks = 10 %
    assertThat(b.stealPct()).isCloseTo(10.0, within(1e-9));
    assertThat(b.list()).isEqualTo("0:90.0|1:8.0");
    assertThat(b.generatorBusyPct()).isCloseTo(90.0, within(1e-9));
  }

  @Test
  void theGeneratorsShareIsTheMeanOfItsCores() {
    CoreBusy b = ProcStat.parse(AFTER).busySince(ProcStat.parse(BEFORE), Set.of(0, 1));
    assertThat(b.generatorBusyPct()).isCloseTo(49.0, within(1e-9));
  }

  @Test
  void aCoreMissingFromOneReadingIsLeftOut() {
    String onlyCpu0 =
        BEFORE.lines().filter(l -> !l.startsWith("cpu1")).reduce("", (a, l) -> a + l + "\n");
    CoreBusy b = ProcStat.parse(AFTER).busySince(ProcStat.parse(onlyCpu0), Set.of(1));
    assertThat(b.busyPct()).containsOnlyKeys(0);
    assertThat(b.generatorBusyPct()).isNull();
  }

  @Test
  void aMalformedCoreLineIsNamed() {
    assertThatThrownBy(() -> ProcStat.parse("cpu0 1 2 x 4 5"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cpu0 1 2 x 4 5");
  }

  @Test
  void thisMachinesProcStatHasEveryOnlineCore() {
    assertThat(ProcStat.read().cores()).hasSizeGreaterThanOrEqualTo(1);
  }
}
