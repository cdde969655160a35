package dev.vtbench.engine.results.derived;

import dev.vtbench.engine.results.row.ResultRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a row is past the knee: the load it was offered was more than the system could serve as a
 * steady state, so its numbers describe an overload, not a capacity. The reference rig's own caveat
 * (its 10,000-VU rows: throughput drops, p99 of 3–4 s, a fraction of a percent of errors) is the
 * model. A row is {@code overloaded} when any of these holds:
 *
 * <ul>
 *   <li>at least {@link #ERROR_RATE} of its hold's requests failed (timeouts, 5xx, refused): a
 *       healthy closed-model run fails none;
 *   <li>open model: it served less than {@link #TARGET_SHARE} of its target rate, or k6 dropped at
 *       least {@link #DROPPED_SHARE} of the hold's scheduled iterations for want of a free VU;
 *   <li>its p99 reached {@link #TIMEOUT_SHARE} of the request timeout: the tail is at the point of
 *       being cut off, so the timeout, not the service, is about to set it.
 * </ul>
 *
 * <p>Queueing behind a known wall is not overload: in the closed model the queue is bounded by the
 * VUs, so platform threads at their thread wall (seed 003: 100 users on 10 threads, p50 ≈ 30 s)
 * serve a steady rate with a long, stable latency; that wall is the finding, not a failure.
 *
 * <p>A row that is overloaded keeps its place in the CSV, the table and the figures, labelled; the
 * verdict and the headline use the highest level with no overloaded repetition ({@link
 * dev.vtbench.engine.results.summary.SummaryTable}, {@link
 * dev.vtbench.engine.results.summary.Headline}).
 */
public final class Overload {

  /** Failed share of the hold's requests from which a row counts as overloaded: 0.1 %. */
  public static final double ERROR_RATE = 0.001;

  /** Open model: the least share of the target rate a row must serve: 95 %. */
  public static final double TARGET_SHARE = 0.95;

  /** Open model: dropped share of the scheduled iterations from which a row is overloaded: 1 %. */
  public static final double DROPPED_SHARE = 0.01;

  /** p99 at this share of the request timeout or more marks a row overloaded: 90 %. */
  public static final double TIMEOUT_SHARE = 0.9;

  /** The rule in one sentence, for docs and summary.md. */
  public static final String RULE =
      String.format(
          Locale.ROOT,
          "overloaded = errors >= %.1f %%, or (open model) under %.0f %% of the target rate or"
              + " >= %.0f %% of iterations dropped, or p99 >= %.0f %% of the request timeout",
          100 * ERROR_RATE,
          100 * TARGET_SHARE,
          100 * DROPPED_SHARE,
          100 * TIMEOUT_SHARE);

  private Overload() {}

  /**
   * The reasons {@code row} is overloaded, empty when it is not.
   *
   * @param requestTimeoutMs the run's request timeout; NaN or &le; 0 when unknown (the latency rule
   *     is then skipped)
   */
  public static List<String> reasons(ResultRow row, double requestTimeoutMs) {
    List<String> why = new ArrayList<>();
    if (row.errorRate() != null && row.errorRate() >= ERROR_RATE) {
      why.add(String.format(Locale.ROOT, "errors %.2f %%", 100 * row.errorRate()));
    }
    if (row.targetRps() != null && row.targetRps() > 0) {
      if (row.throughputRps() < TARGET_SHARE * row.targetRps()) {
        why.add(
            String.format(
                Locale.ROOT,
                "served %.0f of %.0f req/s target",
                row.throughputRps(),
                row.targetRps()));
      }
      long served = row.httpReqs() == null ? 0 : row.httpReqs();
      long dropped = row.droppedIterations() == null ? 0 : row.droppedIterations();
      if (dropped > 0 && dropped >= DROPPED_SHARE * (served + dropped)) {
        why.add(String.format(Locale.ROOT, "%d iterations dropped", dropped));
      }
    }
    if (requestTimeoutMs > 0
        && row.p99Ms() != null
        && row.p99Ms() >= TIMEOUT_SHARE * requestTimeoutMs) {
      why.add(
          String.format(
              Locale.ROOT, "p99 %.0f ms of a %.0f ms timeout", row.p99Ms(), requestTimeoutMs));
    }
    return why;
  }

  /** Whether {@code row} is overloaded; see {@link #reasons}. */
  public static boolean of(ResultRow row, double requestTimeoutMs) {
    return !reasons(row, requestTimeoutMs).isEmpty();
  }

  /** Whether a recorded row says it was overloaded ({@code overloaded = true}). */
  public static boolean labelled(ResultRow row) {
    return Boolean.TRUE.equals(row.overloaded());
  }
}
