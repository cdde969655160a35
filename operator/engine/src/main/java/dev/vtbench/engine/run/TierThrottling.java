package dev.vtbench.engine.run;

import dev.vtbench.engine.k6.SutProbe;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.proc.CfsStat;
import java.util.ArrayList;
import java.util.List;

/**
 * How much their CPU limits held the SUT, the stub, the database and the load generator back over
 * the hold ({@code sut_throttled_pct}, {@code stub_throttled_pct}, {@code pg_throttled_pct}, {@code
 * load_throttled_pct}: the share of the hold's CFS periods in which their cgroup was throttled, 0
 * where it has no limit), and for each figure not measured a note for the row saying why. A run
 * without a stub has no stub figure and nothing to say of it; nor has one whose database vtbench
 * does not run (spec.database.external: the row's own note says so).
 *
 * @param sutPct the SUT's share in percent, null where unmeasured
 * @param stubPct the stub's share in percent, null where unmeasured or no stub ran
 * @param pgPct the database's share in percent, null where unmeasured or not vtbench's database
 * @param loadPct k6's share in percent (on a cluster, the runner that observed the SUT), null where
 *     unmeasured
 * @param notes why a figure is missing, for the row's {@code notes}
 */
public record TierThrottling(
    Double sutPct, Double stubPct, Double pgPct, Double loadPct, List<String> notes) {

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

  /** Why {@code pg_throttled_pct} is empty on this machine. */
  public static final String LOCAL_PG_NOTE =
      "pg_throttled_pct empty: PostgreSQL's postmaster had no cgroup cpu.stat with CFS periods to"
          + " read at both ends of the hold (/proc/PID/cgroup, /sys/fs/cgroup)";

  /** Why {@code pg_throttled_pct} is empty on a cluster. */
  public static final String CLUSTER_PG_NOTE =
      "pg_throttled_pct empty: the database's CFS periods were not read at both ends of the hold"
          + " (only vtbench's servlet SUT reads them, through the function the operator installs"
          + " beside the seed)";

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
   * A tier's cgroup read at the hold's start and end, each null where unreadable.
   *
   * @param start the reading at the hold's start
   * @param end the reading at its end
   */
  public record Readings(CfsStat.Snapshot start, CfsStat.Snapshot end) {

    /** The throttled share between the two, or null where either is missing. */
    Double pct() {
      return start == null || end == null ? null : end.throttledPctSince(start);
    }
  }

  /**
   * On this machine: each process's cgroup read at the hold's start and end, the moments its CPU is
   * sampled ({@link CfsStat#read(java.nio.file.Path, long)}).
   *
   * @param stub the stub's readings, null when the run has no stub
   * @param pg PostgreSQL's readings, null when vtbench runs no database for it
   */
  public static TierThrottling local(Readings sut, Readings stub, Readings pg, Readings load) {
    List<String> notes = new ArrayList<>();
    Double sutPct = sut.pct();
    if (sutPct == null) {
      notes.add(LOCAL_SUT_NOTE);
    }
    Double stubPct = stub == null ? null : stub.pct();
    if (stub != null && stubPct == null) {
      notes.add(LOCAL_STUB_NOTE);
    }
    Double pgPct = pg == null ? null : pg.pct();
    if (pg != null && pgPct == null) {
      notes.add(LOCAL_PG_NOTE);
    }
    Double loadPct = load.pct();
    if (loadPct == null) {
      notes.add(LOCAL_LOAD_NOTE);
    }
    return new TierThrottling(sutPct, stubPct, pgPct, loadPct, notes);
  }

  /**
   * On a cluster: as the runner's summary reports them ({@link SutProbe#sutThrottledPct}, {@link
   * SutProbe#stubThrottledPct}, {@link SutProbe#dbThrottledPct}, {@link
   * SutProbe#loadThrottledPct}); the stub runs unless a user's service calls none, and the database
   * is vtbench's unless the spec names the service's own.
   */
  public static TierThrottling cluster(BenchmarkRunSpec spec, SutProbe probe) {
    List<String> notes = new ArrayList<>();
    boolean service = spec.sut.service != null;
    if (probe.sutThrottledPct() == null) {
      notes.add(service ? SERVICE_NOTE : CLUSTER_SUT_NOTE);
    }
    boolean stubRan = spec.sut.runsStub();
    Double stub = stubRan ? probe.stubThrottledPct() : null;
    if (stubRan && stub == null) {
      notes.add(probe.stub() == null ? NO_STUB_WINDOW_NOTE : CLUSTER_STUB_NOTE);
    }
    boolean ownDatabase = spec.database.external == null;
    Double pg = ownDatabase ? probe.dbThrottledPct() : null;
    if (ownDatabase && pg == null) {
      notes.add(CLUSTER_PG_NOTE);
    }
    if (probe.loadThrottledPct() == null) {
      notes.add(CLUSTER_LOAD_NOTE);
    }
    return new TierThrottling(probe.sutThrottledPct(), stub, pg, probe.loadThrottledPct(), notes);
  }
}
