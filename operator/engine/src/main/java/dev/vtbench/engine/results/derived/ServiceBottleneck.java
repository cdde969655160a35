package dev.vtbench.engine.results.derived;

import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.RowNotes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The bottleneck of a user's service's row ({@code spec.sut.service}), from what its Actuator
 * reported. vtbench does not know which of a service's requests wait for what, so such a row has no
 * Little's-law bound; the service's own gauges say instead which of its limits was full. Read after
 * {@link DerivedMetrics#bottleneck}'s generator and CPU rules, which a service's row shares; first
 * match wins:
 *
 * <ol>
 *   <li>platform threads, and Tomcat's busy worker threads reached its maximum ({@code
 *       tomcat_busy_max} &ge; {@code tomcat_max_threads}) → {@link Bottleneck#TOMCAT_THREADS};
 *   <li>every connection of the pool checked out while requests waited for one ({@code
 *       hikari_active_max} &ge; {@code hikari_pool} and {@code hikari_pending_max} &ge; 1) → {@link
 *       Bottleneck#HIKARI_POOL};
 *   <li>closed model, and the service held at once at least {@link DerivedMetrics#AT_BOUND_RATIO}
 *       of the VUs' requests ({@code requests_active_max} less the sampler's own read) → {@link
 *       Bottleneck#NONE}: nothing in the service queued them, the load offered was the limit;
 *   <li>otherwise {@link Bottleneck#UNKNOWN}, and {@link #note} says what was seen.
 * </ol>
 *
 * <p>The gauges are sampled every second ({@code ActuatorMetric.GAUGE_EVERY}), so a pool full for
 * less than that can go unseen; each read is itself a request, counted busy and active.
 */
final class ServiceBottleneck {

  /** How the note of a service's {@link Bottleneck#UNKNOWN} row begins. */
  static final String NOTE_PREFIX = "bottleneck unknown: ";

  /** Actuator's gauges count the request that reads them. */
  private static final int OWN_READ = 1;

  private ServiceBottleneck() {}

  /** Whether {@code row} is a user's service's, the rows these rules are for. */
  static boolean applies(ResultRow row) {
    return ResultRow.OWN_SERVICE_WORKLOAD.equals(row.workload());
  }

  /**
   * The label of {@code row} given the one the generator and CPU rules gave it: a service's row
   * they left {@code unknown} gets these rules'; any other keeps {@code before}.
   */
  static Bottleneck label(ResultRow row, Bottleneck before) {
    if (before != Bottleneck.UNKNOWN || !applies(row)) {
      return before;
    }
    if (tomcatFull(row)) {
      return Bottleneck.TOMCAT_THREADS;
    }
    if (poolFull(row)) {
      return Bottleneck.HIKARI_POOL;
    }
    if (loadHeld(row)) {
      return Bottleneck.NONE;
    }
    return Bottleneck.UNKNOWN;
  }

  /**
   * Why a service's row reads {@code unknown}: the gauges against their limits, or which were not
   * read; null for any other row or label.
   */
  static String note(ResultRow row, Bottleneck label) {
    if (label != Bottleneck.UNKNOWN || !applies(row)) {
      return null;
    }
    List<String> seen = new ArrayList<>();
    if (ResultRow.PLATFORM.equals(row.threadMode())) {
      seen.add(
          row.tomcatBusyMax() == null || row.tomcatMaxThreads() == null
              ? "Tomcat's busy threads not read (tomcat.threads.busy, .config.max)"
              : "Tomcat "
                  + row.tomcatBusyMax()
                  + " of "
                  + row.tomcatMaxThreads()
                  + " threads busy");
    }
    seen.add(
        row.hikariActiveMax() == null || row.hikariPendingMax() == null
            ? "the pool not read (hikaricp.connections.active, .pending)"
            : "pool "
                + row.hikariActiveMax()
                + " of "
                + row.hikariPool()
                + " in use, "
                + row.hikariPendingMax()
                + " waiting");
    if (row.isOpenModel()) {
      seen.add("an open model's load is not judged by requests in progress");
    } else {
      seen.add(
          row.requestsActiveMax() == null
              ? "requests in progress not read (http.server.requests.active)"
              : String.format(
                  Locale.ROOT,
                  "%d of %d VUs' requests in the service at once (%.0f %% needed)",
                  Math.max(0, row.requestsActiveMax() - OWN_READ),
                  row.concurrency(),
                  DerivedMetrics.AT_BOUND_RATIO * 100));
    }
    if (row.appCpuPct() != null) {
      seen.add(String.format(Locale.ROOT, "CPU %.1f %%", row.appCpuPct()));
    }
    return NOTE_PREFIX + String.join(", ", seen);
  }

  /** {@code row}'s notes with {@link #note} added (once). */
  static String notes(ResultRow row, Bottleneck label) {
    return RowNotes.add(row.notes(), NOTE_PREFIX, note(row, label));
  }

  private static boolean tomcatFull(ResultRow row) {
    return ResultRow.PLATFORM.equals(row.threadMode())
        && row.tomcatBusyMax() != null
        && row.tomcatMaxThreads() != null
        && row.tomcatMaxThreads() > 0
        && row.tomcatBusyMax() >= row.tomcatMaxThreads();
  }

  private static boolean poolFull(ResultRow row) {
    return row.hikariActiveMax() != null
        && row.hikariPendingMax() != null
        && row.hikariPool() > 0
        && row.hikariActiveMax() >= row.hikariPool()
        && row.hikariPendingMax() >= 1;
  }

  private static boolean loadHeld(ResultRow row) {
    return !row.isOpenModel()
        && row.requestsActiveMax() != null
        && row.requestsActiveMax() - OWN_READ >= DerivedMetrics.AT_BOUND_RATIO * row.concurrency();
  }
}
