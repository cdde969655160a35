// vtbench's own SUT, which reports itself in /api/runtime-info: its cpuset and JVM, its CPU time and
// the database's, its peaks and its load windows, cut by the SUT over the hold.

// The SUT's load windows over the hold, which the steady-state check reads (PLAN.sutWindows.count,
// at most 24; windows past that count are dropped).
const WINDOW_FIELDS = ['seconds', 'requests', 'cpuSeconds', 'compileSeconds', 'jitCpuSeconds'];
const WINDOWS = gaugeRows('vtbench_window', PLAN.sutWindows.count, WINDOW_FIELDS);
const WINDOW_SECONDS = new Gauge('vtbench_window_seconds');

// The counters of /api/runtime-info: the CPU seconds of its own process and of the database (the
// runner cannot reach the database; the SUT reads its container's counters), and its own and the
// database's cgroups' CFS periods, throttled periods and CPU limit (cfs and dbCfs, null where
// unread).
function readCounters(info, edge) {
  atEdge('sut_cpu_seconds', edge, info.processCpuSeconds);
  atEdge('db_cpu_seconds', edge, info.dbCpuSeconds);
  atEdgeCfs('sut', edge, info.cfs);
  atEdgeCfs('db', edge, info.dbCfs);
}

// The SUT as the runner sees it, once before the load, with its pool at this load's size.
export function setup() {
  const window = newWindowId();
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
    virtualThreadParallelism: info.virtualThreadParallelism, javaVersion: info.javaVersion, node: info.node, cpuModel: info.cpuModel,
    kernel: info.kernel, onlineCpus: info.onlineCpus,
    cpuWorkIterationNs: info.cpuWork ? info.cpuWork.iterationNs : null } };
}

// PLAN.sutWindows.leadMs before the hold (scenario probe_start): the SUT told when the hold starts
// on its clock (the node's, like this runner's), so that a core full of queued requests cannot
// delay the reset; there it opens new peaks and a new series of load windows and reads its and the
// database's CPU time and CFS periods (peaks.windows.start, read at the end). At the start itself:
// k6's own counters, and the stub's window opened.
export function probeStart(data) {
  const startAt = Date.now() + PLAN.sutWindows.leadMs;
  http.post(SUT + PLAN.sutWindows.resetPath + startAt, null, PROBE);
  const wait = startAt - Date.now();
  if (wait > 0) {
    sleep(wait / 1000);
  }
  readSelf('start');
  stubOpen(data.window);
}

// At the hold's end (scenario probe_end): the stub's window ended, k6's counters, the peaks of the
// window, and the SUT's counters again.
export function probeEnd(data) {
  stubEnd(data.window);
  readSelf('end');
  const r = http.get(SUT + '/api/runtime-info', PROBE);
  if (r.status !== 200) {
    return;
  }
  const info = r.json();
  const start = info.peaks && info.peaks.windows ? info.peaks.windows.start : undefined;
  if (start) {
    readCounters(start, 'start');
  }
  readCounters(info, 'end');
  for (const p of PLAN.cluster.peaks) {
    const v = info.peaks ? info.peaks[p] : undefined;
    if (typeof v === 'number') {
      PEAK[p].add(v);
    }
  }
  recordWindows();
}

// The hold's last window closes when its length has passed since the hold's start, on the SUT's
// timer thread: read the windows a second later, so the last one is in. Windows closed after the
// hold are the SUT's idle time; LoadWindow.ofPhase leaves them out.
function recordWindows() {
  if (WINDOWS.count === 0) {
    return;
  }
  sleep(1);
  const r = http.get(SUT + '/api/runtime-info', PROBE);
  const windows = r.status === 200 && r.json().peaks ? r.json().peaks.windows : undefined;
  if (windows && typeof windows.windowSeconds === 'number') {
    WINDOW_SECONDS.add(windows.windowSeconds);
    windows.list.slice(0, WINDOWS.count).forEach((w, i) => WINDOWS.set(i, w));
  }
}

// The summary's part only this SUT writes: the windows as compact [seconds, requests, cpuSeconds,
// compileSeconds, jitCpuSeconds] arrays (SutProbe.WINDOW_FIELDS), which SutProbe.parse turns back
// into /api/runtime-info's peaks.windows, and the thread it sampled serving this load.
function observed(data, value, peaks) {
  peaks.handlerThread = handlerThread();
  return { windows: { windowSeconds: value('vtbench_window_seconds', 'value'),
    list: WINDOWS.read(data, value) } };
}

// A string cannot travel in a metric, so the thread the SUT sampled serving this load's requests
// is read here, after the load: nothing resets the SUT's peaks before the next load's probe_start.
function handlerThread() {
  const r = http.get(SUT + '/api/runtime-info', Object.assign({ timeout: '10s' }, PROBE));
  const peaks = r.status === 200 ? r.json().peaks : undefined;
  return peaks && typeof peaks.handlerThread === 'string' ? peaks.handlerThread : null;
}
