package dev.vtbench.operator.reconciler.status;

import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.run.WarmUpVerdict;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.engine.steady.WarmUpTrend;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import java.time.Duration;
import java.util.List;

/**
 * The engine's {@link WarmState} as status keeps it ({@code warmedUp} and {@code warmUp}), so the
 * cursor decides on a cluster from the same state as locally, across operator restarts. The
 * operator adds only what a cluster needs to know when its SUT is a new JVM: status names the
 * {@link SutConfig#key()} of the JVM's configuration ({@code RunCursor.jvmConfig}: one per thread
 * mode, whatever pool a load resizes it to), which is what the SUT's Deployment runs ({@code
 * AppTiersStep}); and a pod can restart under the same configuration, so status names the start of
 * the SUT the state is about.
 */
public final class WarmUpStatus {

  private WarmUpStatus() {}

  /**
   * The state of the SUT that runs {@code next}: the one status records, or a fresh start when the
   * SUT runs another configuration or started again since ({@code sutStart} observed now differs
   * from the one recorded; either unknown counts as the same start). A status from before warmUp
   * existed warms up again.
   *
   * @param next the configuration of the next scenario's JVM
   * @param sutStart the start observed now ({@code SutPods.start}), or null
   */
  public static WarmState read(BenchmarkRunStatus status, SutConfig next, String sutStart) {
    WarmState fresh = WarmState.NONE.of(next.restartKey());
    BenchmarkRunStatus.WarmUp w = status.warmUp;
    if (!next.key().equals(status.warmedUp) || w == null || w.underLoadSeconds == null) {
      return fresh;
    }
    if (w.sutStart != null && sutStart != null && !w.sutStart.equals(sutStart)) {
      return fresh;
    }
    return new WarmState(
        next.restartKey(),
        Duration.ofMillis(Math.round(w.underLoadSeconds * 1000)),
        Boolean.TRUE.equals(w.steady),
        Boolean.TRUE.equals(w.improving),
        w.windows == null
            ? List.of()
            : w.windows.stream()
                .map(
                    x ->
                        new LoadWindow(
                            x.seconds == null ? 0 : x.seconds,
                            x.requests == null ? 0 : x.requests,
                            x.cpuSeconds,
                            null,
                            x.jitCpuSeconds))
                .toList());
  }

  /**
   * Records {@code warm} of the SUT running {@code config}, about its start {@code sutStart} (null:
   * not observed).
   */
  public static void write(
      BenchmarkRunStatus status, WarmState warm, SutConfig config, String sutStart) {
    status.warmedUp = config.key();
    BenchmarkRunStatus.WarmUp w = new BenchmarkRunStatus.WarmUp();
    w.underLoadSeconds = warm.underLoad().toMillis() / 1000.0;
    w.steady = warm.steady();
    w.improving = warm.improving() ? true : null;
    w.sutStart = sutStart;
    w.windows =
        warm.series().isEmpty()
            ? null
            : warm.series().stream()
                .map(
                    x -> {
                      BenchmarkRunStatus.Window o = new BenchmarkRunStatus.Window();
                      o.seconds = x.seconds();
                      o.requests = x.requests();
                      o.cpuSeconds = x.cpuSeconds();
                      o.jitCpuSeconds = x.jitCpuSeconds();
                      return o;
                    })
                .toList();
    status.warmUp = w;
  }

  /**
   * The SUT no longer counts as steady (a tier restarted under its measured hold): its next load is
   * a warm-up round if its warm-up is not spent ({@code RunCursor#next}). Its load so far stays, so
   * the round's label is one no earlier round had.
   */
  public static void unsettle(BenchmarkRunStatus status) {
    if (status.warmUp != null) {
      status.warmUp.steady = false;
      status.warmUp.improving = null;
    }
  }

  /**
   * The {@link dev.vtbench.operator.resources.Labels#WARM_UP_FROM} of the warm-up round that starts
   * at {@code warm} on the SUT start {@code sutStart}: the load it had before, in milliseconds, and
   * a hash of the start. A restarted SUT begins again from 0 ms; the hash keeps its first round
   * from reading the first round of the SUT before it, whose runner pod may still be there.
   */
  public static String roundLabel(WarmState warm, String sutStart) {
    String ms = Long.toString(warm.underLoad().toMillis());
    return sutStart == null ? ms : ms + "-" + Integer.toHexString(sutStart.hashCode());
  }

  /**
   * Which warm-up round starts at {@code warm}, counting from 1: rounds are {@code round} long
   * ({@link dev.vtbench.engine.run.RunCursor#warmUpRound}), so exact while only warm-ups ran; a
   * measured hold that drifted adds its own length.
   */
  static long roundNumber(WarmState warm, Duration round) {
    return warm.underLoad().toMillis() / round.toMillis() + 1;
  }

  /** "JIT warm-up round 2 (60 s so far, at most 180 s)": where the SUT's warm-up stands. */
  public static String roundMessage(WarmState warm, RunCursor cursor) {
    return "JIT warm-up round "
        + roundNumber(warm, cursor.warmUpRound())
        + " ("
        + WarmUpVerdict.seconds(warm.underLoad())
        + " so far, at most "
        + WarmUpVerdict.seconds(
            warm.improving() ? WarmUpTrend.limit(cursor.warmUpCap()) : cursor.warmUpCap())
        + (warm.improving() ? " while improving" : "")
        + ")";
  }
}
