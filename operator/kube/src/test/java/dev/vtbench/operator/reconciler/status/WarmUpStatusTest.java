package dev.vtbench.operator.reconciler.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Planner;
import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.engine.run.WarmUpVerdict;
import dev.vtbench.engine.steady.LoadWindow;
import dev.vtbench.engine.steady.WarmState;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import dev.vtbench.operator.reconciler.observation.LoadView;
import dev.vtbench.operator.reconciler.observation.SutPods;
import dev.vtbench.operator.reconciler.steps.SutImage;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The SUT's warm-up state on a cluster: kept in status, judged by the engine, reset on restart. */
class WarmUpStatusTest {

  static BenchmarkRunSpec spec(String sutWarmup) {
    BenchmarkRunSpec s = new BenchmarkRunSpec();
    s.matrix.threadModes = List.of("virtual");
    s.matrix.hikariPoolSizes = List.of(10);
    s.matrix.concurrency = List.of(5, 20);
    s.matrix.repetitions = 1;
    s.load.sutWarmup = sutWarmup;
    return s;
  }

  /** A runner's compact summary whose SUT windows (six of 5 s) are those of a warm JVM or not. */
  static Map<String, Object> peaks(boolean steady) {
    String window = steady ? "[5,5000,1.5,0.01,0.003]" : "[5,2000,4.9,4.0,3.92]";
    return SutProbe.parse(
            "{\"vtbench\":{\"sut\":{},\"holdSeconds\":30,\"peaks\":{},\"windows\":"
                + "{\"windowSeconds\":5,\"list\":["
                + String.join(",", Collections.nCopies(6, window))
                + "]}}}")
        .peaks();
  }

  /**
   * Plays the operator's passes for the cursor, with status as the only memory between them and a
   * SUT steady from its {@code steadyFrom}-th warm-up round: the start messages of the warm-up
   * rounds and the verdicts, in order, until the first measurement.
   */
  static List<String> passes(BenchmarkRunStatus status, RunCursor cursor, int steadyFrom) {
    return passes(status, cursor, steadyFrom, peaks(false));
  }

  /** As above, with {@code unsteady} the SUT's windows in each round before it is steady. */
  static List<String> passes(
      BenchmarkRunStatus status, RunCursor cursor, int steadyFrom, Map<String, Object> unsteady) {
    List<String> said = new ArrayList<>();
    for (int round = 1; ; round++) {
      SutConfig config = cursor.nextScenario().orElseThrow().sut();
      WarmState warm = WarmUpStatus.read(status, config, "uid-1/0");
      if (!(cursor.next(warm) instanceof RunCursor.WarmUp w)) {
        said.add("measure");
        return said;
      }
      said.add(
          "JIT warm-up round "
              + WarmUpStatus.roundNumber(warm, cursor.warmUpRound())
              + " from "
              + WarmUpStatus.roundLabel(warm, null)
              + " ms");
      Map<String, Object> peaks = round >= steadyFrom ? peaks(true) : unsteady;
      WarmState after = w.after(warm, peaks);
      WarmUpStatus.write(status, after, config, "uid-1/0");
      said.add(WarmUpVerdict.of(after, cursor, LoadWindow.ofPhase(peaks, w.length())));
    }
  }

  @Test
  void warmUpRoundsFollowEachOtherThroughStatusUntilTheSutIsSteady() {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    RunCursor cursor = RunCursor.ofRecorded(spec("180s"), List.of());

    assertThat(passes(status, cursor, 3))
        .containsExactly(
            "JIT warm-up round 1 from 0 ms",
            "SUT not steady after 20 s of load (at most 180 s)",
            "JIT warm-up round 2 from 20000 ms",
            "SUT not steady after 40 s of load (at most 180 s)",
            "JIT warm-up round 3 from 40000 ms",
            "SUT steady after 60 s of load",
            "measure");
    assertThat(status.warmUp.underLoadSeconds).isEqualTo(60.0);
    assertThat(status.warmUp.steady).isTrue();
    assertThat(status.warmUp.sutStart).isEqualTo("uid-1/0");
    // the series the trend is judged on survives the passes: three rounds of four windows
    assertThat(status.warmUp.windows).hasSize(12);
    assertThat(status.warmUp.windows.getLast().requests).isEqualTo(5000L);
    assertThat(status.warmUp.windows.getLast().jitCpuSeconds).isEqualTo(0.003);
    assertThat(status.warmUp.windows.getFirst().requests).isEqualTo(2000L);
  }

  @Test
  void aSutNeverSteadyIsMeasuredOnceTheCapIsSpent() {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    RunCursor cursor = RunCursor.ofRecorded(spec("35s"), List.of());

    assertThat(passes(status, cursor, Integer.MAX_VALUE))
        .containsExactly(
            "JIT warm-up round 1 from 0 ms",
            "SUT not steady after 20 s of load (at most 35 s)",
            "JIT warm-up round 2 from 20000 ms",
            "warm-up spent after 35s of load (spec.load.sutWarmup 35s, up to 2× while improving)"
                + " without steady state: 400 req/s, flat, one level for the last 3 windows (need"
                + " 3), JIT 80% of the SUT's CPU (max 5% or 0.03 cores); the JVM was still compiling after 35 s"
                + " of load: give it more (spec.load.sutWarmup: 70s)."
                + " Measuring anyway: its rows say steady_state=false",
            "measure");
    assertThat(status.warmUp.steady).isFalse();
  }

  /** Windows of a JVM still getting faster: 200, 250, 300, 350 req/s, CPU per request falling. */
  static Map<String, Object> improving() {
    return SutProbe.parse(
            "{\"vtbench\":{\"sut\":{},\"holdSeconds\":30,\"peaks\":{},\"windows\":"
                + "{\"windowSeconds\":5,\"list\":["
                + "[5,1000,2.5,1.0,0.5],[5,1250,2.5,0.8,0.4],[5,1500,2.5,0.6,0.3],[5,1750,2.5,0.5,0.25]"
                + "]}}}")
        .peaks();
  }

  @Test
  void aSutStillImprovingAtTheCapWarmsUpToTwiceItThenSaysWhatToSet() {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    RunCursor cursor = RunCursor.ofRecorded(spec("40s"), List.of());

    assertThat(passes(status, cursor, Integer.MAX_VALUE, improving()))
        .containsExactly(
            "JIT warm-up round 1 from 0 ms",
            "SUT not steady after 20 s of load but improving (at most 40 s)",
            "JIT warm-up round 2 from 20000 ms",
            "SUT not steady after 40 s of load but still improving (up to 80 s while it does)",
            "JIT warm-up round 3 from 40000 ms",
            "SUT not steady after 60 s of load but still improving (up to 80 s while it does)",
            "JIT warm-up round 4 from 60000 ms",
            "warm-up spent after 80s of load (spec.load.sutWarmup 40s, up to 2× while"
                + " improving) without steady state: 350 req/s, no steady state yet, one level for"
                + " the last 2 windows (need 3), JIT 13% of the SUT's CPU (max 5% or 0.03 cores); the JVM"
                + " was still compiling after 80 s of load: give it more (spec.load.sutWarmup:"
                + " 160s). Measuring anyway: its rows say steady_state=false",
            "measure");
    assertThat(status.warmUp.steady).isFalse();
    assertThat(status.warmUp.improving).isTrue();
  }

  /** The SUT configurations of pool 10 and pool 20, virtual threads. */
  static final SutConfig POOL_10 = config(10);

  static final SutConfig POOL_20 = config(20);

  static SutConfig config(int pool) {
    BenchmarkRunSpec spec = spec("180s");
    spec.matrix.hikariPoolSizes = List.of(pool);
    return Planner.plan(spec).getFirst().sut();
  }

  @Test
  void statusKeepsTheStateOfTheSameSutStart() {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    WarmState fresh = new WarmState(POOL_10.restartKey(), Duration.ZERO, false, false);
    assertThat(WarmUpStatus.read(status, POOL_10, "uid-1/0")).isEqualTo(fresh);

    WarmState steady = new WarmState(POOL_10.restartKey(), Duration.ofMillis(75_500), true, false);
    WarmUpStatus.write(status, steady, POOL_10, "uid-1/0");

    assertThat(status.warmedUp).isEqualTo(POOL_10.key());
    assertThat(WarmUpStatus.read(status, POOL_10, "uid-1/0")).isEqualTo(steady);
    // a start not observed (now or then) is no evidence of a restart
    assertThat(WarmUpStatus.read(status, POOL_10, null)).isEqualTo(steady);
    WarmUpStatus.write(status, steady, POOL_10, null);
    assertThat(WarmUpStatus.read(status, POOL_10, "uid-2/0")).isEqualTo(steady);
  }

  @Test
  void aRestartedSutStartsItsWarmUpOver() {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    WarmUpStatus.write(
        status,
        new WarmState(POOL_10.restartKey(), Duration.ofSeconds(90), true, false),
        POOL_10,
        "uid-1/0");
    WarmState fresh = new WarmState(POOL_10.restartKey(), Duration.ZERO, false, false);

    // the container restarted in its pod, or the pod was replaced
    assertThat(WarmUpStatus.read(status, POOL_10, "uid-1/1")).isEqualTo(fresh);
    assertThat(WarmUpStatus.read(status, POOL_10, "uid-2/0")).isEqualTo(fresh);
    // another pool: the engine would keep the JVM (same restart key), but a cluster rolls the
    // SUT's Deployment on any change of configuration, so it starts over even before its new pod
    // is seen
    assertThat(POOL_20.restartKey()).isEqualTo(POOL_10.restartKey());
    assertThat(WarmUpStatus.read(status, POOL_20, null))
        .isEqualTo(new WarmState(POOL_20.restartKey(), Duration.ZERO, false, false));
    // a status written before warmUp existed: warm up again rather than trust it
    BenchmarkRunStatus old = new BenchmarkRunStatus();
    old.warmedUp = POOL_10.key();
    assertThat(WarmUpStatus.read(old, POOL_10, "uid-1/0")).isEqualTo(fresh);
  }

  static Pod sutPod(String uid, String config, int restarts, boolean deleting) {
    return new PodBuilder()
        .withNewMetadata()
        .withName("run-sut-" + uid)
        .withUid(uid)
        .withDeletionTimestamp(deleting ? "2026-01-01T00:00:00Z" : null)
        .withLabels(Map.of(Labels.COMPONENT, SutTier.COMPONENT))
        .withAnnotations(Map.of(SutTier.CONFIG_ANNOTATION, config))
        .endMetadata()
        .withNewStatus()
        .addNewContainerStatus()
        .withName(SutTier.COMPONENT)
        .withRestartCount(restarts)
        .withImageID("sha256:" + uid)
        .endContainerStatus()
        .endStatus()
        .build();
  }

  @Test
  void theSutStartIsThePodOfTheConfigAndItsContainersRestarts() {
    assertThat(SutPods.start(List.of(sutPod("a", "cfg", 2, false)), "cfg")).contains("a/2");
    assertThat(SutPods.start(List.of(sutPod("a", "cfg", 0, false)), "other")).isEmpty();
    // the pod being replaced is not the SUT that runs now
    assertThat(
            SutPods.start(
                List.of(sutPod("old", "cfg", 0, true), sutPod("new", "cfg", 0, false)), "cfg"))
        .contains("new/0");
    assertThat(SutImage.of(List.of(sutPod("a", "cfg", 0, false)), "cfg", "spec"))
        .isEqualTo("sha256:a");
  }

  static Pod loadPod(String scenario, String round) {
    Map<String, String> labels = new java.util.HashMap<>();
    labels.put(Labels.COMPONENT, "load");
    labels.put(Labels.SCENARIO, scenario);
    if (round != null) {
      labels.put(Labels.WARM_UP_FROM, round);
    }
    return new PodBuilder().withNewMetadata().withLabels(labels).endMetadata().build();
  }

  @Test
  void aWarmUpRoundReadsItsOwnPodsNotTheLastRoundsOfTheSameName() {
    RunCursor cursor = RunCursor.ofRecorded(spec("180s"), List.of());
    RunCursor.Load warmUp = (RunCursor.Load) cursor.next(WarmState.NONE);
    String id = warmUp.id();
    Pod first = loadPod(id, "0");
    Pod second = loadPod(id, "30000");

    assertThat(LoadView.labelledAs(List.of(first, second), warmUp, "30000"))
        .containsExactly(second);
    assertThat(LoadView.labelledAs(List.of(first), warmUp, "30000")).isEmpty();
    assertThat(LoadView.ofRound(first, "0")).isTrue();
    assertThat(LoadView.ofRound(first, null)).as("a measured load's is unlabelled").isFalse();
    WarmState at30 = new WarmState("k", Duration.ofSeconds(30), false, false);
    assertThat(LoadView.warmUpFrom(warmUp, at30, null)).isEqualTo("30000");
    // the first round after a SUT restart is not the first round before it
    assertThat(LoadView.warmUpFrom(warmUp, WarmState.NONE, "uid-1/0"))
        .startsWith("0-")
        .isNotEqualTo(LoadView.warmUpFrom(warmUp, WarmState.NONE, "uid-1/1"));
  }
}
