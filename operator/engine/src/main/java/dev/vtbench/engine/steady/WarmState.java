package dev.vtbench.engine.steady;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How warm the running SUT is: which JVM configuration it runs ({@code SutConfig.restartKey()}),
 * how long it has been under load since it started, whether a load phase has found it at steady
 * state, whether its last warm-up round still improved, and the windows its warm-up rounds reported
 * (the series {@link SteadyState#judge} reads for a trend). A new configuration means a new JVM,
 * and the state starts over.
 *
 * @param sutKey the configuration's key, or null before any SUT ran
 * @param underLoad warm-up and measured load since the SUT started
 * @param steady whether the last judged load phase found it steady
 * @param improving whether the last warm-up round, not steady, still got faster or cheaper ({@link
 *     WarmUpTrend#improving}); false after a measured load
 * @param series the warm-up's windows since the SUT started, oldest first, at most {@link
 *     #MAX_SERIES}; empty where they were not kept
 */
public record WarmState(
    String sutKey, Duration underLoad, boolean steady, boolean improving, List<LoadWindow> series) {

  /** Before any SUT ran. */
  public static final WarmState NONE = new WarmState(null, Duration.ZERO, false, false);

  /** Windows a warm-up series keeps: 4 minutes of 5 s windows, longer than any default warm-up. */
  public static final int MAX_SERIES = 48;

  public WarmState {
    series = List.copyOf(series);
  }

  /** A state without its warm-up's windows. */
  public WarmState(String sutKey, Duration underLoad, boolean steady, boolean improving) {
    this(sutKey, underLoad, steady, improving, List.of());
  }

  /** The state of the SUT running {@code key}: this one, or a fresh start when it differs. */
  public WarmState of(String key) {
    return key.equals(sutKey) ? this : new WarmState(key, Duration.ZERO, false, false);
  }

  /**
   * The state after a warm-up load of {@code length} whose windows were {@code windows}: steady
   * once the series so far ends on a level with a quiet JIT ({@link SteadyState#judge}), else
   * improving or not.
   */
  public WarmState afterWarmUp(Duration length, List<LoadWindow> windows) {
    List<LoadWindow> all = new ArrayList<>(series);
    all.addAll(windows);
    List<LoadWindow> kept = all.subList(Math.max(0, all.size() - MAX_SERIES), all.size());
    boolean now = SteadyState.judge(kept) == SteadyState.Verdict.STEADY;
    return new WarmState(
        sutKey, underLoad.plus(length), now, !now && WarmUpTrend.improving(windows), kept);
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
    return new WarmState(sutKey, underLoad.plus(length), now, false, series);
  }

  /**
   * The shape of the warm-up series, whose noise widens a hold's tolerance; null when too short.
   */
  public Shape shape() {
    return series.size() < SteadyState.WINDOWS ? null : Shape.of(series);
  }
}
