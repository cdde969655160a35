package dev.vtbench.engine.model;

import dev.vtbench.engine.model.rules.PlatformRules;
import dev.vtbench.engine.model.spec.BuildSpec;
import dev.vtbench.engine.model.spec.ScriptSpec;
import dev.vtbench.engine.model.spec.ServiceSpec;
import dev.vtbench.engine.model.thresholds.BaselineSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * What a local run ({@code vtbench run}) reads from the machine instead of a cluster's ConfigMaps
 * and images: the baseline from a file, a user's service from a jar or a command, its k6 module
 * from a file. The CRD's rules for the cluster's side are {@link PlatformRules}; a local run leaves
 * those out and checks these.
 */
final class LocalInputs {

  private LocalInputs() {}

  /** Every missing local input of {@code s}, one sentence each naming the field. */
  static List<String> problems(BenchmarkRunSpec s) {
    List<String> problems = new ArrayList<>();
    BaselineSpec b = s.thresholds == null ? null : s.thresholds.baseline;
    if (b != null && (b.configMapRef != null || b.file == null || b.file.isBlank())) {
      problems.add(
          "spec.thresholds.baseline: set file to the path of the baseline matrix.csv; configMapRef"
              + " is only for runs in a cluster");
    }
    ServiceSpec v = s.sut == null ? null : s.sut.service;
    if (v == null) {
      return problems;
    }
    ScriptSpec script = s.workload == null ? null : s.workload.script;
    if (script != null && (script.file == null || script.file.isBlank())) {
      problems.add(
          "spec.workload.script: set file to your k6 module for a local run (configMap is for"
              + " Kubernetes)");
    }
    List<BuildSpec> builds = s.matrix == null ? null : s.matrix.builds;
    boolean serviceStarts = v.jar != null || (v.command != null && !v.command.isEmpty());
    boolean everyBuildStarts =
        builds != null
            && !builds.isEmpty()
            && builds.stream()
                .allMatch(
                    x ->
                        x != null
                            && (x.jar != null || (x.command != null && !x.command.isEmpty())));
    if (!serviceStarts && !everyBuildStarts) {
      problems.add(
          "spec.sut.service: set jar or command for a local run, or one in every"
              + " spec.matrix.builds entry (image is for Kubernetes)");
    }
    return problems;
  }
}
