// spec.workload.script: the user's own k6 module (UserModule) is each iteration of the scenarios
// above, so vtbench's ramp, warm-up and hold, closed or open model, run it and only the hold is
// measured. k6 evaluates it before this script and reads options, handleSummary and the scenarios
// from this script alone: the module's own are ignored.
import * as MODULE from './user-script.js';

if (typeof MODULE.default !== 'function') {
  throw new Error('spec.workload.script: the module exports no default function; export one'
    + ' iteration of the load: export default function (data) { ... }');
}

// Exported by the module and not read by k6 here; said once per load in the runner's log.
const IGNORED = ['options', 'handleSummary'].filter((n) => MODULE[n] !== undefined);

// The module's setup(), once per load before the ramp, unmeasured: its data goes to each
// iteration and to its teardown, beside vtbench's own setup data.
USER.setup = (own) => {
  if (IGNORED.length > 0) {
    console.warn('vtbench: the ' + IGNORED.join(' and ') + ' your spec.workload.script exports'
      + ' are ignored: vtbench sets the scenarios, thresholds and summary (docs/byo.md)');
  }
  const theirs = typeof MODULE.setup === 'function' ? MODULE.setup() : undefined;
  return theirs && typeof theirs.then === 'function'
    ? theirs.then((user) => Object.assign({}, own, { user }))
    : Object.assign({}, own, { user: theirs });
};

// One iteration: the phase tag on the VU for as long as the iteration runs (an async one too), so
// every request it sends, whatever tags it gives, is counted in the phase the iteration started in.
USER.iteration = (phase, data) => {
  const tags = exec.vu.metrics.tags;
  tags.phase = phase;
  const untag = () => {
    delete tags.phase;
  };
  let result;
  try {
    result = MODULE.default(data.user);
  } finally {
    if (!result || typeof result.then !== 'function') {
      untag();
    }
  }
  return result && typeof result.then === 'function' ? result.finally(untag) : result;
};

// The module's teardown(), after the load, unmeasured. The hold is measured by then: a failure is
// logged, not thrown, and the load's summary stands.
export function teardown(data) {
  if (typeof MODULE.teardown !== 'function') {
    return undefined;
  }
  const failed = (e) => console.error('vtbench: teardown of spec.workload.script failed: ' + e);
  try {
    const r = MODULE.teardown(data.user);
    return r && typeof r.then === 'function' ? r.catch(failed) : r;
  } catch (e) {
    failed(e);
    return undefined;
  }
}
