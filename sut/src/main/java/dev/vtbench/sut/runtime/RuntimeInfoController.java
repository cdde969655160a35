package dev.vtbench.sut.runtime;

import dev.vtbench.sut.SutSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What this process really runs with — read live, not assumed — and its peaks since the last reset.
 * vtbench resets before each measured window and reads after it.
 */
@RestController
class RuntimeInfoController {

  private final SutSettings settings;
  private final Peaks peaks;

  RuntimeInfoController(SutSettings settings, Peaks peaks) {
    this.settings = settings;
    this.peaks = peaks;
  }

  @GetMapping("/api/runtime-info")
  Map<String, Object> info() {
    Thread t = Thread.currentThread();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("config", settings.describe());
    m.put("tomcatMaxThreads", settings.tomcatMaxThreads());
    m.put("hikariPoolSize", settings.hikariPoolSize());
    m.put("virtualThread", t.isVirtual());
    m.put("thread", t.toString());
    m.put("availableProcessors", Runtime.getRuntime().availableProcessors());
    m.put("cpuset", Peaks.statusValue("Cpus_allowed_list:"));
    m.put("javaVersion", Runtime.version().toString());
    m.put("node", Host.node());
    m.put("cpuModel", Host.cpuModel());
    m.put("kernel", Host.kernel());
    m.put("onlineCpus", Host.onlineCpus());
    m.put("pid", ProcessHandle.current().pid());
    // CPU time of the whole JVM so far: in a cluster the k6 runner reads it at the hold's start
    // and end, which gives the SUT's CPU over exactly the measured window without metrics-server.
    m.put("processCpuSeconds", processCpuSeconds());
    m.put("pinnedEventsEnabled", peaks.pinnedEventsEnabled());
    m.put("pinnedThresholdMs", settings.pinnedThreshold().toMillis());
    m.put("sampleIntervalMs", settings.sampleInterval().toMillis());
    m.put("current", peaks.current());
    m.put("peaks", peaks.snapshot());
    return m;
  }

  private static Double processCpuSeconds() {
    if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      long ns = os.getProcessCpuTime();
      return ns < 0 ? null : ns / 1e9;
    }
    return null;
  }

  /** Starts a new measurement window and returns the state right after the reset. */
  @PostMapping("/api/runtime-info/reset")
  Map<String, Object> reset() {
    peaks.reset();
    return info();
  }
}
