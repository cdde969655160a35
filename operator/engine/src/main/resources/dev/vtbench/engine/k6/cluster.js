// Run inside a cluster, where nothing but the runner can reach the SUT: the script observes the
// SUT itself (PLAN.cluster.sut), and the stub's CPU (PLAN.cluster.stub), and puts what it saw into a
// compact summary.
import { Gauge, Trend } from 'k6/metrics';

const SUT = PLAN.cluster.sut;
const SUT_CPU = new Gauge('vtbench_sut_cpu_seconds');
const PEAKS = ['hikariActiveMax', 'hikariPendingMax', 'jvmThreadsMax', 'rssMbMax',
  'pinnedEvents'];
const PEAK = Object.fromEntries(PEAKS.map((p) => [p, new Gauge('vtbench_peak_' + p)]));
// The stub's CPU time at the hold's start and end: a Trend counts its readings, so a missed one
// leaves the stub's CPU unmeasured (null) rather than zero.
const STUB_CPU = new Trend('vtbench_stub_cpu_seconds');

// Bodies are discarded for the load; the probes need theirs.
const PROBE = { tags: { name: 'probe' }, responseType: 'text' };

// The SUT as the runner sees it, once before the load.
export function setup() {
  const r = http.get(SUT + '/api/runtime-info', PROBE);
  if (r.status !== 200) {
    return { sut: null, sutError: 'GET /api/runtime-info: ' + r.status + ' ' + r.error };
  }
  const info = r.json();
  return { sut: { cpuset: info.cpuset, availableProcessors: info.availableProcessors,
    javaVersion: info.javaVersion, node: info.node, cpuModel: info.cpuModel,
    kernel: info.kernel, onlineCpus: info.onlineCpus } };
}

// At the hold's start (scenario probe_start): a new peaks window, and the SUT's CPU time so far.
export function probeStart() {
  const r = http.post(SUT + '/api/runtime-info/reset', null, PROBE);
  if (r.status === 200 && r.json().processCpuSeconds !== undefined) {
    SUT_CPU.add(r.json().processCpuSeconds);
  }
  readStubCpu();
}

function readStubCpu() {
  const r = http.get(PLAN.cluster.stub + '/api/runtime-info', PROBE);
  if (r.status === 200 && typeof r.json().processCpuSeconds === 'number') {
    STUB_CPU.add(r.json().processCpuSeconds);
  }
}

// At the hold's end (scenario probe_end): the peaks of the window, and the CPU time again. A
// Gauge keeps its min and max, so max - min is the SUT's CPU seconds over the hold.
export function probeEnd() {
  readStubCpu();
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
  const stubCpu = data.metrics['vtbench_stub_cpu_seconds'];
  const peaks = {};
  for (const p of PEAKS) {
    peaks[p] = value('vtbench_peak_' + p, 'value');
  }
  const probe = {
    sut: data.setup_data ? data.setup_data.sut : null,
    sutError: data.setup_data ? data.setup_data.sutError : undefined,
    sutCpuSeconds: cpu ? cpu.values.max - cpu.values.min : null,
    stubCpuSeconds: stubCpu && stubCpu.values.count === 2
      ? stubCpu.values.max - stubCpu.values.min : null,
    holdSeconds: PLAN.holdMs / 1000,
    peaks: peaks,
  };
  const json = JSON.stringify({ metrics: metrics, [PLAN.cluster.probeKey]: probe });
  return { [SUMMARY_PATH]: json, stdout: oneLine(data) + PLAN.cluster.summaryLine + json + '\n' };
}
