package dev.vtbench.operator.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The most a phase's run may cost (docs/e2e.md, "Cost bounds", the one home of the figures, which
 * this class reads): wall ÷ measured hold, and for the staged phase the median time between
 * scenarios on a running SUT beyond ramp + warm-up + hold. {@link #judge} turns a {@link RunCost}
 * into checks; a phase without a row, or a figure that cannot be computed, is a failed check.
 *
 * @param rows each phase's bounds, by phase name as EndToEndRun gets it
 * @param scale every bound multiplied by it (1 unless {@value #SCALE_ENV} says otherwise: a scale
 *     of 0.1 makes every run exceed its bounds, on purpose)
 */
record CostBounds(Map<String, Bound> rows, double scale) {

  static final String DOC = "docs/e2e.md";
  static final String HEADING = "### Cost bounds";
  static final String SCALE_ENV = "VTBENCH_E2E_COST_BOUNDS_SCALE";

  /** One row: wall ÷ hold at most, and (empty: not bounded) the median gap at most, in seconds. */
  record Bound(double wallPerHold, OptionalDouble gapSeconds) {}

  /** A check to make: whether it holds, and the line to print. */
  record Verdict(boolean ok, String what) {}

  /** The table under {@link #HEADING} in the repository's docs/e2e.md, scaled by the env. */
  static CostBounds fromRepo(Path repo, String scaleEnv) {
    try {
      return parse(Files.readString(repo.resolve(DOC)), scale(scaleEnv));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static double scale(String env) {
    if (env == null || env.isBlank()) {
      return 1;
    }
    try {
      double s = Double.parseDouble(env.trim());
      if (s > 0) {
        return s;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException(
        SCALE_ENV
            + " must be a number above 0 (e.g. 0.1 to exceed every bound); got '"
            + env
            + "'");
  }

  /**
   * The rows of the first table after {@link #HEADING}: {@code | `phase` | wall ÷ hold | gap s |
   * ...|}, "—" for a gap that is not bounded.
   */
  static CostBounds parse(String markdown, double scale) {
    int at = markdown.indexOf("\n" + HEADING + "\n");
    if (at < 0) {
      throw new IllegalStateException(DOC + " has no '" + HEADING + "' section");
    }
    Map<String, Bound> rows = new LinkedHashMap<>();
    boolean inTable = false;
    for (String line : markdown.substring(at + HEADING.length() + 2).split("\n")) {
      if (line.startsWith("#") || (inTable && !line.startsWith("|"))) {
        break;
      }
      if (!line.startsWith("| `")) {
        inTable |= line.startsWith("|");
        continue;
      }
      inTable = true;
      String[] cells = line.split("\\|");
      if (cells.length < 4) {
        throw new IllegalStateException(DOC + ": a cost bound row needs 3 cells: " + line);
      }
      String phase = cells[1].trim().replace("`", "");
      String gap = cells[3].trim();
      rows.put(
          phase,
          new Bound(
              number(cells[2].trim(), line),
              gap.equals("—") ? OptionalDouble.empty() : OptionalDouble.of(number(gap, line))));
    }
    if (rows.isEmpty()) {
      throw new IllegalStateException(DOC + ": no rows under '" + HEADING + "'");
    }
    return new CostBounds(Map.copyOf(rows), scale);
  }

  private static double number(String cell, String line) {
    try {
      return Double.parseDouble(cell);
    } catch (NumberFormatException e) {
      throw new IllegalStateException(DOC + ": '" + cell + "' is not a number in " + line, e);
    }
  }

  /** The checks of one phase's run against its row. */
  List<Verdict> judge(String phase, String run, RunCost cost) {
    Bound b = rows.get(phase);
    if (b == null) {
      return List.of(
          new Verdict(
              false,
              run + ": no cost bound for phase '" + phase + "' in " + DOC + " (" + HEADING + ")"));
    }
    List<Verdict> out = new ArrayList<>();
    double ratio = cost.wallPerHold();
    double most = b.wallPerHold() * scale;
    out.add(
        new Verdict(
            !Double.isNaN(ratio) && ratio <= most,
            String.format(
                Locale.ROOT,
                "%s: wall / hold %.1f, at most %s (%s, %s)",
                run,
                ratio,
                fmt(most),
                DOC,
                HEADING.substring(4))));
    if (b.gapSeconds().isPresent()) {
      double gapMost = b.gapSeconds().getAsDouble() * scale;
      List<Duration> gaps = cost.beyondLoad();
      OptionalDouble median = median(gaps);
      out.add(
          new Verdict(
              median.isPresent() && median.getAsDouble() <= gapMost,
              String.format(
                  Locale.ROOT,
                  "%s: time between scenarios on a running SUT, median %s of %d, at most %s s",
                  run,
                  median.isPresent() ? fmt(median.getAsDouble()) + " s" : "none",
                  gaps.size(),
                  fmt(gapMost))));
    }
    return out;
  }

  static OptionalDouble median(List<Duration> ds) {
    if (ds.isEmpty()) {
      return OptionalDouble.empty();
    }
    List<Double> s = ds.stream().map(d -> d.toMillis() / 1000.0).sorted().toList();
    int n = s.size();
    return OptionalDouble.of(n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2);
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
