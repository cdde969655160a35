package dev.vtbench.local.platform;

import dev.vtbench.engine.run.Platform.TierCpu;
import dev.vtbench.engine.run.TierThrottling;
import dev.vtbench.local.process.ProcCpu;
import dev.vtbench.proc.CfsStat;
import dev.vtbench.proc.ProcStat;
import java.nio.file.Path;
import java.util.List;

/**
 * Each tier's CPU over one hold, from /proc: the SUT, PostgreSQL, k6, the stub and vtbench itself,
 * how busy the load generator's cores were, and how much their CPU limits held the SUT, the stub,
 * PostgreSQL and k6 back (their cgroups' CFS throttling; a process vtbench starts has no limit of
 * its own, so 0 unless vtbench itself runs in a limited cgroup, which they inherit).
 */
final class TierSampler {

  /**
   * The counters at one instant; a tier the run does not have is null, and so is a cgroup reading
   * ({@code appCfs}, {@code stubCfs}, {@code pgCfs}, {@code loadCfs}) that could not be read.
   */
  record Snapshot(
      ProcStat.Snapshot cores,
      ProcCpu.Sample app,
      ProcCpu.Sample pg,
      ProcCpu.Sample load,
      ProcCpu.Sample stub,
      ProcCpu.Sample vtbench,
      CfsStat.Snapshot appCfs,
      CfsStat.Snapshot stubCfs,
      CfsStat.Snapshot pgCfs,
      CfsStat.Snapshot loadCfs) {}

  private final CoreMap cores;
  private final LocalApps apps;
  private final LocalDatabase database;
  private final long k6Pid;
  private final long self = ProcessHandle.current().pid();

  /** The file system root the processes' cgroups are read under. */
  private static final Path ROOT = Path.of("/");

  TierSampler(CoreMap cores, LocalApps apps, LocalDatabase database, long k6Pid) {
    this.cores = cores;
    this.apps = apps;
    this.database = database;
    this.k6Pid = k6Pid;
  }

  /** Every tier's counters now. */
  Snapshot sample() {
    ProcStat.Snapshot c = ProcStat.read();
    ProcCpu.Sample app = ProcCpu.sample(List.of(apps.sutPid()));
    ProcCpu.Sample pg = database.sample();
    ProcCpu.Sample load = ProcCpu.sample(List.of(k6Pid));
    ProcCpu.Sample stub = apps.stubSample();
    ProcCpu.Sample vtbench = ProcCpu.sampleAlone(self);
    CfsStat.Snapshot appCfs = CfsStat.read(ROOT, apps.sutPid());
    Long stubPid = apps.stubPid();
    CfsStat.Snapshot stubCfs = stubPid == null ? null : CfsStat.read(ROOT, stubPid);
    Long pgPid = database.pid();
    CfsStat.Snapshot pgCfs = pgPid == null ? null : CfsStat.read(ROOT, pgPid);
    CfsStat.Snapshot loadCfs = CfsStat.read(ROOT, k6Pid);
    return new Snapshot(c, app, pg, load, stub, vtbench, appCfs, stubCfs, pgCfs, loadCfs);
  }

  /** The SUT's, the stub's, PostgreSQL's and k6's CFS throttling between two snapshots. */
  static TierThrottling throttling(Snapshot s0, Snapshot s1) {
    return TierThrottling.local(
        new TierThrottling.Readings(s0.appCfs(), s1.appCfs()),
        s1.stub() == null ? null : new TierThrottling.Readings(s0.stubCfs(), s1.stubCfs()),
        s1.pg() == null ? null : new TierThrottling.Readings(s0.pgCfs(), s1.pgCfs()),
        new TierThrottling.Readings(s0.loadCfs(), s1.loadCfs()));
  }

  /** Each tier's CPU between two snapshots. */
  TierCpu between(Snapshot s0, Snapshot s1) {
    return new TierCpu(
        s1.app().percentSince(s0.app()),
        s1.pg() == null ? null : s1.pg().percentSince(s0.pg()),
        s1.load().percentSince(s0.load()),
        s1.stub() == null ? null : s1.stub().percentSince(s0.stub()),
        s1.vtbench().percentSince(s0.vtbench()),
        cores.count(cores.sut()),
        cores.count(cores.database()),
        cores.count(cores.load()),
        s1.cores().busySince(s0.cores(), cores.loadCores()),
        false); // k6 runs without a CPU limit of its own here
  }
}
