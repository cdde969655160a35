// Run on this machine: the whole summary, as k6 writes it, to the file named by the plan's
// summaryEnv; K6Summary reads it back.

// Nothing of vtbench's own; a user's module's setup data (user.js), if it has any.
export function setup() {
  return USER.setup({});
}

export function handleSummary(data) {
  // The module's setup data may hold what it logged in with: it stays out of the results.
  if (data.setup_data) {
    delete data.setup_data.user;
  }
  return { [SUMMARY_PATH]: JSON.stringify(data, null, 2), stdout: oneLine(data) };
}
