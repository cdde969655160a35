package dev.vtbench.engine.plan;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Expands the matrix into ordered scenarios.
 *
 * <p>Order, outermost first: repetition, thread mode, pool size, concurrency. A thread mode needs a
 * new JVM; a pool size does not (the SUT resizes its pool live, {@link SutConfig#restartKey()}), so
 * a pool sweep pays one JVM start and one warm-up per thread mode and repetition, not one per pool.
 * Fairness, since the JVM's age is not neutral:
 *
 * <ul>
 *   <li>each repetition starts with the thread mode the previous one ended with (no restart between
 *       them), so the modes take turns being the first of a repetition;
 *   <li>pool sizes run ascending in one mode block and descending in the next, so no pool size is
 *       always the first after a JVM start;
 *   <li>concurrency levels run ascending in the first repetition and rotated by one more place in
 *       each following one (50, 100, 200; then 100, 200, 50; then 200, 50, 100), so no level always
 *       runs first on a freshly started, youngest JVM.
 * </ul>
 */
public final class Planner {

  private Planner() {}

  public static List<Scenario> plan(BenchmarkRunSpec spec) {
    BenchmarkRunSpec.Matrix m = spec.matrix;
    List<Integer> ascending = m.concurrency.stream().sorted().toList();
    List<Scenario> out = new ArrayList<>();
    String lastMode = m.threadModes.getFirst();
    Duration stubTimeout = Durations.parse("spec.load.requestTimeout", spec.load.requestTimeout);
    int block = 0;
    for (int rep = 1; rep <= m.repetitions; rep++) {
      List<Integer> levels = new ArrayList<>(ascending);
      Collections.rotate(levels, -((rep - 1) % levels.size()));
      List<String> modes =
          m.threadModes.getFirst().equals(lastMode) ? m.threadModes : m.threadModes.reversed();
      lastMode = modes.getLast();
      for (String mode : modes) {
        List<Integer> pools = block++ % 2 == 0 ? m.hikariPoolSizes : m.hikariPoolSizes.reversed();
        for (int pool : pools) {
          SutConfig sut =
              new SutConfig(
                  mode,
                  pool,
                  spec.workload.connectionMode,
                  spec.workload.pathMode,
                  spec.sut.tomcatMaxThreads,
                  stubTimeout,
                  spec.sut.service == null ? spec.sut.env : spec.sut.service.env,
                  ServiceEnv.of(spec.sut.service));
          for (int c : levels) {
            String id = "r" + rep + "-" + mode + "-pool" + pool + "-c" + c;
            out.add(new Scenario(out.size(), id, rep, c, sut));
          }
        }
      }
    }
    return out;
  }

  /**
   * How many times the SUT must (re)start to run {@code scenarios} in order, where the pool is
   * resized live.
   */
  public static int sutStarts(List<Scenario> scenarios) {
    int starts = 0;
    String current = null;
    for (Scenario s : scenarios) {
      if (!s.sut().restartKey().equals(current)) {
        starts++;
        current = s.sut().restartKey();
      }
    }
    return starts;
  }
}
