package dev.vtbench.operator.load;

import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.model.spec.LoadSpec;
import dev.vtbench.engine.run.RunCursor;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.Ownership;
import dev.vtbench.operator.resources.Placement;
import dev.vtbench.operator.resources.PodHardening;
import dev.vtbench.operator.resources.ResourceNames;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A load as a plain Job: for one runner, a SUT configuration's scenarios as stages of one pod
 * (docs/cluster-results.md, "Stages"); for several, an Indexed Job of one scenario. A runner pod
 * lost mid-stage is measured again by a load created anew from the scenario in flight, once.
 */
public final class JobLoad implements LoadKind {

  /**
   * How long a Job that ended with no runner pod left is given for the pod informer to catch up
   * before the runner counts as gone.
   */
  public static final Duration RUNNER_GONE_AFTER = Duration.ofSeconds(5);

  static final JobLoad INSTANCE = new JobLoad();

  private JobLoad() {}

  @Override
  public RunnerKind kind() {
    return RunnerKind.JOB;
  }

  /**
   * One pod per runner; each stage before the last is an init container like the k6 container,
   * running its own script ({@link LoadScript#stageContainer}, {@link LoadScript#scriptKey}), so
   * the pod is scheduled, started and its image pulled once. Labelled as the first stage's,
   * annotated {@value LoadScript#STAGES} with them all when there are several.
   */
  @Override
  public Job object(BenchmarkRunResource run, LoadRequest request) {
    List<String> stages = request.stages();
    LoadSpec load = run.getSpec().load;
    Volume script =
        new VolumeBuilder()
            .withName("script")
            .withNewConfigMap()
            .withName(request.name())
            .endConfigMap()
            .build();
    Map<String, String> env = new LinkedHashMap<>(RunnerPod.plainEnv(load, request.script().env()));
    if (load.parallelism > 1) {
      // the script takes runner JOB_COMPLETION_INDEX's segment of each scenario
      env.put(K6Script.RUNNERS_ENV, Integer.toString(load.parallelism));
    }
    Container c =
        PodHardening.container(
                "k6",
                load.image,
                RunnerPod.resources(load),
                env,
                List.of(PodHardening.mount("script", "/scripts", true)))
            .addAllToEnv(RunnerPod.credentialEnv(load))
            .withCommand("k6")
            // the pod's container runs the last stage (the only one of a one-scenario load)
            .withArgs(args(run, stages.getLast(), LoadScript.SCRIPT_KEY))
            .withTerminationMessagePolicy("File")
            .build();
    List<Container> earlier = new ArrayList<>();
    for (int i = 0; i < stages.size() - 1; i++) {
      earlier.add(
          new ContainerBuilder(c)
              .withName(LoadScript.stageContainer(i, stages.size()))
              .withArgs(args(run, stages.get(i), LoadScript.scriptKey(i, stages.size())))
              .build());
    }
    ObjectMeta meta = RunnerPod.meta(run, request);
    if (stages.size() > 1) {
      Map<String, String> annotations = new LinkedHashMap<>();
      if (meta.getAnnotations() != null) {
        annotations.putAll(meta.getAnnotations());
      }
      annotations.put(LoadScript.STAGES, String.join(",", stages));
      meta.setAnnotations(annotations);
    }
    int n = load.parallelism;
    return new JobBuilder()
        .withMetadata(meta)
        .withNewSpec()
        // A failed k6 is a failed scenario: no retry would measure the same thing.
        .withBackoffLimit(0)
        // One pod per runner, each with its index (JOB_COMPLETION_INDEX), all at once. Unlike
        // k6-operator's starter nothing starts them together: each runs its schedule from its own
        // start, seconds apart at most once scheduled (docs/cluster.md).
        .withCompletionMode(n > 1 ? "Indexed" : null)
        .withCompletions(n > 1 ? n : null)
        .withParallelism(n > 1 ? n : null)
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(RunnerPod.labels(run, request))
        .endMetadata()
        .withSpec(
            PodHardening.pod(c, List.of(script), load.nodeSelector)
                .withInitContainers(earlier)
                .withAffinity(Placement.runner(run, request.scenarioId()))
                .withRestartPolicy("Never")
                .build())
        .endTemplate()
        .endSpec()
        .build();
  }

  private static List<String> args(BenchmarkRunResource run, String scenarioId, String key) {
    List<String> args =
        new ArrayList<>(List.of("run", "--quiet", "--no-usage-report", "--no-color", "--address="));
    args.addAll(RunnerPod.remoteWriteArgs(run, scenarioId));
    args.add("/scripts/" + key);
    return args;
  }

  /**
   * A warm-up round alone; a measurement with the scenarios that follow it on the same SUT
   * configuration ({@link RunCursor#stages}) when one runner runs it. Several runners of an Indexed
   * Job start each stage when their own previous one ends, so their holds would drift apart stage
   * by stage: each of their loads is one scenario.
   */
  @Override
  public List<RunCursor.Load> stages(RunCursor cursor, int parallelism, RunCursor.Load load) {
    if (!(load instanceof RunCursor.Measure) || parallelism > 1) {
      return List.of(load);
    }
    return cursor.stages(load.scenario()).stream()
        .<RunCursor.Load>map(RunCursor.Measure::new)
        .toList();
  }

  /** The Job, if it is the run's own: its pods go with it. */
  @Override
  public List<HasMetadata> parts(KubernetesClient client, BenchmarkRunResource run, String name) {
    String ns = run.getMetadata().getNamespace();
    Job job = client.batch().v1().jobs().inNamespace(ns).withName(name).get();
    return job == null || !Ownership.owns(run, job) ? List.of() : List.of(job);
  }

  /** Nothing starts a Job's runners but the Job controller: nothing to nudge. */
  @Override
  public Optional<Remedy> stalled(Unfinished load) {
    return Optional.empty();
  }

  /** The Job has (or had) a ready, succeeded or failed pod, or ended. */
  @Override
  public boolean runnerStarted(HasMetadata load) {
    if (!(load instanceof Job job) || job.getStatus() == null) {
      return false;
    }
    var s = job.getStatus();
    return positive(s.getReady())
        || positive(s.getSucceeded())
        || positive(s.getFailed())
        || ended(job);
  }

  private static boolean positive(Integer n) {
    return n != null && n > 0;
  }

  @Override
  public String noPod(HasMetadata load) {
    String name = load.getMetadata().getName();
    return "Job " + name + " created no pod (kubectl describe job " + name + ")";
  }

  /**
   * When {@code job} completed or failed, as the Job controller recorded it; empty while it runs.
   */
  static Optional<Instant> endedAt(Job job) {
    if (job.getStatus() == null || job.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return job.getStatus().getConditions().stream()
        .filter(c -> "Complete".equals(c.getType()) || "Failed".equals(c.getType()))
        .filter(c -> "True".equals(c.getStatus()) && c.getLastTransitionTime() != null)
        .map(c -> Instant.parse(c.getLastTransitionTime()))
        .findFirst();
  }

  private static boolean ended(Job job) {
    return job.getStatus() != null
        && job.getStatus().getConditions() != null
        && job.getStatus().getConditions().stream()
            .anyMatch(
                c ->
                    ("Complete".equals(c.getType()) || "Failed".equals(c.getType()))
                        && "True".equals(c.getStatus()));
  }

  /**
   * The Job ended while the load it ran had not, and no runner pod is left to read: the pod was
   * deleted or evicted mid-stage (the Job controller counts that a failure, and a Job retries
   * nothing). The rows of the stages before are recorded; the scenario in flight is lost and
   * measured again by a load created anew from it, once per load: if that one's runner goes too,
   * the run fails.
   */
  @Override
  public Optional<Remedy> lostRunner(Unfinished load) {
    if (!(load.object() instanceof Job job) || !load.runners().isEmpty()) {
      return Optional.empty();
    }
    if (job.getMetadata().getDeletionTimestamp() != null) {
      return Optional.of(new Remedy.Wait(Duration.ofSeconds(1))); // going: then created again
    }
    Optional<Instant> ended = endedAt(job);
    if (ended.isEmpty()) {
      return Optional.empty();
    }
    Instant gone = ended.get().plus(RUNNER_GONE_AFTER);
    if (load.now().isBefore(gone)) {
      return Optional.of(new Remedy.Wait(Duration.between(load.now(), gone)));
    }
    String what =
        load.name()
            + ": its runner pod went away (deleted or evicted) while it ran "
            + load.running().id()
            + ", and the Job ended without it";
    if (load.recreations() > 0) {
      return Optional.of(
          new Remedy.GiveUp(
              false,
              what
                  + ", though it was created again once: is something deleting or evicting the"
                  + " run's pods (kubectl get events)? The rows recorded so far stay in the"
                  + " results.",
              what + ", the second time"));
    }
    String again =
        ResourceNames.load(
            load.run(),
            load.running().scenario().index(),
            load.running() instanceof RunCursor.WarmUp);
    return Optional.of(
        new Remedy.Recreate(
            what + "; creating " + again,
            again,
            1,
            what + "; the rows before it stay, and " + again + " measures it again",
            Duration.ofSeconds(2)));
  }
}
