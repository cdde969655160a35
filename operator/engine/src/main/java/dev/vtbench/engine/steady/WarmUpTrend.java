package dev.vtbench.engine.steady;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Whether a warm-up that has not reached steady state is still getting somewhere, and what to do
 * when it is over without: the one policy both platforms use past {@code spec.load.sutWarmup}.
 *
 * <p>A real service can need more warm-up than vtbench's own SUT: a Spring Boot sample with JPA and
 * server-side templates, one core, 50 VUs, compiled 106–183 % of every 5 s window for the whole 180
 * s default and then drifted from 300 to 450 req/s inside its hold. A round that still improves
 * ({@link #improving}) earns another, up to {@link #EXTENSION} × the cap; one that does not improve
 * stops at the cap, since more of the same load would not change its verdict.
 */
public final class WarmUpTrend {

  /** How far past {@code spec.load.sutWarmup} a warm-up that still improves may go: this × it. */
  public static final int EXTENSION = 2;

  /** Smallest change between a round's halves that counts as a trend (half the tolerance). */
  static final double MOVE = SteadyState.TOLERANCE / 2;

  /** Share of a core the SUT uses at which the JIT competes with requests for its cores. */
  static final double BUSY = 0.9;

  private WarmUpTrend() {}

  /** The most load a SUT that still improves gets before measuring: {@link #EXTENSION} × cap. */
  public static Duration limit(Duration cap) {
    return cap.multipliedBy(EXTENSION);
  }

  /**
   * Whether the round of {@code windows} improved from its first half to its second: throughput up,
   * or CPU per request down (by more than {@link #MOVE} and more than the CPU noise floor), or the
   * JIT busy half as long as before while still above its quiet share. A JIT still compiling at a
   * steady rate, with throughput and CPU flat, is not improving: it is how that service runs.
   */
  public static boolean improving(List<LoadWindow> windows) {
    if (windows.size() < 2) {
      return false;
    }
    int k = Math.max(1, windows.size() / 2);
    LoadWindow first = LoadWindow.sum(windows.subList(0, k));
    LoadWindow last = LoadWindow.sum(windows.subList(windows.size() - k, windows.size()));
    boolean faster = last.throughput() > first.throughput() * (1 + MOVE);
    Double a = first.appCpuMsPerRequest();
    Double b = last.appCpuMsPerRequest();
    boolean cheaper =
        a != null
            && b != null
            && b < a * (1 - MOVE)
            && (a - b) / 1000 * last.throughput() > SteadyState.CPU_NOISE_CORES;
    Double ja = first.jitShare();
    Double jb = last.jitShare();
    boolean compilingLess =
        ja != null && jb != null && !SteadyState.jitQuiet(windows.subList(0, k)) && jb < ja / 2;
    return faster || cheaper || compilingLess;
  }

  /**
   * What a warm-up that ended without steady state found, and the setting that would let the next
   * run pass, for the progress line, the run's condition and its Event: e.g. {@code the JIT was
   * still compiling (up to 40% of a window, max 5%) while the SUT used 0.97 of its 1 core: give it
   * another (spec.sut.cpu: 2) or measure at lower concurrency}.
   *
   * @param windows the last warm-up round's windows
   * @param underLoad the load the SUT had when the warm-up ended
   * @param sutCpus the CPUs the SUT's spec gives it
   */
  public static String advice(List<LoadWindow> windows, Duration underLoad, int sutCpus) {
    String found = SteadyState.explain(windows);
    if (windows.size() < SteadyState.WINDOWS) {
      return found + ": the round was too short to judge; raise spec.load.sutWarmup";
    }
    List<LoadWindow> last = windows.subList(windows.size() - SteadyState.WINDOWS, windows.size());
    LoadWindow sum = LoadWindow.sum(last);
    boolean compiling = !SteadyState.jitQuiet(last);
    double cores =
        sum.cpuSeconds() == null || sum.seconds() <= 0 ? 0 : sum.cpuSeconds() / sum.seconds();
    String why;
    if (compiling && cores >= BUSY * sutCpus) {
      why =
          String.format(
              Locale.ROOT,
              "the JIT was still compiling while the SUT used %.2f of its %d core%s, so compilation"
                  + " and requests share them: give it another core (spec.sut.cpu: %d) or measure"
                  + " at lower concurrency",
              cores,
              sutCpus,
              sutCpus == 1 ? "" : "s",
              sutCpus + 1);
    } else if (improving(windows) || compiling) {
      why =
          String.format(
              Locale.ROOT,
              "the JVM was still %s after %d s of load: give it more (spec.load.sutWarmup: %ds)",
              compiling ? "compiling" : "getting faster",
              underLoad.toSeconds(),
              2 * underLoad.toSeconds());
    } else {
      why =
          "its level keeps moving with a quiet JIT and no improvement (levels that alternate, or"
              + " a slowdown still sliding): the service's own behaviour, which more warm-up of the"
              + " same load does not settle (the rows' hold_cv shows it)";
    }
    return found + "; " + why;
  }
}
