package dev.vtbench.sut.runtime;

import dev.vtbench.proc.CfsStat;
import dev.vtbench.sut.SutSettings;
import dev.vtbench.sut.errors.ApiException;
import dev.vtbench.sut.errors.Params;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What this process really runs with — read live, not assumed — and its peaks since the last reset.
 * vtbench resets before each measured window and reads after it. The same controller serves both
 * SUTs (its annotations are spring-web's, which MVC and WebFlux share); only {@link StackInfo}
 * differs. Everything it reads is in memory or under /proc, so it does not block an event loop.
 */
@RestController
public class RuntimeInfoController {

  static final long DEFAULT_WINDOW_MS = 5_000;
  static final long MIN_WINDOW_MS = 100;
  static final long MAX_WINDOW_MS = 600_000;

  /** Furthest ahead of this SUT's clock a measured phase may be asked to start. */
  static final long MAX_START_AHEAD_MS = 60_000;

  private final SutSettings settings;
  private final Peaks peaks;
  private final LoadWindows windows;
  private final StackInfo stack;
  private final DbCpu dbCpu;
  private final CpuWork cpuWork;

  RuntimeInfoController(
      SutSettings settings,
      Peaks peaks,
      LoadWindows windows,
      StackInfo stack,
      DbCpu dbCpu,
      CpuWork cpuWork) {
    this.cpuWork = cpuWork;
    this.stack = stack;
    this.dbCpu = dbCpu;
    this.settings = settings;
    this.peaks = peaks;
    this.windows = windows;
  }

  @GetMapping("/api/runtime-info")
  Map<String, Object> info() {
    Thread t = Thread.currentThread();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("config", settings.describe());
    m.putAll(stack.describe());
    m.put("virtualThread", t.isVirtual());
    m.put("thread", t.toString());
    m.put("availableProcessors", Runtime.getRuntime().availableProcessors());
    // the carrier threads virtual threads run on, as the scheduler has them now
    m.put("virtualThreadParallelism", VirtualThreadScheduler.parallelism());
    m.put("cpuset", ProcStatus.value("Cpus_allowed_list:"));
    m.put("javaVersion", Runtime.version().toString());
    m.put("node", Host.node());
    m.put("cpuModel", Host.cpuModel());
    m.put("kernel", Host.kernel());
    m.put("onlineCpus", Host.onlineCpus());
    m.put("pid", ProcessHandle.current().pid());
    // what ?cpuUs= costs here: the calibration every row stores (cpu_work_iteration_ns)
    m.put("cpuWork", cpuWork.describe());
    m.putAll(counters());
    m.put("pinnedEventsEnabled", peaks.pinnedEventsEnabled());
    m.put("pinnedThresholdMs", settings.pinnedThreshold().toMillis());
    m.put("sampleIntervalMs", settings.sampleInterval().toMillis());
    m.put("current", peaks.current());
    Map<String, Object> window = peaks.snapshot();
    window.put("windows", windows.snapshot());
    m.put("peaks", window);
    return m;
  }

  /**
   * The counters a cluster reads at a measured phase's edges: at its start from the windows' {@code
   * start}, which the SUT reads on time ({@link LoadWindows#restart}), at its end from here.
   */
  private Map<String, Object> counters() {
    Map<String, Object> c = new LinkedHashMap<>();
    // CPU time of the whole JVM so far: in a cluster the k6 runner reads it at the hold's start
    // (the windows' start) and end, which gives the SUT's CPU over exactly the measured window
    // without metrics-server.
    c.put("processCpuSeconds", nullIfNaN(LoadWindows.cpuSeconds()));
    c.put("compileSeconds", nullIfNaN(LoadWindows.compileSeconds()));
    // The database's CPU time so far, read the same way at the same moments (cluster only: the
    // runner cannot reach the database itself); null where nothing installed the function.
    c.put("dbCpuSeconds", dbCpu.seconds());
    // How often its CPU limit held this process back so far, read at the same moments: the
    // throttled share of the hold's CFS periods (sut_throttled_pct); null where no cgroup says.
    c.put("cfs", cfs(CfsStat.read()));
    // The database container's, read through the function the operator installs (cluster only),
    // for pg_throttled_pct; null where nothing installed it.
    c.put("dbCfs", cfs(dbCpu.cfs()));
    return c;
  }

  /**
   * {@code periods}, {@code throttledPeriods}, {@code throttledSeconds} and {@code limitCores}
   * (null: no limit) of a cgroup reading, or null when there is none.
   */
  static Map<String, Object> cfs(CfsStat.Snapshot s) {
    if (s == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("periods", s.periods());
    m.put("throttledPeriods", s.throttledPeriods());
    m.put("throttledSeconds", s.throttledSeconds());
    m.put("limitCores", s.limitCores());
    return m;
  }

  private static Double nullIfNaN(double v) {
    return Double.isNaN(v) ? null : v;
  }

  /**
   * Starts a new measurement window at {@code startAtEpochMs} (milliseconds since the epoch on this
   * SUT's clock; now if not given or past, at most {@link #MAX_START_AHEAD_MS} ahead) and returns
   * the state as the reset found it: from that start, new peaks and a new series of {@code
   * windowMs}-long load windows (5 s unless given).
   */
  @PostMapping("/api/runtime-info/reset")
  Map<String, Object> reset(
      @RequestParam(name = "windowMs", required = false) String windowMs,
      @RequestParam(name = "startAtEpochMs", required = false) String startAtEpochMs) {
    long ms = Params.millis("windowMs", windowMs, DEFAULT_WINDOW_MS, MAX_WINDOW_MS);
    if (ms < MIN_WINDOW_MS) {
      throw ApiException.badParameter(
          "windowMs", windowMs, "milliseconds from " + MIN_WINDOW_MS + " to " + MAX_WINDOW_MS);
    }
    long now = System.currentTimeMillis();
    long startAt = Params.millis("startAtEpochMs", startAtEpochMs, now, now + MAX_START_AHEAD_MS);
    windows.restart(
        Duration.ofMillis(ms),
        startAt,
        () -> {
          peaks.reset();
          return counters();
        });
    return info();
  }
}
