package dev.vtbench.engine.run;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.workload.Endpoint;
import java.time.Duration;

/** What the run's endpoint asks of the SUT, looked up in the {@link Endpoint} registry. */
public final class Workloads {

  private Workloads() {}

  /** The path and query, with {@code {id}} where k6 puts a random id. */
  public static String path(BenchmarkRunSpec spec) {
    return Endpoint.of(spec).path(spec);
  }

  /** Largest id {@link #path} may be given. */
  public static long idMax(BenchmarkRunSpec spec) {
    return Endpoint.of(spec).idMax(spec);
  }

  /** The blocking time every request waits at least: the denominator of Little's law. */
  public static Duration serviceFloor(BenchmarkRunSpec spec) {
    return Endpoint.of(spec).serviceFloor(spec);
  }
}
