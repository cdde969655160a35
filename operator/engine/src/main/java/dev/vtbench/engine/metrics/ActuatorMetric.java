package dev.vtbench.engine.metrics;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Where each number about a user's own service comes from ({@code spec.sut.service}): the Spring
 * Boot Actuator metric read for it and the key it takes among the SUT's peaks, the same keys
 * vtbench's SUT reports in {@code /api/runtime-info} and {@code ScenarioRow} puts into the row. CPU
 * and resident memory do not come from the service but from its process (locally {@code /proc});
 * throughput and latency from k6, as for vtbench's SUT. The one place to change when a number
 * should come from elsewhere; docs/byo.md lists the same table.
 */
public enum ActuatorMetric {
  /** Completed requests: their difference per window is the steady-state check's throughput. */
  REQUESTS("http.server.requests", null, "COUNT", null, 1),
  /**
   * The requests the sampler itself sent to the metrics endpoint, counted by the service like
   * others: taken off {@link #REQUESTS}. {@value #ACTUATOR_BASE} stands for the Actuator base path.
   */
  OWN_READS(
      "http.server.requests",
      "uri:" + ActuatorMetric.ACTUATOR_BASE + "/metrics/{requiredMetricName}",
      "COUNT",
      null,
      1),
  /** JIT compilation time in ms: the steady-state check's "JIT quiet" per window. */
  COMPILATION_MS("jvm.compilation.time", null, "COUNT", null, 1),
  HIKARI_ACTIVE("hikaricp.connections.active", null, "VALUE", "hikariActiveMax", 1),
  HIKARI_PENDING("hikaricp.connections.pending", null, "VALUE", "hikariPendingMax", 1),
  /** Live threads, platform threads only: virtual threads are not counted by the JVM's MXBean. */
  THREADS("jvm.threads.live", null, "VALUE", "jvmThreadsMax", 1),
  HEAP_MB("jvm.memory.used", "area:heap", "VALUE", "heapMbMax", 1.0 / (1024 * 1024));

  private final String metric;
  private final String tag;
  private final String statistic;
  private final String peakKey;
  private final double scale;

  ActuatorMetric(String metric, String tag, String statistic, String peakKey, double scale) {
    this.metric = metric;
    this.tag = tag;
    this.statistic = statistic;
    this.peakKey = peakKey;
    this.scale = scale;
  }

  /** The gauges sampled for their peak over a hold. */
  public static final List<ActuatorMetric> PEAKS =
      List.of(HIKARI_ACTIVE, HIKARI_PENDING, THREADS, HEAP_MB);

  /** Actuator's metric name, e.g. {@code hikaricp.connections.active}. */
  public String metric() {
    return metric;
  }

  /** The key of its peak in the SUT's peaks (and so its row column), or null for a counter. */
  public String peakKey() {
    return peakKey;
  }

  /**
   * The URL path of this metric under the service's Actuator base path, e.g. {@code
   * /actuator/metrics/jvm.memory.used?tag=area:heap}.
   */
  public String path(String actuatorBase) {
    return actuatorBase
        + "/metrics/"
        + metric
        + (tag == null
            ? ""
            : "?tag="
                + URLEncoder.encode(
                        tag.replace(ACTUATOR_BASE, actuatorBase), StandardCharsets.UTF_8)
                    .replace("%3A", ":")
                    .replace("%2F", "/"));
  }

  /** In a tag, where the service's Actuator base path goes. */
  static final String ACTUATOR_BASE = "{actuator}";

  /**
   * The value of this metric's statistic in Actuator's answer ({@code measurements: [{statistic,
   * value}]}), scaled to the row's unit; null when the answer has none.
   */
  public Double value(Map<String, Object> answer) {
    if (answer == null || !(answer.get("measurements") instanceof List<?> list)) {
      return null;
    }
    for (Object o : list) {
      if (o instanceof Map<?, ?> m
          && statistic.equals(m.get("statistic"))
          && m.get("value") instanceof Number n) {
        return n.doubleValue() * scale;
      }
    }
    return null;
  }
}
