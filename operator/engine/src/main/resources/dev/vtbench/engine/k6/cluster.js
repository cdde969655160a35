// Run inside a cluster, where nothing but the runner can reach the SUT: the script observes the
// SUT itself (PLAN.cluster.sut) and the stub's CPU and node (PLAN.cluster.stub), and puts what it
// saw into a compact summary.
import { sleep } from 'k6';
import { Gauge } from 'k6/metrics';

const SUT = PLAN.cluster.sut;
// CPU seconds so far, read at the hold's start and end, as the SUT reports them: its own process's
// and the database's (the runner cannot reach the database; the SUT reads its container's counter).
// One gauge per edge, so a missed read leaves the figure unknown, not zero.
const COUNTERS = { sut: 'processCpuSeconds', db: 'dbCpuSeconds' };
const AT = Object.fromEntries(Object.keys(COUNTERS).map((k) => [k, {
  start: new Gauge('vtbench_' + k + '_cpu_seconds_start'),
  end: new Gauge('vtbench_' + k + '_cpu_seconds_end'),
}]));
function readCounters(info, edge) {
  for (const [k, field] of Object.entries(COUNTERS)) {
    if (typeof info[field] === 'number') {
      AT[k][edge].add(info[field]);
    }
  }
}
const PEAKS = ['hikariActiveMax', 'hikariPendingMax', 'jvmThreadsMax', 'rssMbMax',
  'heapMbMax', 'pinnedEvents'];
const PEAK = Object.fromEntries(PEAKS.map((p) => [p, new Gauge('vtbench_peak_' + p)]));
const STUB = PLAN.cluster.stub;
// The SUT's load windows over the hold, which the steady-state check reads: handleSummary sees
// only metrics, so each of the hold's windows (PLAN.sutWindows.count, at most 24) has a Gauge per
// field. Windows past that count are dropped: the summary must fit a termination message.
const WINDOW_FIELDS = ['seconds', 'requests', 'cpuSeconds', 'compileSeconds'];
const windowMetric = (i, field) => 'vtbench_window_' + i + '_' + field;
const WINDOW_SECONDS = new Gauge('vtbench_window_seconds');
const WINDOW = Array.from({ length: PLAN.sutWindows.count }, (_, i) =>
  Object.fromEntries(WINDOW_FIELDS.map((f) => [f, new Gauge(windowMetric(i, f))])));

// Bodies are discarded for the load; the probes need theirs.
const PROBE = { tags: { name: 'probe' }, responseType: 'text' };

// The SUT as the runner sees it, once before the load, with its pool at this load's size.
// Also names this load's accounting window on the stub, so the summary reads its own window and
// not one an earlier load left behind.
export function setup() {
  const window = Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
  if (PLAN.cluster.pool !== null && PLAN.cluster.pool !== undefined) {
    // Answered once the pool holds exactly that many connections; a refusal must not become a
    // row measured at the wrong pool size, so it fails the load (and with it the run, saying why).
    const resized = http.post(SUT + PLAN.cluster.poolPath + '?size=' + PLAN.cluster.pool, null,
      Object.assign({}, PROBE, { timeout: '60s' }));
    if (resized.status !== 200) {
      throw new Error('POST ' + PLAN.cluster.poolPath + '?size=' + PLAN.cluster.pool + ': '
        + resized.status + ' ' + (resized.body || resized.error));
    }
  }
  const r = http.get(SUT + '/api/runtime-info', PROBE);
  if (r.status !== 200) {
    return { window, sut: null, sutError: 'GET /api/runtime-info: ' + r.status + ' ' + r.error };
  }
  const info = r.json();
  return { window, sut: { cpuset: info.cpuset, availableProcessors: info.availableProcessors,
    javaVersion: info.javaVersion, node: info.node, cpuModel: info.cpuModel,
    kernel: info.kernel, onlineCpus: info.onlineCpus } };
}

// At the hold's start (scenario probe_start): new peaks, a new series of load windows, the SUT's
// and the database's CPU time so far, and the stub's window opened.
export function probeStart(data) {
  const r = http.post(SUT + PLAN.sutWindows.resetPath, null, PROBE);
  if (r.status === 200) {
    readCounters(r.json(), 'start');
  }
  http.post(STUB + '/api/runtime-info/reset?window=' + data.window, null, PROBE);
}

// At the hold's end (scenario probe_end): the stub's window ended, the peaks of the window, and the
// CPU times again.
export function probeEnd(data) {
  http.post(STUB + '/api/runtime-info/end?window=' + data.window, null, PROBE);
  const r = http.get(SUT + '/api/runtime-info', PROBE);
  if (r.status !== 200) {
    return;
  }
  const info = r.json();
  readCounters(info, 'end');
  for (const p of PEAKS) {
    const v = info.peaks ? info.peaks[p] : undefined;
    if (typeof v === 'number') {
      PEAK[p].add(v);
    }
  }
  recordWindows();
}

// The hold's last window closes when its length has passed since the reset, which reached the
// busy SUT a little after the hold began: read the windows a second later, so the last one is in.
// Windows closed after the hold are the SUT's idle time; LoadWindow.ofPhase leaves them out.
function recordWindows() {
  if (WINDOW.length === 0) {
    return;
  }
  sleep(1);
  const r = http.get(SUT + '/api/runtime-info', PROBE);
  const windows = r.status === 200 && r.json().peaks ? r.json().peaks.windows : undefined;
  if (windows && typeof windows.windowSeconds === 'number') {
    WINDOW_SECONDS.add(windows.windowSeconds);
    windows.list.slice(0, WINDOW.length).forEach((w, i) => {
      for (const f of WINDOW_FIELDS) {
        if (typeof w[f] === 'number') {
          WINDOW[i][f].add(w[f]);
        }
      }
    });
  }
}

// The windows as compact [seconds, requests, cpuSeconds, compileSeconds] arrays (null: unknown);
// SutProbe.parse turns them back into /api/runtime-info's peaks.windows.
function windowsOf(data, value) {
  const list = [];
  for (let i = 0; i < WINDOW.length && data.metrics[windowMetric(i, 'requests')]; i++) {
    list.push(WINDOW_FIELDS.map((f) => value(windowMetric(i, f), 'value')));
  }
  return { windowSeconds: value('vtbench_window_seconds', 'value'), list: list };
}

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
    const start = value('vtbench_' + k + '_cpu_seconds_start', 'value');
    const end = value('vtbench_' + k + '_cpu_seconds_end', 'value');
    return start !== null && end !== null ? end - start : null;
  };
  const peaks = {};
  for (const p of PEAKS) {
    peaks[p] = value('vtbench_peak_' + p, 'value');
  }
  peaks.handlerThread = handlerThread();
  const probe = {
    sut: data.setup_data ? data.setup_data.sut : null,
    sutError: data.setup_data ? data.setup_data.sutError : undefined,
    sutCpuSeconds: overHold('sut'),
    dbCpuSeconds: overHold('db'),
    stub: stubWindow(data.setup_data ? data.setup_data.window : undefined),
    holdSeconds: PLAN.holdMs / 1000,
    peaks: peaks,
    windows: windowsOf(data, value),
  };
  let json = JSON.stringify({ metrics: metrics, [PLAN.cluster.probeKey]: probe });
  if (json.length > PLAN.cluster.summaryBytes && probe.stub) {
    // a node with very many cores: its per-core list goes, the summary must fit
    delete probe.stub.coreBusyPct;
    json = JSON.stringify({ metrics: metrics, [PLAN.cluster.probeKey]: probe });
  }
  return { [SUMMARY_PATH]: json, stdout: oneLine(data) + PLAN.cluster.summaryLine + json + '\n' };
}

// A string cannot travel in a metric, so the thread the SUT sampled serving this load's requests
// is read here, after the load: nothing resets the SUT's peaks before the next load's probe_start.
function handlerThread() {
  const r = http.get(SUT + '/api/runtime-info', Object.assign({ timeout: '10s' }, PROBE));
  const peaks = r.status === 200 ? r.json().peaks : undefined;
  return peaks && typeof peaks.handlerThread === 'string' ? peaks.handlerThread : null;
}

// The stub's accounting window of this load, if the stub ended it at the hold's end: its CPU
// seconds, its cpuset, and its node's cores (busy share each, and steal) over the hold.
function stubWindow(id) {
  const r = http.get(STUB + '/api/runtime-info', Object.assign({ timeout: '10s' }, PROBE));
  if (id === undefined || r.status !== 200) {
    return null;
  }
  const w = r.json().window;
  if (!w || w.id !== id || w.ended !== true) {
    return null;
  }
  return { cpuSeconds: w.cpuSeconds, cpuset: r.json().cpuset, coreBusyPct: w.coreBusyPct,
    stealPct: w.stealPct };
}
