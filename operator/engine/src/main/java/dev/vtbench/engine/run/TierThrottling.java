package dev.vtbench.engine.run;

import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.proc.CfsStat;
import java.util.ArrayList;
import java.util.List;

/**
 * How much their CPU limits held the SUT, the stub and the load generator back over the hold
 * ({@code sut_throttled_pct}, {@code stub_throttled_pct}, {@code load_throttled_pct}: the share of
 * the hold's CFS periods in which their cgroup was throttled, 0 where it has no limit), and for
 * each figure not measured a note for the row saying why. A run without a stub has no stub figure
 * and nothing to say of it.
 *
 * @param sutPct the SUT's share in percent, null where unmeasured
 * @param stubPct the stub's share in percent, null where unmeasured or no stub ran
 * @param loadPct k6's share in percent (on a cluster, the runner that observed the SUT), null where
 *     unmeasured
 * @param notes why a figure is missing, for the row's {@code notes}
 */
public record TierThrottling(Double sutPct, Double stubPct, Double loadPct, List<String> notes) {

  public TierThrottling {
    notes = List.copyOf(notes);
  }

  /** Why {@code sut_throttled_pct} is empty on this machine. */
  public static final String LOCAL_SUT_NOTE =
      "sut_throttled_pct empty: the SUT's process had no cgroup cpu.stat with CFS periods to read"
          + " at both ends of the hold (/proc/PID/cgroup, /sys/fs/cgroup)";

  /** Why {@code stub_throttled_pct} is empty on this machine. */
  public static final String LOCAL_STUB_NOTE =
      "stub_throttled_pct empty: the stub's process had no cgroup cpu.stat with CFS periods to"
          + " read at both ends of the hold (/proc/PID/cgroup, /sys/fs/cgroup)";

  /** Why a user's service's row has no {@code sut_throttled_pct} on a cluster. */
  public static final String SERVICE_NOTE =
      "sut_throttled_pct empty: a service does not report its cgroup's CFS throttling, and on a"
          + " cluster only the runner reaches it";

  /** Why vtbench's SUT's row has no {@code sut_throttled_pct} on a cluster. */
  public static final String CLUSTER_SUT_NOTE =
      "sut_throttled_pct empty: the SUT did not report its cgroup's CFS periods (cfs in"
          + " /api/runtime-info) at both ends of the hold";

  /** Why {@code stub_throttled_pct} is empty on a cluster where the stub's window was read. */
  public static final String CLUSTER_STUB_NOTE =
      "stub_throttled_pct empty: the stub did not report its cgroup's CFS periods at both ends of"
          + " the hold";

  /** Why {@code load_throttled_pct} is empty on this machine. */
  public static final String LOCAL_LOAD_NOTE =
      "load_throttled_pct empty: k6's process had no cgroup cpu.stat with CFS periods to read at"
          + " both ends of the hold (/proc/PID/cgroup, /sys/fs/cgroup)";

  /** Why {@code load_cpu_pct} and {@code load_throttled_pct} are empty on a cluster. */
  public static final String CLUSTER_LOAD_NOTE =
      "load_cpu_pct and load_throttled_pct empty: the runner's k6 read neither its CPU time nor"
          + " its cgroup at both ends of the hold (only vtbench's k6 image, "
          + dev.vtbench.engine.k6.K6Image.REPOSITORY
          + ", has the extension k6/x/vtbench that reads them; spec.load.image)";

  /** Why {@code stub_throttled_pct} is empty on a cluster where the stub's window was not read. */
  public static final String NO_STUB_WINDOW_NOTE =
      "stub_throttled_pct empty: the stub's accounting window over the hold was not read";

  /**
   * On this machine: each process's cgroup read at the hold's start and end, the moments its CPU is
   * sampled ({@link CfsStat#read(java.nio.file.Path, long)}; each null where unreadable).
   *
   * @param stubRan whether the run has a stub; without one its readings are ignored
   */
  public static TierThrottling local(
      CfsStat.Snapshot sutStart,
      CfsStat.Snapshot sutEnd,
      boolean stubRan,
      CfsStat.Snapshot stubStart,
      CfsStat.Snapshot stubEnd,
      CfsStat.Snapshot loadStart,
      CfsStat.Snapshot loadEnd) {
    List<String> notes = new ArrayList<>();
    Double sut = between(sutStart, sutEnd);
    if (sut == null) {
      notes.add(LOCAL_SUT_NOTE);
    }
    Double stub = stubRan ? between(stubStart, stubEnd) : null;
    if (stubRan && stub == null) {
      notes.add(LOCAL_STUB_NOTE);
    }
    Double load = between(loadStart, loadEnd);
    if (load == null) {
      notes.add(LOCAL_LOAD_NOTE);
    }
    return new TierThrottling(sut, stub, load, notes);
  }

  private static Double between(CfsStat.Snapshot start, CfsStat.Snapshot end) {
    return start == null || end == null ? null : end.throttledPctSince(start);
  }

  /**
   * On a cluster: as the runner's summary reports them ({@link SutProbe#sutThrottledPct}, {@link
   * SutProbe#stubThrottledPct}, {@link SutProbe#loadThrottledPct}); the stub runs unless a user's
   * service calls none.
   */
  public static TierThrottling cluster(BenchmarkRunSpec spec, SutProbe probe) {
    List<String> notes = new ArrayList<>();
    boolean service = spec.sut.service != null;
    if (probe.sutThrottledPct() == null) {
      notes.add(service ? SERVICE_NOTE : CLUSTER_SUT_NOTE);
    }
    boolean stubRan = !service || spec.sut.service.usesStub();
    Double stub = stubRan ? probe.stubThrottledPct() : null;
    if (stubRan && stub == null) {
      notes.add(probe.stub() == null ? NO_STUB_WINDOW_NOTE : CLUSTER_STUB_NOTE);
    }
    if (probe.loadThrottledPct() == null) {
      notes.add(CLUSTER_LOAD_NOTE);
    }
    return new TierThrottling(probe.sutThrottledPct(), stub, probe.loadThrottledPct(), notes);
  }
}
