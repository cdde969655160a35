package dev.vtbench.operator.resources;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cores a user's service runs on, which nothing outside its container can read and Actuator
 * does not report: an init container in the SUT's pod, with the SUT's whole CPUs, writes its own
 * {@code Cpus_allowed_list} and the node's online CPUs to its termination message. The kubelet's
 * static CPU manager hands an init container's exclusive CPUs on to the pod's app container, so
 * this is the cpuset the service then runs on (make e2e compares the two on a real kubelet). It
 * runs from the run's k6 image, which has a shell, using only shell built-ins.
 */
public final class CpusetProbe {

  /** The init container's name. */
  public static final String NAME = "cpuset";

  private static final String SCRIPT =
      "while read -r k v; do [ \"$k\" = Cpus_allowed_list: ] && c=$v; done </proc/self/status;"
          + " read -r o </sys/devices/system/cpu/online;"
          + " echo \"cpuset=$c online=$o\" >/dev/termination-log";

  /** The SUT's cpuset and its node's online CPUs, as cpu lists; null where unknown. */
  public record Cores(String cpuset, String onlineCpus) {
    /** As vtbench's own SUT reported them to the k6 runner. */
    public static Cores of(dev.vtbench.engine.k6.SutProbe probe) {
      return new Cores(probe.sut().cpuset(), probe.onlineCpus());
    }
  }

  private CpusetProbe() {}

  /** The init container, with the SUT's CPUs (the same exclusive cores) and a little memory. */
  static Container container(String image, String cpu) {
    return PodHardening.container(
            NAME, image, Guaranteed.resources(cpu, "32Mi"), Map.of(), List.of())
        .withCommand("sh", "-c", SCRIPT)
        .build();
  }

  /** What the probe of {@code sutPod} reported, if it has run. */
  public static Optional<Cores> of(Pod sutPod) {
    if (sutPod.getStatus() == null || sutPod.getStatus().getInitContainerStatuses() == null) {
      return Optional.empty();
    }
    return sutPod.getStatus().getInitContainerStatuses().stream()
        .filter(s -> NAME.equals(s.getName()))
        .map(CpusetProbe::message)
        .filter(m -> m != null && m.contains("cpuset="))
        .findFirst()
        .map(CpusetProbe::parse);
  }

  private static String message(ContainerStatus s) {
    return s.getState() == null || s.getState().getTerminated() == null
        ? null
        : s.getState().getTerminated().getMessage();
  }

  /** {@code cpuset=2-3 online=0-7} → its two lists; a missing value is null. */
  static Cores parse(String message) {
    String cpuset = null;
    String online = null;
    for (String word : message.trim().split("\\s+")) {
      if (word.startsWith("cpuset=") && word.length() > 7) {
        cpuset = word.substring(7);
      } else if (word.startsWith("online=") && word.length() > 7) {
        online = word.substring(7);
      }
    }
    return new Cores(cpuset, online);
  }
}
