package dev.vtbench.sut.runtime;

/**
 * Workload requests the SUT has completed, whatever their status; vtbench's own probes
 * (/api/runtime-info…) are not workload and are not counted. Each web stack counts in its own
 * filter; {@link LoadWindows} turns the count into per-window throughput.
 */
public interface RequestCount {

  /** The path prefix of the probes that are not counted. */
  String PROBE_PREFIX = "/api/runtime-info";

  /** Workload requests completed since the SUT started. */
  long completed();

  /** Whether a request to {@code path} is workload, i.e. counted. */
  static boolean counts(String path) {
    return !path.startsWith(PROBE_PREFIX);
  }
}
