package dev.vtbench.engine.run;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.Durations;
import java.time.Duration;

/**
 * What each workload asks of the SUT: the URL k6 requests, the id range its {@code {id}} draws
 * from, and the per-request floor of blocking time that Little's law divides by.
 */
public final class Workloads {

  private Workloads() {}

  /** The path and query, with {@code {id}} where k6 puts a random id. */
  public static String path(BenchmarkRunSpec spec) {
    long stubMs = Durations.parse("spec.workload.stubDelay", spec.workload.stubDelay).toMillis();
    long blockMs = Durations.parse("spec.workload.blockFor", spec.workload.blockFor).toMillis();
    return switch (spec.workload.endpoint) {
      case "order-summary" -> "/api/order-summary/{id}?delayMs=" + stubMs;
      case "downstream" -> "/api/downstream?delayMs=" + stubMs;
      case "db-sleep" -> "/api/db-sleep?ms=" + blockMs;
      case "sleep" -> "/api/sleep?ms=" + blockMs;
      // seeded as name = 'name' || (id % 500), surname = 'surname' || (id / 500): name42 with
      // surname{id} is one existing customer for every id the range below allows
      case "users" -> "/api/users?name=name42&surname=surname{id}&delayMs=" + stubMs;
      default ->
          throw new IllegalArgumentException(
              "spec.workload.endpoint: unknown '" + spec.workload.endpoint + "'");
    };
  }

  /** Largest id {@link #path} may be given. */
  public static long idMax(BenchmarkRunSpec spec) {
    return switch (spec.workload.endpoint) {
      case "users" -> Math.max(1, (spec.database.seed.customers - 42) / 500);
      default -> spec.database.seed.orders;
    };
  }

  /** The blocking time every request waits at least: the denominator of Little's law. */
  public static Duration serviceFloor(BenchmarkRunSpec spec) {
    return switch (spec.workload.endpoint) {
      case "db-sleep", "sleep" -> Durations.parse("spec.workload.blockFor", spec.workload.blockFor);
      default -> Durations.parse("spec.workload.stubDelay", spec.workload.stubDelay);
    };
  }
}
