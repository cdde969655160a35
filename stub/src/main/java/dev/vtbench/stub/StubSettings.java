package dev.vtbench.stub;

import java.util.Map;

/**
 * The stub's configuration, read from the environment.
 *
 * @param delayMs STUB_DELAY_MS: default delay of every response (the reference rig's 100 ms)
 * @param errorRate STUB_ERROR_RATE: share of responses, 0..1, answered 500 for fault tests
 */
public record StubSettings(long delayMs, double errorRate) {

  /** Longest delay a request may ask for, so a typo cannot park a connection for hours. */
  public static final long MAX_DELAY_MS = 600_000;

  public static StubSettings fromEnv(Map<String, String> env) {
    long delay = 100;
    String rawDelay = env.get("STUB_DELAY_MS");
    if (rawDelay != null && !rawDelay.isBlank()) {
      try {
        delay = Long.parseLong(rawDelay.strip());
      } catch (NumberFormatException e) {
        delay = -1;
      }
      if (delay < 0 || delay > MAX_DELAY_MS) {
        throw new IllegalArgumentException(
            "STUB_DELAY_MS="
                + rawDelay
                + " is invalid: expected milliseconds from 0 to "
                + MAX_DELAY_MS);
      }
    }
    double rate = 0;
    String rawRate = env.get("STUB_ERROR_RATE");
    if (rawRate != null && !rawRate.isBlank()) {
      try {
        rate = Double.parseDouble(rawRate.strip());
      } catch (NumberFormatException e) {
        rate = -1;
      }
      if (!(rate >= 0 && rate <= 1)) {
        throw new IllegalArgumentException(
            "STUB_ERROR_RATE=" + rawRate + " is invalid: expected a fraction from 0 to 1");
      }
    }
    return new StubSettings(delay, rate);
  }
}
