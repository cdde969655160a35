package dev.vtbench.engine.model.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.crd.CrdValidator;
import dev.vtbench.engine.model.BenchmarkRun;
import dev.vtbench.engine.model.SpecValidation;
import dev.vtbench.engine.model.spec.ConfigMapKey;
import dev.vtbench.engine.model.thresholds.BaselineSpec;
import dev.vtbench.engine.model.thresholds.ThresholdsSpec;
import org.junit.jupiter.api.Test;

/** The cluster-only rules a local run leaves out are rules the shipped CRD really has. */
class PlatformRulesTest {

  @Test
  void everyClusterOnlyRuleIsInTheCrdAndNoOtherRuleIsLeftOutLocally() {
    var crdRules = CrdValidator.benchmarkRun().ruleExpressions();
    assertThat(crdRules).containsAll(PlatformRules.CLUSTER_ONLY);
    assertThat(crdRules.stream().filter(r -> !PlatformRules.appliesLocally(r)))
        .containsExactlyInAnyOrderElementsOf(PlatformRules.CLUSTER_ONLY);
  }

  @Test
  void aLocalRunTakesItsInputsFromFilesAClusterFromConfigMapsAndImages() {
    BenchmarkRun run = new BenchmarkRun();
    run.metadata.name = "base";
    run.spec.thresholds = new ThresholdsSpec();
    run.spec.thresholds.baseline = new BaselineSpec();
    run.spec.thresholds.baseline.file = "results/hero/matrix.csv";
    assertThat(SpecValidation.local(run)).isEmpty();
    assertThat(SpecValidation.cluster(run))
        .containsExactly("spec.thresholds.baseline: " + PlatformRules.BASELINE_CONFIG_MAP_MESSAGE);
    run.spec.thresholds.baseline.file = null;
    run.spec.thresholds.baseline.configMapRef = new ConfigMapKey();
    run.spec.thresholds.baseline.configMapRef.name = "last-release";
    assertThat(SpecValidation.cluster(run)).isEmpty();
    assertThat(SpecValidation.local(run))
        .singleElement()
        .asString()
        .startsWith("spec.thresholds.baseline: set file to the path of the baseline matrix.csv");
  }
}
