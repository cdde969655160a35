package dev.vtbench.engine.metrics;

import dev.vtbench.engine.steady.SteadyState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A user's service's load windows and peaks over one load phase, built from readings taken outside
 * it: the request counter from Actuator, CPU seconds from its process (its JIT compiler threads'
 * too), gauges from Actuator. The result has the shape vtbench's SUT reports in {@code
 * /api/runtime-info}'s peaks ({@code windows}: {@code windowSeconds}, {@code list} of {@code
 * seconds, requests, cpuSeconds, compileSeconds, jitCpuSeconds}), so {@code LoadWindow.ofPhase},
 * {@code SteadyState} and {@code ScenarioRow} read it unchanged. What could not be read leaves its
 * key out and says why under {@value #NOTES}.
 */
public final class ServiceWindows {

  /** How the note begins that says a service's rows could not be judged steady. */
  public static final String NOT_JUDGED = "steady state not judged: ";

  /** Key of the notes (a list of sentences) among the peaks: why a number is missing. */
  public static final String NOTES = "notes";

  /** Key of the windows among the peaks, as in {@code /api/runtime-info}. */
  public static final String WINDOWS = "windows";

  /** The note of every user's service: its pinned_events column stays empty. */
  public static final String NO_PINNED_EVENTS =
      "pinned_events empty: counted by JFR inside vtbench's own SUT only";

  /** The note of a service without Actuator, whose Actuator numbers are all missing. */
  public static final String NO_ACTUATOR = "no Actuator (spec.sut.service.actuatorPath is empty)";

  /**
   * One reading at a window boundary.
   *
   * @param requests Actuator's request count so far; null when it could not be read
   * @param cpuSeconds the process's CPU seconds so far; null when unknown (a cluster's runner reads
   *     it from Actuator, which may not have it)
   * @param compileSeconds the JIT's seconds so far; null when unknown
   * @param jitCpuSeconds the JIT compiler threads' CPU seconds so far; null when unknown (a
   *     cluster's runner cannot see the service's threads)
   */
  public record Reading(
      long nanos, Long requests, Double cpuSeconds, Double compileSeconds, Double jitCpuSeconds) {}

  private final Duration window;
  private final List<Map<String, Object>> closed = new ArrayList<>();
  private final Map<ActuatorMetric, Double> peaks = new EnumMap<>(ActuatorMetric.class);
  private final Map<ActuatorMetric, String> missing = new EnumMap<>(ActuatorMetric.class);
  private final Set<String> notes = new LinkedHashSet<>();
  private Double rssMbMax;
  private Reading last;
  private boolean requestsLost;

  /** Windows of {@link SteadyState#WINDOW}. */
  public ServiceWindows() {
    this(SteadyState.WINDOW);
  }

  public ServiceWindows(Duration window) {
    this.window = window;
  }

  /** The reading at the phase's start. */
  public synchronized void start(Reading first) {
    last = first;
  }

  /** A reading at the end of a window: closes it. */
  public synchronized void windowEnd(Reading now) {
    if (last == null) {
      last = now;
      return;
    }
    if (now.requests() == null || last.requests() == null) {
      requestsLost = true;
    } else {
      Map<String, Object> w = new LinkedHashMap<>();
      w.put("seconds", round((now.nanos() - last.nanos()) / 1e9));
      w.put("requests", now.requests() - last.requests());
      w.put("cpuSeconds", difference(now.cpuSeconds(), last.cpuSeconds()));
      w.put("compileSeconds", difference(now.compileSeconds(), last.compileSeconds()));
      w.put("jitCpuSeconds", difference(now.jitCpuSeconds(), last.jitCpuSeconds()));
      closed.add(w);
    }
    last = now;
  }

  /** A gauge's value, or null with the reason it could not be read. */
  public synchronized void gauge(ActuatorMetric metric, Double value, String whyMissing) {
    if (value == null) {
      missing.putIfAbsent(metric, whyMissing);
      return;
    }
    peaks.merge(metric, value, Math::max);
  }

  /** The process's resident memory, MiB. */
  public synchronized void rssMb(double mb) {
    rssMbMax = rssMbMax == null ? mb : Math.max(rssMbMax, mb);
  }

  /** A reason some number is missing, e.g. that the service exposes no Actuator. */
  public synchronized void note(String reason) {
    notes.add(reason);
  }

  /**
   * The peaks in {@code /api/runtime-info}'s shape: the gauges' maxima, the resident memory, the
   * windows (left out when the request counter was never read in full: then steady state cannot be
   * judged) and the notes.
   */
  public synchronized Map<String, Object> peaks() {
    Map<String, Object> out = new LinkedHashMap<>();
    List<String> why = new ArrayList<>(notes);
    for (ActuatorMetric m : ActuatorMetric.PEAKS) {
      Double v = peaks.get(m);
      out.put(m.peakKey(), v == null ? null : round(v));
      if (v == null) {
        // a gauge read once is its peak so far: only one never read is missing
        why.add(m.metric() + " not read: " + missing.getOrDefault(m, "never sampled"));
      }
    }
    out.put("rssMbMax", rssMbMax == null ? null : round(rssMbMax));
    if (requestsLost || closed.isEmpty()) {
      why.add(NOT_JUDGED + "no request count per window from " + ActuatorMetric.REQUESTS.metric());
    } else {
      Map<String, Object> windows = new LinkedHashMap<>();
      windows.put("windowSeconds", window.toMillis() / 1000.0);
      windows.put("list", List.copyOf(closed));
      out.put(WINDOWS, windows);
    }
    out.put(NOTES, why);
    return out;
  }

  /** A counter's growth over a window; unknown when either end is. */
  private static Double difference(Double now, Double last) {
    return now == null || last == null ? null : round(now - last);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
