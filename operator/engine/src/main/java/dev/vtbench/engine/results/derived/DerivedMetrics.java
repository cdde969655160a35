package dev.vtbench.engine.results.derived;

import dev.vtbench.engine.results.row.Bottleneck;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.results.row.RowNotes;

/**
 * The columns vtbench derives from measured ones: the Little's law bound and ratio, generator
 * saturation and a bottleneck label. All functions are pure; the caller supplies every fact about
 * the rig (service time, CPUs per tier) explicitly.
 */
public final class DerivedMetrics {

  /**
   * A tier counts as CPU-saturated at 90% of the CPUs it was given. Sampled peaks rarely show a
   * full 100% (sampling gaps, kernel time accounted elsewhere), and by 90% queueing for CPU is
   * already stretching latency.
   */
  public static final double SATURATION_FRACTION = 0.90;

  /**
   * The load generator counts as the limit sooner, at 85 % of its CPUs or of its cores, calibrated
   * against wrk on this project's 2-vCPU machine (k6, wrk, PostgreSQL and the stub on CPU 0, the
   * SUT alone on CPU 1): at 200 connections, with CPU 0 78 to 80 % busy under k6, the two agreed
   * within 3 %; at 400 and 800, with CPU 0 86 to 88 % busy, k6 measured 12 to 17 % less than wrk
   * against the same warm SUT (results/README.md, "The generator"). k6's own guidance is to keep a
   * generator at or below 80 %; on this machine it still measured the SUT up to 80 %, not from 86
   * %.
   */
  public static final double GENERATOR_FRACTION = 0.85;

  /**
   * Measured throughput at or above 80% of the Little's law bound counts as "at the bound". The
   * bound uses the service-time floor, while real requests take a little longer (query, JSON,
   * scheduling), so even a fully bound system lands somewhat below 1.0.
   */
  public static final double AT_BOUND_RATIO = 0.80;

  /**
   * Released mode counts as pool-bound when the peak of requests waiting for a connection reaches
   * half of {@code VUs − pool}, the most that can wait. A peak is one sample, so it scatters; half
   * the possible queue is far from the few waiters a momentary burst leaves.
   */
  public static final double POOL_QUEUE_FRACTION = 0.5;

  private DerivedMetrics() {}

  /**
   * Little's law throughput bound: {@code limits.effective() ÷ serviceTime}.
   *
   * <p>Little's law says in-flight requests = throughput × latency. No more than {@link
   * ConcurrencyLimits#effective()} requests can be in service at once (VUs in a closed model,
   * Tomcat threads in platform mode, pool connections in held mode), and each takes at least the
   * service-time floor, so throughput cannot exceed their quotient. For the order-summary workload
   * the floor is the stub's delay: the downstream call dominates and the primary-key query is
   * sub-millisecond. The reference rig's facts follow: 200 platform threads ÷ 0.1 s = 2,000 req/s,
   * and a held pool of 50 ÷ 0.1 s = 500 req/s.
   *
   * <p>The same service time is used for every limit, which is exact in the reference workload
   * (thread, connection and VU are all occupied for the whole request). A k6 script with think time
   * would lengthen only the VU cycle; this model does not cover that.
   *
   * @param serviceTimeMs per-request service-time floor in milliseconds, &gt; 0
   * @return requests per second
   */
  public static double littlesLawBoundRps(ConcurrencyLimits limits, double serviceTimeMs) {
    if (!(serviceTimeMs > 0) || Double.isInfinite(serviceTimeMs)) {
      throw new IllegalArgumentException("serviceTimeMs must be > 0, was " + serviceTimeMs);
    }
    return limits.effective() / (serviceTimeMs / 1000.0);
  }

  /**
   * Measured throughput ÷ bound. Near 1: the system ran at the bound, so the binding limit is the
   * explanation. Well below 1: something else held it back. Above 1 means the model's inputs are
   * off (service time shorter, or more threads, than assumed) and is worth a look rather than a
   * celebration.
   *
   * @return the ratio, or NaN when the bound is not a positive finite number
   */
  public static double littlesLawRatio(double throughputRps, double boundRps) {
    if (!(boundRps > 0) || Double.isInfinite(boundRps)) {
      return Double.NaN;
    }
    return throughputRps / boundRps;
  }

  /**
   * Whether a tier used at least {@link #SATURATION_FRACTION} of its CPUs.
   *
   * @param cpuPct the tier's CPU in percent of one core (100 = one full core)
   * @param cpus logical CPUs the tier was given; NaN or &le; 0 (unknown) answers {@code false}
   */
  public static boolean cpuSaturated(double cpuPct, double cpus) {
    if (!(cpus > 0) || Double.isNaN(cpuPct)) {
      return false;
    }
    return cpuPct >= SATURATION_FRACTION * 100.0 * cpus;
  }

  /**
   * Whether the load generator was the limit: its CPU at or above {@link #GENERATOR_FRACTION} of
   * the CPUs it was given.
   *
   * <p>This is the measurement failure the reference rig warns about first: a saturated generator
   * makes the SUT look like it topped out. It is likely on small machines: k6 spends roughly 9×
   * more CPU per request than wrk, so on a 2-core node k6, not the SUT, is usually what stops
   * growing. A row flagged here describes the generator, not the SUT.
   *
   * @param loadCpuPct the generator's CPU in percent of one core
   * @param generatorCpus logical CPUs the generator was given (its cpuset or CPU limit)
   */
  public static boolean generatorSaturated(double loadCpuPct, double generatorCpus) {
    return loadCpuPct >= GENERATOR_FRACTION * 100.0 * generatorCpus;
  }

  /**
   * Whether the load generator's cores were the limit, whoever used them: their mean busy share
   * (see {@code load_core_busy_pct}) at or above {@link #GENERATOR_FRACTION}. On a small machine k6
   * shares its core with the stub, PostgreSQL and vtbench itself, so k6's own share can be well
   * under the threshold while the core has nothing left; this is the rule whenever per-core data
   * exists: the local runner's /proc/stat, or on a cluster the node's as the stub reads it, where
   * the runner shares the stub's node and pool (k6's own CPU is not measured there).
   *
   * @param loadCoreBusyPct mean busy share of the generator's cores, 0 to 100
   */
  public static boolean generatorCoresSaturated(double loadCoreBusyPct) {
    return loadCoreBusyPct >= GENERATOR_FRACTION * 100.0;
  }

  /**
   * Released mode's pool ceiling: a request takes a connection only for its query, yet requests
   * queued for one ({@code hikari_pending_max}) at least {@link #POOL_QUEUE_FRACTION} of the VUs
   * the pool cannot serve at once ({@code VUs − pool}). Little's law does not see this limit (the
   * connection is not held for the service time), so the row's ratio falls short of every bound.
   *
   * @param hikariPendingMax peak of requests waiting for a connection; null (unmeasured) answers
   *     {@code false}
   */
  public static boolean releasedPoolQueued(
      String connMode, int vus, int hikariPool, Integer hikariPendingMax) {
    if (hikariPendingMax == null || ResultRow.HELD.equalsIgnoreCase(connMode.trim())) {
      return false;
    }
    int excess = vus - hikariPool;
    return excess > 0 && hikariPendingMax >= POOL_QUEUE_FRACTION * excess;
  }

  /**
   * Names the resource that bound throughput. <b>A heuristic</b>, not a measurement: it reads a few
   * columns against simple thresholds and can be wrong, e.g. when a limit this model does not know
   * about (Tomcat's {@code maxConnections}, the stub, the network) binds. Rules, first match wins:
   *
   * <ol>
   *   <li>generator saturated → {@link Bottleneck#LOAD_GENERATOR}: nothing else can be concluded
   *       from a row whose load was capped by the generator;
   *   <li>SUT CPU saturated → {@link Bottleneck#SUT_CPU};
   *   <li>database CPU saturated → {@link Bottleneck#DATABASE_CPU};
   *   <li>Little's law ratio &ge; {@link #AT_BOUND_RATIO} → the smallest applicable limit ({@link
   *       ConcurrencyLimits#binding()}): Tomcat threads → {@link Bottleneck#TOMCAT_THREADS}, the
   *       pool → {@link Bottleneck#HIKARI_POOL}, the VUs → {@link Bottleneck#NONE} (the SUT kept up
   *       with all the load offered);
   *   <li>released mode with requests queued for a connection ({@link #releasedPoolQueued}) →
   *       {@link Bottleneck#HIKARI_POOL}: the pool's ceiling, which Little's law does not model;
   *   <li>otherwise (ratio below the threshold, or unknown) → {@link Bottleneck#UNKNOWN}: e.g. the
   *       closed-model overload cliff at 10,000 VUs, where throughput falls far below VUs ÷ delay
   *       while no tier shows saturated CPU.
   * </ol>
   *
   * <p>A user's service's row has no bound: {@link ServiceBottleneck} reads its gauges instead.
   *
   * <p>Pass {@code false} for a CPU flag whose input was not measured; unknown is not saturated.
   * {@link #derive} renames the pool and CPU labels for the reactive SUT ({@link
   * Bottleneck#onStackOf}); its limits are those of virtual threads (no thread cap), the pool's
   * rules the same. It then puts a throttled SUT's or stub's label before every rule but the
   * generator's ({@link Throttling#label}), and a neighbour on the SUT's cores before those ({@link
   * Neighbour#label}).
   */
  public static Bottleneck bottleneck(
      boolean generatorSaturated,
      boolean sutCpuSaturated,
      boolean databaseCpuSaturated,
      double littlesLawRatio,
      ConcurrencyLimits limits,
      boolean releasedPoolQueued) {
    Bottleneck b =
        bottleneck(
            generatorSaturated, sutCpuSaturated, databaseCpuSaturated, littlesLawRatio, limits);
    return b == Bottleneck.UNKNOWN && releasedPoolQueued ? Bottleneck.HIKARI_POOL : b;
  }

  /**
   * {@link #bottleneck(boolean, boolean, boolean, double, ConcurrencyLimits, boolean)} for a row
   * whose pool queue is not known.
   */
  public static Bottleneck bottleneck(
      boolean generatorSaturated,
      boolean sutCpuSaturated,
      boolean databaseCpuSaturated,
      double littlesLawRatio,
      ConcurrencyLimits limits) {
    if (generatorSaturated) {
      return Bottleneck.LOAD_GENERATOR;
    }
    if (sutCpuSaturated) {
      return Bottleneck.SUT_CPU;
    }
    if (databaseCpuSaturated) {
      return Bottleneck.DATABASE_CPU;
    }
    if (!(littlesLawRatio >= AT_BOUND_RATIO)) {
      return Bottleneck.UNKNOWN;
    }
    return switch (limits.binding()) {
      case TOMCAT_THREADS -> Bottleneck.TOMCAT_THREADS;
      case HIKARI_POOL -> Bottleneck.HIKARI_POOL;
      case VUS -> Bottleneck.NONE;
    };
  }

  /**
   * What the derivation needs to know about the rig beyond the row itself.
   *
   * @param serviceTimeMs per-request service-time floor, see {@link #littlesLawBoundRps}; for the
   *     order-summary workload, the stub delay
   * @param sutCpus logical CPUs of the SUT; NaN to take them from the row's {@code sut_cpuset}
   * @param databaseCpus logical CPUs of PostgreSQL, NaN if unknown
   * @param generatorCpus logical CPUs of the load generator (its CPU limit, or the cores it ran on
   *     where it had none), NaN if unknown
   * @param requestTimeoutMs the run's per-request timeout, for {@link Overload}; NaN if unknown
   * @param generatorCpuLimited whether {@code generatorCpus} is the generator's CPU limit (a
   *     Guaranteed k6 runner on a cluster): only then does a measured {@code load_throttled_pct}
   *     under {@link Throttling#THRESHOLD_PCT} show it was not the limit when nothing else says;
   *     false where it had no limit (a local k6, a Burstable runner: 0 % throttled says nothing) or
   *     where the rig does not know (a row read back)
   */
  public record Rig(
      double serviceTimeMs,
      double sutCpus,
      double databaseCpus,
      double generatorCpus,
      double requestTimeoutMs,
      boolean generatorCpuLimited) {

    /** A rig whose generator's CPUs are its CPU limit. */
    public Rig(
        double serviceTimeMs,
        double sutCpus,
        double databaseCpus,
        double generatorCpus,
        double requestTimeoutMs) {
      this(serviceTimeMs, sutCpus, databaseCpus, generatorCpus, requestTimeoutMs, true);
    }

    /** A rig whose request timeout is not known (the latency rule of {@link Overload} is off). */
    public Rig(double serviceTimeMs, double sutCpus, double databaseCpus, double generatorCpus) {
      this(serviceTimeMs, sutCpus, databaseCpus, generatorCpus, Double.NaN);
    }
  }

  /**
   * Fills a row's derived columns ({@code littles_law_bound_rps}, {@code littles_law_ratio}, {@code
   * generator_saturated}, {@code bottleneck}) from its measured ones, using {@link
   * ConcurrencyLimits#of} for the limits. Columns whose inputs are unknown become {@code null}
   * rather than a guess; the bottleneck is always set, {@link Bottleneck#UNKNOWN} at worst.
   */
  public static ResultRow derive(ResultRow row, Rig rig) {
    ConcurrencyLimits limits = ConcurrencyLimits.of(row);
    Double bound =
        rig.serviceTimeMs() > 0 && Double.isFinite(rig.serviceTimeMs())
            ? boundRps(row, limits, rig.serviceTimeMs())
            : null;
    double ratio = bound == null ? Double.NaN : littlesLawRatio(row.throughputRps(), bound);

    Boolean generator = generatorSaturated(row, rig);
    double sutCpus = rig.sutCpus();
    if (!(sutCpus > 0) && row.sutCpuset() != null && !row.sutCpuset().isBlank()) {
      sutCpus = Cpusets.size(row.sutCpuset());
    }
    boolean sut = row.appCpuPct() != null && cpuSaturated(row.appCpuPct(), sutCpus);
    boolean db = row.pgCpuPct() != null && cpuSaturated(row.pgCpuPct(), rig.databaseCpus());

    boolean poolQueued =
        releasedPoolQueued(
            row.connMode(), row.concurrency(), row.hikariPool(), row.hikariPendingMax());
    Bottleneck b =
        bottleneck(
                Boolean.TRUE.equals(generator),
                sut,
                db,
                ratio,
                row.isOpenModel() ? openLimits(row, limits, rig.serviceTimeMs()) : limits,
                poolQueued)
            .onStackOf(row.threadMode());
    b = ServiceBottleneck.label(row, b);
    String notes = ServiceBottleneck.notes(row, b);
    b = Neighbour.label(row, Throttling.label(row, b));
    return row.withDerived(bound, Double.isNaN(ratio) ? null : ratio, generator, b).toBuilder()
        .overloaded(Overload.of(row, rig.requestTimeoutMs()))
        .notes(RowNotes.add(notes, Neighbour.NOTE_PREFIX, Neighbour.note(row, b)))
        .build();
  }

  /**
   * The Little's-law bound of {@code row}. In the closed model it is {@link #littlesLawBoundRps}.
   * In the open model the level is an arrival rate, not VUs: the SUT cannot serve more than it is
   * sent, nor more than its server-side limits (threads, pool) allow, so the bound is the smaller
   * of the target rate and those limits ÷ the service time.
   */
  static double boundRps(ResultRow row, ConcurrencyLimits limits, double serviceTimeMs) {
    if (!row.isOpenModel()) {
      return littlesLawBoundRps(limits, serviceTimeMs);
    }
    double target = row.concurrency();
    Integer server = serverLimit(limits);
    return server == null ? target : Math.min(target, server / (serviceTimeMs / 1000.0));
  }

  /**
   * The open model's limits as the bottleneck rule reads them: the target rate stands where the VUs
   * stood, expressed as the requests in flight it needs (rate × service time, Little's law), so a
   * target the server-side limits can carry binds as the load itself ({@link Bottleneck#NONE}).
   */
  private static ConcurrencyLimits openLimits(
      ResultRow row, ConcurrencyLimits limits, double serviceTimeMs) {
    int inFlight =
        serviceTimeMs > 0 && Double.isFinite(serviceTimeMs)
            ? (int) Math.max(1, Math.ceil(row.concurrency() * serviceTimeMs / 1000.0))
            : row.concurrency();
    return new ConcurrencyLimits(inFlight, limits.tomcatThreads(), limits.hikariPool());
  }

  /** The smallest server-side limit (Tomcat threads, held pool), or null when none applies. */
  private static Integer serverLimit(ConcurrencyLimits limits) {
    if (limits.tomcatThreads() == null) {
      return limits.hikariPool();
    }
    return limits.hikariPool() == null
        ? limits.tomcatThreads()
        : Math.min(limits.tomcatThreads(), limits.hikariPool());
  }

  /**
   * {@code generator_saturated}: the generator's cores busy ({@link #generatorCoresSaturated}), its
   * own CPU at {@link #GENERATOR_FRACTION} of its CPUs ({@link #generatorSaturated}: its limit, or
   * the cores it ran on where it had none), or its CPU limit holding it back ({@link
   * Throttling#load}), whichever the row measured; a generator its limit did not hold back is not
   * saturated when nothing else is known ({@link Rig#generatorCpuLimited}); null otherwise.
   */
  private static Boolean generatorSaturated(ResultRow row, Rig rig) {
    Boolean own =
        row.loadCpuPct() == null || !(rig.generatorCpus() > 0)
            ? null
            : generatorSaturated(row.loadCpuPct(), rig.generatorCpus());
    if (Throttling.load(row)) {
      return true;
    }
    if (row.loadCoreBusyPct() == null) {
      return own == null && row.loadThrottledPct() != null && rig.generatorCpuLimited()
          ? Boolean.FALSE
          : own;
    }
    return generatorCoresSaturated(row.loadCoreBusyPct()) || Boolean.TRUE.equals(own);
  }
}
