package dev.vtbench.engine.plan;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Expands the matrix into ordered scenarios.
 *
 * <p>Order, outermost first: repetition, pool size, thread mode, concurrency. The SUT restarts only
 * between blocks whose {@link SutConfig} differs, i.e. when the pool or thread mode changes.
 * Concurrency levels run in ascending order in the first repetition and rotated by one more place
 * in each following one (50, 100, 200; then 100, 200, 50; then 200, 50, 100), so no level always
 * runs first on a freshly started, youngest JVM. Each block starts with the thread mode the
 * previous block ended with, and pools run in reverse every other repetition: the modes take turns
 * going first, so slow drift over the run — thermal, page cache, neighbours — does not favour one
 * of them, and the last block of a repetition shares its config with the first of the next, saving
 * a restart.
 */
public final class Planner {

  private Planner() {}

  public static List<Scenario> plan(BenchmarkRunSpec spec) {
    BenchmarkRunSpec.Matrix m = spec.matrix;
    List<Integer> ascending = m.concurrency.stream().sorted().toList();
    List<Scenario> out = new ArrayList<>();
    String lastMode = m.threadModes.getFirst();
    Duration stubTimeout = Durations.parse("spec.load.requestTimeout", spec.load.requestTimeout);
    for (int rep = 1; rep <= m.repetitions; rep++) {
      List<Integer> pools = rep % 2 == 1 ? m.hikariPoolSizes : m.hikariPoolSizes.reversed();
      List<Integer> levels = new ArrayList<>(ascending);
      java.util.Collections.rotate(levels, -((rep - 1) % levels.size()));
      for (int pool : pools) {
        List<String> modes =
            m.threadModes.getFirst().equals(lastMode) ? m.threadModes : m.threadModes.reversed();
        lastMode = modes.getLast();
        for (String mode : modes) {
          SutConfig sut =
              new SutConfig(
                  "virtual".equals(mode),
                  pool,
                  spec.workload.connectionMode,
                  spec.workload.pathMode,
                  spec.sut.tomcatMaxThreads,
                  stubTimeout,
                  spec.sut.env);
          for (int c : levels) {
            String id = "r" + rep + "-" + mode + "-pool" + pool + "-c" + c;
            out.add(new Scenario(out.size(), id, rep, c, sut));
          }
        }
      }
    }
    return out;
  }

  /** How many times the SUT must (re)start to run {@code scenarios} in order. */
  public static int sutStarts(List<Scenario> scenarios) {
    int starts = 0;
    SutConfig current = null;
    for (Scenario s : scenarios) {
      if (!s.sut().equals(current)) {
        starts++;
        current = s.sut();
      }
    }
    return starts;
  }
}
