package dev.vtbench.operator.reconciler;

import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecValidator;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.reconciler.Conditions.Reason;
import dev.vtbench.operator.resources.ResourceNames;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a run can start at all: a valid spec (what the CRD's schema and CEL rules cannot say) and
 * the operators it needs installed. Checked before anything is observed or created.
 */
final class Admission {

  private Admission() {}

  static Step.Result check(BenchmarkRunResource run, Capabilities capabilities) {
    List<String> problems = validate(run);
    if (!problems.isEmpty()) {
      return Step.Result.fail(Reason.InvalidSpec, "invalid spec: " + String.join("; ", problems));
    }
    if (!capabilities.cnpg()) {
      return Step.Result.fail(
          Reason.CloudNativePGMissing,
          "CloudNativePG is not installed (no postgresql.cnpg.io/v1 Cluster API): install"
              + " CloudNativePG 1.27, then restart the vtbench operator");
    }
    if (capabilities.runner(run.getSpec().load.runner) == null) {
      return Step.Result.fail(
          Reason.K6OperatorMissing,
          "spec.load.runner is testrun but k6-operator is not installed (no k6.io/v1alpha1"
              + " TestRun API): install k6-operator, or set spec.load.runner to auto or job");
    }
    return Step.Result.next();
  }

  /** The engine's own checks, for what the CRD's schema and CEL rules cannot say. */
  static List<String> validate(BenchmarkRunResource run) {
    BenchmarkRun view = new BenchmarkRun();
    view.metadata.name = run.getMetadata().getName();
    view.metadata.namespace = run.getMetadata().getNamespace();
    view.spec = run.getSpec();
    List<String> problems = new ArrayList<>(SpecValidator.validate(view));
    problems.addAll(SpecValidator.baselineSource(run.getSpec(), true));
    if (view.metadata.name != null && view.metadata.name.length() > ResourceNames.MAX_RUN_NAME) {
      problems.add(
          "metadata.name: at most "
              + ResourceNames.MAX_RUN_NAME
              + " characters, so the names derived from it fit Kubernetes' limits");
    }
    return problems;
  }
}
