package dev.vtbench.operator.reconciler.steps;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.metrics.ServiceWindows;
import dev.vtbench.engine.metrics.SutView;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.Quantities;
import dev.vtbench.engine.plan.Scenario;
import dev.vtbench.engine.plan.ServiceBuild;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.TierNodes;
import dev.vtbench.engine.results.summary.Headline;
import dev.vtbench.engine.run.Platform;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.run.ScenarioRow;
import dev.vtbench.engine.run.TierThrottling;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.load.LoadState;
import dev.vtbench.operator.reconciler.diagnosis.PinningCheck;
import dev.vtbench.operator.reconciler.observation.RunView;
import dev.vtbench.operator.reconciler.observation.SutPods;
import dev.vtbench.operator.reconciler.observation.TierPlacement;
import dev.vtbench.operator.reconciler.status.Conditions;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.status.EventReason;
import dev.vtbench.operator.reconciler.status.Events;
import dev.vtbench.operator.reconciler.status.RunStatus;
import dev.vtbench.operator.reconciler.status.WarmUpStatus;
import dev.vtbench.operator.resources.CpusetProbe;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.StubTier;
import dev.vtbench.operator.resources.SutTier;
import dev.vtbench.operator.results.ResultsStore;
import dev.vtbench.proc.CoreBusy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A finished measured load's row appended to the CSV before anything else changes, so a restart at
 * any point resumes without losing or duplicating a row; then its load objects go, once the row of
 * its last stage is recorded (a load of several stages runs on, LoadScript#stages).
 */
public final class RecordStep implements Step {

  private final OwnedObjects owned;
  private final ResultsStore results;
  private final Events events;

  public RecordStep(OwnedObjects owned, ResultsStore results, Events events) {
    this.owned = owned;
    this.results = results;
    this.events = events;
  }

  @Override
  public Result apply(RunView view, RunStatus status) {
    if (!(view.action() instanceof RunCursor.Measure measure)
        || view.loadState() == null
        || !view.loadState().finished()) {
      return Result.next();
    }
    var run = view.run();
    Scenario s = measure.scenario();
    String name = view.loadName();
    ResultRow row;
    SutProbe probe;
    try {
      probe = SutProbe.parse(view.loadState().summary());
      CpusetProbe.Cores cores = cores(view, s, probe);
      // a row from cores the kubelet did not grant is not recorded: the run fails instead
      Optional<String> unpinned = PinningCheck.refusal(view.spec().sut, cores);
      if (unpinned.isPresent()) {
        return Result.fail(Reason.PinningNotGranted, name + ": " + unpinned.get());
      }
      String image =
          SutImage.of(view.pods(SutTier.COMPONENT), view.jvm(s).key(), specImage(view.spec(), s));
      boolean sameNode =
          GeneratorCores.sameNode(view.loadPods().runners(), view.pods(StubTier.COMPONENT));
      row =
          row(
              view.spec(),
              s,
              view.loadState(),
              view.k6Plan(measure),
              image,
              view.warm(),
              sameNode,
              cores,
              TierPlacement.of(view, node(view, s, probe)));
    } catch (IllegalArgumentException e) {
      return Result.fail(
          Reason.SummaryUnreadable,
          "the summary of " + name + " does not parse: " + e.getMessage());
    }
    // The row first: whatever happens after this line, the scenario is recorded exactly once.
    List<String> configMaps = new ArrayList<>(results.append(run, view.recorded(), row));
    configMaps.add(ResourceNames.figures(run));
    boolean more = view.laterStages();
    if (!more) {
      owned.deleteLoad(run, view.load());
    }
    List<ResultRow> rows = new ArrayList<>(view.recorded().rows());
    rows.add(row);
    RunCursor cursor = view.cursor().recording(s.id());
    status.results(configMaps, rows, cursor.done(), cursor.total());
    // the hold, judged like a warm-up, says whether the SUT stayed steady for the next scenario
    WarmUpStatus.write(
        status.status,
        ScenarioRow.afterMeasure(
            view.warm(),
            probe.peaks(),
            view.k6Plan(measure),
            Quantities.millis(view.spec().sut.cpu) / 1000.0),
        view.jvm(s),
        view.sutStart());
    // The scenario that comes next, not the one just recorded, until the next pass says.
    status.status.scenario = cursor.nextScenario().map(Scenario::id).orElse(null);
    status.progressing(
        Reason.Running,
        cursor.done() < cursor.total()
            ? "working on scenario " + (cursor.done() + 1)
            : "all " + cursor.total() + " scenarios recorded; writing the figures");
    if (more) {
      // the load's next stage already runs: the load stays
      status.set(
          Conditions.LOAD_RUNNING,
          "True",
          Reason.LoadStarted,
          s.id() + " recorded; " + name + " goes on with its next stage");
    } else {
      status.set(Conditions.LOAD_RUNNING, "False", Reason.LoadFinished, s.id() + " recorded");
    }
    events.normal(run, EventReason.ScenarioRecorded, s.id() + ": " + Headline.of(row));
    return Result.waitFor(Duration.ofSeconds(1));
  }

  /** The image the spec names for {@code s}'s SUT: its build's for a user's service. */
  private static String specImage(BenchmarkRunSpec spec, Scenario s) {
    return spec.sut.service != null
        ? ServiceBuild.of(spec, s.sut()).image()
        : spec.sut.image(s.sut().threadMode());
  }

  /**
   * The SUT's cores: as vtbench's SUT reported them to the runner, or for a user's service, which
   * cannot, as its pod's {@link CpusetProbe} read them (null fields where neither is known).
   */
  private static CpusetProbe.Cores cores(RunView view, Scenario s, SutProbe probe) {
    if (probe.sut().cpuset() != null || view.spec().sut.service == null) {
      return CpusetProbe.Cores.of(probe);
    }
    return sutPods(view, s)
        .map(CpusetProbe::of)
        .flatMap(Optional::stream)
        .findFirst()
        .orElse(new CpusetProbe.Cores(null, null));
  }

  /** The SUT's node: as vtbench's SUT reported it, else where its pod was scheduled. */
  private static String node(RunView view, Scenario s, SutProbe probe) {
    if (probe.sut().node() != null) {
      return probe.sut().node();
    }
    return sutPods(view, s)
        .map(p -> p.getSpec() == null ? null : p.getSpec().getNodeName())
        .filter(java.util.Objects::nonNull)
        .findFirst()
        .orElse(null);
  }

  /** The pods of the SUT config that served {@code s}, as the kubelet reports them. */
  private static java.util.stream.Stream<io.fabric8.kubernetes.api.model.Pod> sutPods(
      RunView view, Scenario s) {
    return SutPods.of(view.pods(SutTier.COMPONENT), view.jvm(s).key()).stream()
        .map(SutPods.Observed::pod);
  }

  /**
   * The row from the runners' compact summaries: the k6 numbers of all of them ({@link
   * dev.vtbench.engine.k6.LoadMerge}) and what the probing one saw of the SUT.
   *
   * @param image what the SUT ran from ({@link SutImage})
   * @param runnerOnStubNode whether the k6 runner ran on the stub's node, whose cores the stub
   *     measured ({@link GeneratorCores})
   * @param nodes where each tier ran ({@link TierPlacement}), the SUT's node the row's {@code node}
   */
  public static ResultRow row(
      BenchmarkRunSpec spec,
      Scenario s,
      LoadState load,
      K6Plan measured,
      String image,
      WarmState warm,
      boolean runnerOnStubNode,
      CpusetProbe.Cores cores,
      TierNodes nodes) {
    SutProbe probe = SutProbe.parse(load.summary());
    SutView view = probe.sut().placed(cores.cpuset(), nodes.sut(), image);
    // The SUT and the stub report their own CPU, read by the runner around the hold, the SUT
    // the database's too (through DbCpuSql's function), the stub its node's cores, and k6 its own
    // through vtbench's k6 extension (empty with a k6 that lacks it; docs/cluster.md, "How a
    // cluster row's CPU is measured"). generator_saturated follows from them by the same rule as
    // locally, k6's own CPU against its limit, or against the cores it ran on where it had none.
    CoreBusy nodeCores = GeneratorCores.of(spec, probe.stub(), runnerOnStubNode);
    Platform.TierCpu cpu =
        new Platform.TierCpu(
            probe.cpuPct(),
            probe.dbCpuPct(),
            probe.loadCpuPct(),
            probe.stubCpuPct(),
            null,
            Quantities.millis(spec.sut.cpu) / 1000.0,
            Quantities.millis(spec.database.cpu) / 1000.0,
            GeneratorCores.cpus(spec, nodeCores),
            nodeCores,
            !spec.load.burstable());
    return ScenarioRow.of(
        spec,
        s,
        view,
        new Platform.Measurement(
            load.summaries(),
            cpu,
            withCpusetNote(spec, cores, probe.peaks()),
            TierThrottling.cluster(spec, probe),
            nodes),
        measured,
        warm);
  }

  /**
   * A user's service whose cores no probe read (spec.sut.pinned false: its pod has no cpuset probe)
   * says so in the row's notes, as every other empty column of a service's row does.
   */
  private static Map<String, Object> withCpusetNote(
      BenchmarkRunSpec spec, CpusetProbe.Cores cores, Map<String, Object> peaks) {
    if (spec.sut.service == null || cores.cpuset() != null) {
      return peaks;
    }
    Map<String, Object> out = new LinkedHashMap<>(peaks);
    List<Object> notes = new ArrayList<>();
    if (peaks.get(ServiceWindows.NOTES) instanceof List<?> l) {
      notes.addAll(l);
    }
    notes.add(
        "sut_cpuset empty: a service does not report its cores, and its pod had no cpuset probe"
            + (spec.sut.pinned ? " result" : " (spec.sut.pinned is false)"));
    out.put(ServiceWindows.NOTES, notes);
    return out;
  }
}
