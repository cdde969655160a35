package dev.vtbench.engine.steady;

import java.time.Duration;
import java.util.List;

/**
 * When a SUT is at steady state: the one policy both platforms use, for the warm-up after every SUT
 * start and for the check of every measured hold.
 *
 * <p>A warm-up is judged on its whole series of {@link #WINDOW}s since the SUT started, by trend
 * ({@link Shape}, after Barrett et al., OOPSLA 2017): steady once the level its throughput and its
 * CPU per request end on has lasted at least {@link #WINDOWS} windows, and the JIT's compiler
 * threads used at most {@link #JIT_QUIET} of the SUT's CPU (or {@link #JIT_QUIET_CORES} of a core)
 * over the last {@link #WINDOWS}. Measured on a 2-vCPU AMD EPYC VM (SUT alone on CPU 1, virtual
 * threads, wrk -c200 from CPU 0; docs/steady-state.md): the compiler threads used 24-37 % of each 5
 * s window for the first 55 s, then 0-2 % (one burst of 5.7 %), while the elapsed compile time the
 * JVM reports read 92-130 % for the same 55 s.
 */
public final class SteadyState {

  /**
   * Length of one window when requests are short (a service floor up to {@link #WINDOW} ÷ {@link
   * #FLOORS_PER_WINDOW}); longer requests get longer windows ({@link #window}). The SUT cuts its
   * windows to the run's length (reset's {@code windowMs}), a user's service is sampled at this
   * one.
   */
  public static final Duration WINDOW = Duration.ofSeconds(5);

  /**
   * Service floors a window spans at least. A window must count many completions, or where it
   * starts decides what it counts: 10 threads blocking 3 s each finish in lockstep, so 5 s windows
   * counted 10 or 20 requests (a 36–60 % spread whatever the JVM's state, measured on
   * gallery-tiny-thread-pool); a window of 5 floors counts 5 completions per thread, give or take
   * one of a single thread.
   */
  public static final int FLOORS_PER_WINDOW = 5;

  /** Consecutive windows that must agree. */
  public static final int WINDOWS = 3;

  /** Largest spread of throughput and of CPU per request across those windows. */
  public static final double TOLERANCE = 0.10;

  /**
   * CPU-per-request differences too small to matter, in cores: at low request rates a GC cycle or a
   * sampler tick moves CPU per request by tens of percent while the SUT's whole CPU moves by a few
   * hundredths of a core (measured: 96 req/s, 1 ms per request, spread 23 % = 0.02 cores).
   */
  public static final double CPU_NOISE_CORES = 0.03;

  /**
   * Largest share of the SUT's CPU its JIT compiler threads may use over the last {@link #WINDOWS}
   * windows of a steady warm-up.
   */
  public static final double JIT_QUIET = 0.05;

  /**
   * JIT CPU too small to matter, in cores: below it the JIT counts as quiet whatever its share. A
   * SUT that is barely busy makes any compile a large share of a small number: the crossover's
   * platform warm-up at 192 req/s (2-vCPU AMD EPYC VM) took 175 s while its compiler threads used
   * 18-44 % of a SUT that was 8-10 % busy, 0.01-0.04 of a core, and its throughput and CPU per
   * request had held one level for 100 s. What a compile costs a measurement is the core time it
   * takes from requests; the level itself is judged by trend ({@link Shape}).
   */
  public static final double JIT_QUIET_CORES = CPU_NOISE_CORES;

  /**
   * Busy share of the SUT's cores from which the JIT's CPU in a hold counts ({@link #jitCompeted}):
   * on a core with room to spare the compiler threads take idle time, on a full one they take it
   * from requests. A platform JVM warmed up with requests that waited for nothing (2-vCPU AMD EPYC
   * VM, 2026-11-29 19:08 UTC; docs/steady-state.md) ran its first two holds with its one core
   * 95-100 % busy and its compiler threads at 51-55 % of it, at 453 and 462 req/s against the 478
   * of its thread wall, with throughput and CPU per request flat: no drift. Of the 62 committed
   * holds that keep their windows, 4 had compiler threads above {@link #JIT_QUIET} and {@link
   * #JIT_QUIET_CORES}, on cores 30-49 % busy, and their throughput stood on the thread wall.
   */
  public static final double JIT_HOLD_BUSY = 0.90;

  /**
   * How many noise standard deviations the ends of a hold may differ by before it counts as
   * drifting, when that is more than {@link #TOLERANCE} ({@link #judgeHold(List, Shape)}).
   */
  static final double HOLD_NOISE_SIGMAS = 3;

  /** Windows in one warm-up round ({@link #warmUpRound}). */
  public static final int WINDOWS_PER_WARM_UP_ROUND = 4;

  /**
   * The window for requests that block at least {@code serviceFloor}: {@link #WINDOW}, or {@link
   * #FLOORS_PER_WINDOW} floors when that is longer (an exact multiple of the floor, so that each
   * thread finishes the same number of requests in every window).
   */
  public static Duration window(Duration serviceFloor) {
    Duration floors = serviceFloor.multipliedBy(FLOORS_PER_WINDOW);
    return floors.compareTo(WINDOW) > 0 ? floors : WINDOW;
  }

  /**
   * One warm-up round: a load with windows of {@code window}, judged at its end; the next round
   * follows until steady or the cap.
   */
  public static Duration warmUpRound(Duration window) {
    return window.multipliedBy(WINDOWS_PER_WARM_UP_ROUND);
  }

  private SteadyState() {}

  /** What the windows of one load phase say. */
  public enum Verdict {
    /** The last {@link #WINDOWS} windows agree and the JIT is quiet. */
    STEADY,
    /** They do not. */
    NOT_STEADY,
    /** Fewer than {@link #WINDOWS} windows: too short to tell. */
    TOO_SHORT;
  }

  /**
   * The verdict on the series {@code windows} of one SUT since it started: {@link Verdict#STEADY}
   * when its {@link Shape} has a level at least {@link #WINDOWS} windows long, every one of those
   * windows completed requests, and the JIT was quiet over them ({@link #jitQuiet}).
   */
  public static Verdict judge(List<LoadWindow> windows) {
    if (windows.size() < WINDOWS) {
      return Verdict.TOO_SHORT;
    }
    List<LoadWindow> last = windows.subList(windows.size() - WINDOWS, windows.size());
    if (last.stream().anyMatch(w -> w.requests() == 0)) {
      return Verdict.NOT_STEADY;
    }
    return jitQuiet(last) && Shape.of(windows).steadyFor(WINDOWS)
        ? Verdict.STEADY
        : Verdict.NOT_STEADY;
  }

  /**
   * Whether the compiler threads used at most {@link #JIT_QUIET} of the SUT's CPU, or at most
   * {@link #JIT_QUIET_CORES} of a core, over {@code ws} together (one burst in one window is not a
   * warm-up); quiet when unknown.
   */
  public static boolean jitQuiet(List<LoadWindow> ws) {
    LoadWindow sum = LoadWindow.sum(ws);
    Double share = sum.jitShare();
    return share == null
        || share <= JIT_QUIET
        || (sum.seconds() > 0 && sum.jitCpuSeconds() / sum.seconds() <= JIT_QUIET_CORES);
  }

  /**
   * The verdict on a measured hold: does it drift? Its throughput and its CPU per request, window
   * by window, must move from the first third of the hold to the last by at most {@link #TOLERANCE}
   * (CPU per request also by at most {@link #CPU_NOISE_CORES} of a core), or by what the SUT's
   * noise explains when that is wider ({@link #holdTolerance}). The move is read two ways that must
   * agree ({@link HoldTrend}): the difference of the thirds, each added up into one window, and the
   * series' Theil–Sen trend; the smaller counts. A steady climb counts in full, while one odd
   * window at an end (a 5 s burst of a faster host) or a hump that falls back does not; a hold of
   * two windows compares the two. Drift is a trend from the start of the hold to its end; a rule
   * over every pair of windows would refuse ever more warm holds as holds grow (the spread of N
   * noisy windows widens with N: 25 of 30 warm one-minute holds failed it on this machine, their
   * throughput CV 0.1–2.8 %). Noise within the hold is what {@code hold_cv} reports. The JIT counts
   * where it took CPU from requests ({@link #jitCompeted}): compiling on a busy core slows a hold
   * evenly, which no trend shows.
   *
   * @param warm the shape of the SUT's warm-up, whose noise widens the tolerance; null when unknown
   */
  public static Verdict judgeHold(List<LoadWindow> windows, Shape warm, double sutCores) {
    return judgeHold(
        windows,
        warm == null ? 0 : warm.throughputNoise(),
        warm == null ? 0 : warm.cpuNoise(),
        sutCores);
  }

  /**
   * {@link #judgeHold(List, Shape)} with the warm-up's noise as numbers ({@link
   * Shape#throughputNoise}, {@link Shape#cpuNoise}; 0 when unknown): how a stored row's hold is
   * judged again.
   */
  public static Verdict judgeHold(
      List<LoadWindow> windows, double tpNoise, double cpuNoise, double sutCores) {
    if (windows.size() < 2) {
      return Verdict.TOO_SHORT;
    }
    if (jitCompeted(windows, sutCores)) {
      return Verdict.NOT_STEADY;
    }
    double[] tol = holdTolerance(windows, tpNoise, cpuNoise);
    boolean throughput = HoldTrend.share(windows, LoadWindow::throughput) <= tol[0];
    return throughput && cpuHolds(windows, tol[1]) ? Verdict.STEADY : Verdict.NOT_STEADY;
  }

  /** {@link #judgeHold(List, Shape, double)} with no warm-up noise and no core count known. */
  public static Verdict judgeHold(List<LoadWindow> windows) {
    return judgeHold(windows, null, Double.NaN);
  }

  /**
   * Whether the JIT took CPU a hold's requests wanted: its compiler threads used more than {@link
   * #JIT_QUIET} of the SUT's CPU and more than {@link #JIT_QUIET_CORES} of a core over the hold
   * ({@link #jitQuiet} false) while the SUT's {@code sutCores} were at least {@link #JIT_HOLD_BUSY}
   * busy. False where the cores or the compiler threads' CPU are unknown.
   */
  public static boolean jitCompeted(List<LoadWindow> hold, double sutCores) {
    if (hold.isEmpty() || !(sutCores > 0)) {
      return false;
    }
    LoadWindow sum = LoadWindow.sum(hold);
    return sum.jitShare() != null
        && !jitQuiet(hold)
        && sum.seconds() > 0
        && sum.cpuSeconds() / sum.seconds() / sutCores >= JIT_HOLD_BUSY;
  }

  /**
   * The largest move of a hold from its first third to its last, for throughput and for CPU per
   * request: {@link #TOLERANCE}, or {@value #HOLD_NOISE_SIGMAS} standard deviations of the
   * difference of two means of {@code k} windows each when the noise of the warm-up's level says
   * more (not the hold's own: a drift inside the hold would pass for noise). A noisy service
   * (windows 27-37 % apart with no trend) is then judged on drift beyond its noise, not on its
   * noise.
   */
  static double[] holdTolerance(List<LoadWindow> windows, Shape warm) {
    return holdTolerance(
        windows, warm == null ? 0 : warm.throughputNoise(), warm == null ? 0 : warm.cpuNoise());
  }

  private static double[] holdTolerance(List<LoadWindow> windows, double tpNoise, double cpuNoise) {
    int k = HoldTrend.thirdLength(windows.size());
    double scale = HOLD_NOISE_SIGMAS * Math.sqrt(2.0 / k);
    return new double[] {
      Math.max(TOLERANCE, scale * tpNoise), Math.max(TOLERANCE, scale * cpuNoise)
    };
  }

  /**
   * The first and the last third of a hold's windows (at least one window each), each added up into
   * one window: what {@link #explainHold} quotes; {@link #judgeHold} reads the trend between them.
   */
  public static List<LoadWindow> holdEnds(List<LoadWindow> windows) {
    int k = HoldTrend.thirdLength(windows.size());
    return List.of(
        LoadWindow.sum(windows.subList(0, k)),
        LoadWindow.sum(windows.subList(windows.size() - k, windows.size())));
  }

  /**
   * Why a hold of {@code windows} did or did not drift, in numbers: its thirds ({@link #holdEnds})
   * and how far it moved between them ({@link HoldTrend}), e.g. {@code first vs last third: 2905 vs
   * 2911 req/s; moved: throughput 0% (max 10%), CPU/request 2% (max 10% or 0.03 cores)}.
   */
  public static String explainHold(List<LoadWindow> windows, Shape warm, double sutCores) {
    if (windows.size() < 2) {
      return windows.size() + " windows" + ofLength(windows) + ", need 2";
    }
    List<LoadWindow> ends = holdEnds(windows);
    double[] tol = holdTolerance(windows, warm);
    return String.format(
            java.util.Locale.ROOT,
            "first vs last third: %.0f vs %.0f req/s; moved: throughput %s (max %.0f%%), CPU/request"
                + " %s (max %.0f%% or %.2f cores)",
            ends.getFirst().throughput(),
            ends.getLast().throughput(),
            percent(HoldTrend.share(windows, LoadWindow::throughput)),
            100 * tol[0],
            percent(HoldTrend.share(windows, LoadWindow::appCpuMsPerRequest)),
            100 * tol[1],
            CPU_NOISE_CORES)
        + jitInHold(windows, sutCores);
  }

  /** {@link #explainHold(List, Shape, double)} with no warm-up noise and no core count known. */
  public static String explainHold(List<LoadWindow> windows) {
    return explainHold(windows, null, Double.NaN);
  }

  /**
   * "; JIT 51% of the SUT's CPU, its cores 100% busy (counts from 90%: max 5% or 0.03 cores)", or
   * nothing where the compiler threads' CPU or the SUT's cores are unknown.
   */
  private static String jitInHold(List<LoadWindow> windows, double sutCores) {
    LoadWindow sum = LoadWindow.sum(windows);
    Double jit = sum.jitShare();
    if (jit == null || !(sutCores > 0) || sum.seconds() <= 0) {
      return "";
    }
    return String.format(
        java.util.Locale.ROOT,
        "; JIT %.0f%% of the SUT's CPU, its cores %.0f%% busy (counts from %.0f%%: max %.0f%% or"
            + " %.2f cores)",
        100 * jit,
        100 * sum.cpuSeconds() / sum.seconds() / sutCores,
        100 * JIT_HOLD_BUSY,
        100 * JIT_QUIET,
        JIT_QUIET_CORES);
  }

  /**
   * CPU per request holds over the hold: its trend moves it by at most {@code tolerance}, or by
   * less than {@link #CPU_NOISE_CORES} of a core at the windows' median throughput; unknown in
   * every window holds, unknown in some (or a window without requests) does not.
   */
  private static boolean cpuHolds(List<LoadWindow> windows, double tolerance) {
    if (windows.stream().allMatch(w -> w.appCpuMsPerRequest() == null)) {
      return true;
    }
    double share = HoldTrend.share(windows, LoadWindow::appCpuMsPerRequest);
    if (share <= tolerance) {
      return true;
    }
    if (Double.isNaN(share)) {
      return false;
    }
    double rps = LoadWindow.sum(windows).throughput();
    return Math.abs(HoldTrend.move(windows, LoadWindow::appCpuMsPerRequest)) / 1000 * rps
        <= CPU_NOISE_CORES;
  }

  /**
   * Why the series {@code windows} is or is not steady, in numbers, for progress lines: e.g. {@code
   * 1854 req/s, warm-up, one level for the last 2 windows (need 3), JIT 31% of the SUT's CPU (max
   * 5%)}.
   */
  public static String explain(List<LoadWindow> windows) {
    if (windows.size() < WINDOWS) {
      return windows.size() + " windows" + ofLength(windows) + ", need " + WINDOWS;
    }
    List<LoadWindow> last = windows.subList(windows.size() - WINDOWS, windows.size());
    Double jit = LoadWindow.sum(last).jitShare();
    return String.format(
        java.util.Locale.ROOT,
        "%.0f req/s, %s (need %d), %s",
        last.getLast().throughput(),
        Shape.of(windows).describe(),
        WINDOWS,
        jit == null
            ? "JIT not measured"
            : String.format(
                java.util.Locale.ROOT,
                "JIT %.0f%% of the SUT's CPU (max %.0f%% or %.2f cores)",
                100 * jit,
                100 * JIT_QUIET,
                JIT_QUIET_CORES));
  }

  /** " of 5 s": the length of the first of {@code windows}, or nothing without one. */
  private static String ofLength(List<LoadWindow> windows) {
    return windows.isEmpty()
        ? ""
        : String.format(java.util.Locale.ROOT, " of %.0f s", windows.getFirst().seconds());
  }

  private static String percent(double v) {
    return Double.isFinite(v) ? String.format(java.util.Locale.ROOT, "%.0f%%", 100 * v) : "n/a";
  }

  /** Coefficient of variation of the windows' throughput, or null with fewer than two windows. */
  public static Double throughputCv(List<LoadWindow> windows) {
    if (windows.size() < 2) {
      return null;
    }
    double mean = windows.stream().mapToDouble(LoadWindow::throughput).average().orElse(0);
    if (mean <= 0) {
      return null;
    }
    double ss =
        windows.stream().mapToDouble(w -> Math.pow(w.throughput() - mean, 2)).sum()
            / (windows.size() - 1);
    return Math.sqrt(ss) / mean;
  }
}
