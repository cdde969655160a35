package dev.vtbench.engine.k6;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a cluster run's k6 script saw of the SUT ({@link K6Script#renderForCluster}): its cpuset and
 * JVM, its CPU seconds over the hold and its peaks; and the stub's CPU seconds over the hold.
 * Fields the runner could not read are null.
 *
 * @param node the node the SUT ran on (its {@code NODE_NAME}, from the downward API)
 * @param cpuModel the node's CPU model
 * @param kernel the node's kernel release
 * @param onlineCpus the node's online CPUs as a cpu list, to tell an exclusive cpuset from the
 *     whole node
 * @param stubCpuSeconds the stub's process CPU seconds between the hold's start and end, or null
 *     unless both readings succeeded
 * @param error why the SUT could not be read before the load, or null
 */
public record SutProbe(
    String cpuset,
    Integer availableProcessors,
    String javaVersion,
    String node,
    String cpuModel,
    String kernel,
    String onlineCpus,
    Double cpuSeconds,
    Double stubCpuSeconds,
    double holdSeconds,
    Map<String, Object> peaks,
    String error) {

  /** The SUT's CPU over the hold in percent of one core, or null when unmeasured. */
  public Double cpuPct() {
    return percentOfOneCore(cpuSeconds);
  }

  /** The stub's CPU over the hold in percent of one core, or null when unmeasured. */
  public Double stubCpuPct() {
    return percentOfOneCore(stubCpuSeconds);
  }

  private Double percentOfOneCore(Double seconds) {
    return seconds == null || holdSeconds <= 0 ? null : 100 * seconds / holdSeconds;
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
        text(sut, "cpuset"),
        sut.path("availableProcessors").isNumber() ? sut.path("availableProcessors").asInt() : null,
        text(sut, "javaVersion"),
        text(sut, "node"),
        text(sut, "cpuModel"),
        text(sut, "kernel"),
        text(sut, "onlineCpus"),
        number(p, "sutCpuSeconds"),
        number(p, "stubCpuSeconds"),
        p.path("holdSeconds").asDouble(0),
        peaks,
        p.path("sutError").isString() ? p.path("sutError").asString() : null);
  }

  private static Double number(JsonNode node, String field) {
    return node.path(field).isNumber() ? node.path(field).asDouble() : null;
  }

  private static String text(JsonNode node, String field) {
    return node.path(field).isString() ? node.path(field).asString() : null;
  }
}
