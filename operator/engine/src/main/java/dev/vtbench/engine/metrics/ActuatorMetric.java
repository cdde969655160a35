package dev.vtbench.engine.metrics;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Where each number about a user's own service comes from ({@code spec.sut.service}): the Spring
 * Boot Actuator metric read for it and the key it takes among the SUT's peaks, the same keys
 * vtbench's SUT reports in {@code /api/runtime-info} and {@code ScenarioRow} puts into the row. CPU
 * and resident memory come from its process where vtbench can see it (locally {@code /proc}); on a
 * cluster, where only the k6 runner reaches the service, CPU comes from {@link #CPU_SECONDS} and
 * resident memory stays unknown. Throughput and latency come from k6, as for vtbench's SUT. The one
 * place to change when a number should come from elsewhere; docs/byo.md lists the same table.
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
  /**
   * JIT compilation time in seconds (Actuator reports ms): the steady-state check's "JIT quiet" per
   * window.
   */
  COMPILE_SECONDS("jvm.compilation.time", null, "COUNT", null, 1.0 / 1000),
  /**
   * The JVM process's CPU time in seconds: Micrometer's {@code process.cpu.time} counts it in ns
   * (base unit {@code ns} in Actuator's answer, Spring Boot 4 on Java 25). Read by the cluster
   * script, the only reader that cannot see the process; absent on JVMs without the MXBean.
   */
  CPU_SECONDS("process.cpu.time", null, "COUNT", null, 1e-9),
  /** The processors the JVM sees (provenance on a cluster, like vtbench's availableProcessors). */
  CPU_COUNT("system.cpu.count", null, "VALUE", null, 1),
  HIKARI_ACTIVE("hikaricp.connections.active", null, "VALUE", "hikariActiveMax", 1),
  HIKARI_PENDING("hikaricp.connections.pending", null, "VALUE", "hikariPendingMax", 1),
  /** Live threads, platform threads only: virtual threads are not counted by the JVM's MXBean. */
  THREADS("jvm.threads.live", null, "VALUE", "jvmThreadsMax", 1),
  HEAP_MB("jvm.memory.used", "area:heap", "VALUE", "heapMbMax", 1.0 / (1024 * 1024)),
  /**
   * Tomcat's worker threads busy, this read's own among them: reported only with Tomcat's MBean
   * registry on, which vtbench turns on ({@code ServiceWiring}). Against {@link #TOMCAT_MAX}, the
   * bottleneck rule's "every thread busy" ({@code ServiceBottleneck}).
   */
  TOMCAT_BUSY("tomcat.threads.busy", null, "VALUE", "tomcatBusyMax", 1),
  /** Tomcat's configured maximum of worker threads, as the service runs it. */
  TOMCAT_MAX("tomcat.threads.config.max", null, "VALUE", "tomcatMaxThreads", 1),
  /**
   * Requests in progress inside the service (Spring's long-task timer), this read's own among them:
   * against the VUs, whether the service held all the load offered.
   */
  REQUESTS_ACTIVE("http.server.requests.active", null, "ACTIVE_TASKS", "requestsActiveMax", 1);

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
      List.of(
          HIKARI_ACTIVE,
          HIKARI_PENDING,
          THREADS,
          HEAP_MB,
          TOMCAT_BUSY,
          TOMCAT_MAX,
          REQUESTS_ACTIVE);

  /**
   * How often the {@link #PEAKS} are read: often enough to catch a pool's peak of a few seconds,
   * rarely enough that the reads (seven requests each time, counted by the service like any other
   * and taken off its request count) stay a few per second against its hundreds.
   */
  public static final Duration GAUGE_EVERY = Duration.ofSeconds(1);

  /**
   * Micrometer's JVM description ({@code jvm.info}), whose {@value #VERSION_TAG} tag is the JVM's
   * version: a string, so not a metric's value.
   */
  public static final String JVM_INFO = "jvm.info";

  public static final String VERSION_TAG = "version";

  /** Actuator's metric name, e.g. {@code hikaricp.connections.active}. */
  public String metric() {
    return metric;
  }

  /** The statistic of Actuator's answer that holds the value, e.g. {@code COUNT}. */
  public String statistic() {
    return statistic;
  }

  /** The factor from Actuator's value to this metric's unit (e.g. ns to seconds). */
  public double scale() {
    return scale;
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
   * value}]}), scaled to the row's unit; null when the answer has none. A negative value reads as
   * 0: no metric vtbench reads is negative but Tomcat's threads, -1 when it runs no pool of worker
   * threads (on virtual threads), which the row shows as 0.
   */
  public Double value(Map<String, Object> answer) {
    if (answer == null || !(answer.get("measurements") instanceof List<?> list)) {
      return null;
    }
    for (Object o : list) {
      if (o instanceof Map<?, ?> m
          && statistic.equals(m.get("statistic"))
          && m.get("value") instanceof Number n) {
        return Math.max(0, n.doubleValue()) * scale;
      }
    }
    return null;
  }
}
