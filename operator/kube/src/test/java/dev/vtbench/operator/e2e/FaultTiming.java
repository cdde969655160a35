package dev.vtbench.operator.e2e;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * When a fault fell against the holds of its scenario's measured loads ({@link FaultsE2E}), all on
 * the machine's one clock: each load's hold began when k6-operator moved its TestRun to {@code
 * started} (as first seen, a second's poll late at most) plus ramp and warm-up. A fault must fall
 * within the hold of the load it was aimed at; the recorded row ({@code ts_iso}: when the operator
 * built it, after its hold) comes from the last load whose hold ended by then, and that hold must
 * have begun after a fault that drops the hold, or contain a fault that keeps it.
 */
final class FaultTiming {

  /** How far a hold's end, as estimated from the stage first seen, may lie after the row's time. */
  static final Duration SEEN_LATE = Duration.ofSeconds(10);

  /** A measured load and the start of its hold (null: its TestRun never seen started). */
  record LoadHold(String uid, Instant holdStart) {}

  /** A check to make: whether it holds, and what to print. */
  record Verdict(boolean ok, String what) {}

  private FaultTiming() {}

  /**
   * Whether a scenario's measured loads and HoldInterrupted Events are exactly as docs/e2e.md
   * states: a dropped hold two loads and one Event naming {@code tier}, a kept hold one load and no
   * Event (a TestRun created again after a start stall would be one more load, and fails the run as
   * a stall on its own).
   */
  static boolean asDocumented(boolean drops, int loads, List<String> events, String tier) {
    return drops
        ? loads == 2 && events.size() == 1 && events.getFirst().contains(tier)
        : loads == 1 && events.isEmpty();
  }

  /** Whether the fault, injected at {@code at} into load {@code aimedAt}, fell within its hold. */
  static Verdict withinHold(Instant at, LoadHold aimedAt, Duration hold) {
    if (aimedAt.holdStart() == null) {
      return new Verdict(false, "the fault's load was never seen started: its hold is unknown");
    }
    long into = Duration.between(aimedAt.holdStart(), at).toSeconds();
    boolean inside =
        !at.isBefore(aimedAt.holdStart()) && at.isBefore(aimedAt.holdStart().plus(hold));
    return new Verdict(
        inside,
        "injected "
            + into
            + " s into its load's "
            + hold.toSeconds()
            + " s hold"
            + (inside ? "" : " (outside it)"));
  }

  /**
   * Whether the row recorded at {@code rowTs} measured a hold that began after the fault ({@code
   * drops}) or one that contained it (the hold kept).
   */
  static Verdict recordedHold(
      Instant fault,
      String faultedUid,
      boolean drops,
      List<LoadHold> loads,
      Instant rowTs,
      Duration hold) {
    Optional<LoadHold> recorded =
        loads.stream()
            .filter(l -> l.holdStart() != null)
            .filter(l -> !l.holdStart().plus(hold).isAfter(rowTs.plus(SEEN_LATE)))
            .max(Comparator.comparing(LoadHold::holdStart));
    if (recorded.isEmpty()) {
      return new Verdict(false, "no measured load's hold ended by the row's time " + rowTs);
    }
    LoadHold l = recorded.get();
    long after = Duration.between(fault, l.holdStart()).toSeconds();
    boolean ok =
        drops
            ? !l.uid().equals(faultedUid) && l.holdStart().isAfter(fault)
            : l.uid().equals(faultedUid)
                && !fault.isBefore(l.holdStart())
                && fault.isBefore(l.holdStart().plus(hold));
    return new Verdict(
        ok,
        "the recorded row's hold began "
            + Math.abs(after)
            + " s "
            + (after > 0 ? "after" : "before")
            + " the fault, in "
            + (l.uid().equals(faultedUid) ? "the load the fault hit" : "another load")
            + (drops ? " (must be after it, in a new load)" : " (must contain it)"));
  }
}
