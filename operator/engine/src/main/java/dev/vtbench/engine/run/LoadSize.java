package dev.vtbench.engine.run;

import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.UserModule;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.plan.Scenario;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The size of a cluster run's largest load ConfigMap, computed before anything starts: vtbench's
 * script for each stage (a user's request mix is part of every one) and the user's k6 module. A
 * ConfigMap holds at most 1 MiB; without this check a large mix fails only when the first staged
 * load is created, after the database was seeded and the SUT warmed.
 */
public final class LoadSize {

  private LoadSize() {}

  /** Kubernetes' limit on a ConfigMap's data (keys and values), in bytes. */
  public static final int CONFIG_MAP_MAX = 1024 * 1024;

  /**
   * Room per stage for what differs between the stages' scripts (the level, the scenario's ids and
   * tags, a few digits each) and for the key; the first scenario's script is rendered exactly.
   */
  static final int STAGE_SLACK = 256;

  /**
   * Most stages one load runs on {@code runner} (as the spec names it: {@code auto} may pick a
   * staged Job) with {@code parallelism} runners: {@link RunCursor#MAX_STAGES} scenarios of one SUT
   * configuration back to back for a Job of one runner, else one.
   */
  static int stages(BenchmarkRunSpec spec, List<Scenario> plan) {
    if ("testrun".equals(spec.load.runner) || spec.load.parallelism > 1) {
      return 1;
    }
    int longest = 0;
    int run = 0;
    for (int i = 0; i < plan.size(); i++) {
      run = i > 0 && plan.get(i).sut().equals(plan.get(i - 1).sut()) ? run + 1 : 1;
      longest = Math.max(longest, run);
    }
    return Math.min(RunCursor.MAX_STAGES, Math.max(1, longest));
  }

  /**
   * Bytes of the largest load ConfigMap a valid {@code spec} renders on a cluster, without the
   * user's module (read from its ConfigMap when the run starts, at most {@link
   * UserModule#MAX_BYTES}).
   *
   * @param sutUrl the SUT's base URL as the runner sees it
   * @param stubUrl the stub's base URL as the runner sees it
   */
  public static long configMapBytes(BenchmarkRunSpec spec, String sutUrl, String stubUrl) {
    RunCursor cursor = RunCursor.ofRecorded(spec, List.of());
    List<Scenario> plan = cursor.plan();
    Scenario first = plan.getFirst();
    K6Plan k6 = cursor.k6Plan(new RunCursor.Measure(first), sutUrl, spec.load.parallelism);
    String script = ClusterScript.render(spec, k6, sutUrl, stubUrl, first.sut().hikariPool());
    long perStage = script.getBytes(StandardCharsets.UTF_8).length + STAGE_SLACK;
    return stages(spec, plan) * perStage;
  }

  /**
   * The problem with {@code spec}'s loads on a cluster, naming the size and the limit; empty when
   * every load's ConfigMap fits.
   */
  public static Optional<String> problem(BenchmarkRunSpec spec, String sutUrl, String stubUrl) {
    long bytes = configMapBytes(spec, sutUrl, stubUrl);
    if (bytes <= CONFIG_MAP_MAX) {
      return Optional.empty();
    }
    return Optional.of(
        (spec.workload.requests == null || spec.workload.requests.isEmpty()
                ? "spec.load"
                : "spec.workload.requests")
            + ": on Kubernetes each load's ConfigMap would hold "
            + bytes
            + " bytes ("
            + stages(spec, RunCursor.ofRecorded(spec, List.of()).plan())
            + " stage scripts, each carrying the request mix), more than a ConfigMap's limit of "
            + CONFIG_MAP_MAX
            + " bytes (1 MiB): shorten the mix (its params' values and bodies), or set"
            + " spec.load.runner: testrun or spec.load.parallelism above 1 (one scenario per load)");
  }
}
