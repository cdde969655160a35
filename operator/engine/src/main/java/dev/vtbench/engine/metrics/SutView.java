package dev.vtbench.engine.metrics;

/**
 * The SUT as it reports itself in /api/runtime-info, and where it ran: the provenance every row
 * carries, locally and on a cluster (where a runner's probe reads the first seven fields, {@code
 * dev.vtbench.engine.k6.SutProbe}). Fields nobody could read are null.
 *
 * @param cpuset the CPUs the SUT may run on, as its cgroup gives them
 * @param availableProcessors the processors its JVM sees, null where unread (a user's service)
 * @param virtualThreadParallelism its virtual-thread scheduler's parallelism (its carrier threads),
 *     null where unread
 * @param javaVersion its JVM's version
 * @param node the node (Kubernetes) or host name it ran on
 * @param cpuModel the machine's CPU model, /proc/cpuinfo's "model name"
 * @param kernel the Linux kernel release ({@code os.version})
 * @param artifact what the SUT ran from: the image reference (a digest when the reference carries
 *     one) or {@code sha256:} and the first 16 hex digits of the jar's SHA-256; null where the
 *     reader does not know it (a runner's probe)
 * @param cpuWorkIterationNs the CPU nanoseconds one iteration of the SUT's {@code ?cpuUs=} work
 *     costs, as the SUT calibrated it at start ({@code cpuWork.iterationNs}); null where unread (a
 *     user's service, a SUT from before the knob)
 */
public record SutView(
    String cpuset,
    Integer availableProcessors,
    Integer virtualThreadParallelism,
    String javaVersion,
    String node,
    String cpuModel,
    String kernel,
    String artifact,
    Double cpuWorkIterationNs) {

  /** This view with where the SUT ran as the platform knows it: its cpuset, node and artifact. */
  public SutView placed(String cpuset, String node, String artifact) {
    return new SutView(
        cpuset,
        availableProcessors,
        virtualThreadParallelism,
        javaVersion,
        node,
        cpuModel,
        kernel,
        artifact,
        cpuWorkIterationNs);
  }
}
