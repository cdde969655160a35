// Run on this machine: the whole summary, as k6 writes it, to the file named by the plan's
// summaryEnv (with the hold's histogram when the plan has one); K6Summary reads it back.

// Nothing of vtbench's own; a user's module's setup data (user.js), if it has any.
export function setup() {
  return USER.setup({});
}

export function handleSummary(data) {
  // The module's setup data may hold what it logged in with: it stays out of the results.
  if (data.setup_data) {
    delete data.setup_data.user;
  }
  if (HOLD_HISTOGRAM.text) {
    // the hold's histogram as text, in place of its ~500 bucket sub-metrics
    data[HOLD_HISTOGRAM.key] = HOLD_HISTOGRAM.text(data);
    for (const name of Object.keys(data.metrics)) {
      if (name.startsWith(HOLD_HISTOGRAM.metric)) {
        delete data.metrics[name];
      }
    }
  }
  return { [SUMMARY_PATH]: JSON.stringify(data, null, 2), stdout: oneLine(data) };
}
