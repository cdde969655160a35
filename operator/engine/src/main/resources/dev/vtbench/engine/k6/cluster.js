// Run inside a cluster, where nothing but the runner can reach the SUT: the script observes the
// SUT itself (PLAN.cluster.sut) and the stub's CPU and node (PLAN.cluster.stub), and puts what it
// saw into a compact summary.
import { Gauge } from 'k6/metrics';

const SUT = PLAN.cluster.sut;
const SUT_CPU = new Gauge('vtbench_sut_cpu_seconds');
const PEAKS = ['hikariActiveMax', 'hikariPendingMax', 'jvmThreadsMax', 'rssMbMax',
  'pinnedEvents'];
const PEAK = Object.fromEntries(PEAKS.map((p) => [p, new Gauge('vtbench_peak_' + p)]));
const STUB = PLAN.cluster.stub;

// Bodies are discarded for the load; the probes need theirs.
const PROBE = { tags: { name: 'probe' }, responseType: 'text' };

// The SUT as the runner sees it, once before the load.
// Also names this load's accounting window on the stub, so the summary reads its own window and
// not one an earlier load left behind.
export function setup() {
  const window = Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
  const r = http.get(SUT + '/api/runtime-info', PROBE);
  if (r.status !== 200) {
    return { window, sut: null, sutError: 'GET /api/runtime-info: ' + r.status + ' ' + r.error };
  }
  const info = r.json();
  return { window, sut: { cpuset: info.cpuset, availableProcessors: info.availableProcessors,
    javaVersion: info.javaVersion, node: info.node, cpuModel: info.cpuModel,
    kernel: info.kernel, onlineCpus: info.onlineCpus } };
}

// At the hold's start (scenario probe_start): a new peaks window, the SUT's CPU time so far, and
// the stub's window opened.
export function probeStart(data) {
  const r = http.post(SUT + '/api/runtime-info/reset', null, PROBE);
  if (r.status === 200 && r.json().processCpuSeconds !== undefined) {
    SUT_CPU.add(r.json().processCpuSeconds);
  }
  http.post(STUB + '/api/runtime-info/reset?window=' + data.window, null, PROBE);
}

// At the hold's end (scenario probe_end): the stub's window ended, the peaks of the window, and the
// CPU time again. A Gauge keeps its min and max, so max - min is the SUT's CPU seconds over the hold.
export function probeEnd(data) {
  http.post(STUB + '/api/runtime-info/end?window=' + data.window, null, PROBE);
  const r = http.get(SUT + '/api/runtime-info', PROBE);
  if (r.status !== 200) {
    return;
  }
  const info = r.json();
  if (info.processCpuSeconds !== undefined) {
    SUT_CPU.add(info.processCpuSeconds);
  }
  for (const p of PEAKS) {
    const v = info.peaks ? info.peaks[p] : undefined;
    if (typeof v === 'number') {
      PEAK[p].add(v);
    }
  }
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
  const cpu = data.metrics['vtbench_sut_cpu_seconds'];
  const peaks = {};
  for (const p of PEAKS) {
    peaks[p] = value('vtbench_peak_' + p, 'value');
  }
  const probe = {
    sut: data.setup_data ? data.setup_data.sut : null,
    sutError: data.setup_data ? data.setup_data.sutError : undefined,
    sutCpuSeconds: cpu ? cpu.values.max - cpu.values.min : null,
    stub: stubWindow(data.setup_data ? data.setup_data.window : undefined),
    holdSeconds: PLAN.holdMs / 1000,
    peaks: peaks,
  };
  let json = JSON.stringify({ metrics: metrics, [PLAN.cluster.probeKey]: probe });
  if (json.length > PLAN.cluster.summaryBytes && probe.stub) {
    // a node with very many cores: its per-core list goes, the summary must fit
    delete probe.stub.coreBusyPct;
    json = JSON.stringify({ metrics: metrics, [PLAN.cluster.probeKey]: probe });
  }
  return { [SUMMARY_PATH]: json, stdout: oneLine(data) + PLAN.cluster.summaryLine + json + '\n' };
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
