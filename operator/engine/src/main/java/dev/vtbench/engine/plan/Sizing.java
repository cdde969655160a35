package dev.vtbench.engine.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The experiment sized to the machine: which planned concurrency levels the load generator can
 * drive under its limit, judged from a warm-up at the matrix's highest level, where the generator
 * ran against a warm SUT on the cores it has.
 *
 * <p>What a level asks of the generator is its request rate: at most the Little's-law bound of its
 * VUs at the workload's service floor ({@code VUs ÷ floor}), at most what the top level achieved (a
 * lower level cannot make the SUT faster), and the level itself in an open model. What the
 * generator can give is its measured rate scaled to {@link #TARGET} of its cores: k6, the stub and
 * PostgreSQL share those cores, so the cost of a request there is measured, not assumed. A level
 * asking more is dropped from the rest of the run, and the line saying so names the numbers. On the
 * 2-vCPU AMD EPYC VM of issue 45, the quickstart's virtual warm-up at 200 VUs ran 1,247 req/s with
 * CPU 0 91 % busy: it reaches about 1,100 req/s at 80 %, so 100 VUs (1,000 req/s at the 100 ms
 * floor) stays and 200 (up to 2,000) goes; on the Intel VM of the reference, 200 VUs ran 1,859
 * req/s at 80 %, and nothing goes.
 */
public final class Sizing {

  /**
   * Share of the generator's cores a kept level may be predicted to use: under the 85 % at which a
   * row is labelled {@code load-generator}, since the prediction scales a single measured point.
   */
  public static final double TARGET = 0.80;

  /** Generator cores' busy share at which a warm-up shows its level out of reach: the row rule. */
  public static final double LIMIT = 0.85;

  private Sizing() {}

  /**
   * What a warm-up at the top level measured.
   *
   * @param level the level it ran at (VUs, or requests per second in an open model)
   * @param rps the request rate it achieved
   * @param generatorBusy the generator's cores' mean busy share over it, 0 to 1
   * @param generatorCores how many cores the generator had
   */
  public record Probe(int level, double rps, double generatorBusy, int generatorCores) {

    /** The rate the generator would drive at {@link #TARGET} of its cores. */
    public double reach() {
      return generatorBusy <= 0 ? Double.POSITIVE_INFINITY : rps * TARGET / generatorBusy;
    }
  }

  /**
   * The levels kept and why.
   *
   * @param kept the planned levels the generator can drive, ascending
   * @param dropped the planned levels it cannot
   * @param line one line for the run's progress, e.g. {@code sizing: ...}
   */
  public record Result(List<Integer> kept, List<Integer> dropped, String line) {
    public boolean changed() {
      return !dropped.isEmpty();
    }
  }

  /**
   * The levels of {@code planned} the generator can drive, given {@code probe} at the highest of
   * them.
   *
   * @param floorMs the workload's service floor in milliseconds; 0 or less when unknown (a user's
   *     service), when only the top level's rate bounds a lower level's, scaled by its VUs
   * @param openModel whether a level is a request rate (constant-arrival-rate) rather than VUs
   */
  public static Result of(List<Integer> planned, Probe probe, double floorMs, boolean openModel) {
    List<Integer> kept = new ArrayList<>();
    List<Integer> dropped = new ArrayList<>();
    double reach = probe.reach();
    boolean saturated = probe.generatorBusy() >= LIMIT;
    for (int level : planned.stream().sorted().toList()) {
      double asks = asks(level, probe, floorMs, openModel);
      // the lowest level always stays: a run with no level answers nothing
      if (!saturated || asks <= reach || kept.isEmpty() && dropped.isEmpty()) {
        kept.add(level);
      } else {
        dropped.add(level);
      }
    }
    String measured =
        String.format(
            Locale.ROOT,
            "sizing: at %d %s the generator's %s %.0f %% busy for %.0f req/s, so it drives about"
                + " %.0f req/s at %.0f %%",
            probe.level(),
            openModel ? "req/s" : "VUs",
            probe.generatorCores() == 1 ? "core was" : probe.generatorCores() + " cores were",
            100 * probe.generatorBusy(),
            probe.rps(),
            reach,
            100 * TARGET);
    String line =
        dropped.isEmpty()
            ? measured
                + (saturated
                    ? "; every level kept"
                    : String.format(
                        Locale.ROOT,
                        "; under its %.0f %% limit at the top level, every level kept",
                        100 * LIMIT))
            : measured
                + String.format(
                    Locale.ROOT,
                    "; dropped %s (they ask up to %s req/s), kept %s",
                    join(dropped, openModel),
                    dropped.stream()
                        .map(
                            l ->
                                String.format(
                                    Locale.ROOT, "%.0f", asks(l, probe, floorMs, openModel)))
                        .collect(Collectors.joining(", ")),
                    join(kept, openModel));
    return new Result(List.copyOf(kept), List.copyOf(dropped), line);
  }

  /** The rate {@code level} asks of the generator: see the class comment. */
  static double asks(int level, Probe probe, double floorMs, boolean openModel) {
    if (openModel) {
      return level;
    }
    double upTo =
        floorMs > 0
            ? level / (floorMs / 1000.0)
            : probe.level() <= 0 ? probe.rps() : probe.rps() * level / probe.level();
    return Math.min(upTo, probe.rps());
  }

  private static String join(List<Integer> levels, boolean openModel) {
    return levels.stream().map(String::valueOf).collect(Collectors.joining(", "))
        + (openModel ? " req/s" : " VUs");
  }
}
