package dev.vtbench.engine.workload;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.model.spec.SeedSpec;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Every SUT endpoint a run can measure, in one place: the name {@code spec.workload.endpoint}
 * takes, the URL k6 requests, the id range its {@code {id}} draws from, and the spec duration each
 * request blocks for. The SUT serves each path (the SUT's {@code ExperimentsIT} requests them all);
 * the CRD's CEL list is {@code SpecRules.ENDPOINTS}, kept equal to this enum (and its message) by
 * {@code EndpointTest}.
 */
public enum Endpoint {
  ORDER_SUMMARY(
      "order-summary", "/api/order-summary/{id}?delayMs={ms}", IdRange.ORDERS, Blocks.STUB_DELAY),
  DOWNSTREAM("downstream", "/api/downstream?delayMs={ms}", IdRange.ORDERS, Blocks.STUB_DELAY),
  DB_SLEEP("db-sleep", "/api/db-sleep?ms={ms}", IdRange.ORDERS, Blocks.BLOCK_FOR),
  SLEEP("sleep", "/api/sleep?ms={ms}", IdRange.ORDERS, Blocks.BLOCK_FOR),
  // Seeded as name = 'name' || (id % 500), surname = 'surname' || (id / 500): name42 with
  // surname{id} is one existing customer for every id IdRange.SURNAMES allows.
  USERS(
      "users",
      "/api/users?name=name42&surname=surname{id}&delayMs={ms}",
      IdRange.SURNAMES,
      Blocks.STUB_DELAY);

  /** Where k6 puts a random id in [1, {@link #idMax}]. */
  public static final String ID = "{id}";

  private static final String MS = "{ms}";

  private final String specName;
  private final String template;
  private final IdRange ids;
  private final Blocks blocks;

  Endpoint(String specName, String template, IdRange ids, Blocks blocks) {
    this.specName = specName;
    this.template = template;
    this.ids = ids;
    this.blocks = blocks;
  }

  /** The value of {@code spec.workload.endpoint} that selects this endpoint. */
  public String specName() {
    return specName;
  }

  /** The path and query template: {@value #ID} for the id, {@code {ms}} for the blocking time. */
  public String template() {
    return template;
  }

  /** The path without the query, as the SUT's controller maps it. */
  public String route() {
    int q = template.indexOf('?');
    return q < 0 ? template : template.substring(0, q);
  }

  /** The spec names, in declaration order. */
  public static List<String> specNames() {
    return Arrays.stream(values()).map(Endpoint::specName).toList();
  }

  /** The endpoint {@code spec.workload.endpoint} names. */
  public static Endpoint of(BenchmarkRunSpec spec) {
    for (Endpoint e : values()) {
      if (e.specName.equals(spec.workload.endpoint)) {
        return e;
      }
    }
    throw new IllegalArgumentException(
        "spec.workload.endpoint: unknown '" + spec.workload.endpoint + "'");
  }

  /**
   * The path and query for {@code spec}, with {@value #ID} left for k6, asking each request to
   * compute {@code cpuUs} microseconds of CPU besides its own work (the SUT's {@value #CPU_PARAM},
   * left out for 0).
   */
  public String path(BenchmarkRunSpec spec, long cpuUs) {
    String path = template.replace(MS, Long.toString(serviceFloor(spec).toMillis()));
    return cpuUs > 0 ? path + "&" + CPU_PARAM + "=" + cpuUs : path;
  }

  /** The SUT's query parameter for CPU per request (its {@code CpuWork.PARAM}). */
  public static final String CPU_PARAM = "cpuUs";

  /** Largest id {@link #path} may be given for the data set {@code spec} seeds. */
  public long idMax(BenchmarkRunSpec spec) {
    return ids.max.applyAsLong(spec.database.seed);
  }

  /** The blocking time every request waits at least: the denominator of Little's law. */
  public Duration serviceFloor(BenchmarkRunSpec spec) {
    return switch (blocks) {
      case STUB_DELAY -> Durations.parse("spec.workload.stubDelay", spec.workload.stubDelay);
      case BLOCK_FOR -> Durations.parse("spec.workload.blockFor", spec.workload.blockFor);
    };
  }

  /**
   * Whether a request waits on the downstream stub, so that {@code spec.workload.stubDelay}
   * applies.
   */
  public boolean callsStub() {
    return blocks == Blocks.STUB_DELAY;
  }

  /** Which seeded rows an id names. */
  private enum IdRange {
    /** Order ids: 1 to the number of orders seeded. */
    ORDERS(seed -> seed.orders),
    /** Surname numbers that have a customer called name42. */
    SURNAMES(seed -> Math.max(1, (seed.customers - 42) / 500));

    final ToLongFunction<SeedSpec> max;

    IdRange(ToLongFunction<SeedSpec> max) {
      this.max = max;
    }
  }

  /** The spec field holding the time a request blocks for: the stub's delay or its own wait. */
  private enum Blocks {
    STUB_DELAY,
    BLOCK_FOR
  }
}
