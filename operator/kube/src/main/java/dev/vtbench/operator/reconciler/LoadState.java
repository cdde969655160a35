package dev.vtbench.operator.reconciler;

import dev.vtbench.engine.k6.SutProbe;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where one load (a TestRun or a Job) stands, read from the informers' caches: running, finished
 * with a summary, or failed with a reason a user can act on.
 *
 * @param summaries each runner's termination message (its compact k6 summary) once every runner
 *     finished, in pod-name order; empty otherwise
 * @param failure why it failed, or null
 */
public record LoadState(boolean finished, List<String> summaries, String failure) {

  static final LoadState RUNNING = new LoadState(false, List.of(), null);

  public LoadState {
    summaries = List.copyOf(summaries);
  }

  /**
   * The summary whose runner observed the SUT around the hold ({@link SutProbe#probing}): the only
   * one with several runners, where one runner runs each one-VU probe scenario.
   */
  public String summary() {
    return summaries.isEmpty() ? null : SutProbe.probing(summaries);
  }

  /** k6-operator stages after which nothing more happens. */
  static boolean testRunEnded(GenericKubernetesResource testRun) {
    Object status = testRun.getAdditionalProperties().get("status");
    if (status instanceof Map<?, ?> m) {
      Object stage = m.get("stage");
      return "finished".equals(stage) || "error".equals(stage);
    }
    return false;
  }

  static String testRunStage(GenericKubernetesResource testRun) {
    Object status = testRun.getAdditionalProperties().get("status");
    return status instanceof Map<?, ?> m && m.get("stage") != null
        ? m.get("stage").toString()
        : "initialization";
  }

  /**
   * When {@code job} completed or failed, as the Job controller recorded it; empty while it runs.
   */
  static Optional<Instant> jobEndedAt(Job job) {
    if (job.getStatus() == null || job.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return job.getStatus().getConditions().stream()
        .filter(c -> "Complete".equals(c.getType()) || "Failed".equals(c.getType()))
        .filter(c -> "True".equals(c.getStatus()) && c.getLastTransitionTime() != null)
        .map(c -> Instant.parse(c.getLastTransitionTime()))
        .findFirst();
  }

  static boolean jobEnded(Job job) {
    return job.getStatus() != null
        && job.getStatus().getConditions() != null
        && job.getStatus().getConditions().stream()
            .anyMatch(
                (JobCondition c) ->
                    ("Complete".equals(c.getType()) || "Failed".equals(c.getType()))
                        && "True".equals(c.getStatus()));
  }

  /**
   * Whether the load object itself says its runner got going: k6-operator moved the TestRun past
   * creating its runners, or the Job has (or had) a ready, succeeded or failed pod. A runner pod
   * that started and then went away (evicted, deleted) is no start that never happened.
   */
  static boolean runnerStarted(HasMetadata load) {
    if (load instanceof GenericKubernetesResource testRun) {
      return List.of("started", "stopped", "finished", "error").contains(testRunStage(testRun));
    }
    if (load instanceof Job job && job.getStatus() != null) {
      var s = job.getStatus();
      return positive(s.getReady())
          || positive(s.getSucceeded())
          || positive(s.getFailed())
          || jobEnded(job);
    }
    return false;
  }

  private static boolean positive(Integer n) {
    return n != null && n > 0;
  }

  /**
   * The outcome from the runner pods, once {@code runners} of them ended (spec.load.parallelism):
   * the first that failed fails the load, else each one's summary. k6-operator marks a TestRun
   * "finished" even when a runner failed, so the runners' own exit codes decide, never the
   * TestRun's stage. Null while fewer than {@code runners} ended, all of them well.
   */
  static LoadState fromRunnerPods(String what, Collection<Pod> pods, int runners) {
    return fromRunnerPods(what, pods, runners, null);
  }

  /**
   * {@link #fromRunnerPods(String, Collection, int)} for one stage of a load that runs several
   * ({@link dev.vtbench.operator.resources.LoadTier#stageContainer}): the outcome of the runner
   * pods' container {@code container}, whichever else ran or still runs; null: the pods' one k6
   * container.
   */
  static LoadState fromRunnerPods(
      String what, Collection<Pod> pods, int runners, String container) {
    List<String> summaries = new ArrayList<>();
    for (Pod pod :
        pods.stream().sorted(Comparator.comparing(p -> p.getMetadata().getName())).toList()) {
      Optional<ContainerStateTerminated> t = terminated(pod, container);
      if (t.isEmpty()) {
        continue;
      }
      ContainerStateTerminated term = t.get();
      String name = pod.getMetadata().getName();
      if (term.getExitCode() == null || term.getExitCode() != 0) {
        return new LoadState(
            true,
            List.of(),
            what
                + ": k6 in pod "
                + name
                + (container == null || container.equals("k6") ? "" : " (" + container + ")")
                + " exited with "
                + term.getExitCode()
                + (term.getReason() == null ? "" : " (" + term.getReason() + ")")
                + tail(term.getMessage())
                + "; see kubectl logs "
                + name
                + (container == null || container.equals("k6") ? "" : " -c " + container));
      }
      if (term.getMessage() == null || term.getMessage().isBlank()) {
        return new LoadState(
            true,
            List.of(),
            what
                + ": k6 in pod "
                + name
                + " exited 0 but left no summary in its termination message; is the"
                + " image's k6 1.x, and /dev/termination-log writable?");
      }
      summaries.add(term.getMessage());
    }
    return summaries.size() >= runners ? new LoadState(true, summaries, null) : null;
  }

  /**
   * The exit of {@code pod}'s container {@code container} (an init container of a staged load's, or
   * its k6 container), or of its first container to exit when {@code container} is null.
   */
  private static Optional<ContainerStateTerminated> terminated(Pod pod, String container) {
    if (pod.getStatus() == null) {
      return Optional.empty();
    }
    List<ContainerStatus> statuses = new ArrayList<>();
    if (container != null && pod.getStatus().getInitContainerStatuses() != null) {
      statuses.addAll(pod.getStatus().getInitContainerStatuses());
    }
    if (pod.getStatus().getContainerStatuses() != null) {
      statuses.addAll(pod.getStatus().getContainerStatuses());
    }
    for (ContainerStatus cs : statuses) {
      if ((container == null || container.equals(cs.getName()))
          && cs.getState() != null
          && cs.getState().getTerminated() != null) {
        return Optional.of(cs.getState().getTerminated());
      }
    }
    return Optional.empty();
  }

  private static String tail(String message) {
    if (message == null || message.isBlank()) {
      return "";
    }
    String m = message.strip();
    return ": " + (m.length() > 300 ? "…" + m.substring(m.length() - 300) : m);
  }
}
