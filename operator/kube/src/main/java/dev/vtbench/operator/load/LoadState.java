package dev.vtbench.operator.load;

import dev.vtbench.engine.k6.SutProbe;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
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

  public static final LoadState RUNNING = new LoadState(false, List.of(), null);

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

  /**
   * The outcome from the runner pods, once {@code runners} of them ended (spec.load.parallelism):
   * the first that failed fails the load, else each one's summary. k6-operator marks a TestRun
   * "finished" even when a runner failed, so the runners' own exit codes decide, never the
   * TestRun's progress (status.stage). {@link #RUNNING} while fewer than {@code runners} ended, all
   * of them well.
   */
  public static LoadState fromRunnerPods(String what, Collection<Pod> pods, int runners) {
    return fromRunnerPods(what, pods, runners, null);
  }

  /**
   * {@link #fromRunnerPods(String, Collection, int)} for one stage of a load that runs several
   * ({@link LoadScript#stageContainer}): the outcome of the runner pods' container {@code
   * container}, whichever else ran or still runs; null: the pods' one k6 container.
   */
  public static LoadState fromRunnerPods(
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
      boolean stage = container != null && !container.equals("k6");
      if (term.getExitCode() == null || term.getExitCode() != 0) {
        return failed(
            what
                + ": k6 in pod "
                + name
                + (stage ? " (" + container + ")" : "")
                + " exited with "
                + term.getExitCode()
                + (term.getReason() == null ? "" : " (" + term.getReason() + ")")
                + tail(term.getMessage())
                + "; see kubectl logs "
                + name
                + (stage ? " -c " + container : ""));
      }
      if (term.getMessage() == null || term.getMessage().isBlank()) {
        return failed(
            what
                + ": k6 in pod "
                + name
                + " exited 0 but left no summary in its termination message; is the"
                + " image's k6 1.x, and /dev/termination-log writable?");
      }
      summaries.add(term.getMessage());
    }
    return summaries.size() >= runners ? new LoadState(true, summaries, null) : RUNNING;
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

  /** A load that ended in failure, for {@code why}. */
  private static LoadState failed(String why) {
    return new LoadState(true, List.of(), why);
  }
}
