package dev.vtbench.operator;

import java.util.Map;

/**
 * How many BenchmarkRuns the operator reconciles at once: {@code RECONCILE_THREADS}, else two per
 * CPU the JVM sees (at least two). java-operator-sdk's own default is 50 threads whatever the CPU;
 * on the chart's 500m pod (one CPU to the JVM) 50 reconciles time-slice one CPU, so each takes 50
 * times its work (docs/operator-bench.md: p99 5.7 s with 50 threads). Two per CPU keeps the CPU
 * busy while a reconcile waits on the API server; the rest of the runs wait in the queue, where a
 * run waits anyway.
 */
public final class ReconcileThreads {

  /** The environment variable. */
  public static final String ENV = "RECONCILE_THREADS";

  static final int MIN = 1;
  static final int MAX = 100;

  private ReconcileThreads() {}

  /**
   * {@code env}'s {@link #ENV}, or two per processor of {@code processors} (at least two).
   *
   * @throws IllegalArgumentException naming the variable and the allowed values when it is set to
   *     anything but a whole number from 1 to 100
   */
  public static int of(Map<String, String> env, int processors) {
    String set = env.get(ENV);
    if (set == null || set.isBlank()) {
      return Math.max(2, 2 * processors);
    }
    try {
      int n = Integer.parseInt(set.strip());
      if (n >= MIN && n <= MAX) {
        return n;
      }
    } catch (NumberFormatException e) {
      // the message below says what is allowed
    }
    throw new IllegalArgumentException(
        ENV
            + " must be a whole number from "
            + MIN
            + " to "
            + MAX
            + " (reconciles at once; unset: two per CPU), not '"
            + set
            + "'");
  }
}
