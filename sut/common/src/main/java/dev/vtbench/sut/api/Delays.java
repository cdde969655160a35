package dev.vtbench.sut.api;

import dev.vtbench.sut.errors.Params;

/**
 * How long each workload endpoint waits, from its request parameter, with the seed experiment's
 * default when the parameter is left out: one home, so both SUTs wait the same.
 */
public final class Delays {

  private Delays() {}

  /** The longest wait any endpoint accepts: ten minutes. */
  public static final long MAX_MS = 600_000;

  /** order-summary's {@code delayMs}; null leaves the stub's own default (100 ms). */
  public static Long orderSummary(String delayMs) {
    return delayMs == null ? null : Params.millis("delayMs", delayMs, 100, MAX_MS);
  }

  /** Seed 001's service call: {@code delayMs}, 20 ms by default. */
  public static long downstream(String delayMs) {
    return Params.millis("delayMs", delayMs, 20, MAX_MS);
  }

  /** Seed 001's {@code pg_sleep}: {@code ms}, 20 ms by default. */
  public static long dbSleep(String ms) {
    return Params.millis("ms", ms, 20, MAX_MS);
  }

  /** Seeds 003 and 004's sleep: {@code ms}, 1 s by default. */
  public static long sleep(String ms) {
    return Params.millis("ms", ms, 1000, MAX_MS);
  }

  /** Seed 002's per-row call: {@code delayMs}, 300 ms by default. */
  public static long users(String delayMs) {
    return Params.millis("delayMs", delayMs, 300, MAX_MS);
  }
}
