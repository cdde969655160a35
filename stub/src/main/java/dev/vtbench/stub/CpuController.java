package dev.vtbench.stub;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The stub's own CPU time, the same field the SUT's {@code /api/runtime-info} reports. In a cluster
 * the k6 runner reads it at the hold's start and end, which gives the stub's CPU over exactly the
 * measured window with no access to the kubelet or metrics-server.
 */
@RestController
class CpuController {

  @GetMapping("/api/runtime-info")
  Map<String, Object> info() {
    Map<String, Object> m = new LinkedHashMap<>();
    // null rather than a guess when the JVM cannot tell (getProcessCpuTime answers -1)
    m.put("processCpuSeconds", processCpuSeconds());
    return m;
  }

  private static Double processCpuSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      long ns = os.getProcessCpuTime();
      return ns < 0 ? null : ns / 1e9;
    }
    return null;
  }
}
