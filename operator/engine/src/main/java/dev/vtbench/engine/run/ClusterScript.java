package dev.vtbench.engine.run;

import dev.vtbench.engine.k6.K6Image;
import dev.vtbench.engine.k6.K6Plan;
import dev.vtbench.engine.k6.K6Script;
import dev.vtbench.engine.model.BenchmarkRunSpec;
import java.time.Duration;

/**
 * The cluster script of one load of a run: the one choice the operator's loads ({@code LoadStep})
 * and their size check ({@link LoadSize}) share. It lives beside the run's windows ({@link
 * Workloads#window}) so that {@code engine.k6} renders scripts without knowing about runs.
 */
public final class ClusterScript {

  private ClusterScript() {}

  /**
   * {@link K6Script#renderForCluster} for vtbench's SUT (resized to {@code pool}), {@link
   * K6Script#renderForClusterService} for a user's service, each with the spec's load windows and
   * asking k6 for its own figures only when {@code spec.load.image} has the extension ({@link
   * K6Image}).
   */
  public static String render(
      BenchmarkRunSpec spec, K6Plan plan, String sutBaseUrl, String stubBaseUrl, Integer pool) {
    Duration window = Workloads.window(spec);
    boolean reportsItself = K6Image.reportsItself(spec.load.image);
    return spec.sut.service == null
        ? K6Script.renderForCluster(plan, sutBaseUrl, stubBaseUrl, pool, window, reportsItself)
        : K6Script.renderForClusterService(
            plan, spec.sut.service, sutBaseUrl, stubBaseUrl, window, reportsItself);
  }
}
