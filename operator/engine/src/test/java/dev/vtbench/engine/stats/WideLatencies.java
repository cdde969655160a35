package dev.vtbench.engine.stats;

import java.util.Random;

/** Histograms of latencies spread wide, at realistic counts, from fixed seeds. */
public final class WideLatencies {

  private WideLatencies() {}

  /** A million requests, log-normal around 50 ms with sigma 1.2 (99.9 % within 1 ms to 2.5 s). */
  public static LatencyHistogram logNormal() {
    Random r = new Random(11);
    LatencyHistogram h = new LatencyHistogram();
    for (int i = 0; i < 1_000_000; i++) {
      h.add(50 * Math.exp(1.2 * r.nextGaussian()));
    }
    return h;
  }

  /** A million requests spread evenly on a log scale over 1 ms to 30 s. */
  public static LatencyHistogram logUniform() {
    Random r = new Random(12);
    LatencyHistogram h = new LatencyHistogram();
    for (int i = 0; i < 1_000_000; i++) {
      h.add(Math.exp(r.nextDouble() * Math.log(30_000)));
    }
    return h;
  }
}
