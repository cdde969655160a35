// vtbench load script. The JavaScript is fixed (K6Script's resources); what one load does,
// its target, schedule and limits, is the PLAN below, written by K6Script from a K6Plan.
// Measured: the requests started in the hold window, tagged phase=hold.
import http from 'k6/http';
import exec from 'k6/execution';

const PLAN = __VTBENCH_PLAN__;

const SUMMARY_PATH = __ENV[PLAN.summaryEnv] || PLAN.summaryPath;
if (!SUMMARY_PATH) {
  throw new Error('set ' + PLAN.summaryEnv + ' to the file the JSON summary goes to: k6 run --env '
    + PLAN.summaryEnv + '=<file>');
}

// vtbench's own requests: one per iteration, bodies unread. A user's module (spec.workload.script,
// user.js) runs as under plain k6 instead: bodies kept, redirects followed, its own response
// callback; only the options below are vtbench's, whatever the module exports.
const OWN_REQUESTS = !PLAN.target.module;

// Runner `index` of `n` that share this load (a plain Job's indexed pods, spec.load.parallelism):
// its execution segment of every scenario. k6-operator passes TestRun runners theirs as flags.
const RUNNERS = Number(__ENV[PLAN.runners.countEnv] || '1');
const RUNNER = Number(__ENV[PLAN.runners.indexEnv] || '0');
const SEGMENT = RUNNERS > 1 ? {
  executionSegment: RUNNER + '/' + RUNNERS + ':' + (RUNNER + 1) + '/' + RUNNERS,
  executionSegmentSequence: Array.from({ length: RUNNERS + 1 }, (_, i) => i + '/' + RUNNERS).join(','),
} : {};

export const options = Object.assign({
  // No 'url' tag: with a random id in every URL, each request would open its own time
  // series and k6's memory would grow with the run.
  systemTags: ['status', 'method', 'name', 'scenario', 'expected_response', 'error', 'error_code'],
  summaryTrendStats: PLAN.summaryTrendStats,
  scenarios: PLAN.scenarios,
  // Always true: they exist so that k6 reports the hold's sub-metrics in the summary.
  thresholds: PLAN.thresholds,
}, SEGMENT, OWN_REQUESTS ? {
  // Keep the generator's own work per request small, so it is not the bottleneck.
  discardResponseBodies: true,
  // One iteration, one request: a 3xx is an error, not a second request.
  maxRedirects: 0,
} : {});

// Success is 2xx only; anything else, a timeout or a refused connection is an error in
// http_req_failed. Not over a user's module: it was evaluated first, and may have set its own.
if (OWN_REQUESTS) {
  http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }));
}

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

// A user's module (user.js sets these): its setup's data beside vtbench's own, and its default
// function as the iteration.
const USER = { setup: (own) => own, iteration: null };

// The hold's latency histogram, only when the plan asks for one (K6Plan.histogram): histogram.js
// sets record(res), which counts one hold response, and text(data), the histogram the summary
// carries under key. Without it nothing is counted and the summary carries none.
const HOLD_HISTOGRAM = { record: null, text: null, key: null, metric: null };

function send(p) {
  if (MIX) {
    return mixed(p);
  }
  const id = 1 + Math.floor(Math.random() * ID_MAX);
  return http.get(URL_PARTS.join(String(id)), PARAMS[p]);
}

export default function (data) {
  if (USER.iteration) {
    return USER.iteration(phase(), data);
  }
  const p = phase();
  const res = send(p);
  if (HOLD_HISTOGRAM.record && p === 'hold') {
    HOLD_HISTOGRAM.record(res);
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
