package dev.vtbench.engine.k6;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.stats.HistogramText;
import dev.vtbench.engine.stats.LatencyHistogram;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Against real k6 v1.8.1 summaries (see the fixtures' README): the expected numbers are read from
 * those files, hold 3 s each.
 */
class K6SummaryTest {

  static final Duration HOLD = Duration.ofSeconds(3);

  static String fixture(String name) {
    try (InputStream in = K6SummaryTest.class.getResourceAsStream(name)) {
      assertThat(in).as("fixture %s", name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void closedModelAgainstThe20msStub() {
    LoadResult r = K6Summary.parse(fixture("closed-20vus-stub20ms.json"), HOLD);

    assertThat(r.httpReqs()).isEqualTo(2775);
    assertThat(r.throughputRps()).isCloseTo(925.0, within(1e-9));
    assertThat(r.p50Ms()).isEqualTo(21.148093);
    assertThat(r.p95Ms()).isEqualTo(23.358113499999998);
    assertThat(r.p99Ms()).isEqualTo(25.891762059999994);
    assertThat(r.p999Ms()).isEqualTo(33.150630156000005);
    assertThat(r.maxMs()).isEqualTo(33.525841);
    assertThat(r.meanMs()).isEqualTo(21.435672543783785);
    assertThat(r.errorRate()).isZero();
    assertThat(r.vusMax()).isEqualTo(20);
    assertThat(r.droppedIterations()).isZero();
    assertOrderedAboveTheStubDelay(r);
    // Little's law: 20 VUs over ~21.4 ms each
    assertThat(r.throughputRps()).isCloseTo(20 / 0.0214, within(30.0));
  }

  @Test
  void openModelAgainstThe20msStub() {
    LoadResult r = K6Summary.parse(fixture("open-100rps-stub20ms.json"), HOLD);

    assertThat(r.httpReqs()).isEqualTo(301);
    assertThat(r.throughputRps()).isCloseTo(301 / 3.0, within(1e-9));
    assertThat(r.throughputRps()).isCloseTo(100, within(1.0));
    assertThat(r.p50Ms()).isEqualTo(20.832829);
    assertThat(r.p99Ms()).isEqualTo(22.028891);
    assertThat(r.p999Ms()).isEqualTo(23.43955430000002);
    assertThat(r.maxMs()).isEqualTo(23.563301);
    assertThat(r.errorRate()).isZero();
    // the warm-up's VUs are handed to the hold: maxVUs, not twice that
    assertThat(r.vusMax()).isEqualTo(50);
    assertThat(r.droppedIterations()).isZero();
    assertOrderedAboveTheStubDelay(r);
  }

  @Test
  void openModelWithTooFewVUsReportsTheHoldsDroppedIterations() {
    LoadResult r = K6Summary.parse(fixture("open-100rps-1vu-dropped.json"), HOLD);

    assertThat(r.httpReqs()).isEqualTo(101);
    assertThat(r.throughputRps()).isCloseTo(101 / 3.0, within(1e-9));
    // the hold's own 200, not the run's 354
    assertThat(r.droppedIterations()).isEqualTo(200);
    assertThat(r.httpReqs() + r.droppedIterations()).isEqualTo(301);
    assertThat(r.vusMax()).isEqualTo(1);
    assertThat(r.errorRate()).isZero();
    assertOrderedAboveTheStubDelay(r);
  }

  @Test
  void aRefusedTargetIsAllErrors() {
    LoadResult r = K6Summary.parse(fixture("closed-20vus-refused.json"), HOLD);

    assertThat(r.errorRate()).isEqualTo(1.0);
    assertThat(r.httpReqs()).isEqualTo(33139);
    assertThat(r.throughputRps()).isCloseTo(33139 / 3.0, within(1e-9));
    // k6 times a refused request at 0 ms: connecting is not part of http_req_duration
    assertThat(r.p99Ms()).isZero();
    assertThat(r.vusMax()).isEqualTo(20);
  }

  @Test
  void aHoldWithoutRequestsHasNoLatencyRatherThanZeroMs() {
    // k6 reports a sub-metric without samples as zeros (seen with k6 1.8.1); set the hold's to that
    ObjectNode root =
        (ObjectNode) JsonMapper.shared().readTree(fixture("open-100rps-stub20ms.json"));
    ObjectNode metrics = (ObjectNode) root.get("metrics");
    ObjectNode duration = (ObjectNode) metrics.get(K6Script.HOLD_DURATION).get("values");
    duration.propertyNames().forEach(stat -> duration.put(stat, 0));
    ((ObjectNode) metrics.get(K6Script.HOLD_REQS).get("values")).put("count", 0).put("rate", 0);
    ((ObjectNode) metrics.get(K6Script.HOLD_FAILED).get("values"))
        .put("rate", 0)
        .put("passes", 0)
        .put("fails", 0);

    LoadResult r = K6Summary.parse(root.toString(), HOLD);

    assertThat(r.httpReqs()).isZero();
    assertThat(r.throughputRps()).isZero();
    assertThat(r.p50Ms()).isNaN();
    assertThat(r.meanMs()).isNaN();
    assertThat(r.p99Ms()).isNaN();
    assertThat(r.maxMs()).isNaN();
    assertThat(r.errorRate()).isNaN();
    assertThat(r.vusMax()).isEqualTo(50);
  }

  @Test
  void aSummaryWithoutTheMeanStillParses() {
    ObjectNode root =
        (ObjectNode) JsonMapper.shared().readTree(fixture("closed-20vus-stub20ms.json"));
    ((ObjectNode) root.get("metrics").get(K6Script.HOLD_DURATION).get("values")).remove("avg");

    LoadResult r = K6Summary.parse(root.toString(), HOLD);

    assertThat(r.meanMs()).isNaN();
    assertThat(r.p50Ms()).isEqualTo(21.148093);
  }

  @Test
  void missingMetricsAreNamed() {
    ObjectNode root =
        (ObjectNode) JsonMapper.shared().readTree(fixture("closed-20vus-stub20ms.json"));
    ObjectNode metrics = (ObjectNode) root.get("metrics");
    metrics.remove(K6Script.HOLD_DURATION);
    assertThatThrownBy(() -> K6Summary.parse(root.toString(), HOLD))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "k6 summary has no http_req_duration{phase:hold}: was the script built by K6Script?");

    ObjectNode other =
        (ObjectNode) JsonMapper.shared().readTree(fixture("closed-20vus-stub20ms.json"));
    ((ObjectNode) other.get("metrics").get(K6Script.HOLD_DURATION).get("values")).remove("p(99.9)");
    assertThatThrownBy(() -> K6Summary.parse(other.toString(), HOLD))
        .hasMessageStartingWith("k6 summary's http_req_duration{phase:hold} has no p(99.9)")
        .hasMessageContaining("summaryTrendStats");

    ((ObjectNode) other.get("metrics")).remove("vus_max");
    ((ObjectNode) other.get("metrics").get(K6Script.HOLD_DURATION).get("values"))
        .put("p(99.9)", "fast");
    assertThatThrownBy(() -> K6Summary.parse(other.toString(), HOLD))
        .hasMessage("k6 summary's http_req_duration{phase:hold} p(99.9) is \"fast\", not a number");
  }

  /**
   * The hold's histogram, text at the summary's top level, comes back as counted; a summary from
   * before vtbench counted it has none.
   */
  @Test
  void theHoldsHistogramIsReadWhenThereIsOne() {
    assertThat(K6Summary.parse(fixture("closed-20vus-stub20ms.json"), HOLD).holdHistogram())
        .isNull();

    ObjectNode root =
        (ObjectNode) JsonMapper.shared().readTree(fixture("closed-20vus-stub20ms.json"));
    LatencyHistogram counted = LatencyHistogram.of(20.5, 21, 21.2, 33.5);
    root.put(K6Script.HISTOGRAM_KEY, HistogramText.encode(counted));
    assertThat(K6Summary.parse(root.toString(), HOLD).holdHistogram()).isEqualTo(counted);

    root.put(K6Script.HISTOGRAM_KEY, HistogramText.SCHEME + ";0;0;5:1,3:1");
    assertThatThrownBy(() -> K6Summary.parse(root.toString(), HOLD))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("k6 summary's holdHistogram: latency histogram '")
        .hasMessageEndingWith("runs must ascend without overlapping (the next free bucket is 6)");
    root.put(K6Script.HISTOGRAM_KEY, 42);
    assertThatThrownBy(() -> K6Summary.parse(root.toString(), HOLD))
        .hasMessage("k6 summary's holdHistogram is 42, not a string");
  }

  @Test
  void notASummaryAtAll() {
    assertThatThrownBy(() -> K6Summary.parse("", HOLD)).hasMessageContaining("metrics");
    assertThatThrownBy(() -> K6Summary.parse("{\"root_group\": {}}", HOLD))
        .hasMessage(
            "k6 summary has no 'metrics' object: is this the JSON that handleSummary wrote?");
    assertThatThrownBy(() -> K6Summary.parse("running (0m01.0s), 20/20 VUs", HOLD))
        .hasMessageStartingWith("k6 summary is not JSON");
    assertThatThrownBy(() -> K6Summary.parse(fixture("closed-20vus-stub20ms.json"), Duration.ZERO))
        .hasMessage("hold must be > 0 (was PT0S)");
  }

  @Test
  void aMissingFileIsNamed() {
    Path missing = Path.of("/nonexistent/vtbench/summary.json");
    assertThatThrownBy(() -> K6Summary.parse(missing, HOLD))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining(missing.toString())
        .hasMessageContaining("did k6 finish?");
  }

  static void assertOrderedAboveTheStubDelay(LoadResult r) {
    assertThat(r.p50Ms()).isGreaterThan(20);
    assertThat(r.p95Ms()).isGreaterThanOrEqualTo(r.p50Ms());
    assertThat(r.p99Ms()).isGreaterThanOrEqualTo(r.p95Ms());
    assertThat(r.p999Ms()).isGreaterThanOrEqualTo(r.p99Ms());
    assertThat(r.maxMs()).isGreaterThanOrEqualTo(r.p999Ms());
  }
}
