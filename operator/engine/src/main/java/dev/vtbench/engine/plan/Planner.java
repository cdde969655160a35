package dev.vtbench.engine.plan;

import dev.vtbench.engine.model.BenchmarkRunSpec;
import dev.vtbench.engine.model.rules.CpuWorkRules;
import dev.vtbench.engine.model.rules.Durations;
import dev.vtbench.engine.model.spec.BuildSpec;
import dev.vtbench.engine.model.spec.MatrixSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Expands the matrix into ordered scenarios.
 *
 * <p>Order, outermost first: repetition, thread mode, JVM options ({@code spec.matrix.jvmOptions}),
 * build ({@code spec.matrix.builds}), pool size, concurrency, CPU per request ({@code
 * spec.matrix.cpuPerRequest}). A thread mode, a value of the JVM options or a build needs a new
 * JVM; a pool size does not (the SUT resizes its pool live, {@link SutConfig#restartKey()}), so a
 * pool sweep pays one JVM start and one warm-up per thread mode and repetition, not one per pool.
 * Fairness, since the JVM's age is not neutral:
 *
 * <ul>
 *   <li>each repetition starts with the JVM (thread mode, JVM options and build) the previous one
 *       ended with (no restart between them), so the JVMs take turns being the first of a
 *       repetition;
 *   <li>the builds of one thread mode and JVM options value run back to back, and so do the JVM
 *       options' values of one thread mode, so the JVMs a comparison sets side by side are measured
 *       close together in time;
 *   <li>pool sizes run ascending in one mode block and descending in the next, so no pool size is
 *       always the first after a JVM start;
 *   <li>concurrency levels run ascending in the first repetition and rotated by one more place in
 *       each following one (50, 100, 200; then 100, 200, 50; then 200, 50, 100), so no level always
 *       runs first on a freshly started, youngest JVM; so do the CPU amounts per request, in the
 *       spec's order, which need no restart either (a request parameter).
 * </ul>
 */
public final class Planner {

  private Planner() {}

  public static List<Scenario> plan(BenchmarkRunSpec spec) {
    MatrixSpec m = spec.matrix;
    List<Integer> ascending = m.concurrency.stream().sorted().toList();
    List<Scenario> out = new ArrayList<>();
    List<String> options = jvmOptions(spec);
    List<String> builds = builds(spec);
    List<Long> cpuSteps = CpuWorkRules.steps(m.cpuPerRequest);
    // One JVM per thread mode, JVM options and build, a block; with one value of the options and
    // one build, the blocks are the thread modes, and the plan and its ids are the ones before
    // those axes existed.
    List<Jvm> jvms = new ArrayList<>();
    for (String mode : m.threadModes) {
      for (int i = 0; i < options.size(); i++) {
        for (String build : builds) {
          jvms.add(new Jvm(mode, i, build));
        }
      }
    }
    Jvm last = jvms.getFirst();
    Duration stubTimeout = Durations.parse("spec.load.requestTimeout", spec.load.requestTimeout);
    int block = 0;
    for (int rep = 1; rep <= m.repetitions; rep++) {
      List<Integer> levels = new ArrayList<>(ascending);
      Collections.rotate(levels, -((rep - 1) % levels.size()));
      List<Long> cpus = new ArrayList<>(cpuSteps);
      Collections.rotate(cpus, -((rep - 1) % cpus.size()));
      List<Jvm> order = jvms.getFirst().equals(last) ? jvms : jvms.reversed();
      last = order.getLast();
      for (Jvm jvm : order) {
        List<Integer> pools = block++ % 2 == 0 ? m.hikariPoolSizes : m.hikariPoolSizes.reversed();
        for (int pool : pools) {
          SutConfig sut =
              new SutConfig(
                  jvm.mode(),
                  pool,
                  spec.workload.connectionMode,
                  spec.workload.pathMode,
                  spec.sut.tomcatMaxThreads,
                  stubTimeout,
                  spec.sut.service == null ? spec.sut.env : spec.sut.service.env,
                  ServiceEnv.of(spec.sut.service),
                  options.get(jvm.options()),
                  jvm.build());
          String axis =
              (options.size() > 1 ? "-" + JVM_ID + (jvm.options() + 1) : "")
                  + (builds.size() > 1 ? "-" + jvm.build() : "");
          for (int c : levels) {
            for (long cpu : cpus) {
              String id =
                  "r"
                      + rep
                      + axis
                      + "-"
                      + jvm.mode()
                      + "-pool"
                      + pool
                      + "-c"
                      + c
                      + (m.cpuPerRequest == null ? "" : "-" + CPU_ID + cpu + "us");
              out.add(new Scenario(out.size(), id, rep, c, cpu, sut));
            }
          }
        }
      }
    }
    return out;
  }

  /**
   * In a scenario id, before the 1-based position of the JVM options' value in the spec, e.g.
   * {@code r1-jvm2-virtual-pool50-c100}; only in specs with more than one value, so the ids of
   * every other spec (resumed runs, committed results) stay as they were. A position, not the
   * options themselves: ids are label values and file names.
   */
  public static final String JVM_ID = "jvm";

  /**
   * In a scenario id, before the microseconds of CPU per request, e.g. {@code
   * r1-virtual-pool50-c200-cpu1500us}; only in specs with spec.matrix.cpuPerRequest, so every other
   * spec's ids stay as they were.
   */
  public static final String CPU_ID = "cpu";

  /**
   * One JVM of a repetition: a thread mode, the index of a JVM options value and a build's name
   * (empty without builds).
   */
  private record Jvm(String mode, int options, String build) {}

  /** The spec's JVM options values; a spec without the list has one, empty. */
  static List<String> jvmOptions(BenchmarkRunSpec spec) {
    List<String> o = spec.matrix.jvmOptions;
    return o == null || o.isEmpty() ? List.of("") : o;
  }

  /**
   * The names of the spec's builds ({@code spec.matrix.builds}), in its order; a spec without the
   * list has one, empty: the service itself (or vtbench's SUT). With two or more, each scenario id
   * carries its build's name after the repetition, e.g. {@code r1-boot-3.4-virtual-pool10-c100}: a
   * name is a label-safe word ({@code BuildRules.NAME}), so the id stays a label value, a file name
   * and a k6 tag.
   */
  static List<String> builds(BenchmarkRunSpec spec) {
    List<BuildSpec> b = spec.matrix.builds;
    return b == null || b.isEmpty() ? List.of("") : b.stream().map(x -> x.name).toList();
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
