package dev.vtbench.operator.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operator's passes by the step each ended at, from its /metrics ({@code
 * vtbench_reconcile_pass_seconds} and {@code vtbench_reconcile_pass_cpu_seconds}): how many, their
 * mean wall time and the reconcile thread's mean CPU time in them. Wall far above CPU is a pass
 * waiting for the API server.
 */
final class PassesByStep {

  private static final String WALL = "vtbench_reconcile_pass_seconds";
  private static final String CPU = "vtbench_reconcile_pass_cpu_seconds";
  private static final Pattern STEP =
      Pattern.compile("(?m)^" + WALL + "_count\\{step=\"([^\"]+)\"\\}");

  private PassesByStep() {}

  /** E.g. "FinishStep 200, mean 105.2 ms (CPU 2.1 ms)", one per step, most passes first. */
  static List<String> describe(String scrape) {
    TreeSet<String> steps = new TreeSet<>();
    Matcher m = STEP.matcher(scrape);
    while (m.find()) {
      steps.add(m.group(1));
    }
    record Step(String name, double count, double wallMs, double cpuMs) {}
    List<Step> rows = new ArrayList<>();
    for (String step : steps) {
      String label = "step=\"" + step + "\"";
      double count = MetricsScrape.sum(scrape, WALL + "_count", label);
      if (count > 0) {
        rows.add(
            new Step(
                step,
                count,
                MetricsScrape.sum(scrape, WALL + "_sum", label) * 1000 / count,
                MetricsScrape.sum(scrape, CPU + "_sum", label) * 1000 / count));
      }
    }
    rows.sort((a, b) -> Double.compare(b.count(), a.count()));
    return rows.stream()
        .map(
            r ->
                String.format(
                    "%s %.0f, mean %.1f ms (CPU %.1f ms)",
                    r.name(), r.count(), r.wallMs(), r.cpuMs()))
        .toList();
  }
}
