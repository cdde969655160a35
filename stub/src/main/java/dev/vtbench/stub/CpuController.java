package dev.vtbench.stub;

import com.sun.management.OperatingSystemMXBean;
import dev.vtbench.proc.CfsStat;
import dev.vtbench.proc.ProcStat;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The stub's own CPU time and, over a window its client opens and ends, its CPU, how busy each core
 * of its node was, whoever used it, and how often its own CPU limit held it back (CFS throttling).
 * In a cluster the k6 runner opens the window at the hold's start, ends it at the hold's end, and
 * reads it for its summary: the stub's CPU and the node's cores over exactly the measured window,
 * with no access to the kubelet or metrics-server (a container's /proc/stat lists every core of its
 * node).
 */
@RestController
class CpuController {

  private final AtomicReference<CpuWindow> window = new AtomicReference<>();

  @GetMapping("/api/runtime-info")
  Map<String, Object> info() {
    Map<String, Object> m = new LinkedHashMap<>();
    // null rather than a guess when the JVM cannot tell (getProcessCpuTime answers -1)
    m.put("processCpuSeconds", processCpuSeconds());
    // the cores this process may use: the node's shared pool when the stub has no exclusive CPUs
    m.put("cpuset", cpuset());
    CpuWindow w = window.get();
    if (w != null) {
      m.put("window", w.report(now()));
    }
    return m;
  }

  /**
   * Opens window {@code id}, replacing any other: the client names it, so it can tell its own from
   * one a failed call left behind.
   */
  @PostMapping("/api/runtime-info/reset")
  Map<String, Object> reset(@RequestParam(name = "window", defaultValue = "") String id) {
    window.set(CpuWindow.open(id, now()));
    return info();
  }

  /** Ends window {@code id} if it is the open one; later reads report it as it was then. */
  @PostMapping("/api/runtime-info/end")
  Map<String, Object> end(@RequestParam(name = "window", defaultValue = "") String id) {
    window.updateAndGet(w -> w == null ? null : w.end(id, now()));
    return info();
  }

  /** The counters a window holds at each end, read now. */
  private static CpuWindow.Reading now() {
    return new CpuWindow.Reading(processCpuSeconds(), procStat(), CfsStat.read());
  }

  private static Double processCpuSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      long ns = os.getProcessCpuTime();
      return ns < 0 ? null : ns / 1e9;
    }
    return null;
  }

  /** /proc/stat now, or null where there is none (not Linux): no per-core figures then. */
  private static ProcStat.Snapshot procStat() {
    try {
      return ProcStat.read();
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** This process's {@code Cpus_allowed_list}, or null where /proc has none. */
  private static String cpuset() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Cpus_allowed_list:")) {
          return line.substring("Cpus_allowed_list:".length()).strip();
        }
      }
      return null;
    } catch (IOException e) {
      return null;
    }
  }
}
