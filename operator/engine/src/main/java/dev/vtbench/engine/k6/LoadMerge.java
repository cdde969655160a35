package dev.vtbench.engine.k6;

import dev.vtbench.engine.stats.LatencyHistogram;
import java.util.ArrayList;
import java.util.List;

/**
 * One scenario's load from the results of the N runners that shared it (each ran its part of the
 * VUs or of the arrival rate over the same hold): what one runner with all the load would have
 * reported.
 *
 * <p>Counts add up: requests, throughput, failed requests, VUs, dropped iterations. The latency
 * percentiles come from the sum of the runners' {@link LoadResult#holdHistogram histograms} (each
 * runner's load planned with {@link K6Plan#withHistogram}), within {@link
 * LatencyHistogram#RELATIVE_ERROR} of the exact percentiles of all the hold's requests, never from
 * an average of the runners' percentiles (which is no percentile of anything: a runner with the
 * slow requests and one with the fast ones average to a p99 nobody saw). The mean is weighted by
 * the runners' requests and the maximum is the largest of theirs, both exact; a percentile is at
 * most that maximum, so one the buckets place above it is the maximum.
 */
public final class LoadMerge {

  /** The merged percentiles, in {@link LoadResult}'s order: p50, p95, p99, p99.9. */
  private static final double[] PERCENTS = {50, 95, 99, 99.9};

  private LoadMerge() {}

  /**
   * The load of all {@code runners} together; a single runner's result as it is (k6's own exact
   * percentiles).
   *
   * @throws IllegalArgumentException for no runners, or a runner whose summary carried no histogram
   */
  public static LoadResult merge(List<LoadResult> runners) {
    if (runners.isEmpty()) {
      throw new IllegalArgumentException("no runner results to merge");
    }
    if (runners.size() == 1) {
      return runners.getFirst();
    }
    List<LatencyHistogram> histograms = new ArrayList<>();
    long requests = 0;
    double throughput = 0;
    double failed = 0;
    double latencySum = 0;
    double max = Double.NaN;
    int vus = 0;
    double dropped = 0;
    for (int i = 0; i < runners.size(); i++) {
      LoadResult r = runners.get(i);
      if (r.holdHistogram() == null) {
        throw new IllegalArgumentException(
            "runner "
                + i
                + " of "
                + runners.size()
                + " reported no latency histogram ("
                + K6Script.HISTOGRAM_KEY
                + "), so the runners' percentiles cannot be merged: was its load planned with"
                + " one (K6Plan.withHistogram(true)), its script built by this vtbench's"
                + " K6Script, and did its summary fit "
                + K6Script.SUMMARY_MAX_BYTES
                + " bytes?");
      }
      histograms.add(r.holdHistogram());
      requests += r.httpReqs();
      throughput += r.throughputRps();
      vus += r.vusMax();
      dropped += r.droppedIterations();
      if (r.httpReqs() > 0) {
        failed += Math.round(r.errorRate() * r.httpReqs());
        latencySum += r.meanMs() * r.httpReqs();
        max = Double.isNaN(max) ? r.maxMs() : Math.max(max, r.maxMs());
      }
    }
    LatencyHistogram all = LatencyHistogram.sum(histograms);
    double[] p = new double[PERCENTS.length];
    for (int i = 0; i < p.length; i++) {
      double fromBuckets = requests == 0 ? Double.NaN : all.percentile(PERCENTS[i]);
      p[i] = Double.isNaN(max) ? fromBuckets : Math.min(fromBuckets, max);
    }
    double perRequest = requests == 0 ? Double.NaN : 1.0 / requests;
    return new LoadResult(
        throughput,
        latencySum * perRequest,
        p[0],
        p[1],
        p[2],
        p[3],
        max,
        failed * perRequest,
        requests,
        vus,
        dropped,
        all);
  }
}
