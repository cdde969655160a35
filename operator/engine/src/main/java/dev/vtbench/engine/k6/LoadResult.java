package dev.vtbench.engine.k6;

import dev.vtbench.engine.stats.LatencyHistogram;

/**
 * What k6 measured in the hold window: the load columns of a {@code matrix.csv} row.
 *
 * <p>Latencies cover every request started in the hold, failed ones included: a 503 after the
 * pool's timeout is exactly what the client waited for. When the hold saw no request at all, the
 * latencies and the error rate are {@link Double#NaN}, not k6's placeholder zeros, so a run that
 * served nothing never plots as 0 ms.
 *
 * @param throughputRps hold requests / hold seconds, successful or not
 * @param meanMs mean latency of the hold's requests (k6's {@code avg}); NaN when the summary has
 *     none
 * @param errorRate failed hold requests / hold requests, 0 to 1 (non-2xx, timeout, refused)
 * @param httpReqs requests started in the hold
 * @param vusMax most VUs k6 had initialised during the whole run (k6's {@code vus_max})
 * @param droppedIterations open model: hold requests k6 could not start on time because all {@code
 *     maxVUs} were busy; 0 in the closed model, where nothing is scheduled ahead
 * @param holdHistogram the hold's latencies in buckets that add up across runners ({@link
 *     LoadMerge}); null when the summary carries none: the load did not count one ({@link
 *     K6Plan#histogram} is off unless the load is split over several runners), the summary was
 *     written before vtbench counted it, or a cluster runner had to leave it out to fit its
 *     termination message
 */
public record LoadResult(
    double throughputRps,
    double meanMs,
    double p50Ms,
    double p95Ms,
    double p99Ms,
    double p999Ms,
    double maxMs,
    double errorRate,
    long httpReqs,
    int vusMax,
    double droppedIterations,
    LatencyHistogram holdHistogram) {}
