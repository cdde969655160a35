package dev.vtbench.engine.steady;

import java.time.Duration;
import java.util.List;

/**
 * How warm the running SUT is: which JVM configuration it runs ({@code SutConfig.restartKey()}),
 * how long it has been under load since it started, whether a load phase has found it at steady
 * state, and whether its last warm-up round still improved. A new configuration means a new JVM,
 * and the state starts over.
 *
 * @param sutKey the configuration's key, or null before any SUT ran
 * @param underLoad warm-up and measured load since the SUT started
 * @param steady whether the last judged load phase found it steady
 * @param improving whether the last warm-up round, not steady, still got faster or cheaper ({@link
 *     WarmUpTrend#improving}); false after a measured load
 */
public record WarmState(String sutKey, Duration underLoad, boolean steady, boolean improving) {

  /** Before any SUT ran. */
  public static final WarmState NONE = new WarmState(null, Duration.ZERO, false, false);

  /** The state of the SUT running {@code key}: this one, or a fresh start when it differs. */
  public WarmState of(String key) {
    return key.equals(sutKey) ? this : new WarmState(key, Duration.ZERO, false, false);
  }

  /**
   * The state after a warm-up load of {@code length} whose windows were {@code windows}: steady
   * once the last of them agree ({@link SteadyState#judge}), else improving or not.
   */
  public WarmState afterWarmUp(Duration length, List<LoadWindow> windows) {
    boolean now = SteadyState.judge(windows) == SteadyState.Verdict.STEADY;
    return new WarmState(
        sutKey, underLoad.plus(length), now, !now && WarmUpTrend.improving(windows));
  }

  /**
   * The state after a measured load of {@code length}: a hold judged steady shows the SUT is. One
   * judged not steady labels its own row (steady_state=false) but does not send the SUT back to
   * warming up: every later hold is judged on its own windows, and a new concurrency level's first
   * seconds (a few compilations of newly hot paths) would otherwise cost a whole warm-up round.
   */
  public WarmState afterMeasure(Duration length, SteadyState.Verdict hold) {
    boolean now =
        switch (hold) {
          case STEADY -> true;
          case NOT_STEADY, TOO_SHORT -> steady;
        };
    return new WarmState(sutKey, underLoad.plus(length), now, false);
  }
}
