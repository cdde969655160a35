package dev.vtbench.operator.load;

import dev.vtbench.engine.model.spec.LoadSpec;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Optional;

/**
 * How k6 runs on the cluster: a k6-operator TestRun or a plain Job. Chosen once per pass from
 * spec.load.runner ({@link #choose}); everything that differs by kind asks the kind.
 */
public enum RunnerKind {
  TESTRUN("testrun"),
  JOB("job");

  private final String label;

  RunnerKind(String label) {
    this.label = label;
  }

  /** What this kind does: its objects, stages, stall and lost-runner handling. */
  public LoadKind load() {
    return switch (this) {
      case TESTRUN -> TestRunLoad.INSTANCE;
      case JOB -> JobLoad.INSTANCE;
    };
  }

  /** The kind of an existing load object: a Job, or a k6-operator TestRun. */
  public static RunnerKind of(HasMetadata load) {
    return "Job".equals(load.getKind()) ? JOB : TESTRUN;
  }

  /** As the spec and status.runner spell it: testrun or job. */
  public String label() {
    return label;
  }

  /**
   * The kind for spec.load.runner {@code load.runner}, or empty when it cannot run here (testrun
   * without k6-operator). {@code auto} is the staged Job for one runner (one Job per SUT
   * configuration: shorter gaps between scenarios, and no k6-operator start to stall, as
   * docs/cluster-results.md "Stages" measures) and TestRuns for several, which k6-operator's
   * starter starts together; without k6-operator, an Indexed Job.
   */
  public static Optional<RunnerKind> choose(LoadSpec load, boolean k6Operator) {
    return switch (load.runner) {
      case "job" -> Optional.of(JOB);
      case "testrun" -> k6Operator ? Optional.of(TESTRUN) : Optional.empty();
      default -> Optional.of(load.parallelism > 1 && k6Operator ? TESTRUN : JOB);
    };
  }
}
