package dev.vtbench.operator.reconciler;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.reconciler.observation.Capabilities;
import dev.vtbench.operator.reconciler.status.Conditions.Reason;
import dev.vtbench.operator.reconciler.steps.Step;
import java.util.List;

/**
 * Whether a run can start at all: a valid spec (what the CRD's schema and CEL rules cannot say) and
 * the operators it needs installed. Checked before anything is observed or created.
 */
final class Admission {

  private Admission() {}

  static Step.Result check(BenchmarkRunResource run, Capabilities capabilities) {
    List<String> problems = BenchmarkRunValidation.problems(run);
    if (!problems.isEmpty()) {
      return Step.Result.fail(Reason.InvalidSpec, "invalid spec: " + String.join("; ", problems));
    }
    if (!capabilities.cnpg()) {
      return Step.Result.fail(
          Reason.CloudNativePGMissing,
          "CloudNativePG is not installed (no postgresql.cnpg.io/v1 Cluster API): install"
              + " CloudNativePG 1.27, then restart the vtbench operator");
    }
    if (capabilities.runner(run.getSpec().load).isEmpty()) {
      return Step.Result.fail(
          Reason.K6OperatorMissing,
          "spec.load.runner is testrun but k6-operator is not installed (no k6.io/v1alpha1"
              + " TestRun API): install k6-operator, or set spec.load.runner to auto or job");
    }
    return Step.Result.next();
  }
}
