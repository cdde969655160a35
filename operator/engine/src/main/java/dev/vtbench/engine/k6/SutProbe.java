package dev.vtbench.engine.k6;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a cluster run's k6 script saw of the SUT ({@link K6Script#renderForCluster}): its cpuset and
 * JVM, its CPU seconds over the hold and its peaks. Fields the runner could not read are null.
 *
 * @param error why the SUT could not be read before the load, or null
 */
public record SutProbe(
    String cpuset,
    Integer availableProcessors,
    String javaVersion,
    Double cpuSeconds,
    double holdSeconds,
    Map<String, Object> peaks,
    String error) {

  /** The SUT's CPU over the hold in percent of one core, or null when unmeasured. */
  public Double cpuPct() {
    return cpuSeconds == null || holdSeconds <= 0 ? null : 100 * cpuSeconds / holdSeconds;
  }

  /**
   * Reads the {@value K6Script#PROBE_KEY} object of a cluster run's summary.
   *
   * @throws IllegalArgumentException when the summary has none: it was not made by {@link
   *     K6Script#renderForCluster}
   */
  public static SutProbe parse(String summaryJson) {
    JsonNode root;
    try {
      root = JsonMapper.shared().readTree(summaryJson == null ? "" : summaryJson);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("k6 summary is not JSON: " + e.getOriginalMessage(), e);
    }
    JsonNode p = root == null ? null : root.get(K6Script.PROBE_KEY);
    if (p == null || !p.isObject()) {
      throw new IllegalArgumentException(
          "k6 summary has no '" + K6Script.PROBE_KEY + "' object: was it made for a cluster run?");
    }
    JsonNode sut = p.path("sut");
    Map<String, Object> peaks = new LinkedHashMap<>();
    p.path("peaks")
        .properties()
        .forEach(
            e ->
                peaks.put(e.getKey(), e.getValue().isNumber() ? e.getValue().numberValue() : null));
    return new SutProbe(
        sut.path("cpuset").isString() ? sut.path("cpuset").asString() : null,
        sut.path("availableProcessors").isNumber() ? sut.path("availableProcessors").asInt() : null,
        sut.path("javaVersion").isString() ? sut.path("javaVersion").asString() : null,
        p.path("sutCpuSeconds").isNumber() ? p.path("sutCpuSeconds").asDouble() : null,
        p.path("holdSeconds").asDouble(0),
        peaks,
        p.path("sutError").isString() ? p.path("sutError").asString() : null);
  }
}
