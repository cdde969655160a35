package dev.vtbench.operator.reconciler;

import java.time.Duration;

/**
 * Where each pass's time goes: its wall time and the reconcile thread's own CPU time in it, by the
 * step it ended at ({@code Ended} for a run already ended, {@code Admission} for one refused there,
 * else the step's class, e.g. {@code FinishStep}). The operator's /metrics exports them ({@code
 * vtbench_reconcile_pass_seconds}, {@code vtbench_reconcile_pass_cpu_seconds}); a pass whose wall
 * time is far above its CPU time was waiting for the API server.
 */
@FunctionalInterface
public interface PassTimes {

  PassTimes NONE = (step, wall, cpu) -> {};

  void record(String step, Duration wall, Duration cpu);
}
