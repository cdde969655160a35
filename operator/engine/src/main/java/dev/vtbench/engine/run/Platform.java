package dev.vtbench.engine.run;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.metrics.SutView;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.results.row.TierNodes;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.proc.CoreBusy;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Where scenarios run: local processes or a Kubernetes cluster. The {@link BenchmarkRunner} loop,
 * the k6 script, the parsing and the rows are the same for both; only these operations differ.
 */
public interface Platform extends AutoCloseable {

  /** A line about the machine and the core map, for the results' machine description. */
  String describe();

  /** Starts PostgreSQL and seeds it if it is not already. */
  void prepareDatabase(BenchmarkRunSpec spec);

  /**
   * Makes the SUT run with {@code config}, restarting it only when the config differs from what
   * runs now.
   *
   * @return the SUT's own view of itself (cpuset, processors), read from inside it
   */
  SutView prepareSut(SutConfig config);

  /** The base URL k6 should target, e.g. http://127.0.0.1:8080. */
  String sutBaseUrl();

  /**
   * How many k6 processes share each load: several only where each reports a histogram to merge
   * ({@link dev.vtbench.engine.k6.LoadMerge}); one process needs none.
   */
  int loadRunners();

  /**
   * Runs one load phase with {@code script} and collects what the row needs: the k6 summary, each
   * tier's CPU and the SUT's peaks over the measured (hold) window.
   */
  Measurement runLoad(Scenario scenario, K6Plan plan, String script, Progress progress);

  /**
   * A warm-up load of up to {@code plan}'s hold that ends at the first window after which {@code
   * steady} holds for the SUT's windows so far (the same judgement a round's end makes), so a
   * warm-up costs the load it needs rather than whole rounds, each with its own k6 start. The
   * measurement's CPU covers the last {@link
   * dev.vtbench.engine.steady.SteadyState#WINDOWS_PER_WARM_UP_ROUND} windows, as a round's would.
   * Where {@link #stopsWarmUpWhenSteady} is false, the plan runs to its end.
   */
  default Measurement runWarmUp(
      Scenario scenario,
      K6Plan plan,
      String script,
      Progress progress,
      Predicate<List<LoadWindow>> steady) {
    return runLoad(scenario, plan, script, progress);
  }

  /**
   * Whether {@link #runWarmUp} ends a warm-up once steady: then a JVM's warm-up is one load up to
   * the cap rather than rounds (the local platform watches the SUT's windows as they close; a
   * cluster's load runs in stages it cannot end early).
   */
  default boolean stopsWarmUpWhenSteady() {
    return false;
  }

  /**
   * The same load as {@code plan}'s hold from an independent generator, against the SUT as it runs
   * now (warm, in the configuration {@code plan} measured), on the cores k6 had: the cross-check of
   * {@link dev.vtbench.engine.results.derived.GeneratorCrossCheck}. Empty where this platform has
   * none or was not asked for one.
   */
  default java.util.Optional<IndependentLoad> independentLoad(K6Plan plan, Progress progress) {
    return java.util.Optional.empty();
  }

  /**
   * What an independent generator measured over one hold.
   *
   * @param generator its name, e.g. {@code wrk}
   * @param rps its throughput
   * @param p99Ms its 99th percentile latency, null where it gave none
   * @param errors its failed requests
   * @param coreBusyPct its cores' mean busy share, whoever used them, null where unmeasured
   */
  record IndependentLoad(
      String generator, double rps, Double p99Ms, long errors, Double coreBusyPct) {}

  @Override
  void close();

  /**
   * What one load phase measured.
   *
   * @param k6Summaries the JSON summary of each k6 runner that shared the load, at least one
   *     ({@link dev.vtbench.engine.k6.LoadMerge} adds them up)
   * @param cpu each tier's CPU over the hold window and the cores it was given
   * @param peaks the SUT's /api/runtime-info "peaks" object, read after the hold window
   * @param throttling how much the SUT's and the stub's CPU limits held them back over the hold
   * @param nodes the node or host each tier ran on ({@code tier_nodes}); {@link TierNodes#NONE}
   *     where none is known
   */
  record Measurement(
      List<String> k6Summaries,
      TierCpu cpu,
      Map<String, Object> peaks,
      TierThrottling throttling,
      TierNodes nodes) {

    public Measurement {
      if (k6Summaries.isEmpty()) {
        throw new IllegalArgumentException("a measurement needs at least one k6 summary");
      }
      k6Summaries = List.copyOf(k6Summaries);
      nodes = nodes == null ? TierNodes.NONE : nodes;
    }

    /** The measurement of one k6 runner. */
    public Measurement(
        String k6Summary,
        TierCpu cpu,
        Map<String, Object> peaks,
        TierThrottling throttling,
        TierNodes nodes) {
      this(List.of(k6Summary), cpu, peaks, throttling, nodes);
    }
  }

  /**
   * CPU per tier in percent of one core (100 = one full core; null where unmeasured), how many
   * cores each tier may use, so saturation can be judged, and how busy each core was whoever used
   * it.
   *
   * @param stubPct the downstream stub's CPU
   * @param vtbenchPct the vtbench process itself (the local runner's JVM; null on Kubernetes)
   * @param loadCpus the cores k6 may use: its CPU limit where it has one, else the cores it ran on
   *     (NaN where unknown)
   * @param cores each core's busy share and steal over the hold; null where not measured (on
   *     Kubernetes: where the k6 runner did not run on the stub's node)
   * @param loadCpuLimited whether {@code loadCpus} is k6's CPU limit (a Guaranteed runner on
   *     Kubernetes); false for a local k6 and a Burstable runner, which have none
   */
  record TierCpu(
      Double appPct,
      Double pgPct,
      Double loadPct,
      Double stubPct,
      Double vtbenchPct,
      double appCpus,
      double pgCpus,
      double loadCpus,
      CoreBusy cores,
      boolean loadCpuLimited) {}
}
