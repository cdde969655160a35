// Run on this machine: the whole summary, as k6 writes it, to the file named by the plan's
// summaryEnv, with the hold's histogram as text in place of its ~500 bucket sub-metrics; K6Summary
// reads it back.
export function handleSummary(data) {
  data[HIST.summaryKey] = holdHistogram(data);
  for (const name of Object.keys(data.metrics).filter((n) => n.startsWith(HIST.metric))) {
    delete data.metrics[name];
  }
  return { [SUMMARY_PATH]: JSON.stringify(data, null, 2), stdout: oneLine(data) };
}
