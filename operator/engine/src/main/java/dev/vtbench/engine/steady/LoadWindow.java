package dev.vtbench.engine.steady;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One window of load as the SUT saw it ({@code /api/runtime-info}'s {@code peaks.windows}):
 * requests it completed, CPU seconds its JVM used, the JIT's elapsed compile time and the CPU its
 * compiler threads used.
 *
 * @param cpuSeconds null where the JVM does not report its CPU time
 * @param compileSeconds elapsed compile time ({@code CompilationMXBean}), summed over compiler
 *     threads: a compile preempted on a busy core counts its whole wall time, so this measures
 *     contention as much as compilation; kept for comparison, judged nowhere. Null where unreported
 * @param jitCpuSeconds CPU seconds the C1/C2 compiler threads used in the window (per thread id,
 *     from /proc): what the JIT really cost. Null where unknown (a user's service on a cluster,
 *     read through Actuator)
 */
public record LoadWindow(
    double seconds, long requests, Double cpuSeconds, Double compileSeconds, Double jitCpuSeconds) {

  /** A window whose compiler threads' CPU is unknown. */
  public LoadWindow(double seconds, long requests, Double cpuSeconds, Double compileSeconds) {
    this(seconds, requests, cpuSeconds, compileSeconds, null);
  }

  /** Requests per second. */
  public double throughput() {
    return seconds <= 0 ? 0 : requests / seconds;
  }

  /** SUT CPU milliseconds per request, or null when unknown or no request completed. */
  public Double cpuMsPerRequest() {
    return cpuSeconds == null || requests == 0 ? null : 1000 * cpuSeconds / requests;
  }

  /**
   * The application's own CPU milliseconds per request: the SUT's CPU less its JIT compiler
   * threads' ({@link #jitCpuSeconds}, where known), or null when unknown or no request completed.
   * What the steady-state rule compares: a compile burst is the JIT's cost, judged by {@link
   * #jitShare}, not a change in what a request costs.
   */
  public Double appCpuMsPerRequest() {
    if (cpuSeconds == null || requests == 0) {
      return null;
    }
    double app = jitCpuSeconds == null ? cpuSeconds : Math.max(0, cpuSeconds - jitCpuSeconds);
    return 1000 * app / requests;
  }

  /**
   * The compiler threads' share of the SUT's CPU in the window ({@code jitCpuSeconds ÷
   * cpuSeconds}), or null when either is unknown or the SUT used no CPU.
   */
  public Double jitShare() {
    return jitCpuSeconds == null || cpuSeconds == null || cpuSeconds <= 0
        ? null
        : jitCpuSeconds / cpuSeconds;
  }

  /**
   * The windows {@code ws} as one: their seconds, requests, CPU and JIT seconds added up (a counter
   * unknown in any of them is unknown in the sum).
   */
  public static LoadWindow sum(List<LoadWindow> ws) {
    double seconds = 0;
    long requests = 0;
    Double cpu = 0.0;
    Double jit = 0.0;
    Double jitCpu = 0.0;
    for (LoadWindow w : ws) {
      seconds += w.seconds();
      requests += w.requests();
      cpu = cpu == null || w.cpuSeconds() == null ? null : cpu + w.cpuSeconds();
      jit = jit == null || w.compileSeconds() == null ? null : jit + w.compileSeconds();
      jitCpu = jitCpu == null || w.jitCpuSeconds() == null ? null : jitCpu + w.jitCpuSeconds();
    }
    return new LoadWindow(seconds, requests, cpu, jit, jitCpu);
  }

  /**
   * The windows of a load phase {@code length} long, read from the SUT's peaks after it: the first
   * whole windows since the reset at the phase's start. Windows closed after the phase ended (the
   * SUT keeps cutting them while idle) are not the phase's and are left out.
   */
  public static List<LoadWindow> ofPhase(Map<String, Object> peaks, Duration length) {
    if (peaks == null || !(peaks.get("windows") instanceof Map<?, ?> windows)) {
      return List.of();
    }
    double nominal = number(windows.get("windowSeconds"), 0);
    if (nominal <= 0 || !(windows.get("list") instanceof List<?> list)) {
      return List.of();
    }
    int inPhase = (int) Math.floor(length.toMillis() / 1000.0 / nominal + 1e-9);
    List<LoadWindow> out = new ArrayList<>();
    for (Object o : list.subList(0, Math.min(inPhase, list.size()))) {
      if (o instanceof Map<?, ?> w) {
        out.add(
            new LoadWindow(
                number(w.get("seconds"), nominal),
                (long) number(w.get("requests"), 0),
                w.get("cpuSeconds") instanceof Number n ? n.doubleValue() : null,
                w.get("compileSeconds") instanceof Number n ? n.doubleValue() : null,
                w.get("jitCpuSeconds") instanceof Number n ? n.doubleValue() : null));
      }
    }
    return out;
  }

  /**
   * {@code peaks} with only its first {@code n} windows: a warm-up stopped once steady ends with
   * the last window judged, not one the stop cut short.
   */
  public static Map<String, Object> firstWindows(Map<String, Object> peaks, int n) {
    if (peaks == null
        || !(peaks.get("windows") instanceof Map<?, ?> windows)
        || !(windows.get("list") instanceof List<?> list)
        || list.size() <= n) {
      return peaks;
    }
    Map<String, Object> cut = new LinkedHashMap<>();
    windows.forEach((k, v) -> cut.put(String.valueOf(k), v));
    cut.put("list", List.copyOf(list.subList(0, n)));
    Map<String, Object> out = new LinkedHashMap<>(peaks);
    out.put("windows", cut);
    return out;
  }

  /**
   * {@code windows} as one CSV cell, so a row keeps what its steady-state verdict was judged on:
   * each window {@code seconds:requests:cpuSeconds:jitCpuSeconds}, unknown values {@code -},
   * windows apart by a space, e.g. {@code 5.002:1900:1.65:0.29 5:1929:1.58:0.16}. The elapsed
   * compile time is left out: no rule judges it. Null for no windows.
   */
  public static String encode(List<LoadWindow> windows) {
    if (windows.isEmpty()) {
      return null;
    }
    StringBuilder sb = new StringBuilder();
    for (LoadWindow w : windows) {
      if (!sb.isEmpty()) {
        sb.append(' ');
      }
      sb.append(plain(w.seconds()))
          .append(':')
          .append(w.requests())
          .append(':')
          .append(w.cpuSeconds() == null ? "-" : plain(w.cpuSeconds()))
          .append(':')
          .append(w.jitCpuSeconds() == null ? "-" : plain(w.jitCpuSeconds()));
    }
    return sb.toString();
  }

  /**
   * The windows {@link #encode} wrote; an empty list for null or blank.
   *
   * @throws IllegalArgumentException naming the window that is not {@code s:n:cpu:jit}
   */
  public static List<LoadWindow> decode(String cell) {
    if (cell == null || cell.isBlank()) {
      return List.of();
    }
    List<LoadWindow> out = new ArrayList<>();
    for (String w : cell.trim().split(" +")) {
      String[] f = w.split(":", -1);
      if (f.length != 4) {
        throw new IllegalArgumentException(
            "hold window '" + w + "' is not seconds:requests:cpuSeconds:jitCpuSeconds");
      }
      try {
        out.add(
            new LoadWindow(
                Double.parseDouble(f[0]),
                Long.parseLong(f[1]),
                "-".equals(f[2]) ? null : Double.valueOf(f[2]),
                null,
                "-".equals(f[3]) ? null : Double.valueOf(f[3])));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "hold window '" + w + "' is not seconds:requests:cpuSeconds:jitCpuSeconds", e);
      }
    }
    return out;
  }

  /** Up to 4 decimals, no trailing zeros, no exponent. */
  private static String plain(double v) {
    return new java.math.BigDecimal(v)
        .setScale(4, java.math.RoundingMode.HALF_EVEN)
        .stripTrailingZeros()
        .toPlainString();
  }

  private static double number(Object o, double fallback) {
    return o instanceof Number n ? n.doubleValue() : fallback;
  }
}
