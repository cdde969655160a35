package dev.vtbench.sut.runtime;

import com.sun.management.OperatingSystemMXBean;
import dev.vtbench.proc.CompilerThreadsCpu;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Consecutive fixed-length windows since the last reset: requests completed, process CPU seconds,
 * JIT compilation seconds and the JIT compiler threads' CPU seconds in each. vtbench's steady-state
 * detector reads them to tell a warm JVM from one still compiling, and to see a measured hold
 * drift. The windows are cut here, in the SUT, so that both platforms get the same series through
 * /api/runtime-info without a time-series store.
 */
@Component
public class LoadWindows implements DisposableBean {

  /** A day of 5 s windows: beyond that the oldest are kept and the newest dropped. */
  static final int MAX_WINDOWS = 17_280;

  private record Counters(long nanos, long requests, double cpuSeconds, double compileSeconds) {}

  private final RequestCount requests;
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("vtbench-windows").factory());
  private final List<Map<String, Object>> closed = new ArrayList<>();
  private ScheduledFuture<?> tick;
  private Counters last;
  private CompilerThreadsCpu jit;
  private Duration window = Duration.ZERO;

  public LoadWindows(RequestCount requests) {
    this.requests = requests;
  }

  /** Starts a new series of windows of {@code length}, the first one now. */
  public synchronized void restart(Duration length) {
    if (tick != null) {
      tick.cancel(false);
    }
    closed.clear();
    window = length;
    last = read();
    jit = CompilerThreadsCpu.self();
    long ms = length.toMillis();
    tick = ticker.scheduleAtFixedRate(this::closeWindow, ms, ms, TimeUnit.MILLISECONDS);
  }

  private synchronized void closeWindow() {
    Counters now = read();
    Double jitCpu = jit.secondsSinceLast();
    if (closed.size() < MAX_WINDOWS) {
      Map<String, Object> w = new LinkedHashMap<>();
      w.put("seconds", round((now.nanos - last.nanos) / 1e9));
      w.put("requests", now.requests - last.requests);
      w.put("cpuSeconds", round(now.cpuSeconds - last.cpuSeconds));
      w.put("compileSeconds", round(now.compileSeconds - last.compileSeconds));
      // compileSeconds counts the compilers' wait for a busy core too: 98–210 % of a window
      // while their CPU, this, was 6–8 %
      w.put("jitCpuSeconds", round(jitCpu == null ? Double.NaN : jitCpu));
      closed.add(w);
    }
    last = now;
  }

  /** The windows closed since the last restart, oldest first, and their nominal length. */
  public synchronized Map<String, Object> snapshot() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("windowSeconds", window.toMillis() / 1000.0);
    m.put("list", List.copyOf(closed));
    return m;
  }

  private Counters read() {
    return new Counters(System.nanoTime(), requests.completed(), cpuSeconds(), compileSeconds());
  }

  /** CPU time of the whole JVM so far, or NaN where the JVM does not tell. */
  static double cpuSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      long ns = os.getProcessCpuTime();
      return ns < 0 ? Double.NaN : ns / 1e9;
    }
    return Double.NaN;
  }

  /** Time the JIT compilers have spent so far, or NaN where the JVM does not tell. */
  static double compileSeconds() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime() / 1000.0
        : Double.NaN;
  }

  /** Milliseconds precision; null (JSON null) where unknown. */
  private static Double round(double v) {
    return Double.isNaN(v) ? null : Math.round(v * 1000) / 1000.0;
  }

  @Override
  public void destroy() {
    ticker.shutdownNow();
  }
}
