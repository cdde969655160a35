package dev.vtbench.operator.load;

import java.time.Duration;

/**
 * What to do about a load that has not finished, as its kind decides ({@link LoadKind#lostRunner},
 * {@link LoadKind#stalled}): a value the load step carries out, so every kind's answer is one of
 * these and "nothing to do" is an empty Optional, never a null.
 */
public sealed interface Remedy {

  /** Look again after {@code after}: a load going away, or a nudge not yet due. */
  record Wait(Duration after) implements Remedy {}

  /**
   * Nudge the TestRun now ({@link TestRunNudge}) and look again after {@link TestRunNudge#EVERY};
   * {@code firstTime}: say so in an Event.
   */
  record Nudge(boolean firstTime, String message) implements Remedy {}

  /**
   * Delete the load and create it again as {@code as} (the same name, or the scenario in flight's
   * own), the {@code count}th time for it, looking again after {@code after}; {@code why} goes into
   * the condition, {@code event} into the Warning Event.
   */
  record Recreate(String why, String as, int count, String event, Duration after)
      implements Remedy {}

  /**
   * Fail the run: {@code startTimedOut} true when the runner never started (LoadStartTimedOut),
   * false when the load failed (LoadFailed); {@code event} is the Warning Event's message.
   */
  record GiveUp(boolean startTimedOut, String message, String event) implements Remedy {}
}
