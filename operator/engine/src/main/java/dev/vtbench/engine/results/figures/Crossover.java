package dev.vtbench.engine.results.figures;

import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.verdict.CellEstimate;
import dev.vtbench.engine.results.verdict.ModeComparison;
import dev.vtbench.engine.results.verdict.VerdictRows;
import dev.vtbench.engine.stats.Bootstrap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where virtual threads stop helping as a request computes more (issue 48): one cell's rows swept
 * over {@code cpu_work_us} ({@code spec.matrix.cpuPerRequest}), per step virtual ÷ platform and
 * reactive ÷ virtual with their intervals ({@link ModeComparison}, over the {@linkplain VerdictRows
 * eligible} repetitions), the SUT's measured CPU per request, and the two bounds the model draws:
 * the platform thread wall (Tomcat threads ÷ the service floor, Little's law) and the SUT's CPU
 * bound (its cores ÷ CPU per request). The crossover is the first step whose virtual ÷ platform
 * interval contains 1.0. Computed from stored rows on every read, so a rule change redraws it.
 *
 * @param level the cell's concurrency
 * @param threads Tomcat's threads in the platform rows
 * @param floorMs the service floor every request blocks for
 * @param steps one per amount of CPU, ascending
 * @param cell the rows of the cell swept, every one of them (those left out too)
 */
public record Crossover(
    int level, int threads, Double floorMs, List<Step> steps, List<ResultRow> cell) {

  /**
   * One amount of CPU per request.
   *
   * @param cpuWorkUs what each request was asked to compute besides its own work
   * @param virtualVsPlatform virtual ÷ platform; null without both modes
   * @param reactiveVsVirtual reactive ÷ virtual; null without reactive rows
   * @param cpuMsPerRequest the SUT's whole CPU per request, median over the eligible rows of every
   *     mode (the knob plus the request's own cost); null where unmeasured
   * @param estimates each mode's estimate (median throughput and its interval), by thread mode
   * @param sutCores the cores the SUT's JVM saw ({@code jvm_processors}), 1 where unread
   */
  public record Step(
      long cpuWorkUs,
      ModeComparison virtualVsPlatform,
      ModeComparison reactiveVsVirtual,
      Double cpuMsPerRequest,
      Map<String, CellEstimate> estimates,
      int sutCores) {

    /** The SUT's CPU bound: its cores ÷ CPU per request, req/s; null where unmeasured. */
    public Double cpuBoundRps() {
      return cpuMsPerRequest == null || cpuMsPerRequest <= 0
          ? null
          : sutCores * 1000.0 / cpuMsPerRequest;
    }

    /** Whether virtual ÷ platform's interval contains 1.0 (no interval: never). */
    public boolean containsOne() {
      ModeComparison c = virtualVsPlatform;
      return c != null
          && c.interval() != null
          && c.interval().lower() <= 1.0
          && c.interval().upper() >= 1.0;
    }
  }

  /** Whether {@code rows} sweep CPU per request: two amounts or more among the thread modes. */
  public static boolean applies(Collection<ResultRow> rows) {
    return rows.stream()
            .filter(r -> ResultRow.THREAD_MODES.contains(r.threadMode()))
            .map(ResultRow::cpuWorkUs)
            .filter(Objects::nonNull)
            .distinct()
            .count()
        > 1;
  }

  /**
   * The crossover of {@code rows}: released, normal-path rows if there are any, the most common
   * pool and concurrency, so one curve never mixes cells.
   */
  public static Crossover of(Collection<ResultRow> rows) {
    List<ResultRow> sel = FigureRows.threadModeRows(rows);
    sel = sel.stream().filter(r -> r.cpuWorkUs() != null).toList();
    sel = FigureRows.preferring(sel, r -> ResultRow.RELEASED.equals(r.connMode()));
    sel = FigureRows.preferring(sel, r -> ResultRow.NORMAL.equals(r.pathMode()));
    int pool = FigureRows.mostCommon(sel, ResultRow::hikariPool);
    int level = FigureRows.mostCommon(sel, ResultRow::concurrency);
    List<ResultRow> cell =
        sel.stream().filter(r -> r.hikariPool() == pool && r.concurrency() == level).toList();
    Map<Long, List<ResultRow>> byCpu = new TreeMap<>();
    cell.forEach(r -> byCpu.computeIfAbsent(r.cpuWorkUs(), k -> new ArrayList<>()).add(r));
    List<Step> steps = new ArrayList<>();
    byCpu.forEach((us, r) -> steps.add(step(us, r)));
    return new Crossover(
        level, FigureRows.threadsOf(cell), FigureRows.commonServiceFloor(cell), steps, cell);
  }

  private static Step step(long us, List<ResultRow> rows) {
    List<ResultRow> p = rows.stream().filter(ResultRow::isPlatform).toList();
    List<ResultRow> v = rows.stream().filter(ResultRow::isVirtual).toList();
    List<ResultRow> r = rows.stream().filter(ResultRow::isReactive).toList();
    Map<String, CellEstimate> estimates = new TreeMap<>();
    for (String mode : ResultRow.THREAD_MODES) {
      List<ResultRow> m = rows.stream().filter(x -> x.threadMode().equals(mode)).toList();
      if (!m.isEmpty()) {
        estimates.put(mode, CellEstimate.of(m));
      }
    }
    double[] cpu =
        VerdictRows.of(rows).stream()
            .map(ResultRow::sutCpuMsPerRequest)
            .filter(Objects::nonNull)
            .mapToDouble(d -> d)
            .toArray();
    int cores =
        rows.stream().map(ResultRow::jvmProcessors).filter(Objects::nonNull).findFirst().orElse(1);
    return new Step(
        us,
        p.isEmpty() || v.isEmpty() ? null : ModeComparison.virtualVsPlatform(p, v),
        r.isEmpty() || v.isEmpty()
            ? null
            : ModeComparison.of(ResultRow.REACTIVE, r, ResultRow.VIRTUAL, v),
        cpu.length == 0 ? null : Bootstrap.median(cpu),
        estimates,
        cores);
  }

  /** The platform thread wall, req/s: Tomcat threads ÷ the floor; null without a floor. */
  public Double threadWallRps() {
    return floorMs == null ? null : threads * 1000.0 / floorMs;
  }

  /** The first step whose virtual ÷ platform interval contains 1.0, if any. */
  public Optional<Step> crossover() {
    return steps.stream().filter(Step::containsOne).findFirst();
  }

  /** The sentences for summary.md: where the ratio goes and where it first contains 1.0. */
  public String sentence() {
    List<Step> judged = steps.stream().filter(s -> s.virtualVsPlatform() != null).toList();
    if (judged.isEmpty()) {
      return "";
    }
    Step first = judged.getFirst();
    Step last = judged.getLast();
    StringBuilder sb =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "Crossover at %d VUs: virtual ÷ platform goes from %s at %s of added CPU per"
                    + " request to %s at %s.",
                level,
                ratio(first.virtualVsPlatform()),
                ms(first.cpuWorkUs()),
                ratio(last.virtualVsPlatform()),
                ms(last.cpuWorkUs())));
    Optional<Step> x = crossover();
    if (x.isPresent()) {
      Step s = x.get();
      sb.append(
          String.format(
              Locale.ROOT,
              " Its interval first contains 1.0 at %s added (the SUT at %s of CPU a request in"
                  + " all, its one-core bound %s req/s against the thread wall's %s): from there"
                  + " the SUT's CPU, not the thread pool, binds, and virtual threads no longer"
                  + " help.",
              ms(s.cpuWorkUs()),
              s.cpuMsPerRequest() == null
                  ? "an unmeasured amount"
                  : String.format(Locale.ROOT, "%.2f ms", s.cpuMsPerRequest()),
              s.cpuBoundRps() == null
                  ? "unmeasured"
                  : String.format(Locale.ROOT, "%,.0f", s.cpuBoundRps()),
              threadWallRps() == null
                  ? "unknown"
                  : String.format(Locale.ROOT, "%,.0f", threadWallRps())));
    } else {
      long without = judged.stream().filter(s -> s.virtualVsPlatform().interval() == null).count();
      sb.append(
          without == 0
              ? " Its interval contains 1.0 at no step swept."
              : String.format(
                  Locale.ROOT,
                  " Where it has one, its interval contains 1.0 at no step (%d of %d steps have"
                      + " none: too few repetitions counted).",
                  without,
                  judged.size()));
    }
    Step rv =
        steps.reversed().stream()
            .filter(s -> s.reactiveVsVirtual() != null)
            .findFirst()
            .orElse(null);
    if (rv != null) {
      sb.append(
          String.format(
              Locale.ROOT,
              " Reactive ÷ virtual at the CPU-bound end (%s added): %s%s",
              ms(rv.cpuWorkUs()),
              ratio(rv.reactiveVsVirtual()),
              rv.reactiveVsVirtual().interval() == null
                  ? "."
                  : ", " + rv.reactiveVsVirtual().label() + "."));
    }
    return sb.toString();
  }

  /**
   * The run's answer when it sweeps CPU per request, for the headline and the answer line (ASCII):
   * where virtual ÷ platform starts and ends, the verdict at the step with the most CPU that has
   * one, and where its interval first contains 1.0, e.g. {@code virtual/platform at 90 VUs, pool
   * 50: 2.2x at 0 ms of added CPU per request to 1.0x at 16 ms; last verdict at 8 ms: 1.13x
   * [1.09-1.15], virtual faster; its interval contains 1.0 at no step}, then reactive ÷ virtual at
   * the step with the most CPU where reactive ran. Empty without a step that compares both modes.
   */
  public Optional<String> headline() {
    List<Step> judged = steps.stream().filter(s -> s.virtualVsPlatform() != null).toList();
    if (judged.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder sb =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "virtual/platform at %d VUs, pool %d: %.2fx at %s of added CPU per request to"
                    + " %.2fx at %s",
                level,
                cell.getFirst().hikariPool(),
                judged.getFirst().virtualVsPlatform().ratio(),
                ascii(ms(judged.getFirst().cpuWorkUs())),
                judged.getLast().virtualVsPlatform().ratio(),
                ascii(ms(judged.getLast().cpuWorkUs()))));
    judged.reversed().stream()
        .filter(s -> s.virtualVsPlatform().interval() != null)
        .findFirst()
        .ifPresentOrElse(
            s ->
                sb.append(
                    "; last verdict at "
                        + ascii(ms(s.cpuWorkUs()))
                        + ": "
                        + asciiRatio(s.virtualVsPlatform())),
            () -> sb.append("; no step has a verdict (too few repetitions counted)"));
    sb.append(
        crossover()
            .map(
                s ->
                    "; its interval first contains 1.0 at "
                        + ascii(ms(s.cpuWorkUs()))
                        + ": virtual threads stop helping there")
            .orElse("; its interval contains 1.0 at no step"));
    steps.reversed().stream()
        .filter(s -> s.reactiveVsVirtual() != null)
        .findFirst()
        .ifPresent(
            s ->
                sb.append(
                    ". reactive/virtual at "
                        + ascii(ms(s.cpuWorkUs()))
                        + ": "
                        + asciiRatio(s.reactiveVsVirtual())));
    return Optional.of(sb.toString());
  }

  /** {@code 1.13x [1.09-1.15], virtual faster}, or {@code 1.03x, no verdict (...)}: ASCII. */
  private static String asciiRatio(ModeComparison c) {
    return String.format(Locale.ROOT, "%.2fx", c.ratio())
        + (c.interval() == null
            ? ""
            : String.format(
                Locale.ROOT, " [%.2f-%.2f]", c.interval().lower(), c.interval().upper()))
        + ", "
        + c.label();
  }

  /** {@code µs} as {@code us}: headlines are ASCII. */
  private static String ascii(String s) {
    return s.replace("µ", "u");
  }

  /** {@code 3.61× [3.40–3.85]}, or the ratio alone without an interval. */
  public static String ratio(ModeComparison c) {
    if (c.interval() == null) {
      return String.format(
          Locale.ROOT,
          "%.2f× (%s)",
          c.ratio(),
          c.label().replaceFirst("^no verdict \\((.*)\\)$", "no verdict: $1"));
    }
    return String.format(
        Locale.ROOT, "%.2f× [%.2f–%.2f]", c.ratio(), c.interval().lower(), c.interval().upper());
  }

  /** Microseconds as the spec writes them: {@code 0 ms}, {@code 500 µs}, {@code 3 ms}. */
  public static String ms(long us) {
    return us % 1000 == 0 ? (us / 1000) + " ms" : us + " µs";
  }
}
