package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.stats.HistogramText;
import dev.vtbench.engine.stats.LatencyHistogram;
import dev.vtbench.engine.stats.WideLatencies;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * A cluster runner's compact summary must fit its termination message ({@link
 * K6Script#SUMMARY_MAX_BYTES}). The largest summaries each kind of SUT makes today, built here in
 * the shape the cluster scripts write (and read back by the parsers to prove it), at the precision
 * their sources give (the SUT's windows to the millisecond, Actuator readings to the microsecond,
 * the stub's cores to a tenth) with the most rows the summary keeps and a 16-core stub node, still
 * leave room for the histogram of latencies spread wide, at a million requests.
 */
class ClusterSummarySizeTest {

  static final Duration HOLD = Duration.ofMinutes(2);

  static final String METRICS =
      """
      "metrics":{"http_req_duration{phase:hold}":{"values":{"avg":104.87654321098765,\
      "min":0.12345678901234,"p(50)":103.45678901234567,"p(95)":187.65432109876543,\
      "p(99)":412.3456789012345,"p(99.9)":1234.5678901234567,"max":5678.901234567891,\
      "count":1234567}},"http_reqs{phase:hold}":{"values":{"count":1234567,\
      "rate":10288.058333333333}},"http_req_failed{phase:hold}":{"values":\
      {"rate":0.012345678901234568,"passes":15241,"fails":1219326}},\
      "dropped_iterations{scenario:hold}":{"values":{"count":12345,"rate":102.875}},\
      "vus_max":{"values":{"value":2000,"min":2000,"max":2000}}}""";

  /** What cluster.js writes for every kind of SUT, before the part only one kind writes. */
  static final String COMMON =
      """
      "sutCpuSeconds":123.456789012345,"dbCpuSeconds":45.6789012345678,\
      "sutThrottledPct":12.3,"sutCpuLimitCores":1.23456,\
      "dbThrottledPct":45.6,"dbCpuLimitCores":0.33333,\
      "loadCpuSeconds":67.8901234567891,"loadThrottledPct":12.3,"loadCpuLimitCores":0.33333,\
      "stub":{"cpuSeconds":12.345678901234567,"cpuset":"4-5","coreBusyPct":{%s},\
      "stealPct":12.3,"throttledPct":45.6,"cpuLimitCores":0.33333},"holdSeconds":120""";

  static String cores() {
    List<String> cores = new ArrayList<>();
    for (int c = 0; c < 16; c++) {
      cores.add("\"" + c + "\":" + (c % 2 == 0 ? "100.0" : "87.6"));
    }
    return String.join(",", cores);
  }

  /** vtbench's SUT: its provenance, peaks, handler thread and {@link K6Script#MAX_WINDOWS}. */
  static String sutSummary(String histogram) {
    List<String> windows = new ArrayList<>();
    for (int i = 0; i < K6Script.MAX_WINDOWS; i++) {
      windows.add(
          String.format(
              Locale.ROOT, "[5.%03d,%d,4.%03d,0.%03d,0.%03d]", 987, 51234 + i, 321, 12, 345));
    }
    return "{"
        + METRICS
        + histogram
        + ",\"vtbench\":{\"sut\":{\"cpuset\":\"2-3,10-11\",\"availableProcessors\":4,"
        + "\"virtualThreadParallelism\":4,"
        + "\"javaVersion\":\"25.0.3+9-LTS\",\"node\":\"worker-node-01.eu-west-1.compute.internal\","
        + "\"cpuModel\":\"Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz\","
        + "\"kernel\":\"6.8.0-1015-aws\",\"onlineCpus\":\"0-15\"},"
        + COMMON.formatted(cores())
        + ",\"peaks\":{\"hikariActiveMax\":50,\"hikariPendingMax\":1234,\"jvmThreadsMax\":2345,"
        + "\"rssMbMax\":1234.5,\"heapMbMax\":567.8,\"pinnedEvents\":0,\"handlerThread\":"
        + "\"VirtualThread[#12345,tomcat-handler-12345]/runnable@ForkJoinPool-1-worker-4\"},"
        + "\"windows\":{\"windowSeconds\":5,\"list\":["
        + String.join(",", windows)
        + "]}}}";
  }

  /**
   * A user's service: its JVM as Actuator reports it, every reading of the hold, every metric
   * missing with its reason, and the notes.
   */
  static String serviceSummary(String histogram) {
    List<String> readings = new ArrayList<>();
    for (int i = 0; i <= K6Script.MAX_WINDOWS; i++) {
      readings.add(
          String.format(
              Locale.ROOT,
              "[%d,%d,%d.123457,%d.4]",
              i * 5001,
              1_000_000 + i * 51234,
              1000 + i,
              40 + i));
    }
    List<String> notes = new ArrayList<>();
    ServiceProbe.CLUSTER_NOTES.forEach(n -> notes.add("\"" + n + "\""));
    return "{"
        + METRICS
        + histogram
        + ",\"vtbench\":{\"sut\":{\"javaVersion\":\"25.0.3+9-LTS\",\"availableProcessors\":4},"
        + COMMON.formatted(cores())
        + ",\"peaks\":{\"hikariActiveMax\":50,\"hikariPendingMax\":1234,\"jvmThreadsMax\":2345,"
        + "\"heapMbMax\":567.8},\"actuator\":{\"windowMs\":5000,\"readings\":["
        + String.join(",", readings)
        + "],\"missing\":{\"COMPILE_SECONDS\":\"no VALUE at"
        + " /actuator/metrics/jvm.compilation.time\",\"HIKARI_PENDING\":\"HTTP 404 at"
        + " /actuator/metrics/hikaricp.connections.pending\"},\"notes\":["
        + String.join(",", notes)
        + "]}}}";
  }

  static String histogramField(LatencyHistogram h) {
    return ",\"" + K6Script.HISTOGRAM_KEY + "\":\"" + HistogramText.encode(h) + "\"";
  }

  static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  @Test
  void aWideHistogramFitsBesideTheLargestClusterSummaries() {
    for (LatencyHistogram wide : List.of(WideLatencies.logNormal(), WideLatencies.logUniform())) {
      for (String summary :
          List.of(sutSummary(histogramField(wide)), serviceSummary(histogramField(wide)))) {
        // the shape the scripts write: every part is read back
        LoadResult load = K6Summary.parse(summary, HOLD);
        assertThat(load.holdHistogram()).isEqualTo(wide);
        SutProbe probe = SutProbe.parse(summary);
        assertThat(probe.stub().coreBusyPct()).hasSize(16);
        assertThat(probe.sutThrottledPct()).isEqualTo(12.3);
        assertThat(probe.stubThrottledPct()).isEqualTo(45.6);
        assertThat(probe.peaks()).containsKey(SutProbe.WINDOWS);

        assertThat(bytes(summary))
            .as(
                "%s%nwithout the histogram: %d bytes",
                summary, bytes(summary) - bytes(histogramField(wide)))
            .isLessThanOrEqualTo(K6Script.SUMMARY_MAX_BYTES);
      }
    }
  }
}
