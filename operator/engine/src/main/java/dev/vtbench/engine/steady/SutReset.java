package dev.vtbench.engine.steady;

import java.time.Duration;

/**
 * The SUT call that starts a measured phase's load windows ({@code POST /api/runtime-info/reset}),
 * and how far ahead of the phase both platforms send it: the one place the local runner and the
 * cluster script take it from. {@link SteadyState} judges the windows it starts.
 */
public final class SutReset {

  private SutReset() {}

  /**
   * How long before a measured phase the SUT is told when it starts. A reset sent at the start
   * reaches a SUT whose core is full only after the requests queued ahead of it: in the crossover
   * re-run of 2026-11-29 (2-vCPU AMD EPYC VM) 3 of 54 holds, virtual and reactive at 8-16 ms of CPU
   * a request, cut their windows late enough that the last one took in the drain after the hold,
   * and were judged drifting. Sent this much early with the start as a wall-clock time, the reset
   * is served while the load warms up, and the SUT's own timer thread opens the windows on time.
   */
  public static final Duration LEAD = Duration.ofSeconds(5);

  /** {@link #LEAD}, or all the time there is before a phase that starts sooner. */
  public static Duration lead(Duration phaseStart) {
    return phaseStart.compareTo(LEAD) < 0 ? phaseStart : LEAD;
  }

  /**
   * The SUT call that starts a measured phase at {@code startAtEpochMs} (milliseconds since the
   * epoch, the SUT's clock): new peaks then, and windows of {@code window} from then.
   */
  public static String path(Duration window, long startAtEpochMs) {
    return pathStartingAt(window) + startAtEpochMs;
  }

  /**
   * {@link #path(Duration, long)} up to its start time, which the caller appends when it knows it
   * (the cluster script, from its own clock).
   */
  public static String pathStartingAt(Duration window) {
    return "/api/runtime-info/reset?windowMs=" + window.toMillis() + "&startAtEpochMs=";
  }
}
