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
import java.util.function.Supplier;
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
  private Map<String, Object> start;
  private long askedAtEpochMs;
  private long generation;

  public LoadWindows(RequestCount requests) {
    this.requests = requests;
  }

  /**
   * Starts a new series of windows of {@code length}, the first one at {@code startAtEpochMs}
   * (milliseconds since the epoch), or now if that has passed: this timer thread, a platform
   * thread, opens it on time whatever queues for the SUT's core, and runs {@code atStart} then (new
   * peaks, and the counters a cluster reads for the phase's start, kept as the snapshot's {@code
   * start}).
   */
  public synchronized void restart(
      Duration length, long startAtEpochMs, Supplier<Map<String, Object>> atStart) {
    if (tick != null) {
      tick.cancel(false);
    }
    closed.clear();
    window = length;
    last = null;
    start = null;
    askedAtEpochMs = startAtEpochMs;
    long series = ++generation;
    long delay = startAtEpochMs - System.currentTimeMillis();
    if (delay <= 0) {
      open(series, length, atStart); // before the reset answers, as when there was no start time
    } else {
      tick = ticker.schedule(() -> open(series, length, atStart), delay, TimeUnit.MILLISECONDS);
    }
  }

  private void open(long series, Duration length, Supplier<Map<String, Object>> atStart) {
    Map<String, Object> counters = atStart.get();
    synchronized (this) {
      if (generation != series) {
        return; // a newer restart came while this one waited
      }
      start = new LinkedHashMap<>(counters);
      start.put("epochMs", System.currentTimeMillis());
      // past its asked start when the reset itself arrived late; 0 to a tick's jitter otherwise
      start.put("lateMs", Math.max(0, System.currentTimeMillis() - askedAtEpochMs));
      last = read();
      jit = CompilerThreadsCpu.self();
      long ms = length.toMillis();
      tick = ticker.scheduleAtFixedRate(this::closeWindow, ms, ms, TimeUnit.MILLISECONDS);
    }
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

  /**
   * The windows closed since the last restart, oldest first, their nominal length and, once the
   * series has begun, its {@code start}: when, how late, and the counters read then.
   */
  public synchronized Map<String, Object> snapshot() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("windowSeconds", window.toMillis() / 1000.0);
    m.put("list", List.copyOf(closed));
    if (start != null) {
      m.put("start", new LinkedHashMap<>(start));
    }
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
