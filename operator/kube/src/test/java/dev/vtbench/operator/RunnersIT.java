package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.results.csv.ResultsCsv;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.stats.LatencyHistogram;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.reconciler.steps.RunnersRowTest;
import dev.vtbench.operator.results.ResultsStore;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.javaoperatorsdk.operator.Operator;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A scenario two k6 runners share (spec.load.parallelism 2), against the real API server: the
 * operator creates a TestRun of two runners or an Indexed Job of two pods, records nothing while
 * one runner still runs, and then one row with both runners' requests and their merged latencies.
 */
class RunnersIT {

  static final String SPEC =
      OperatorIT.SMALL.formatted("%s", "0s").replace("hold: 3s,", "hold: 3s, parallelism: 2,")
          + "matrix: {threadModes: [virtual], hikariPoolSizes: [10], concurrency: [10],"
          + " repetitions: 1}\n";

  @Test
  void aTestRunOfTwoRunnersIsOneRowOfBoth() throws Exception {
    String ns = KubeApi.namespace("runners-tr");
    Operator operator = OperatorIT.startOperator(ns);
    try {
      Controllers play = new Controllers(OperatorIT.k8s, ns);
      BenchmarkRunResource run = OperatorIT.create(ns, "two", SPEC.formatted("testrun"));
      String load = OperatorIT.firstTestRun(play, run);
      @SuppressWarnings("unchecked")
      Map<String, Object> spec =
          (Map<String, Object>) play.testRun(load).getAdditionalProperties().get("spec");
      assertThat(spec).containsEntry("parallelism", 2);

      play.finishTestRunner(load, 1, 0, RunnersRowTest.summary(RunnersRowTest.FAST, true));
      assertNothingRecorded(ns, "two");
      play.finishTestRunner(load, 2, 0, RunnersRowTest.summary(RunnersRowTest.SLOW, false));
      play.progress(load, "finished");

      checkMerged(recorded(ns, "two"));
    } finally {
      operator.stop();
    }
  }

  @Test
  void anIndexedJobOfTwoPodsIsOneRowOfBoth() throws Exception {
    String ns = KubeApi.namespace("runners-job");
    Operator operator = OperatorIT.startOperator(ns);
    try {
      Controllers play = new Controllers(OperatorIT.k8s, ns);
      BenchmarkRunResource run = OperatorIT.create(ns, "two", SPEC.formatted("job"));
      String load = OperatorIT.firstLoadName(play, run);
      Job job = await(load, WAIT, () -> play.job(load));
      // the API server accepted it as an Indexed Job of two pods, each told how many runners share
      assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
      assertThat(job.getSpec().getCompletions()).isEqualTo(2);
      assertThat(job.getSpec().getParallelism()).isEqualTo(2);
      assertThat(job.getSpec().getTemplate().getSpec().getContainers().getFirst().getEnv())
          .extracting(EnvVar::getName, EnvVar::getValue)
          .contains(org.assertj.core.groups.Tuple.tuple(K6Script.RUNNERS_ENV, "2"));

      play.finishIndexedJob(
          load,
          List.of(
              RunnersRowTest.summary(RunnersRowTest.SLOW, false),
              RunnersRowTest.summary(RunnersRowTest.FAST, true)));

      checkMerged(recorded(ns, "two"));
    } finally {
      operator.stop();
    }
  }

  /**
   * 400 requests over the 3 s hold, the union's tail (a slow runner's), the probing runner's CPU.
   */
  private static void checkMerged(ResultRow row) {
    assertThat(row.loadRunners()).isEqualTo(2);
    assertThat(row.httpReqs()).isEqualTo(400);
    // the 396th of 400 sorted latencies is SLOW's 96th, 295 ms
    assertThat(row.p99Ms()).isCloseTo(295.0, within(295.0 * LatencyHistogram.RELATIVE_ERROR));
    assertThat(row.maxMs()).isEqualTo(299.0);
    assertThat(row.appCpuPct()).isEqualTo(43.3); // 1.3 s over 3 s, as the CSV rounds it
  }

  /** For a few seconds after one runner of two ended: no row. */
  private static void assertNothingRecorded(String ns, String name) throws InterruptedException {
    long until = System.nanoTime() + Duration.ofSeconds(4).toNanos();
    while (System.nanoTime() < until) {
      var cm = OperatorIT.k8s.configMaps().inNamespace(ns).withName(name + "-results").get();
      String csv =
          cm == null || cm.getData() == null ? null : cm.getData().get(ResultsStore.CSV_KEY);
      assertThat(csv == null ? List.of() : ResultsCsv.parse(csv)).as("rows").isEmpty();
      Thread.sleep(250);
    }
  }

  private static ResultRow recorded(String ns, String name) {
    List<ResultRow> rows = OperatorIT.succeededRows(ns, name);
    assertThat(rows).hasSize(1);
    return rows.getFirst();
  }
}
