package dev.vtbench.local.platform;

import dev.vtbench.engine.metrics.ActuatorMetric;
import dev.vtbench.engine.metrics.ServiceWindows;
import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.local.process.HttpJson;
import dev.vtbench.local.process.ProcCpu;
import dev.vtbench.proc.CompilerThreadsCpu;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Watches a user's own service over one hold from outside it: every {@link SteadyState#WINDOW} the
 * request count from Actuator and the process's CPU and its JIT compiler threads' from /proc close
 * a load window, every {@link ActuatorMetric#GAUGE_EVERY} the Actuator gauges ({@link
 * ActuatorMetric#PEAKS}) and the process's resident memory are sampled for their peaks. {@link
 * ServiceWindows} turns the readings into what vtbench's SUT reports itself in {@code
 * /api/runtime-info}.
 */
final class ActuatorSampler implements AutoCloseable {

  private final String baseUrl;
  // null when the service has no Actuator
  private final String actuator;
  private final String actuatorPath;
  private final long pid;
  // the pid's own compiler threads: a command whose JVM is a child of it leaves the JIT's CPU null
  private CompilerThreadsCpu jit;
  // their CPU seconds since start(), a running total as the process's CPU is
  private double jitSoFar;
  private final ServiceWindows windows = new ServiceWindows();
  private volatile boolean stopping;
  // Two threads: under load a read can wait seconds in the service's accept queue, and gauges
  // sharing the window's thread would delay the window's end by as much.
  private final ScheduledExecutorService windowTicker = ticker("vtbench-windows");
  private final ScheduledExecutorService gaugeTicker = ticker("vtbench-gauges");

  /**
   * @param baseUrl the service's base URL
   * @param actuatorPath its Actuator base path, empty when it has none
   * @param pid the service's process (its tree counts)
   */
  ActuatorSampler(String baseUrl, String actuatorPath, long pid) {
    this.baseUrl = baseUrl;
    this.actuator = actuatorPath == null || actuatorPath.isEmpty() ? null : baseUrl + actuatorPath;
    this.actuatorPath = actuatorPath;
    this.pid = pid;
    windows.note(ServiceWindows.NO_PINNED_EVENTS);
    if (actuator == null) {
      windows.note(ServiceWindows.NO_ACTUATOR);
    }
  }

  /** Takes the first reading now and samples until {@link #stop}. */
  void start() {
    jit = CompilerThreadsCpu.of(pid);
    windows.start(reading());
    long window = SteadyState.WINDOW.toMillis();
    windowTicker.scheduleAtFixedRate(this::windowEnd, window, window, TimeUnit.MILLISECONDS);
    if (actuator == null) {
      for (ActuatorMetric m : ActuatorMetric.PEAKS) {
        windows.gauge(m, null, "no Actuator");
      }
    }
    // fixed delay: a slow round of reads is not followed by a burst of late ones
    gaugeTicker.scheduleWithFixedDelay(
        actuator == null ? this::sampleRss : this::sampleGauges,
        0,
        ActuatorMetric.GAUGE_EVERY.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  private void windowEnd() {
    ServiceWindows.Reading r = reading();
    // a read that stop() interrupted is not a window's end: it would count as a lost window
    if (!stopping) {
      windows.windowEnd(r);
    }
  }

  /** The peaks and the windows closed so far, in {@code /api/runtime-info}'s shape. */
  Map<String, Object> peek() {
    return windows.peaks();
  }

  /** Stops sampling; the hold's peaks and windows in {@code /api/runtime-info}'s shape. */
  Map<String, Object> stop() {
    stopping = true;
    close();
    try {
      windowTicker.awaitTermination(5, TimeUnit.SECONDS);
      gaugeTicker.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return windows.peaks();
  }

  @Override
  public void close() {
    windowTicker.shutdownNow();
    gaugeTicker.shutdownNow();
  }

  private static ScheduledExecutorService ticker(String name) {
    return Executors.newSingleThreadScheduledExecutor(
        Thread.ofPlatform().daemon().name(name).factory());
  }

  /**
   * The counters at a window's end. The request count is read last before the CPU, so both are
   * taken at about the same moment however long the read waited in the service's queue; the
   * service's answers to these reads are counted by it too and taken off ({@link
   * ActuatorMetric#OWN_READS}).
   */
  private ServiceWindows.Reading reading() {
    Double compileSeconds = read(ActuatorMetric.COMPILE_SECONDS).value();
    Read own = read(ActuatorMetric.OWN_READS);
    Read count = read(ActuatorMetric.REQUESTS);
    Double requests = count.value();
    if (requests == null && !stopping) {
      windows.note(ActuatorMetric.REQUESTS.metric() + " not read: " + count.whyMissing());
    }
    double cpu = ProcCpu.sample(List.of(pid)).seconds();
    Double jitCpu = jit.secondsSinceLast();
    if (jitCpu != null) {
      jitSoFar += jitCpu;
    }
    long now = System.nanoTime();
    // before the first read of a metric the service has no such series yet: none to take off
    double ownReads = own.value() == null ? 0 : own.value();
    return new ServiceWindows.Reading(
        now,
        requests == null ? null : Math.round(requests - ownReads),
        cpu,
        compileSeconds,
        jitCpu == null ? null : jitSoFar);
  }

  private void sampleGauges() {
    for (ActuatorMetric m : ActuatorMetric.PEAKS) {
      Read r = read(m);
      windows.gauge(m, r.value(), r.whyMissing());
    }
    sampleRss();
  }

  private void sampleRss() {
    Double rss = ProcCpu.rssMb(pid);
    if (rss != null) {
      windows.rssMb(rss);
    }
  }

  /** A metric's value, or null and why. */
  private record Read(Double value, String whyMissing) {}

  private Read read(ActuatorMetric m) {
    if (actuator == null) {
      return new Read(null, "no Actuator");
    }
    String url = m.path(actuatorPath);
    try {
      HttpJson.Response r = HttpJson.get(baseUrl + url);
      if (r.status() != 200) {
        return new Read(null, "HTTP " + r.status() + " at " + url);
      }
      Double v = m.value(r.json());
      return v == null ? new Read(null, "no value at " + url) : new Read(v, null);
    } catch (RuntimeException e) {
      return new Read(null, e.getMessage());
    }
  }
}
