package dev.vtbench.operator;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.reconciler.PassTimes;
import dev.vtbench.operator.reconciler.status.Phase;
import io.javaoperatorsdk.operator.RegisteredController;
import io.javaoperatorsdk.operator.monitoring.micrometer.MicrometerMetrics;
import io.javaoperatorsdk.operator.processing.Controller;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The operator's metrics in the Prometheus text format: java-operator-sdk's own (reconciliations,
 * events, failures, through its Micrometer integration), the JVM's, and the runs it holds — counted
 * from the controller's informer cache at scrape time, so the reconciler needs no hooks and a
 * scrape makes no API call.
 */
public final class OperatorMetrics {

  static final List<String> PHASES = Arrays.stream(Phase.values()).map(Phase::name).toList();

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final MultiGauge runsByPhase;
  private final MultiGauge scenariosDone;
  private final MultiGauge scenariosTotal;
  private final MultiGauge scenario;
  private volatile Supplier<Stream<BenchmarkRunResource>> runs = Stream::empty;

  public OperatorMetrics() {
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    runsByPhase =
        MultiGauge.builder("vtbench.runs")
            .description("BenchmarkRuns the operator holds, by status.phase")
            .register(registry);
    scenariosDone =
        MultiGauge.builder("vtbench.run.scenarios.done")
            .description("Scenarios of a BenchmarkRun recorded in its results CSV")
            .register(registry);
    scenariosTotal =
        MultiGauge.builder("vtbench.run.scenarios.planned")
            .description("Scenarios a BenchmarkRun's matrix expands to")
            .register(registry);
    scenario =
        MultiGauge.builder("vtbench.run.scenario")
            .description(
                "1 for the scenario a running BenchmarkRun is at: joined on (namespace, run), it"
                    + " labels the SUT's, stub's and database's series with the scenario")
            .register(registry);
  }

  /** java-operator-sdk's metrics into this registry; for ConfigurationServiceOverrider. */
  public MicrometerMetrics josdk() {
    // Without per-resource meters: one series per controller, not per BenchmarkRun; the per-run
    // view comes from vtbench_run_scenarios_* below.
    return MicrometerMetrics.withoutPerResourceMetrics(registry);
  }

  /**
   * Each reconcile pass's wall time and the reconcile thread's CPU time in it, by the step it ended
   * at ({@link PassTimes}): count, sum and max per step, no buckets (a dozen steps, two series
   * each).
   */
  public PassTimes passTimes() {
    return (step, wall, cpu) -> {
      Timer.builder("vtbench.reconcile.pass")
          .description("A reconcile pass, by the step it ended at")
          .tag("step", step)
          .register(registry)
          .record(wall);
      Timer.builder("vtbench.reconcile.pass.cpu")
          .description("The reconcile thread's CPU time in a pass, by the step it ended at")
          .tag("step", step)
          .register(registry)
          .record(cpu);
    };
  }

  /** Counts the runs {@code source} lists (a test's fixed set; the controller's cache). */
  void watch(Supplier<Stream<BenchmarkRunResource>> source) {
    runs = source;
  }

  /** Counts runs from {@code controller}'s cache (the BenchmarkRuns it watches). */
  @SuppressWarnings("unchecked")
  public void watch(RegisteredController<BenchmarkRunResource> controller) {
    if (controller instanceof Controller<?> c) {
      var source = ((Controller<BenchmarkRunResource>) c).getEventSourceManager();
      runs = () -> source.getControllerEventSource().list(r -> true);
    }
  }

  /** The Prometheus text exposition (format 0.0.4) of every metric, run gauges refreshed first. */
  public synchronized String scrape() {
    Map<String, Integer> phases = new TreeMap<>();
    PHASES.forEach(p -> phases.put(p, 0));
    List<MultiGauge.Row<?>> done = new ArrayList<>();
    List<MultiGauge.Row<?>> planned = new ArrayList<>();
    List<MultiGauge.Row<?>> current = new ArrayList<>();
    runs.get()
        .forEach(
            run -> {
              BenchmarkRunStatus s = run.getStatus();
              String phase = s == null || s.phase == null ? Phase.Pending.name() : s.phase;
              phases.merge(phase, 1, Integer::sum);
              Tags tags =
                  Tags.of(
                      "namespace", run.getMetadata().getNamespace(),
                      "run", run.getMetadata().getName());
              done.add(
                  MultiGauge.Row.of(
                      tags, s == null || s.scenariosDone == null ? 0 : s.scenariosDone));
              if (s != null && s.scenariosTotal != null) {
                planned.add(MultiGauge.Row.of(tags, s.scenariosTotal));
              }
              if (Phase.Running.name().equals(phase) && s.scenario != null) {
                current.add(MultiGauge.Row.of(tags.and("scenario", s.scenario), 1));
              }
            });
    List<MultiGauge.Row<?>> byPhase = new ArrayList<>();
    phases.forEach((p, n) -> byPhase.add(MultiGauge.Row.of(Tags.of("phase", p), n)));
    // overwrite: a deleted run's series disappear with it.
    runsByPhase.register(byPhase, true);
    scenariosDone.register(done, true);
    scenariosTotal.register(planned, true);
    scenario.register(current, true);
    return registry.scrape();
  }

  public PrometheusMeterRegistry registry() {
    return registry;
  }
}
