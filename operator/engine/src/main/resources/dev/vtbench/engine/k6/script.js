// vtbench load script. The JavaScript is fixed (K6Script's resources); what one load does,
// its target, schedule and limits, is the PLAN below, written by K6Script from a K6Plan.
// Measured: the requests started in the hold window, tagged phase=hold, and their latencies
// counted into a histogram that adds up across runners (PLAN.histogram).
import http from 'k6/http';
import exec from 'k6/execution';
import { Counter } from 'k6/metrics';

const PLAN = __VTBENCH_PLAN__;

const SUMMARY_PATH = __ENV[PLAN.summaryEnv] || PLAN.summaryPath;
if (!SUMMARY_PATH) {
  throw new Error('set ' + PLAN.summaryEnv + ' to the file the JSON summary goes to: k6 run --env '
    + PLAN.summaryEnv + '=<file>');
}

// The hold's latencies in LatencyHistogram's log-spaced buckets, so that the histograms of several
// runners add up exactly. handleSummary sees only metrics, and metrics are made in the init
// context, which every VU runs: each bucket is a sub-metric of one Counter per group of
// PLAN.histogram.groupSize buckets, tagged with its place in the group, reported because an
// always-true threshold names it (K6Script.HISTOGRAM_GROUP says why groups).
const HIST = PLAN.histogram;
const HIST_COUNTERS = Array.from({ length: Math.ceil(HIST.slots / HIST.groupSize) },
  (_, g) => new Counter(HIST.metric + g));
const HIST_TAGS = Array.from({ length: HIST.groupSize }, (_, i) => ({ [HIST.tag]: String(i) }));
const histMetric = (slot) => HIST.metric + Math.floor(slot / HIST.groupSize) + '{' + HIST.tag + ':'
  + (slot % HIST.groupSize) + '}';
const HIST_THRESHOLDS = Object.fromEntries(
  Array.from({ length: HIST.slots }, (_, s) => [histMetric(s), ['count>=0']]));

// LatencyHistogram.slot: 0 below the range, 1 + the bucket in it, the last slot above it.
function slotOf(ms) {
  if (!(ms >= HIST.lowMs)) {
    return 0;
  }
  const i = Math.floor(Math.log(ms / HIST.lowMs) / HIST.logGamma);
  return i >= HIST.buckets ? HIST.buckets + 1 : i + 1;
}

// res.timings.duration is the value k6 adds to http_req_duration for the same request.
function recordHold(res) {
  const s = slotOf(res.timings.duration);
  HIST_COUNTERS[Math.floor(s / HIST.groupSize)].add(1, HIST_TAGS[s % HIST.groupSize]);
}

// HistogramText.encode of the hold's counts: <scheme>;<below>;<above>;<runs>, base 36.
function holdHistogram(data) {
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
}

export const options = {
  // Keep the generator's own work per request small, so it is not the bottleneck.
  discardResponseBodies: true,
  // One iteration, one request: a 3xx is an error, not a second request.
  maxRedirects: 0,
  // No 'url' tag: with a random id in every URL, each request would open its own time
  // series and k6's memory would grow with the run.
  systemTags: ['status', 'method', 'name', 'scenario', 'expected_response', 'error', 'error_code'],
  summaryTrendStats: PLAN.summaryTrendStats,
  scenarios: PLAN.scenarios,
  // Always true: they exist so that k6 reports the hold's sub-metrics in the summary.
  thresholds: Object.assign({}, PLAN.thresholds, HIST_THRESHOLDS),
};

// Success is 2xx only; anything else, a timeout or a refused connection is an error in
// http_req_failed.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }));

const URL_PARTS = PLAN.target.urlParts;
const ID_MAX = PLAN.target.idMax;
const PARAMS = {
  warmup: { timeout: PLAN.target.timeout, tags: { name: PLAN.target.name, phase: 'warmup' } },
  hold: { timeout: PLAN.target.timeout, tags: { name: PLAN.target.name, phase: 'hold' } },
};

// A user's request mix (spec.workload.requests), or null for vtbench's own endpoint. Each
// request is counted under its method and path template (tag name), never its filled-in URL.
const MIX = PLAN.target.requests || null;
const MIX_TOTAL = MIX ? MIX[MIX.length - 1].upTo : 0;
const MIX_PARAMS = MIX && MIX.map((r) => Object.fromEntries(['warmup', 'hold'].map((p) => {
  const params = { timeout: PLAN.target.timeout, headers: r.headers, tags: { name: r.name, phase: p } };
  // Without its own list the script's callback applies: 2xx is success.
  if (r.expected.length > 0) params.responseCallback = http.expectedStatuses(...r.expected);
  return [p, params];
})));
const draw = (d) => (d.values
  ? d.values[Math.floor(Math.random() * d.values.length)]
  : String(d.from + Math.floor(Math.random() * (d.to - d.from + 1))));
const fill = (template, values, encode) => (template === null || template === undefined
  ? null
  : template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, k) => encode(values[k])));

function mixed(p) {
  const pick = Math.random() * MIX_TOTAL;
  let i = 0;
  while (MIX[i].upTo <= pick) i++;
  const r = MIX[i];
  const values = {};
  for (const k of Object.keys(r.params)) values[k] = draw(r.params[k]);
  return http.request(r.method, PLAN.target.base + fill(r.path, values, encodeURIComponent),
    fill(r.body, values, String), MIX_PARAMS[i][p]);
}

const phase = PLAN.holdIsAScenario
  // Open model: the hold is its own scenario.
  ? () => (exec.scenario.name === 'hold' ? 'hold' : 'warmup')
  // Closed model: decided when the request starts, so the hold counts the requests it started:
  // their number over the hold's length is the throughput, however long the last ones take.
  : () => (Date.now() - exec.scenario.startTime >= PLAN.holdStartMs ? 'hold' : 'warmup');

function send(p) {
  if (MIX) {
    return mixed(p);
  }
  const id = 1 + Math.floor(Math.random() * ID_MAX);
  return http.get(URL_PARTS.join(String(id)), PARAMS[p]);
}

export default function () {
  const p = phase();
  const res = send(p);
  if (p === 'hold') {
    recordHold(res);
  }
}

// Never throws: an exception in handleSummary would lose the JSON file too.
function oneLine(data) {
  try {
    const m = data.metrics;
    const d = m[PLAN.holdMetrics.duration].values;
    const n = m[PLAN.holdMetrics.requests].values.count;
    const failed = m[PLAN.holdMetrics.failed].values.rate;
    const ms = (stat) => d[stat].toFixed(1) + ' ms';
    return 'vtbench hold: ' + n + ' requests in ' + PLAN.holdMs / 1000 + ' s = '
      + (n * 1000 / PLAN.holdMs).toFixed(1) + ' req/s, p50 ' + ms('p(50)') + ', p95 '
      + ms('p(95)') + ', p99 ' + ms('p(99)') + ', p99.9 ' + ms('p(99.9)') + ', max '
      + ms('max') + ', errors ' + (failed * 100).toFixed(2) + '%\n';
  } catch (e) {
    return 'vtbench hold: no summary line (' + e + ')\n';
  }
}
