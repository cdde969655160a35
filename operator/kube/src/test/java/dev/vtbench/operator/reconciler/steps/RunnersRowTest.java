package dev.vtbench.operator.reconciler.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.TierNodes;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.stats.HistogramText;
import dev.vtbench.engine.stats.LatencyHistogram;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.load.LoadState;
import dev.vtbench.operator.resources.CpusetProbe;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

/**
 * A scenario two k6 runners shared (spec.load.parallelism 2): the operator waits for both, adds
 * their requests, takes the percentiles from the sum of their histograms and the SUT's readings
 * from the runner that probed it.
 */
public class RunnersRowTest {

  /** Runner 0's hold: 300 fast requests (10 to 40 ms). */
  public static final double[] FAST = DoubleStream.iterate(10, ms -> ms + 0.1).limit(300).toArray();

  /** Runner 1's hold: 100 slow requests (200 to 299 ms): the whole tail is its. */
  public static final double[] SLOW = DoubleStream.iterate(200, ms -> ms + 1).limit(100).toArray();

  @Test
  void theRowAddsBothRunnersAndMergesTheirLatencies() {
    BenchmarkRunSpec spec = twoRunners();
    Scenario s = Planner.plan(spec).getFirst();
    K6Plan k6 =
        RunCursor.of(spec, List.of())
            .k6Plan(new RunCursor.Measure(s), "http://sut:8080", spec.load.parallelism);
    assertThat(k6.histogram()).as("two runners' loads count a histogram").isTrue();
    // the one that ran the probe scenarios read the SUT; the other only its setup's facts
    String probed = summary(FAST, true);
    String other = summary(SLOW, false);
    LoadState load =
        LoadState.fromRunnerPods(
            "run-load-0",
            List.of(runner("run-load-0-2-x", other), runner("run-load-0-1-x", probed)),
            2);

    assertThat(load.summaries()).containsExactly(probed, other); // pod-name order
    assertThat(load.summary()).isEqualTo(probed);
    ResultRow row = row(spec, s, k6, load);

    assertThat(row.loadRunners()).isEqualTo(2);
    assertThat(row.httpReqs()).isEqualTo(400);
    assertThat(row.throughputRps()).isCloseTo(400 / 3.0, within(1e-6));
    double[] all =
        DoubleStream.concat(DoubleStream.of(FAST), DoubleStream.of(SLOW)).sorted().toArray();
    // the union's p99 is a slow request; an average of the runners' p99s would be ~170 ms
    double unionP99 = all[(int) Math.ceil(0.99 * all.length) - 1];
    assertThat(row.p99Ms()).isCloseTo(unionP99, within(unionP99 * LatencyHistogram.RELATIVE_ERROR));
    double unionP50 = all[(int) Math.ceil(0.50 * all.length) - 1];
    assertThat(row.p50Ms()).isCloseTo(unionP50, within(unionP50 * LatencyHistogram.RELATIVE_ERROR));
    assertThat(row.maxMs()).isEqualTo(299.0);
    // 1.3 s of the SUT's CPU over the 3 s hold, from the probing runner only
    assertThat(row.appCpuPct()).isCloseTo(43.33, within(0.01));
  }

  @Test
  void oneRunnerEndedIsNotTheLoadEnded() {
    Pod running =
        new PodBuilder().withNewMetadata().withName("run-load-0-2-x").endMetadata().build();
    assertThat(
            LoadState.fromRunnerPods(
                "run-load-0", List.of(runner("run-load-0-1-x", summary(FAST, true)), running), 2))
        .isEqualTo(LoadState.RUNNING);
  }

  @Test
  void aRunnerWithoutAHistogramCannotBeMerged() {
    BenchmarkRunSpec spec = twoRunners();
    Scenario s = Planner.plan(spec).getFirst();
    K6Plan k6 =
        RunCursor.of(spec, List.of())
            .k6Plan(new RunCursor.Measure(s), "http://sut:8080", spec.load.parallelism);
    String noHistogram =
        summary(SLOW, false).replaceAll(",\"" + K6Script.HISTOGRAM_KEY + "\":\"[^\"]*\"", "");
    LoadState load = new LoadState(true, List.of(summary(FAST, true), noHistogram), null);
    assertThatThrownBy(() -> row(spec, s, k6, load))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("runner 1 of 2 reported no latency histogram");
  }

  /** The row the operator records of {@code load}, its runners on another node than the stub. */
  private static ResultRow row(BenchmarkRunSpec spec, Scenario s, K6Plan k6, LoadState load) {
    SutProbe probe = SutProbe.parse(load.summary());
    return RecordStep.row(
        spec,
        s,
        load,
        k6,
        spec.sut.image,
        WarmState.NONE,
        false,
        CpusetProbe.Cores.of(probe),
        new TierNodes(probe.sut().node(), null, null, List.of()));
  }

  static BenchmarkRunSpec twoRunners() {
    BenchmarkRunSpec spec = ClusterRowCpuTest.twoCoreSpec();
    spec.load.parallelism = 2;
    spec.load.hold = "3s";
    return spec;
  }

  /** A runner's compact summary of a 3 s hold with these latencies, as cluster.js writes it. */
  public static String summary(double[] ms, boolean probed) {
    double[] sorted = ms.clone();
    java.util.Arrays.sort(sorted);
    double sum = DoubleStream.of(ms).sum();
    String trend =
        "{\"values\":{\"p(50)\":%s,\"p(95)\":%s,\"p(99)\":%s,\"p(99.9)\":%s,\"max\":%s,\"avg\":%s,\"min\":%s}}"
            .formatted(
                pct(sorted, 50),
                pct(sorted, 95),
                pct(sorted, 99),
                pct(sorted, 99.9),
                sorted[sorted.length - 1],
                sum / ms.length,
                sorted[0]);
    List<String> probe = new ArrayList<>();
    probe.add(
        "\"sut\":{\"cpuset\":\"1\",\"javaVersion\":\"25.0.3+9-LTS\",\"availableProcessors\":1}");
    if (probed) {
      probe.add("\"sutCpuSeconds\":1.3");
      probe.add("\"peaks\":{\"hikariActiveMax\":12,\"jvmThreadsMax\":48}");
    } else {
      probe.add("\"peaks\":{\"hikariActiveMax\":null,\"jvmThreadsMax\":null}");
    }
    probe.add("\"holdSeconds\":3");
    return ("{\"metrics\":{\"%s\":%s,\"%s\":{\"values\":{\"count\":%d,\"rate\":1}},"
            + "\"%s\":{\"values\":{\"rate\":0}},\"vus_max\":{\"values\":{\"value\":6,\"min\":6,\"max\":6}}},"
            + "\"vtbench\":{%s},\"%s\":\"%s\"}")
        .formatted(
            K6Script.HOLD_DURATION,
            trend,
            K6Script.HOLD_REQS,
            ms.length,
            K6Script.HOLD_FAILED,
            String.join(",", probe),
            K6Script.HISTOGRAM_KEY,
            HistogramText.encode(LatencyHistogram.of(ms)));
  }

  private static double pct(double[] sorted, double p) {
    return sorted[(int) Math.ceil(p / 100 * sorted.length) - 1];
  }

  private static Pod runner(String name, String summary) {
    Pod pod = StepsTest.runner(0, summary);
    pod.getMetadata().setName(name);
    return pod;
  }
}
