package dev.vtbench.engine.model;

import java.util.List;

/**
 * The checks on {@code spec.thresholds}: each rule's limit, and that the cells it names are ones
 * the matrix measures (the CRD's CEL says the same where the matrix is written out; where it is
 * left to its defaults only this check sees it).
 */
final class ThresholdChecks {

  private static final String AT = "spec.thresholds.";

  private ThresholdChecks() {}

  static void check(ThresholdsSpec t, MatrixSpec m, FieldChecks check) {
    List<MaxP99> p99 = t.maxP99 == null ? List.of() : t.maxP99;
    check.atMost(AT + "maxP99", p99, SpecRules.THRESHOLD_RULES_MAX);
    for (int i = 0; i < p99.size(); i++) {
      String f = AT + "maxP99[" + i + "]";
      cell(f, p99.get(i), m, check);
      check.duration(f + ".p99", p99.get(i).p99, true, SpecRules.REQUEST_TIMEOUT_MAX);
    }
    List<MinThroughput> rps = t.minThroughput == null ? List.of() : t.minThroughput;
    check.atMost(AT + "minThroughput", rps, SpecRules.THRESHOLD_RULES_MAX);
    for (int i = 0; i < rps.size(); i++) {
      String f = AT + "minThroughput[" + i + "]";
      cell(f, rps.get(i), m, check);
      if (rps.get(i).rps == null || !(rps.get(i).rps > 0)) {
        check.add(f + ".rps: " + rps.get(i).rps + " must be greater than 0");
      }
    }
    List<MinRatio> ratios =
        t.minVirtualToPlatformRatio == null ? List.of() : t.minVirtualToPlatformRatio;
    check.atMost(AT + "minVirtualToPlatformRatio", ratios, SpecRules.THRESHOLD_RULES_MAX);
    if (!ratios.isEmpty()
        && (m.threadModes == null
            || !m.threadModes.containsAll(List.of(SpecRules.PLATFORM, SpecRules.VIRTUAL)))) {
      check.add(
          AT
              + "minVirtualToPlatformRatio: needs both platform and virtual in"
              + " spec.matrix.threadModes, which lists "
              + m.threadModes);
    }
    for (int i = 0; i < ratios.size(); i++) {
      String f = AT + "minVirtualToPlatformRatio[" + i + "]";
      cell(f, ratios.get(i), m, check);
      if (ratios.get(i).ratio == null || !(ratios.get(i).ratio > 0)) {
        check.add(f + ".ratio: " + ratios.get(i).ratio + " must be greater than 0");
      }
    }
    if (t.maxErrorRate != null) {
      check.percent(AT + "maxErrorRate", t.maxErrorRate);
    }
    if (t.baseline != null) {
      baseline(t.baseline, check);
    }
  }

  private static void baseline(BaselineSpec b, FieldChecks check) {
    check.percent(AT + "baseline.maxRegression", b.maxRegression);
    if (b.configMapRef != null) {
      String name = b.configMapRef.name;
      check.text(
          AT + "baseline.configMapRef.name",
          name == null || name.isBlank() ? null : name,
          SpecRules.KUBE_NAME_MAX);
      check.text(AT + "baseline.configMapRef.key", b.configMapRef.key, SpecRules.KUBE_NAME_MAX);
      if (name != null && !name.isBlank()) {
        check.matches(
            AT + "baseline.configMapRef.name",
            name,
            SpecValidator.SUBDOMAIN,
            SpecRules.SUBDOMAIN_MESSAGE);
      }
      if (b.configMapRef.key != null && !b.configMapRef.key.isEmpty()) {
        check.matches(
            AT + "baseline.configMapRef.key",
            b.configMapRef.key,
            SpecValidator.CONFIG_MAP_KEY,
            SpecRules.CONFIG_MAP_KEY_MESSAGE);
      }
    }
    check.longest(AT + "baseline.file", b.file, SpecRules.FILE_MAX);
    if (b.lastRuns != null) {
      check.between(AT + "baseline.lastRuns", b.lastRuns, SpecRules.BASELINE_RUNS_MAX);
    }
  }

  /** The cells a threshold names must be ones the matrix measures. */
  private static void cell(String field, CellFilter c, MatrixSpec m, FieldChecks check) {
    listed(field + ".threadMode", c.threadMode(), "threadModes", m.threadModes, check);
    listed(
        field + ".hikariPoolSize", c.hikariPoolSize, "hikariPoolSizes", m.hikariPoolSizes, check);
    listed(field + ".concurrency", c.concurrency, "concurrency", m.concurrency, check);
  }

  private static void listed(
      String field, Object value, String list, List<?> values, FieldChecks check) {
    if (value != null && (values == null || !values.contains(value))) {
      String shown = value instanceof String ? "'" + value + "'" : String.valueOf(value);
      check.add(field + ": " + shown + " is not in spec.matrix." + list + " " + values);
    }
  }
}
