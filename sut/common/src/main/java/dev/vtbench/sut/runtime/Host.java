package dev.vtbench.sut.runtime;

import dev.vtbench.proc.CpuInfo;
import dev.vtbench.proc.KernelFile;
import java.nio.file.Path;

/**
 * Where this process runs, for the provenance of every row and the operator's pinning check: the
 * node, the CPU model, the kernel and the machine's online CPUs. Read from the OS, null off Linux.
 */
final class Host {

  /** Set by the operator from the downward API (spec.nodeName); absent when run locally. */
  static final String NODE_NAME_ENV = "NODE_NAME";

  private Host() {}

  /** The Kubernetes node, or the host name outside a cluster. */
  static String node() {
    String node = System.getenv(NODE_NAME_ENV);
    if (node != null && !node.isBlank()) {
      return node;
    }
    String host = KernelFile.value(Path.of("/proc/sys/kernel/hostname"));
    return host == null ? System.getenv("HOSTNAME") : host;
  }

  /** /proc/cpuinfo's first "model name" (x86) or null where it has none ({@link CpuInfo}). */
  static String cpuModel() {
    return CpuInfo.modelName();
  }

  /** The kernel release, e.g. 6.8.0-45-generic. */
  static String kernel() {
    return System.getProperty("os.version");
  }

  /**
   * The machine's online CPUs as a cpu list (e.g. {@code 0-7}), whatever this process's cpuset: a
   * cpuset equal to it is not exclusive on a machine with more CPUs than the SUT asked for.
   */
  static String onlineCpus() {
    return KernelFile.value(Path.of("/sys/devices/system/cpu/online"));
  }
}
