package dev.vtbench.operator.load;

import dev.vtbench.operator.resources.Ownership;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The pods labelled as one load's, split into those the operator believes and those it ignores.
 * Labels say which load a pod claims to be of, and anyone who may create pods can write them; a
 * runner pod's termination message becomes a row of results. So a pod counts only when its owner
 * chain ends at the load: its controller is a Job that is the load itself (runner {@code job}) or a
 * Job the load controls (k6-operator's initializer and runner Jobs of the run's TestRun), matched
 * by UID against the Jobs the operator watches. The load is the run's own (the run's own, as the
 * reconciler observes it), so the chain ends at the run's UID. Nothing of an ignored pod is read:
 * not its status, not its termination message. A pod whose controller is a Job the operator has not
 * seen yet is neither: its pod event can come before its Job's (k6-operator's runner Job, on a busy
 * API server), so it is judged on a later reconcile, once that Job is seen; until then nothing of
 * it is read either.
 *
 * @param trusted the load's pods
 * @param ignored pods with the load's labels that are not the load's
 */
public record LoadPods(List<Pod> trusted, List<Pod> ignored) {

  public static final LoadPods NONE = new LoadPods(List.of(), List.of());

  public static LoadPods of(HasMetadata load, Collection<Job> jobs, Collection<Pod> labelled) {
    String loadUid = load.getMetadata().getUid();
    Set<String> loadJobs =
        jobs.stream()
            .filter(
                j ->
                    loadUid.equals(j.getMetadata().getUid())
                        || loadUid.equals(Ownership.controllerUid(j)))
            .map(j -> j.getMetadata().getUid())
            .collect(Collectors.toSet());
    Set<String> seenJobs =
        jobs.stream().map(j -> j.getMetadata().getUid()).collect(Collectors.toSet());
    List<Pod> trusted = new ArrayList<>();
    List<Pod> ignored = new ArrayList<>();
    for (Pod pod : labelled) {
      if (ofJob(pod, loadJobs)) {
        trusted.add(pod);
      } else if (!ofUnseenJob(pod, seenJobs)) {
        ignored.add(pod);
      }
    }
    return new LoadPods(List.copyOf(trusted), List.copyOf(ignored));
  }

  /** Controlled by a batch/v1 Job whose UID is one of {@code jobUids}. */
  private static boolean ofJob(Pod pod, Set<String> jobUids) {
    OwnerReference c = controller(pod);
    return c != null
        && "Job".equals(c.getKind())
        && "batch/v1".equals(c.getApiVersion())
        && jobUids.contains(c.getUid());
  }

  /** Controlled by a batch/v1 Job whose UID is none of {@code seenJobUids}. */
  private static boolean ofUnseenJob(Pod pod, Set<String> seenJobUids) {
    OwnerReference c = controller(pod);
    return c != null
        && "Job".equals(c.getKind())
        && "batch/v1".equals(c.getApiVersion())
        && !seenJobUids.contains(c.getUid());
  }

  /**
   * The pod's controller reference, or null: what the reconciler's IgnoredPods names in its Event.
   */
  public static OwnerReference controller(Pod pod) {
    List<OwnerReference> refs = pod.getMetadata().getOwnerReferences();
    return refs == null
        ? null
        : refs.stream()
            .filter(r -> Boolean.TRUE.equals(r.getController()))
            .findFirst()
            .orElse(null);
  }

  /** The load's runner pods ({@link RunnerPod#isRunner}), not k6-operator's other pods. */
  public List<Pod> runners() {
    return trusted.stream().filter(RunnerPod::isRunner).toList();
  }
}
