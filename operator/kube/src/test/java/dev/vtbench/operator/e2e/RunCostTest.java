package dev.vtbench.operator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The timeline of two-core in `make e2e` of 2026-11-26T21:30:52Z (the operator's Events to the
 * second, ~/.cache/vtbench/logs/e2e-20261126T213052Z/operator*.log), with two pulls added; every
 * expected figure worked out by hand from it.
 */
class RunCostTest {

  private static Instant t(String hms) {
    return Instant.parse("2026-11-26T" + hms + "Z");
  }

  private static RunCost.Mark m(String hms, String reason) {
    return new RunCost.Mark(t(hms), reason);
  }

  private static final List<RunCost.Mark> MARKS =
      List.of(
          m("21:42:59", "RunSucceeded"), // any order: the record sorts them
          m("21:33:40", "DatabaseReady"),
          m("21:33:56", "WarmUpStarted"),
          m("21:34:34", "WarmUpFinished"),
          m("21:34:34", "LoadStarted"),
          m("21:35:00", "ScenarioRecorded"),
          m("21:35:00", "LoadStarted"),
          m("21:35:18", "LoadNudged"),
          m("21:38:04", "LoadRecreated"),
          m("21:38:05", "LoadStarted"),
          m("21:38:29", "ScenarioRecorded"),
          m("21:38:39", "WarmUpStarted"),
          m("21:39:08", "WarmUpFinished"),
          m("21:39:08", "LoadStarted"),
          m("21:39:14", "LoadNudged"),
          m("21:42:09", "LoadRecreated"),
          m("21:42:09", "LoadStarted"),
          m("21:42:34", "ScenarioRecorded"),
          m("21:42:34", "LoadStarted"),
          m("21:42:59", "ScenarioRecorded"));

  private static RunCost twoCore() {
    return new RunCost(
        t("21:33:09"),
        t("21:42:59"),
        MARKS,
        List.of(
            // PostgreSQL's image, inside the database's 31 s; the second SUT's, after it
            new RunCost.Pull(t("21:33:20"), Duration.ofSeconds(4)),
            new RunCost.Pull(t("21:38:31"), Duration.ofMillis(1500))),
        12,
        List.of(
            new RunCost.SutStart(t("21:38:30"), t("21:38:38")),
            new RunCost.SutStart(t("21:33:41"), t("21:33:55"))),
        List.of(
            new RunCost.Row(t("21:35:00"), 20.0),
            new RunCost.Row(t("21:38:29"), 38.0),
            new RunCost.Row(t("21:42:34"), 20.0),
            new RunCost.Row(t("21:42:59"), 38.0)),
        new RunCost.Load(4, Duration.ofSeconds(10), Duration.ofSeconds(18)));
  }

  @Test
  void wallAgainstTheHoldWithAndWithoutTheDatabaseAndThePulls() {
    RunCost c = twoCore();
    assertThat(c.wall()).hasSeconds(590);
    assertThat(c.hold()).hasSeconds(40);
    assertThat(c.wallPerHold()).isEqualTo(14.75);
    assertThat(c.database()).contains(Duration.ofSeconds(31));
    assertThat(c.pulled()).isEqualTo(Duration.ofMillis(5500));
    // the 4 s pull ended before DatabaseReady: counted in the database's time, not twice
    assertThat(c.wallWithout()).isEqualTo(Duration.ofMillis(590_000 - 31_000 - 1_500));
    assertThat(c.wallWithoutPerHold()).isEqualTo(557.5 / 40);
  }

  @Test
  void sutStartsAndTheJitWarmUp() {
    RunCost c = twoCore();
    assertThat(c.sutStartTimes()).containsExactly(Duration.ofSeconds(14), Duration.ofSeconds(8));
    assertThat(c.warmUpRounds()).isEqualTo(2);
    assertThat(c.warmUpWall()).hasSeconds(38 + 29);
    // the first row on each SUT: 20 s of warm-up load before its hold, twice
    assertThat(c.warmUpLoadSeconds()).isEqualTo(40.0);
  }

  @Test
  void eachScenarioOnARunningSutBeyondItsLoadAndTheStalls() {
    RunCost c = twoCore();
    // 21:34:34 -> 21:35:00, 21:35:00 -> 21:38:29, 21:39:08 -> 21:42:34, 21:42:34 -> 21:42:59,
    // each less 3 s ramp + 5 s warm-up + 10 s hold
    assertThat(c.beyondLoad())
        .containsExactly(
            Duration.ofSeconds(8),
            Duration.ofSeconds(191),
            Duration.ofSeconds(188),
            Duration.ofSeconds(7));
    assertThat(c.stalls()).hasSeconds(184 + 181);
    assertThat(c.recreated()).isEqualTo(2);
    assertThat(c.finish()).contains(Duration.ZERO);
  }

  /** A warm-up round's load stalls too: its stall counts from its WarmUpStarted. */
  @Test
  void aWarmUpsStallCountsFromItsStart() {
    List<RunCost.Mark> marks =
        List.of(
            m("23:20:00", "WarmUpStarted"),
            m("23:20:36", "LoadRecreated"),
            m("23:20:37", "WarmUpStarted"),
            m("23:21:05", "WarmUpFinished"));
    RunCost c =
        new RunCost(
            t("23:19:00"),
            t("23:22:00"),
            marks,
            List.of(),
            0,
            List.of(),
            List.of(),
            new RunCost.Load(1, Duration.ofSeconds(10), Duration.ofSeconds(18)));
    assertThat(c.stalls()).hasSeconds(36);
    assertThat(c.recreated()).isEqualTo(1);
  }

  @Test
  void aScenarioAfterASutRestartWithoutAWarmUpIsNotARunningSutsScenario() {
    RunCost c =
        new RunCost(
            t("10:00:00"),
            t("10:02:00"),
            List.of(m("10:00:30", "ScenarioRecorded"), m("10:01:30", "ScenarioRecorded")),
            List.of(),
            0,
            List.of(new RunCost.SutStart(t("10:00:40"), t("10:00:50"))),
            List.of(),
            new RunCost.Load(2, Duration.ofSeconds(10), Duration.ofSeconds(18)));
    assertThat(c.beyondLoad()).isEmpty();
    assertThat(c.database()).isEmpty();
    assertThat(c.lines("x").get(1)).contains("database none");
  }

  @Test
  void theLinesTheScriptPrints() {
    assertThat(twoCore().lines("two-core"))
        .containsExactly(
            "two-core: wall 590 s (apply -> Succeeded), measured hold 40 s (4 scenario(s) x 10 s):"
                + " wall / hold 14.8",
            "two-core: database 31 s (apply -> DatabaseReady), image pulls 6 s (2 pulled, 12"
                + " already on the node): without them 558 s / 40 s = 13.9",
            "two-core: SUT start(s) (pod created -> Ready) [14, 8] s; JIT warm-up 2 round(s), 67 s"
                + " wall, 40 s of load (warmup_s)",
            "two-core: scenarios on a running SUT, time beyond ramp + warm-up + hold (18 s):"
                + " [8, 191, 188, 7] s (median 98 s); k6-operator start stalls 365 s (2"
                + " LoadRecreated); last record -> Succeeded 0 s");
  }

  @Test
  void readsTheKubeletsPullTimes() {
    assertThat(
            RunCost.pullTime(
                "Successfully pulled image \"vtbench/sut:dev\" in 1.204s (1.204s including"
                    + " waiting). Image size: 123 bytes."))
        .contains(Duration.ofMillis(1204));
    assertThat(
            RunCost.pullTime("Successfully pulled image \"k6\" in 1m2.5s (3m including waiting)"))
        .contains(Duration.ofMillis(62_500));
    assertThat(
            RunCost.pullTime("Successfully pulled image \"a\" in 850ms (850ms including waiting)"))
        .contains(Duration.ofMillis(850));
    assertThat(RunCost.pullTime("Container image \"vtbench/k6:1.8.1\" already present on machine"))
        .isEmpty();
  }
}
