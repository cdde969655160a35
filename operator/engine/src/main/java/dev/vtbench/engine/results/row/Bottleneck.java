package dev.vtbench.engine.results.row;

import java.util.Locale;

/**
 * The resource a scenario's throughput was bound by, as named in the {@code bottleneck} column.
 *
 * <p>The value is a heuristic label derived by {@link
 * dev.vtbench.engine.results.derived.DerivedMetrics#bottleneck}, {@link
 * dev.vtbench.engine.results.derived.Neighbour#label} and {@link
 * dev.vtbench.engine.results.derived.Throttling#label}, not a measurement; see there for the rules.
 */
public enum Bottleneck {
  /** Platform mode: every Tomcat worker thread was busy, so requests queued for a thread. */
  TOMCAT_THREADS("tomcat-threads"),
  /** Held mode: every Hikari connection was checked out across the downstream call. */
  HIKARI_POOL("hikari-pool"),
  /** {@link #HIKARI_POOL}'s rule on the reactive SUT, whose pool is r2dbc-pool's. */
  R2DBC_POOL("r2dbc-pool"),
  /**
   * {@link #SUT_CPU}'s rule on the reactive SUT: every request runs on the event loop, one thread
   * per core, so a SUT out of CPU is an event loop with no idle thread.
   */
  EVENT_LOOP("event-loop"),
  /**
   * The SUT's CPU limit held it back (CFS throttling) in at least {@link
   * dev.vtbench.engine.results.derived.Throttling#THRESHOLD_PCT} % of the hold's periods: the root
   * cause of what would otherwise read as {@link #SUT_CPU} or {@link #UNKNOWN}. Such a row is left
   * out of verdicts ({@link dev.vtbench.engine.results.verdict.VerdictRows}).
   */
  SUT_THROTTLED("sut-throttled"),
  /**
   * Something else ran on the SUT's own cores: their busy time exceeded the SUT's CPU by at least
   * {@link dev.vtbench.engine.results.derived.Neighbour#MARGIN_PCT} points per core, time taken
   * from the SUT's threads that no SUT column shows. The root cause before every label but {@link
   * #LOAD_GENERATOR}; such a row is left out of verdicts ({@link
   * dev.vtbench.engine.results.verdict.VerdictRows}).
   */
  SUT_CORE_SHARED("sut-core-shared"),
  /**
   * The downstream stub's CPU limit held it back in at least {@link
   * dev.vtbench.engine.results.derived.Throttling#THRESHOLD_PCT} % of the hold's periods,
   * stretching the delay every bound is computed from.
   */
  STUB_THROTTLED("stub-throttled"),
  /**
   * PostgreSQL's CPU limit held it back in at least {@link
   * dev.vtbench.engine.results.derived.Throttling#THRESHOLD_PCT} % of the hold's periods: every
   * query waited out the rest of a period now and then, whatever its CPU column says (a fractional
   * limit such as 100m is spent in a burst).
   */
  DATABASE_THROTTLED("database-throttled"),
  /** The SUT used (nearly) all the CPUs it was given. */
  SUT_CPU("sut-cpu"),
  /** The load generator used (nearly) all its CPUs, so the numbers describe k6, not the SUT. */
  LOAD_GENERATOR("load-generator"),
  /** PostgreSQL used (nearly) all the CPUs it was given. */
  DATABASE_CPU("database-cpu"),
  /**
   * No server-side limit bound: the offered concurrency (VUs) was the smallest limit and the SUT
   * kept up with it. More VUs would have produced more throughput.
   */
  NONE("none"),
  /**
   * Throughput fell well short of every modelled bound and no tier was CPU-saturated: something
   * this model does not know about bound (an overload cliff, errors, GC, lock contention, …).
   */
  UNKNOWN("unknown");

  private final String csvName;

  Bottleneck(String csvName) {
    this.csvName = csvName;
  }

  /**
   * This label as it reads for a row of {@code threadMode}: on the reactive SUT the pool is
   * r2dbc-pool's ({@link #R2DBC_POOL}) and the CPU its event loop's ({@link #EVENT_LOOP}); every
   * other label, and every label of the servlet SUT, stays.
   */
  public Bottleneck onStackOf(String threadMode) {
    if (!ResultRow.REACTIVE.equals(threadMode)) {
      return this;
    }
    return switch (this) {
      case HIKARI_POOL -> R2DBC_POOL;
      case SUT_CPU -> EVENT_LOOP;
      default -> this;
    };
  }

  /** The value written to the CSV, e.g. {@code tomcat-threads}. */
  public String csvName() {
    return csvName;
  }

  @Override
  public String toString() {
    return csvName;
  }

  /**
   * Parses a CSV value; accepts the CSV name or the enum constant name, in any case.
   *
   * @throws IllegalArgumentException for anything else
   */
  public static Bottleneck fromCsv(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    for (Bottleneck b : values()) {
      if (b.csvName.equals(v)) {
        return b;
      }
    }
    throw new IllegalArgumentException("unknown bottleneck '" + value + "'");
  }
}
