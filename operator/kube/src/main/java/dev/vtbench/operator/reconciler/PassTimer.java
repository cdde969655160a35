package dev.vtbench.operator.reconciler;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;

/** One pass's clock: started on the reconcile thread, stopped on it, told where the pass ended. */
final class PassTimer {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final PassTimes times;
  private final long wallStart = System.nanoTime();
  private final long cpuStart = cpu();
  private String step = "Admission";

  private PassTimer(PassTimes times) {
    this.times = times;
  }

  static PassTimer start(PassTimes times) {
    return new PassTimer(times);
  }

  /** The pass got as far as {@code step}. */
  void at(String step) {
    this.step = step;
  }

  void stop() {
    times.record(
        step, Duration.ofNanos(System.nanoTime() - wallStart), Duration.ofNanos(cpu() - cpuStart));
  }

  /** The current thread's CPU time, or 0 where the JVM does not measure it. */
  private static long cpu() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
  }
}
