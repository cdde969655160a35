// PLAN.histogram (K6Plan.histogram: a load split over several runners): the hold's latencies in
// LatencyHistogram's log-spaced buckets, so that the histograms of several runners add up exactly.
// handleSummary sees only metrics, and metrics are made in the init context, which every VU runs:
// each bucket is a sub-metric of one Counter per group of HIST.groupSize buckets, tagged with its
// place in the group, reported because an always-true threshold names it (K6Script.HISTOGRAM_GROUP
// says why groups). It costs k6 CPU per hold request and memory per VU (docs/cluster.md), which is
// why a load that runs alone does without.
import { Counter } from 'k6/metrics';

const HIST = PLAN.histogram;
const HIST_COUNTERS = Array.from({ length: Math.ceil(HIST.slots / HIST.groupSize) },
  (_, g) => new Counter(HIST.metric + g));
const HIST_TAGS = Array.from({ length: HIST.groupSize }, (_, i) => ({ [HIST.tag]: String(i) }));
const histMetric = (slot) => HIST.metric + Math.floor(slot / HIST.groupSize) + '{' + HIST.tag + ':'
  + (slot % HIST.groupSize) + '}';
// Beside the plan's own always-true thresholds; k6 reads options once this script has run.
Object.assign(options.thresholds, Object.fromEntries(
  Array.from({ length: HIST.slots }, (_, s) => [histMetric(s), ['count>=0']])));

// LatencyHistogram.slot: 0 below the range, 1 + the bucket in it, the last slot above it.
function slotOf(ms) {
  if (!(ms >= HIST.lowMs)) {
    return 0;
  }
  const i = Math.floor(Math.log(ms / HIST.lowMs) / HIST.logGamma);
  return i >= HIST.buckets ? HIST.buckets + 1 : i + 1;
}

// res.timings.duration is the value k6 adds to http_req_duration for the same request.
HOLD_HISTOGRAM.record = (res) => {
  const s = slotOf(res.timings.duration);
  HIST_COUNTERS[Math.floor(s / HIST.groupSize)].add(1, HIST_TAGS[s % HIST.groupSize]);
};

// HistogramText.encode of the hold's counts: <scheme>;<below>;<above>;<runs>, base 36.
HOLD_HISTOGRAM.text = (data) => {
  const count = (s) => (data.metrics[histMetric(s)] ? data.metrics[histMetric(s)].values.count : 0);
  let runs = '';
  let last = -1;
  for (let b = 0; b < HIST.buckets; b++) {
    const c = count(b + 1);
    if (c === 0) {
      continue;
    }
    if (last >= 0 && b - last - 1 <= HIST.bridgedGap) {
      runs += '.'.repeat(b - last);
    } else {
      runs += (last >= 0 ? ',' : '') + b.toString(36) + ':';
    }
    runs += c.toString(36);
    last = b;
  }
  return HIST.scheme + ';' + count(0).toString(36) + ';' + count(HIST.slots - 1).toString(36) + ';'
    + runs;
};
HOLD_HISTOGRAM.key = HIST.summaryKey;
// the prefix of the bucket sub-metrics, which the text replaces in a summary
HOLD_HISTOGRAM.metric = HIST.metric;
