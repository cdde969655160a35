package dev.vtbench.operator.reconciler;

import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecValidation;
import dev.vtbench.engine.run.LoadSize;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.resources.StubTier;
import dev.vtbench.operator.resources.SutTier;
import java.util.ArrayList;
import java.util.List;

/**
 * The operator's own check of a BenchmarkRun before it starts: {@link SpecValidation#cluster} (the
 * CRD's own schema and CEL rules, run again on the spec with its defaults filled in, which the API
 * server never sees) and the size of the loads' ConfigMaps ({@link LoadSize}).
 */
public final class BenchmarkRunValidation {

  private BenchmarkRunValidation() {}

  /** Every problem, one sentence each; empty when the run may start. */
  public static List<String> problems(BenchmarkRunResource run) {
    if (run.unreadableSpec() != null) {
      return List.of(
          run.unreadableSpec()
              + " (the stored object cannot be read; delete the run and create it again with a"
              + " valid spec)");
    }
    BenchmarkRun view = new BenchmarkRun();
    view.metadata.name = run.getMetadata().getName();
    view.metadata.namespace = run.getMetadata().getNamespace();
    view.spec = run.getSpec();
    List<String> problems = new ArrayList<>(SpecValidation.cluster(view));
    if (problems.isEmpty()) {
      // What no schema can compute: the loads' ConfigMaps as the operator will render them.
      LoadSize.problem(run.getSpec(), SutTier.url(run), StubTier.url(run)).ifPresent(problems::add);
    }
    return problems;
  }
}
