package dev.vtbench.operator.load;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.model.spec.Timeout;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One kind of load object (a k6-operator TestRun, a plain Job): the object it creates, which
 * scenarios one object runs, what makes it up when it goes, and what is done about one that has not
 * finished. Chosen once by {@link RunnerKind}, or from an existing object by {@link #of}.
 */
public sealed interface LoadKind permits TestRunLoad, JobLoad {

  /** Past its scheduled length, how long a load may take to start and report before it fails. */
  Duration LOAD_GRACE = Duration.ofMinutes(5);

  /**
   * What a stage may take beyond its scheduled length before the next starts: k6's start, setup,
   * summary.
   */
  Duration STAGE_START = Duration.ofSeconds(30);

  RunnerKind kind();

  /** The TestRun or Job that runs {@code request}, beside its scripts' ConfigMap. */
  HasMetadata object(BenchmarkRunResource run, LoadRequest request);

  /** The loads one object of this kind runs for {@code load}, in order: {@code load} first. */
  List<RunCursor.Load> stages(RunCursor cursor, int parallelism, RunCursor.Load load);

  /**
   * The objects of the load {@code name} to delete, in this order, read now: none unless the load
   * is the run's own, then it and what it controls (its script's ConfigMap is not among them).
   */
  List<HasMetadata> parts(KubernetesClient client, BenchmarkRunResource run, String name);

  /** Whether {@code load} itself says its runner got going (one that went away since counts). */
  boolean runnerStarted(HasMetadata load);

  /** Why no pod of {@code load} is there to diagnose, in a sentence. */
  String noPod(HasMetadata load);

  /**
   * What to do about {@code load}, not finished, when its runner may have gone away (looked at
   * first); empty: nothing of the sort.
   */
  Optional<Remedy> lostRunner(Unfinished load);

  /**
   * What to do about {@code load}, not finished, once its runner started, when the runner may be
   * stalled; empty: wait for it as usual.
   */
  Optional<Remedy> stalled(Unfinished load);

  /**
   * A load that has not finished, as one pass sees it.
   *
   * @param object its TestRun or Job
   * @param runners its trusted runner pods
   * @param running the load the cursor asks for, which the object runs (one of its stages)
   * @param loadStart spec.timeouts.loadStart
   * @param recreations how often this load was created again already
   */
  record Unfinished(
      BenchmarkRunResource run,
      HasMetadata object,
      List<Pod> runners,
      RunCursor.Load running,
      Instant now,
      Timeout loadStart,
      int recreations) {

    public String name() {
      return object.getMetadata().getName();
    }
  }

  /**
   * The deadline of stage {@code position} (from 0; a load of one scenario has only stage 0) from
   * the load's creation: its own and every earlier stage's scheduled length, each with {@link
   * #STAGE_START} for k6 to start and summarise, plus {@link #LOAD_GRACE}. The stages of a load
   * differ only in their level, so each is as long as this one.
   */
  static Duration deadline(K6Plan plan, int position) {
    Duration one = K6Script.totalDuration(plan);
    return one.plus(one.plus(STAGE_START).multipliedBy(Math.max(0, position))).plus(LOAD_GRACE);
  }

  /** The kind of an existing load object: a Job is a {@link JobLoad}, anything else a TestRun. */
  static LoadKind of(HasMetadata load) {
    return RunnerKind.of(load).load();
  }
}
