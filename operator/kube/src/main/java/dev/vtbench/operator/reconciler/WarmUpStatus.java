package dev.vtbench.operator.reconciler;

import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import java.time.Duration;

/**
 * The engine's {@link WarmState} as status keeps it ({@code warmedUp} and {@code warmUp}), so the
 * cursor decides on a cluster from the same state as locally, across operator restarts. The
 * operator adds only what a cluster needs: which start of the SUT the state is about, since a pod
 * can restart under the same configuration.
 */
final class WarmUpStatus {

  private WarmUpStatus() {}

  /**
   * The state status records, or a fresh start of its configuration when the SUT started again
   * since ({@code sutStart} observed now differs from the one recorded; either unknown counts as
   * the same start). A status from before warmUp existed warms up again.
   *
   * @param sutStart the start observed now ({@link SutPods#start}), or null
   */
  static WarmState read(BenchmarkRunStatus status, String sutStart) {
    if (status.warmedUp == null) {
      return WarmState.NONE;
    }
    BenchmarkRunStatus.WarmUp w = status.warmUp;
    boolean restarted =
        w != null && w.sutStart != null && sutStart != null && !w.sutStart.equals(sutStart);
    if (w == null || w.underLoadSeconds == null || restarted) {
      return new WarmState(status.warmedUp, Duration.ZERO, false);
    }
    return new WarmState(
        status.warmedUp,
        Duration.ofMillis(Math.round(w.underLoadSeconds * 1000)),
        Boolean.TRUE.equals(w.steady));
  }

  /** Records {@code warm}, about the SUT start {@code sutStart} (null: not observed). */
  static void write(BenchmarkRunStatus status, WarmState warm, String sutStart) {
    status.warmedUp = warm.sutKey();
    BenchmarkRunStatus.WarmUp w = new BenchmarkRunStatus.WarmUp();
    w.underLoadSeconds = warm.underLoad().toMillis() / 1000.0;
    w.steady = warm.steady();
    w.sutStart = sutStart;
    status.warmUp = w;
  }

  /**
   * The {@link dev.vtbench.operator.resources.Labels#WARM_UP_FROM} of the warm-up step that starts
   * at {@code warm} on the SUT start {@code sutStart}: the load it had before, in milliseconds, and
   * a hash of the start. A restarted SUT begins again from 0 ms; the hash keeps its first step from
   * reading the first step of the SUT before it, whose runner pod may still be there.
   */
  static String stepLabel(WarmState warm, String sutStart) {
    String ms = Long.toString(warm.underLoad().toMillis());
    return sutStart == null ? ms : ms + "-" + Integer.toHexString(sutStart.hashCode());
  }

  /**
   * Which warm-up step starts at {@code warm}, counting from 1: steps are {@link
   * SteadyState#WARM_UP_STEP} long, so exact while only warm-ups ran; a measured hold that drifted
   * adds its own length.
   */
  static long stepNumber(WarmState warm) {
    return warm.underLoad().toMillis() / SteadyState.WARM_UP_STEP.toMillis() + 1;
  }
}
