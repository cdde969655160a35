package dev.vtbench.engine.k6;

import dev.vtbench.engine.metrics.ActuatorMetric;
import dev.vtbench.engine.metrics.ServiceWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A user's service on a cluster ({@code spec.sut.service}), which only the k6 runner reaches and
 * only Spring Boot Actuator describes: what {@code PLAN.cluster.actuator} tells {@code
 * cluster-service.js} to read ({@link ActuatorMetric}'s paths, statistics and scales), and how
 * {@link SutProbe#parse} turns the raw readings it wrote back into peaks and load windows. The
 * windows are built by {@link ServiceWindows}, as for the local runner's sampler, so both platforms
 * cut them, and say why a number is missing, the same way.
 */
final class ServiceProbe {

  private ServiceProbe() {}

  /** The k6 scenario that watches the service over the hold. */
  static final String SCENARIO = "watch";

  /** Key of the readings object in the summary's {@value K6Script#PROBE_KEY} object. */
  static final String KEY = "actuator";

  /**
   * The fields of one reading at a window's edge, in the order the script writes them: ms since the
   * hold's first reading, requests so far (the sampler's own reads taken off), CPU and JIT seconds
   * so far; null where unread.
   */
  static final List<String> READING = List.of("ms", "requests", "cpuSeconds", "compileSeconds");

  /** The peaks of a service, under the keys vtbench's SUT reports them. */
  static final List<String> PEAK_KEYS =
      ActuatorMetric.PEAKS.stream().map(ActuatorMetric::peakKey).toList();

  /**
   * Why a service's row on a cluster lacks what vtbench's SUT reports of itself, or what the runner
   * cannot see: in the notes of every such row.
   */
  static final List<String> CLUSTER_NOTES =
      List.of(
          ServiceWindows.NO_PINNED_EVENTS,
          "rss_mb_max empty: Actuator reports no resident memory and the runner cannot see the"
              + " service's process",
          "cpu_model and kernel empty: only vtbench's own SUT reports the node's CPU and kernel"
              + " (the operator takes node from the pod and sut_cpuset from its cpuset probe)",
          "pg_cpu_pct empty: only vtbench's own SUT reads its database's CPU");

  /**
   * {@code PLAN.cluster.actuator}: whether the service has Actuator, every metric the script reads
   * (by {@link ActuatorMetric} name: path, statistic, scale, and peak key for a gauge), how often
   * and how many windows, and the notes the summary carries.
   *
   * @param actuatorPath Actuator's base path, empty when the service has none
   * @param windows the hold's whole windows the script reads ({@link ScriptPlan#holdWindows})
   */
  static Map<String, Object> plan(String actuatorPath, Duration window, int windows) {
    boolean present = actuatorPath != null && !actuatorPath.isEmpty();
    Map<String, Object> metrics = new LinkedHashMap<>();
    for (ActuatorMetric m : ActuatorMetric.values()) {
      Map<String, Object> read = new LinkedHashMap<>();
      read.put("path", m.path(present ? actuatorPath : ""));
      read.put("statistic", m.statistic());
      read.put("scale", m.scale());
      read.put("peak", m.peakKey());
      metrics.put(m.name(), read);
    }
    List<String> notes = new ArrayList<>(CLUSTER_NOTES);
    if (!present) {
      notes.add(ServiceWindows.NO_ACTUATOR);
    }
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("present", present);
    a.put("windowMs", window.toMillis());
    a.put("windows", windows);
    a.put("gaugeEveryMs", ActuatorMetric.GAUGE_EVERY.toMillis());
    a.put("readingFields", READING);
    a.put("metrics", metrics);
    a.put("peaks", ActuatorMetric.PEAKS.stream().map(ActuatorMetric::name).toList());
    a.put("jvmInfo", (present ? actuatorPath : "") + "/metrics/" + ActuatorMetric.JVM_INFO);
    a.put("versionTag", ActuatorMetric.VERSION_TAG);
    a.put("absent", "no Actuator");
    a.put("notes", notes);
    a.put("summaryKey", KEY);
    return a;
  }

  /**
   * The service's peaks in {@code /api/runtime-info}'s shape ({@link ServiceWindows#peaks}: the
   * gauges' maxima, the load windows, the notes) from the summary's {@value #KEY} object and its
   * peaks.
   *
   * @param actuator {@code windowMs}, {@code readings} (arrays of {@link #READING}), {@code
   *     missing} ({@link ActuatorMetric} name → why it was not read) and {@code notes}
   * @param peaks the gauges' maxima by peak key, null where never read
   */
  static Map<String, Object> peaks(JsonNode actuator, JsonNode peaks) {
    ServiceWindows w = new ServiceWindows(Duration.ofMillis(actuator.path("windowMs").asLong()));
    for (JsonNode note : actuator.path("notes")) {
      w.note(note.asString());
    }
    boolean first = true;
    for (JsonNode r : actuator.path("readings")) {
      ServiceWindows.Reading reading =
          new ServiceWindows.Reading(
              Math.round(r.path(0).asDouble() * 1e6),
              r.path(1).isNumber() ? r.path(1).asLong() : null,
              number(r.path(2)),
              number(r.path(3)),
              // the runner cannot see the service's threads: its JIT's CPU is unknown
              null);
      if (first) {
        w.start(reading);
        first = false;
      } else {
        w.windowEnd(reading);
      }
    }
    Map<String, String> missing = new LinkedHashMap<>();
    actuator
        .path("missing")
        .properties()
        .forEach(e -> missing.put(e.getKey(), e.getValue().asString()));
    for (ActuatorMetric m : ActuatorMetric.PEAKS) {
      w.gauge(m, number(peaks.path(m.peakKey())), missing.getOrDefault(m.name(), "never sampled"));
    }
    missing.forEach(
        (name, why) -> {
          ActuatorMetric m = metric(name);
          if (m != null && m.peakKey() == null) {
            w.note(m.metric() + " not read: " + why);
          }
        });
    return w.peaks();
  }

  private static ActuatorMetric metric(String name) {
    for (ActuatorMetric m : ActuatorMetric.values()) {
      if (m.name().equals(name)) {
        return m;
      }
    }
    return null;
  }

  private static Double number(JsonNode n) {
    return n.isNumber() ? n.asDouble() : null;
  }
}
