package dev.vtbench.operator.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.e2e.FaultTiming.LoadHold;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The faults phase's timing on the one clock, as 2026-11-29's FaultsE2E ran: 40 s holds, the fault
 * 20 s in; a dropped hold measured again about a minute later.
 */
class FaultTimingTest {

  private static final Duration HOLD = Duration.ofSeconds(40);
  private static final Instant HOLD1 = Instant.parse("2026-11-29T10:00:00Z");
  private static final Instant FAULT = HOLD1.plusSeconds(20);
  private static final LoadHold HIT = new LoadHold("uid-1", HOLD1);
  private static final LoadHold AGAIN = new LoadHold("uid-2", HOLD1.plusSeconds(80));

  @Test
  void aFaultInsideTheHoldPassesAndOneBeforeOrAfterItFails() {
    assertThat(FaultTiming.withinHold(FAULT, HIT, HOLD).ok()).isTrue();
    assertThat(FaultTiming.withinHold(FAULT, HIT, HOLD).what()).contains("20 s into");
    assertThat(FaultTiming.withinHold(HOLD1.minusSeconds(5), HIT, HOLD).ok()).isFalse();
    assertThat(FaultTiming.withinHold(HOLD1.plusSeconds(41), HIT, HOLD).ok()).isFalse();
    assertThat(FaultTiming.withinHold(FAULT, new LoadHold("u", null), HOLD).ok()).isFalse();
  }

  @Test
  void aDroppedHoldsRowMustComeFromALoadThatBeganAfterTheFault() {
    Instant rowTs = AGAIN.holdStart().plus(HOLD).plusSeconds(2);
    var ok = FaultTiming.recordedHold(FAULT, "uid-1", true, List.of(HIT, AGAIN), rowTs, HOLD);
    assertThat(ok.ok()).isTrue();
    assertThat(ok.what()).contains("began 60 s after the fault, in another load");
    // recorded from the load the fault hit (its hold not dropped): a failure
    Instant early = HOLD1.plus(HOLD).plusSeconds(2);
    var bad = FaultTiming.recordedHold(FAULT, "uid-1", true, List.of(HIT, AGAIN), early, HOLD);
    assertThat(bad.ok()).isFalse();
    assertThat(bad.what()).contains("20 s before the fault, in the load the fault hit");
  }

  @Test
  void aKeptHoldsRowMustContainTheFault() {
    Instant rowTs = HOLD1.plus(HOLD).plusSeconds(2);
    assertThat(FaultTiming.recordedHold(FAULT, "uid-1", false, List.of(HIT), rowTs, HOLD).ok())
        .isTrue();
    // the fault after the hold ended: the row's hold does not contain it
    Instant late = HOLD1.plusSeconds(45);
    assertThat(FaultTiming.recordedHold(late, "uid-1", false, List.of(HIT), rowTs, HOLD).ok())
        .isFalse();
    // a second load recorded instead: the hold was not kept
    Instant later = AGAIN.holdStart().plus(HOLD);
    assertThat(
            FaultTiming.recordedHold(FAULT, "uid-1", false, List.of(HIT, AGAIN), later, HOLD).ok())
        .isFalse();
  }

  @Test
  void aRowBeforeAnyHoldEndedFails() {
    var none =
        FaultTiming.recordedHold(FAULT, "uid-1", true, List.of(HIT), HOLD1.plusSeconds(5), HOLD);
    assertThat(none.ok()).isFalse();
    assertThat(none.what()).contains("no measured load's hold ended");
  }

  @Test
  void theLoadsAreExactlyTheDocumentedNumber() {
    List<String> dropped = List.of("load-0: the sut pod x is gone; dropped unrecorded");
    assertThat(FaultTiming.asDocumented(true, 2, dropped, "the sut pod")).isTrue();
    assertThat(FaultTiming.asDocumented(true, 3, dropped, "the sut pod")).isFalse();
    assertThat(FaultTiming.asDocumented(true, 2, dropped, "the database pod")).isFalse();
    assertThat(FaultTiming.asDocumented(true, 2, List.of(), "the sut pod")).isFalse();
    assertThat(FaultTiming.asDocumented(false, 1, List.of(), "")).isTrue();
    assertThat(FaultTiming.asDocumented(false, 2, List.of(), "")).isFalse();
    assertThat(FaultTiming.asDocumented(false, 1, dropped, "")).isFalse();
  }
}
