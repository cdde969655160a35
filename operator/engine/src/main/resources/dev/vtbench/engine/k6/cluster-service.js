// A user's own service, which only Spring Boot Actuator describes. PLAN.cluster.actuator says what
// to read (ActuatorMetric: path, statistic, scale); one VU reads it through the hold (scenario
// watch), and the summary carries the raw readings, which SutProbe.parse cuts into load windows
// with ServiceWindows, as the local runner does.
const A = PLAN.cluster.actuator;
const M = A.metrics;
// A reading at the hold's start and at the end of each of its whole windows.
const READINGS = gaugeRows('vtbench_reading', A.present ? A.windows + 1 : 0, A.readingFields);
const READ = Object.assign({ timeout: '10s' }, PROBE);
const json = (r) => {
  try {
    return r.status === 200 ? r.json() : null;
  } catch (e) {
    return null;
  }
};

// The metric's value in its unit (ActuatorMetric's scale), to the microsecond; null when unread; 0
// when negative (ActuatorMetric.value: Tomcat's -1 on virtual threads).
function read(m) {
  const answer = A.present ? json(http.get(SUT + m.path, READ)) : null;
  const found = answer && (answer.measurements || []).find((x) => x.statistic === m.statistic);
  return found && typeof found.value === 'number'
    ? Math.round(Math.max(0, found.value) * m.scale * 1e6) / 1e6 : null;
}

// The JVM as Actuator describes it (no cpuset, node, CPU model or kernel: the notes say so).
// A user's module's setup data (user.js), if it has any, goes beside.
export function setup() {
  const window = newWindowId();
  if (!A.present) {
    return USER.setup({ window, sut: null });
  }
  const info = json(http.get(SUT + A.jvmInfo, READ));
  const version = info && (info.availableTags || []).find((t) => t.tag === A.versionTag);
  return USER.setup({ window, sut: { javaVersion: version ? version.values[0] : null,
    availableProcessors: read(M.CPU_COUNT) } });
}

// The counters at a window's edge, as the local ActuatorSampler takes them: the service counts this
// reader's metric reads like any request, so they are read first and taken off the count. Its JIT
// compiler threads' CPU, which the local sampler reads in /proc, the runner cannot see: the windows
// ServiceProbe cuts carry jitCpuSeconds null.
function reading(t0) {
  const own = read(M.OWN_READS);
  const count = read(M.REQUESTS);
  return { ms: Date.now() - t0, requests: count === null ? null : Math.round(count - (own || 0)),
    cpuSeconds: read(M.CPU_SECONDS), compileSeconds: read(M.COMPILE_SECONDS) };
}

// The peak gauges every gaugeEveryMs until `due`.
function gaugesUntil(due) {
  while (Date.now() < due) {
    for (const n of A.present ? A.peaks : []) {
      const v = read(M[n]);
      if (v !== null) {
        PEAK[M[n].peak].add(v);
      }
    }
    const left = due - Date.now();
    if (left > 0) {
      sleep(Math.min(A.gaugeEveryMs, left) / 1000);
    }
  }
}

// Through the hold (scenario watch, from its start): the stub's window opened, a reading now and at
// each window's end, the gauges between, and the CPU time again at the hold's end.
export function watchHold(data) {
  stubOpen(data.window);
  readSelf('start');
  const t0 = Date.now();
  if (A.present) {
    const first = reading(t0);
    READINGS.set(0, first);
    atEdge('sut_cpu_seconds', 'start', first.cpuSeconds);
    for (let i = 1; i < READINGS.count; i++) {
      gaugesUntil(t0 + i * A.windowMs);
      READINGS.set(i, reading(t0));
    }
    gaugesUntil(t0 + PLAN.holdMs);
    atEdge('sut_cpu_seconds', 'end', read(M.CPU_SECONDS));
  } else {
    sleep(PLAN.holdMs / 1000);
  }
  readSelf('end');
  stubEnd(data.window);
}

// The summary's part only a service writes: the readings, why a metric was not read (asked again
// now, after the load, for the reason) and the notes; SutProbe.parse makes windows and notes of
// them.
function observed(data, value, peaks) {
  const readings = READINGS.read(data, value);
  const missing = {};
  const counters = { REQUESTS: 1, CPU_SECONDS: 2, COMPILE_SECONDS: 3 };
  for (const [n, i] of Object.entries(counters)) {
    if (readings.length === 0 || readings.some((r) => r[i] === null)) {
      missing[n] = whyMissing(M[n]);
    }
  }
  for (const n of A.peaks) {
    if (peaks[M[n].peak] === null) {
      missing[n] = whyMissing(M[n]);
    }
  }
  return { [A.summaryKey]: { windowMs: A.windowMs, readings: readings,
    missing: missing, notes: A.notes } };
}

function whyMissing(m) {
  if (!A.present) {
    return A.absent;
  }
  const r = http.get(SUT + m.path, READ);
  if (r.status !== 200) {
    return r.status === 0 ? r.error + ' at ' + m.path : 'HTTP ' + r.status + ' at ' + m.path;
  }
  return read(m) === null ? 'no ' + m.statistic + ' at ' + m.path
    : 'not answered at every reading of the hold';
}
