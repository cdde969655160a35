package dev.vtbench.operator.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What the node itself says about CPUs, read from its files: the e2e runs on the node, so the
 * kubelet's {@code cpu_manager_state}, each container process's {@code /proc/<pid>/status} (what
 * {@code cat /proc/1/status} inside the pod shows; the SUT image has no shell) and its cgroup's
 * cpuset are files on this machine.
 */
final class NodeFacts {

  private static final Path PROC = Path.of("/proc");
  private static final Path CGROUP = Path.of("/sys/fs/cgroup");

  private final Path kubeletDir;

  NodeFacts(Path kubeletDir) {
    this.kubeletDir = kubeletDir;
  }

  /** The static CPU manager's assignments: an entry per pinned container, and the shared pool. */
  record CpuManagerState(Map<String, Map<String, String>> entries, String defaultCpuSet) {

    /** The cpuset the kubelet assigned to a container of a pod, or "" when it has none. */
    String assigned(String podUid, String container) {
      return entries.getOrDefault(podUid, Map.of()).getOrDefault(container, "");
    }
  }

  CpuManagerState cpuManagerState() {
    try {
      JsonNode state =
          new ObjectMapper().readTree(Files.readString(kubeletDir.resolve("cpu_manager_state")));
      Map<String, Map<String, String>> entries = new HashMap<>();
      state
          .path("entries")
          .properties()
          .forEach(
              pod -> {
                Map<String, String> containers = new HashMap<>();
                pod.getValue()
                    .properties()
                    .forEach(c -> containers.put(c.getKey(), c.getValue().asText()));
                entries.put(pod.getKey(), containers);
              });
      return new CpuManagerState(entries, state.path("defaultCpuSet").asText());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The first process of each running container, by container id (without {@code containerd://}):
   * the lowest pid whose cgroup path names the container, which is its init process, as {@code ctr
   * tasks ls} would list it. The pod sandboxes' pause processes are in cgroups named by the sandbox
   * ids, which no container id matches.
   */
  static Map<String, Long> firstProcesses(List<String> containerIds) {
    Map<String, Long> first = new HashMap<>();
    try (Stream<Path> procs = Files.list(PROC)) {
      for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
        String cgroup = read(p.resolve("cgroup")).orElse("");
        long pid = Long.parseLong(p.getFileName().toString());
        for (String id : containerIds) {
          if (cgroup.contains(id)) {
            first.merge(id, pid, Math::min);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return first;
  }

  /** The CPUs the kernel lets the process run on ({@code Cpus_allowed_list}), if it still runs. */
  static Optional<String> cpusAllowed(long pid) {
    return read(PROC.resolve(pid + "/status"))
        .flatMap(
            status ->
                status
                    .lines()
                    .filter(l -> l.startsWith("Cpus_allowed_list:"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst());
  }

  /**
   * The cpuset of the process's cgroup: {@code cpuset.cpus} of its cgroup v1 cpuset hierarchy, else
   * {@code cpuset.cpus.effective} of its cgroup v2 group; "?" when neither is readable.
   */
  static String cgroupCpuset(long pid) {
    List<String[]> lines =
        read(PROC.resolve(pid + "/cgroup")).orElse("").lines().map(l -> l.split(":", 3)).toList();
    for (String[] l : lines) {
      if (l.length == 3 && l[1].equals("cpuset")) {
        Optional<String> v1 = read(CGROUP.resolve("cpuset" + l[2]).resolve("cpuset.cpus"));
        if (v1.isPresent()) {
          return v1.get().strip();
        }
      }
    }
    for (String[] l : lines) {
      if (l.length == 3 && l[0].equals("0")) {
        Optional<String> v2 = read(Path.of(CGROUP + l[2], "cpuset.cpus.effective"));
        if (v2.isPresent()) {
          return v2.get().strip();
        }
      }
    }
    return "?";
  }

  /** The process's command line, its arguments joined by spaces, cut to 60 characters. */
  static String commandLine(long pid) {
    String cmd = read(PROC.resolve(pid + "/cmdline")).orElse("").replace('\0', ' ').strip();
    return cmd.length() > 60 ? cmd.substring(0, 60) : cmd;
  }

  private static Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file));
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty(); // the process ended, or the file is not there on this kernel
    }
  }
}
