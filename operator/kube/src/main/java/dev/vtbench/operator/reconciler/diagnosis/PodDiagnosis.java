package dev.vtbench.operator.reconciler.diagnosis;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStateWaiting;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentCondition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Why a pod is not running, read from what the scheduler and the kubelet wrote into its status: an
 * unschedulable pod (the scheduler's message), an image that cannot be pulled, a container that
 * keeps crashing (its last termination), a container waiting for something else, or one that runs
 * but is not ready. Pure: the steps decide with it when a wait passes its deadline.
 */
public final class PodDiagnosis {

  /** Waiting reasons the kubelet gives when it cannot get the image. */
  static final List<String> IMAGE_REASONS =
      List.of("ErrImagePull", "ImagePullBackOff", "InvalidImageName", "ErrImageNeverPull");

  /**
   * Pull errors no retry can fix: the registry says the image or tag does not exist, or refuses
   * access. Other pull errors (timeouts, rate limits, a registry briefly down) may pass, so they
   * get until the deadline.
   */
  private static final List<String> PERMANENT_PULL_ERRORS =
      List.of(
          "not found",
          "manifest unknown",
          "pull access denied",
          "unauthorized",
          "access denied",
          "insufficient_scope",
          "repository does not exist");

  /**
   * What is wrong with one pod.
   *
   * @param message a sentence naming the pod, the container or image, and what the cluster said
   * @param permanent true when waiting cannot help (an invalid or missing image): the run fails at
   *     once instead of at its deadline
   */
  public record Trouble(String message, boolean permanent) {}

  private PodDiagnosis() {}

  /** The first trouble of {@code pods}, a permanent one before any other. */
  public static Optional<Trouble> first(Collection<Pod> pods) {
    List<Trouble> all = pods.stream().map(PodDiagnosis::of).flatMap(Optional::stream).toList();
    return all.stream().filter(Trouble::permanent).findFirst().or(() -> all.stream().findFirst());
  }

  /** A trouble no wait can fix among {@code pods}, if any. */
  public static Optional<Trouble> permanent(Collection<Pod> pods) {
    return first(pods).filter(Trouble::permanent);
  }

  /** What is wrong with {@code pod}, or empty when it runs (or ran) as it should. */
  static Optional<Trouble> of(Pod pod) {
    String name = pod.getMetadata().getName();
    var status = pod.getStatus();
    if (status == null) {
      return Optional.of(new Trouble("pod " + name + " has no status yet", false));
    }
    List<ContainerStatus> containers = containerStatuses(pod);
    for (ContainerStatus cs : containers) {
      ContainerStateWaiting w = waiting(cs);
      if (w != null && IMAGE_REASONS.contains(w.getReason())) {
        return Optional.of(
            new Trouble(
                "pod "
                    + name
                    + " cannot pull image "
                    + image(pod, cs)
                    + " for container "
                    + cs.getName()
                    + " ("
                    + w.getReason()
                    + said(w.getMessage())
                    + ")",
                permanentPull(w)));
      }
    }
    Optional<PodCondition> unscheduled =
        conditions(pod)
            .filter(c -> "PodScheduled".equals(c.getType()))
            .filter(c -> "False".equals(c.getStatus()))
            .findFirst();
    if (unscheduled.isPresent()) {
      PodCondition c = unscheduled.get();
      return Optional.of(
          new Trouble(
              "pod "
                  + name
                  + " cannot be scheduled ("
                  + (c.getReason() == null ? "Unschedulable" : c.getReason())
                  + said(c.getMessage())
                  + ")",
              false));
    }
    for (ContainerStatus cs : containers) {
      ContainerStateWaiting w = waiting(cs);
      if (w == null) {
        continue;
      }
      if ("CrashLoopBackOff".equals(w.getReason())) {
        return Optional.of(new Trouble(crashing(name, cs), false));
      }
      return Optional.of(
          new Trouble(
              container(cs, name) + " is waiting (" + w.getReason() + said(w.getMessage()) + ")",
              false));
    }
    if (containers.isEmpty()) {
      return "Pending".equals(status.getPhase()) || status.getPhase() == null
          ? Optional.of(
              new Trouble(
                  "pod " + name + " is Pending: no node has been assigned and no container started",
                  false))
          : Optional.empty();
    }
    for (ContainerStatus cs : containers) {
      if (cs.getState() != null
          && cs.getState().getRunning() != null
          && !Boolean.TRUE.equals(cs.getReady())) {
        return Optional.of(
            new Trouble(
                container(cs, name)
                    + " runs but is not ready (its readiness probe fails"
                    + restarts(cs)
                    + "; see kubectl describe pod "
                    + name
                    + ")",
                false));
      }
    }
    return Optional.empty();
  }

  /**
   * Why a Deployment is not available: the trouble of one of its pods, else what the Deployment
   * controller reports (a ReplicaSet that cannot create pods: a quota, an admission policy), else
   * that no pod exists.
   */
  public static String ofDeployment(Deployment d, Collection<Pod> pods) {
    String name = d.getMetadata().getName();
    Optional<Trouble> trouble = first(pods);
    if (trouble.isPresent()) {
      return trouble.get().message();
    }
    if (d.getStatus() != null) {
      for (DeploymentCondition c : d.getStatus().getConditions()) {
        boolean failing =
            ("ReplicaFailure".equals(c.getType()) && "True".equals(c.getStatus()))
                || ("Progressing".equals(c.getType()) && "False".equals(c.getStatus()));
        if (failing) {
          return "Deployment " + name + " reports " + c.getReason() + said(c.getMessage());
        }
      }
    }
    return pods.isEmpty()
        ? "Deployment " + name + " has no pod (kubectl describe deployment " + name + ")"
        : "the pods of Deployment " + name + " run but the Deployment is not available yet";
  }

  /** True when the pod got as far as running a container (or finishing one). */
  public static boolean started(Pod pod) {
    return containerStatuses(pod).stream()
        .anyMatch(
            cs ->
                cs.getState() != null
                    && (cs.getState().getRunning() != null
                        || cs.getState().getTerminated() != null));
  }

  private static boolean permanentPull(ContainerStateWaiting w) {
    if (!"ErrImagePull".equals(w.getReason()) && !"ImagePullBackOff".equals(w.getReason())) {
      return true; // InvalidImageName, ErrImageNeverPull: the spec has to change
    }
    String m = w.getMessage() == null ? "" : w.getMessage().toLowerCase(Locale.ROOT);
    return PERMANENT_PULL_ERRORS.stream().anyMatch(m::contains);
  }

  private static String crashing(String pod, ContainerStatus cs) {
    StringBuilder b =
        new StringBuilder(container(cs, pod))
            .append(" keeps crashing (CrashLoopBackOff")
            .append(restarts(cs))
            .append(")");
    ContainerStateTerminated last =
        cs.getLastState() == null ? null : cs.getLastState().getTerminated();
    if (last != null) {
      b.append("; it last exited with ").append(last.getExitCode());
      if (last.getReason() != null) {
        b.append(" (").append(last.getReason()).append(")");
      }
      if (last.getMessage() != null && !last.getMessage().isBlank()) {
        b.append(": ").append(tail(last.getMessage()));
      }
    }
    return b.append("; see kubectl logs --previous ").append(pod).toString();
  }

  private static String container(ContainerStatus cs, String pod) {
    return "container " + cs.getName() + " of pod " + pod;
  }

  private static String restarts(ContainerStatus cs) {
    Integer n = cs.getRestartCount();
    return n == null || n == 0 ? "" : ", restarted " + n + (n == 1 ? " time" : " times");
  }

  /** The image the pod's spec asks for in that container; what the kubelet reports otherwise. */
  private static String image(Pod pod, ContainerStatus cs) {
    Stream<Container> all =
        pod.getSpec() == null
            ? Stream.empty()
            : Stream.concat(
                pod.getSpec().getInitContainers().stream(), pod.getSpec().getContainers().stream());
    return "'"
        + all.filter(c -> cs.getName().equals(c.getName()))
            .map(Container::getImage)
            .findFirst()
            .orElse(cs.getImage())
        + "'";
  }

  private static List<ContainerStatus> containerStatuses(Pod pod) {
    List<ContainerStatus> all = new ArrayList<>();
    if (pod.getStatus() != null) {
      all.addAll(pod.getStatus().getInitContainerStatuses());
      all.addAll(pod.getStatus().getContainerStatuses());
    }
    return all;
  }

  private static Stream<PodCondition> conditions(Pod pod) {
    return pod.getStatus().getConditions().stream();
  }

  private static ContainerStateWaiting waiting(ContainerStatus cs) {
    return cs.getState() == null ? null : cs.getState().getWaiting();
  }

  private static String said(String message) {
    return message == null || message.isBlank() ? "" : ": " + tail(message.strip());
  }

  /** Messages go into a condition: the end of a long one says the most. */
  private static String tail(String m) {
    return m.length() > 400 ? "…" + m.substring(m.length() - 400) : m;
  }
}
