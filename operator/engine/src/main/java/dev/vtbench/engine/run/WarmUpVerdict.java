package dev.vtbench.engine.run;

import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.engine.steady.WarmUpTrend;
import java.time.Duration;
import java.util.List;

/**
 * What a finished warm-up round found, in the words both platforms use: the local run's progress
 * line and the cluster's LoadRunning condition and WarmUpFinished Event say the same thing.
 */
public final class WarmUpVerdict {

  private WarmUpVerdict() {}

  /**
   * "SUT steady after 75 s of load"; not yet, with the cap it may still use (the extended one while
   * it improves past the cap, {@link WarmUpTrend}); or, once spent, why it found no steady state
   * and what would let it ({@link RunCursor#warmUpAdvice}).
   *
   * @param after the SUT's state after the round
   * @param round the round's windows
   */
  public static String of(WarmState after, RunCursor cursor, List<LoadWindow> round) {
    if (after.steady()) {
      return "SUT steady after " + seconds(after.underLoad()) + " of load";
    }
    if (cursor.warmUpSpent(after)) {
      return cursor.warmUpAdvice(after, round)
          + ". Measuring anyway: its rows say steady_state=false";
    }
    return "SUT not steady after "
        + seconds(after.underLoad())
        + " of load"
        + (after.improving() && after.underLoad().compareTo(cursor.warmUpCap()) >= 0
            ? " but still improving (up to "
                + seconds(WarmUpTrend.limit(cursor.warmUpCap()))
                + " while it does)"
            : (after.improving() ? " but improving" : "")
                + " (at most "
                + seconds(cursor.warmUpCap())
                + ")");
  }

  /** Whole seconds as "20 s", anything finer as {@link Durations#format} does. */
  public static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : Durations.format(d);
  }
}
