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
    // CPU time of the whole JVM so far: in a cluster the k6 runner reads it at the hold's start
    // and end, which gives the SUT's CPU over exactly the measured window without metrics-server.
    m.put("processCpuSeconds", nullIfNaN(LoadWindows.cpuSeconds()));
    m.put("compileSeconds", nullIfNaN(LoadWindows.compileSeconds()));
    // The database's CPU time so far, read the same way at the same moments (cluster only: the
    // runner cannot reach the database itself); null where nothing installed the function.
    m.put("dbCpuSeconds", dbCpu.seconds());
    // How often its CPU limit held this process back so far, read at the same moments: the
    // throttled share of the hold's CFS periods (sut_throttled_pct); null where no cgroup says.
    m.put("cfs", cfs(CfsStat.read()));
    // The database container's, read through the function the operator installs (cluster only),
    // for pg_throttled_pct; null where nothing installed it.
    m.put("dbCfs", cfs(dbCpu.cfs()));
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
   * Starts a new measurement window and returns the state right after the reset: new peaks, and a
   * new series of {@code windowMs}-long load windows (5 s unless given).
   */
  @PostMapping("/api/runtime-info/reset")
  Map<String, Object> reset(@RequestParam(name = "windowMs", required = false) String windowMs) {
    long ms = Params.millis("windowMs", windowMs, DEFAULT_WINDOW_MS, MAX_WINDOW_MS);
    if (ms < MIN_WINDOW_MS) {
      throw ApiException.badParameter(
          "windowMs", windowMs, "milliseconds from " + MIN_WINDOW_MS + " to " + MAX_WINDOW_MS);
    }
    peaks.reset();
    windows.restart(Duration.ofMillis(ms));
    return info();
  }
}
