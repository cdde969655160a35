// Run on this machine: the whole summary, as k6 writes it, to the file named by the plan's
// summaryEnv; K6Summary reads it back.
export function handleSummary(data) {
  return { [SUMMARY_PATH]: JSON.stringify(data, null, 2), stdout: oneLine(data) };
}
