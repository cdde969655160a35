// Run inside a cluster, where nothing but the runner can reach the SUT (vtbench's own, or a user's
// service): the script observes it itself (PLAN.cluster.sut) and the stub's CPU and node
// (PLAN.cluster.stub, null when no stub runs), and puts what it saw into a compact summary. What
// follows this part reads one kind of SUT (cluster-sut.js or cluster-service.js): its setup(), its
// scenarios around the hold and observed(), the part of the summary only it writes.
import { sleep } from 'k6';
import { Gauge } from 'k6/metrics';

const SUT = PLAN.cluster.sut;
const STUB = PLAN.cluster.stub;
// Bodies are discarded for the load; the probes need theirs.
const PROBE = { tags: { name: 'probe' }, responseType: 'text' };

// k6's own CPU time and cgroup, from vtbench's k6 extension k6/x/vtbench (hack/k6/), asked for
// only when the runner's image is vtbench's k6 (K6Image: k6 fails a script that asks a k6 for a
// module it lacks, even inside a try); otherwise null, and the rows leave load_cpu_pct and
// load_throttled_pct empty, saying why. A script may open files only while it starts, so k6 cannot
// read /proc or its cgroup at the hold's edges without it.
const SELF = PLAN.cluster.selfModule ? require(PLAN.cluster.selfModule) : null;

// Counters read at the hold's start and end (overHold takes their difference): CPU seconds so far
// of the SUT's own process, of the database and of k6, and the SUT's, the database's and k6's
// cgroups' CFS periods and the periods in which their CPU limit held them back. One gauge per edge,
// so a missed read leaves the figure unknown, not zero.
const COUNTERS = ['sut_cpu_seconds', 'db_cpu_seconds', 'sut_cfs_periods', 'sut_cfs_throttled',
  'db_cfs_periods', 'db_cfs_throttled', 'load_cpu_seconds', 'load_cfs_periods',
  'load_cfs_throttled'];
const AT = Object.fromEntries(COUNTERS.map((k) => [k, {
  start: new Gauge('vtbench_' + k + '_start'),
  end: new Gauge('vtbench_' + k + '_end'),
}]));
const atEdge = (k, edge, count) => typeof count === 'number' && AT[k][edge].add(count);
// A tier's CPU limit in cores as its cgroup gives it, read with its CFS counters: 0 for no limit,
// unset where the cgroup was not read.
const LIMIT = Object.fromEntries(['sut', 'db', 'load'].map((t) =>
  [t, new Gauge('vtbench_' + t + '_cpu_limit_cores')]));

// A cgroup's CFS reading ({ periods, throttledPeriods, limitCores }, as /api/runtime-info and the
// extension give it) at a hold's edge, for tier 'sut', 'db' or 'load'; nothing where unread.
function atEdgeCfs(tier, edge, cfs) {
  if (cfs && typeof cfs.periods === 'number' && typeof cfs.throttledPeriods === 'number') {
    atEdge(tier + '_cfs_periods', edge, cfs.periods);
    atEdge(tier + '_cfs_throttled', edge, cfs.throttledPeriods);
    LIMIT[tier].add(typeof cfs.limitCores === 'number' ? cfs.limitCores : 0);
  }
}

// What k6 reads of itself at a hold's edge ('start' or 'end'), when it can.
function readSelf(edge) {
  if (!SELF) {
    return;
  }
  const cpu = SELF.cpuSeconds();
  if (cpu >= 0) {
    atEdge('load_cpu_seconds', edge, cpu);
  }
  atEdgeCfs('load', edge, SELF.cfs());
}
// The SUT's peaks over the hold (PLAN.cluster.peaks): each the largest value added.
const PEAK = Object.fromEntries(PLAN.cluster.peaks.map((p) => [p, new Gauge('vtbench_peak_' + p)]));

// Rows of numbers for the summary (load windows, readings): handleSummary sees only metrics, so each
// cell is a Gauge, unset where unknown, and a row is there once its first cell is. At most `count`
// rows: the summary must fit a termination message.
function gaugeRows(prefix, count, fields) {
  const name = (i, f) => prefix + '_' + i + '_' + f;
  const rows = Array.from({ length: count }, (_, i) =>
    Object.fromEntries(fields.map((f) => [f, new Gauge(name(i, f))])));
  return {
    count: count,
    set: (i, row) => fields.forEach((f) => typeof row[f] === 'number' && rows[i][f].add(row[f])),
    // compact [field, ...] arrays, null where unknown
    read: (data, value) => {
      const list = [];
      for (let i = 0; i < count && data.metrics[name(i, fields[0])]; i++) {
        list.push(fields.map((f) => value(name(i, f), 'value')));
      }
      return list;
    },
  };
}

// Names this load's accounting window on the stub, so the summary reads its own window and not one
// an earlier load left behind.
const newWindowId = () => Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
const stubOpen = (id) => STUB && http.post(STUB + '/api/runtime-info/reset?window=' + id, null, PROBE);
const stubEnd = (id) => STUB && http.post(STUB + '/api/runtime-info/end?window=' + id, null, PROBE);

// Only what the operator reads, so it fits a termination message (4 KiB).
export function handleSummary(data) {
  const metrics = {};
  for (const k of PLAN.cluster.summaryMetrics) {
    if (data.metrics[k]) {
      metrics[k] = { values: data.metrics[k].values };
    }
  }
  const value = (name, stat) => data.metrics[name] ? data.metrics[name].values[stat] : null;
  const overHold = (k) => {
    const start = value('vtbench_' + k + '_start', 'value');
    const end = value('vtbench_' + k + '_end', 'value');
    return start !== null && end !== null ? end - start : null;
  };
  const peaks = {};
  for (const p of PLAN.cluster.peaks) {
    peaks[p] = value('vtbench_peak_' + p, 'max');
  }
  const setup = data.setup_data || {};
  const probe = Object.assign({
    sut: setup.sut || null,
    sutError: setup.sutError,
    sutCpuSeconds: overHold('sut_cpu_seconds'),
    dbCpuSeconds: overHold('db_cpu_seconds'),
  }, throttling(overHold, 'sut', value('vtbench_sut_cpu_limit_cores', 'value')),
  throttling(overHold, 'db', value('vtbench_db_cpu_limit_cores', 'value')), {
    loadCpuSeconds: overHold('load_cpu_seconds'),
  }, throttling(overHold, 'load', value('vtbench_load_cpu_limit_cores', 'value')), {
    stub: stubWindow(setup.window),
    holdSeconds: PLAN.holdMs / 1000,
    peaks: peaks,
  }, observed(data, value, peaks));
  const summary = { metrics: metrics, [PLAN.cluster.probeKey]: probe };
  if (HOLD_HISTOGRAM.text) {
    summary[HOLD_HISTOGRAM.key] = HOLD_HISTOGRAM.text(data);
  }
  let json = JSON.stringify(summary);
  if (json.length > PLAN.cluster.summaryBytes && probe.stub) {
    // a node with very many cores: its per-core list goes, the summary must fit
    delete probe.stub.coreBusyPct;
    json = JSON.stringify(summary);
  }
  if (json.length > PLAN.cluster.summaryBytes && HOLD_HISTOGRAM.text) {
    // still too long (latencies spread very wide): without its histogram the runner's row stands
    // alone, only a merge across runners is refused, saying so
    delete summary[HOLD_HISTOGRAM.key];
    json = JSON.stringify(summary);
  }
  return { [SUMMARY_PATH]: json, stdout: oneLine(data) + PLAN.cluster.summaryLine + json + '\n' };
}

// How much a tier's CPU limit held it back over the hold ('sut', 'db' or 'load'): <tier>ThrottledPct, the
// share of the hold's CFS periods in which it was throttled, in percent to a tenth (0 without a
// limit: nothing can throttle it; null where its cgroup was not read at both edges), and
// <tier>CpuLimitCores (null: no limit, or not read).
function throttling(overHold, tier, limit) {
  const periods = overHold(tier + '_cfs_periods');
  const throttled = overHold(tier + '_cfs_throttled');
  if (periods === null || throttled === null || limit === null) {
    return { [tier + 'ThrottledPct']: null, [tier + 'CpuLimitCores']: null };
  }
  return { [tier + 'ThrottledPct']: limit === 0 || periods <= 0 ? 0
    : Math.round(1000 * throttled / periods) / 10,
  [tier + 'CpuLimitCores']: limit === 0 ? null : limit };
}

// The stub's accounting window of this load, if the stub ended it at the hold's end: its CPU
// seconds, its cpuset, its node's cores (busy share each, and steal) over the hold, and how much
// its own CPU limit held it back (throttledPct, cpuLimitCores).
function stubWindow(id) {
  if (!STUB || id === undefined) {
    return null;
  }
  const r = http.get(STUB + '/api/runtime-info', Object.assign({ timeout: '10s' }, PROBE));
  if (r.status !== 200) {
    return null;
  }
  const w = r.json().window;
  if (!w || w.id !== id || w.ended !== true) {
    return null;
  }
  return { cpuSeconds: w.cpuSeconds, cpuset: r.json().cpuset, coreBusyPct: w.coreBusyPct,
    stealPct: w.stealPct, throttledPct: w.throttledPct, cpuLimitCores: w.cpuLimitCores };
}
