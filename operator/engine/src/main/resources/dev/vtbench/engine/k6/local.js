// Run on this machine: the whole summary, as k6 writes it, to the file named by the plan's
// summaryEnv (with the hold's histogram when the plan has one); K6Summary reads it back.
export function handleSummary(data) {
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
