package dev.vtbench.sut.runtime;

import dev.vtbench.sut.errors.Params;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A fixed amount of computation a workload request does before it is served, asked for in
 * microseconds of CPU by the query parameter {@value #PARAM} (issue 48's knob: when do virtual
 * threads stop helping as a request computes more?). The work is SHA-256 over a {@value
 * #BLOCK}-byte block, chained (each digest goes into the next block), repeated a whole number of
 * times: the same requests always do the same work, and nothing can skip it.
 *
 * <p>How many repetitions make a microsecond is measured once at start on this machine, in CPU time
 * of the calibrating thread (so a busy core does not inflate it), once the JIT has compiled the
 * kernel ({@link #calibrate()}). Both SUTs report the calibration at {@code /api/runtime-info}
 * ({@link #describe()}), and vtbench stores it in every row.
 */
@Component
public class CpuWork {

  /** The query parameter: microseconds of CPU to spend, from 0 to {@value #MAX_US}. */
  public static final String PARAM = "cpuUs";

  /** The most a request may ask for: 20 ms, several times what one request of the rig costs. */
  public static final long MAX_US = 20_000;

  /** What one iteration is, as the calibration reports it. */
  public static final String KERNEL = "sha256-256B";

  static final int BLOCK = 256;
  static final int BATCHES = 7;
  private static final long BATCH_CPU_NS = 20_000_000;
  private static final long WARM_CPU_NS_MIN = 300_000_000L;
  private static final long WARM_CPU_NS_MAX = 3_000_000_000L;

  private static final Logger log = LoggerFactory.getLogger(CpuWork.class);

  private final double iterationNs;
  private final double spreadPct;

  /** Where each request's last digest byte goes, so the JIT cannot prove the work unused. */
  private static volatile byte sink;

  public CpuWork() {
    this(calibrate());
  }

  CpuWork(double[] calibration) {
    this.iterationNs = calibration[0];
    this.spreadPct = calibration[1];
    log.info(
        "cpu work: {} at {} ns of CPU an iteration ({} batches of {} ms, spread {} %)",
        KERNEL,
        String.format("%.1f", iterationNs),
        BATCHES,
        BATCH_CPU_NS / 1_000_000,
        String.format("%.1f", spreadPct));
  }

  /** Calibrated CPU nanoseconds one iteration costs on this machine. */
  public double iterationNs() {
    return iterationNs;
  }

  /** Iterations that make {@code micros} microseconds of CPU here (0 for 0). */
  public long iterations(long micros) {
    return micros <= 0 ? 0 : Math.max(1, Math.round(micros * 1_000.0 / iterationNs));
  }

  /**
   * Spends the CPU that the raw {@value #PARAM} value asks for on the calling thread; nothing when
   * the parameter is absent. A value outside 0 to {@value #MAX_US} is a 400 naming the parameter.
   */
  public void spend(String raw) {
    long micros = Params.integer(PARAM, raw == null ? "0" : raw, 0, (int) MAX_US);
    if (micros > 0) {
      sink = run(iterations(micros));
    }
  }

  /** The calibration, for {@code /api/runtime-info}. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kernel", KERNEL);
    m.put("iterationNs", Math.round(iterationNs * 10) / 10.0);
    m.put("spreadPct", Math.round(spreadPct * 10) / 10.0);
    return m;
  }

  /**
   * {@code n} chained iterations; returns a byte of the last digest so the work cannot be elided.
   */
  static byte run(long n) {
    MessageDigest sha = sha256();
    byte[] block = new byte[BLOCK];
    for (long i = 0; i < n; i++) {
      sha.update(block);
      try {
        sha.digest(block, 0, 32);
      } catch (java.security.DigestException e) {
        throw new IllegalStateException(e);
      }
      block[32] = (byte) i;
    }
    return block[0];
  }

  /**
   * {ns an iteration, spread of the batches in % of it}: the median of the last {@value #BATCHES}
   * batches once they agree within 5 %, after 300 ms of CPU at least. The cost falls in steps as
   * the JIT's tiers take over (27 µs, 6 µs, 0.3 µs, then 0.2 µs an iteration on the AMD EPYC VM,
   * the last after 110 ms), and at a busy start (Spring's, or another JVM's beside it) a tier can
   * hold for a while and the next arrive mid-measurement: a calibration taken across a step was 9×
   * too slow. After 3 s of CPU without agreement it takes the fastest batch, the compiled cost that
   * a loaded SUT runs at, and says so in the log.
   */
  static double[] calibrate() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    if (!mx.isCurrentThreadCpuTimeSupported()) {
      throw new IllegalStateException("cpu work: this JVM cannot read a thread's CPU time");
    }
    long n = 1_000;
    long spent = 0;
    double[] last = new double[BATCHES];
    int taken = 0;
    while (true) {
      long ns = timed(mx, n);
      spent += ns;
      double each = (double) ns / n;
      n = Math.max(1_000, (long) (BATCH_CPU_NS / each));
      last[taken++ % BATCHES] = each;
      if (spent < WARM_CPU_NS_MIN || taken < BATCHES) {
        continue;
      }
      double[] sorted = last.clone();
      Arrays.sort(sorted);
      double spread = 100 * (sorted[BATCHES - 1] - sorted[0]) / sorted[BATCHES / 2];
      if (spread <= 5) {
        return new double[] {sorted[BATCHES / 2], spread};
      }
      if (spent >= WARM_CPU_NS_MAX) {
        log.warn(
            "cpu work: no {} batches agreed within 5 % in 3 s of CPU; the fastest counts", BATCHES);
        return new double[] {sorted[0], spread};
      }
    }
  }

  private static long timed(ThreadMXBean mx, long n) {
    long start = mx.getCurrentThreadCpuTime();
    run(n);
    return Math.max(1, mx.getCurrentThreadCpuTime() - start);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("cpu work: no SHA-256 in this JVM", e);
    }
  }
}
