package dev.vtbench.engine.run;

import dev.vtbench.engine.k6.MixedRequest;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.results.row.ResultRow;
import dev.vtbench.engine.steady.SteadyState;
import dev.vtbench.engine.workload.Endpoint;
import java.time.Duration;
import java.util.List;

/**
 * What the run's requests ask of the SUT: vtbench's endpoint, looked up in the {@link Endpoint}
 * registry, or a user's request mix or own k6 module sent to their own service ({@code
 * spec.sut.service}).
 */
public final class Workloads {

  private Workloads() {}

  static boolean ownService(BenchmarkRunSpec spec) {
    return spec.sut.service != null;
  }

  /**
   * The path and query, with {@code {id}} where k6 puts a random id, each request computing {@code
   * cpuUs} microseconds of CPU besides its own work ({@code spec.matrix.cpuPerRequest}); empty for
   * a user's service, whose requests carry their own paths ({@link #requests}).
   */
  public static String path(BenchmarkRunSpec spec, long cpuUs) {
    return ownService(spec) ? "" : Endpoint.of(spec).path(spec, cpuUs);
  }

  /** Largest id {@link #path} may be given (1, unused, for a user's service). */
  public static long idMax(BenchmarkRunSpec spec) {
    return ownService(spec) ? 1 : Endpoint.of(spec).idMax(spec);
  }

  /** A user's request mix; empty for vtbench's SUT. */
  public static List<MixedRequest> requests(BenchmarkRunSpec spec) {
    return ownService(spec) ? MixedRequest.of(spec.workload.requests) : List.of();
  }

  /**
   * Whether each iteration is the user's own k6 module ({@code spec.workload.script}) instead of
   * one request.
   */
  public static boolean userScript(BenchmarkRunSpec spec) {
    return ownService(spec) && spec.workload.script != null;
  }

  /**
   * The blocking time every request waits at least: the denominator of Little's law. Zero (no
   * bound, the Little's-law columns stay empty) for a user's service: vtbench does not know which
   * of its requests wait for the stub, or for what else (measured on examples/byo-orders, whose
   * list pages and 404s never call it, platform threads passed the stub-delay bound by 9 %).
   */
  public static Duration serviceFloor(BenchmarkRunSpec spec) {
    return ownService(spec) ? Duration.ZERO : Endpoint.of(spec).serviceFloor(spec);
  }

  /**
   * The length of the SUT's load windows ({@link SteadyState#window}): long enough to count several
   * of the slowest requests' completions; {@link SteadyState#WINDOW} for a user's service.
   */
  public static Duration window(BenchmarkRunSpec spec) {
    return SteadyState.window(serviceFloor(spec));
  }

  /**
   * Whether requests wait on the downstream stub, so that {@code spec.workload.stubDelay} applies.
   */
  public static boolean callsStub(BenchmarkRunSpec spec) {
    return ownService(spec) ? spec.sut.service.usesStub() : Endpoint.of(spec).callsStub();
  }

  /** The workload column: the endpoint's name, or {@value ResultRow#OWN_SERVICE_WORKLOAD}. */
  public static String name(BenchmarkRunSpec spec) {
    return ownService(spec) ? ResultRow.OWN_SERVICE_WORKLOAD : spec.workload.endpoint;
  }
}
