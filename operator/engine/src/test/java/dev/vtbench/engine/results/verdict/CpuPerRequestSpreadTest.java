package dev.vtbench.engine.results.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.results.Rows;
import dev.vtbench.engine.results.row.ResultRow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The cross-repetition check on constructed rows whose answer is known. */
class CpuPerRequestSpreadTest {

  /** A steady row of repetition {@code rep}: {@code cpu} % of a core for {@code rps} req/s. */
  static ResultRow rep(String mode, int vus, int rep, double rps, double cpu, Boolean steady) {
    return Rows.row(mode, "released", 50, vus, rps)
        .rep(rep)
        .appCpuPct(cpu)
        .steadyState(steady)
        .build();
  }

  @Test
  void warmRepetitionsAgreeWithinTheBound() {
    var spread =
        CpuPerRequestSpread.of(
            List.of(
                rep("virtual", 800, 1, 2900, 95, true),
                rep("virtual", 800, 2, 2950, 99.0, true), // 3.36 vs 3.28 %·s per 100 req
                rep("platform", 800, 1, 485, 40, true),
                rep("platform", 800, 2, 486, 40, true)));
    assertThat(spread.cells()).isEqualTo(2);
    assertThat(spread.above()).isZero();
    assertThat(spread.worst()).isCloseTo((99.0 / 2950) / (95.0 / 2900), within(1e-9));
    assertThat(spread.where()).isEqualTo("virtual, pool 50, level 800: rep 2 vs rep 1");
    assertThat(spread.sentence())
        .contains("2 cells", "at most 1.02× apart", "no repetition ran on a colder JVM");
  }

  @Test
  void atAFewRequestsPerSecondARatioAboveTheBoundWithinCpuNoiseNamesNoColdJvm() {
    // gallery-tiny-thread-pool, platform: 2.1, 2.4 and 3.4 % of a core at 3.33 req/s: 1.6× apart,
    // 0.013 cores, under the steady-state rule's 0.03
    var spread =
        CpuPerRequestSpread.of(
            List.of(
                rep("platform", 100, 1, 3.33, 2.1, true),
                rep("platform", 100, 2, 3.33, 2.4, true),
                rep("platform", 100, 3, 3.33, 3.4, true)));
    assertThat(spread.worst()).isCloseTo(3.4 / 2.1, within(1e-9));
    assertThat(spread.above()).isZero();
    assertThat(spread.sentence())
        .contains("above 1.3× only by less than 0.03 cores", "no repetition ran on a colder JVM");
    // the same ratio at a hundred times the rate, 0.13 cores apart, is a cold JVM
    assertThat(
            CpuPerRequestSpread.of(
                    List.of(
                        rep("platform", 100, 1, 333, 21, true),
                        rep("platform", 100, 2, 333, 34, true)))
                .above())
        .isEqualTo(1);
  }

  @Test
  void aColdRepetitionIsNamed() {
    var spread =
        CpuPerRequestSpread.of(
            List.of(
                rep("platform", 200, 1, 480, 90, true), // twice the CPU per request
                rep("platform", 200, 2, 485, 45, true),
                rep("platform", 200, 3, 486, 46, true)));
    assertThat(spread.above()).isEqualTo(1);
    assertThat(spread.worst()).isCloseTo((90.0 / 480) / (45.0 / 485), within(1e-9));
    assertThat(spread.where()).isEqualTo("platform, pool 50, level 200: rep 1 vs rep 2");
    assertThat(spread.sentence()).contains("1 cell(s) above 1.3×", "colder JVM");
  }

  @Test
  void unsteadyRowsAndOtherCellsAreNotCompared() {
    var spread =
        CpuPerRequestSpread.of(
            List.of(
                rep("platform", 200, 1, 480, 90, false), // unsteady: out, like in the verdict
                rep("platform", 200, 2, 485, 45, true),
                rep("platform", 400, 1, 485, 45, true), // another level: another cell
                rep("virtual", 200, 1, 1800, 60, null), // pre-steady-state rows count
                rep("virtual", 200, 2, 1800, 62, null)));
    assertThat(spread.cells()).isEqualTo(1);
    assertThat(spread.above()).isZero();
    assertThat(spread.where()).startsWith("virtual, pool 50, level 200");
  }

  @Test
  void withoutTwoRepetitionsItSaysSo() {
    var spread = CpuPerRequestSpread.of(List.of(rep("virtual", 50, 1, 480, 20, true)));
    assertThat(spread.cells()).isZero();
    assertThat(spread.sentence()).contains("no cell has two steady repetitions");
  }
}
