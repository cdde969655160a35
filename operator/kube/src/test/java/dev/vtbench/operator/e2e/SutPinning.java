package dev.vtbench.operator.e2e;

import dev.vtbench.operator.Checks;
import dev.vtbench.operator.resources.Labels;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The SUT pod is Guaranteed, and its container's cpuset (the kernel's view of its process) equals
 * the kubelet's cpu_manager_state entry, lies outside the shared pool, and no other container may
 * use it.
 */
final class SutPinning {

  /** Other containers leave the pinned CPUs within cpuManagerReconcilePeriod (10 s). */
  private static final Duration MOVED_OFF = Duration.ofSeconds(30);

  private final E2eContext e2e;

  SutPinning(E2eContext e2e) {
    this.e2e = e2e;
  }

  /**
   * Checks the run's SUT when one of its pods is running and ready; returns the pinned CPUs (""
   * when the kubelet pinned none), or empty when no SUT pod is ready yet.
   */
  Optional<String> check(String run) {
    Optional<Pod> ready =
        e2e
            .k8s
            .pods()
            .inNamespace(e2e.namespace())
            .withLabels(Map.of(Labels.RUN, run, Labels.COMPONENT, "sut"))
            .list()
            .getItems()
            .stream()
            .filter(p -> p.getMetadata().getDeletionTimestamp() == null)
            .filter(p -> "Running".equals(p.getStatus().getPhase()))
            .filter(
                p ->
                    p.getStatus().getContainerStatuses().stream()
                        .allMatch(c -> Boolean.TRUE.equals(c.getReady())))
            .filter(p -> !p.getStatus().getContainerStatuses().isEmpty())
            .findFirst();
    if (ready.isEmpty()) {
      return Optional.empty();
    }
    Pod pod = ready.get();
    String cid = containerId(pod.getStatus().getContainerStatuses().getFirst());
    Long pid = NodeFacts.firstProcesses(List.of(cid)).get(cid);
    if (pid == null) {
      return Optional.empty();
    }
    String name = pod.getMetadata().getName();
    String qos = pod.getStatus().getQosClass();
    String host = NodeFacts.cpusAllowed(pid).orElse("?");
    String cgroup = NodeFacts.cgroupCpuset(pid);
    NodeFacts.CpuManagerState state = e2e.node.cpuManagerState();
    String want = state.assigned(pod.getMetadata().getUid(), "sut");
    Checks.note(
        "SUT pod %s: qosClass %s; process %d: Cpus_allowed_list %s; cgroup cpuset.cpus %s"
            .formatted(name, qos, pid, host, cgroup));
    Checks.note(
        "cpu_manager_state: sut -> '%s', shared pool (defaultCpuSet) '%s'"
            .formatted(want, state.defaultCpuSet()));
    Checks c = e2e.checks;
    c.check("Guaranteed".equals(qos), "SUT pod is Guaranteed");
    c.check(
        !want.isEmpty(),
        "the kubelet pinned the SUT container (cpu_manager_state entry '" + want + "')");
    c.check(
        host.equals(want),
        "the SUT process's cpuset (" + host + ") equals cpu_manager_state (" + want + ")");
    c.check(
        cgroup.equals(want),
        "the SUT container's cgroup cpuset ("
            + cgroup
            + ") equals cpu_manager_state ("
            + want
            + ")");
    if (!want.isEmpty()) {
      CpuList pinned = CpuList.parse(want);
      c.check(
          !pinned.overlaps(CpuList.parse(state.defaultCpuSet())),
          "the SUT's CPUs " + want + " are outside the shared pool " + state.defaultCpuSet());
      List<String> on = othersOn(pinned, cid);
      c.check(
          on.isEmpty(),
          "no other container may run on CPU "
              + want
              + (on.isEmpty() ? "" : " (still allowed: " + String.join(", ", on) + ")"));
    }
    return Optional.of(want);
  }

  /** The other running containers whose process may still run on {@code pinned}, for a while. */
  private List<String> othersOn(CpuList pinned, String sut) {
    long end = System.nanoTime() + MOVED_OFF.toNanos();
    while (true) {
      List<String> ids =
          e2e.k8s.pods().inAnyNamespace().list().getItems().stream()
              .flatMap(p -> p.getStatus().getContainerStatuses().stream())
              .filter(s -> s.getState() != null && s.getState().getRunning() != null)
              .map(SutPinning::containerId)
              .filter(Objects::nonNull)
              .filter(id -> !id.equals(sut))
              .toList();
      List<String> on = new ArrayList<>();
      NodeFacts.firstProcesses(ids)
          .forEach(
              (id, pid) ->
                  NodeFacts.cpusAllowed(pid)
                      .filter(list -> CpuList.parse(list).overlaps(pinned))
                      .ifPresent(list -> on.add(NodeFacts.commandLine(pid) + " [" + list + "]")));
      if (on.isEmpty() || System.nanoTime() > end) {
        return on;
      }
      E2eContext.sleep(Duration.ofSeconds(2));
    }
  }

  static String containerId(ContainerStatus s) {
    String id = s.getContainerID();
    if (id == null || id.isEmpty()) {
      return null;
    }
    return id.contains("://") ? id.substring(id.indexOf("://") + 3) : id;
  }
}
