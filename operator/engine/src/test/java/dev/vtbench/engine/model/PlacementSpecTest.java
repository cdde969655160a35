package dev.vtbench.engine.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.model.rules.PlacementRules;
import dev.vtbench.engine.model.rules.PlatformRules;
import org.junit.jupiter.api.Test;

/**
 * {@code spec.sut.dedicatedNode}: the local validator refuses it without the SUT's node selector,
 * and refuses a tier whose selector holds every label of the SUT's (it could select only nodes kept
 * for the SUT), as the CRD's rules do ({@code CrdEvaluatorIT} runs the same cases through the API
 * server); and nothing else.
 */
class PlacementSpecTest {

  static BenchmarkRun dedicated() {
    BenchmarkRun run = new BenchmarkRun();
    run.metadata.name = "placed";
    run.spec.sut.dedicatedNode = true;
    run.spec.sut.nodeSelector.put("vtbench.dev/tier", "sut");
    return run;
  }

  @Test
  void itNeedsTheSutsNodeSelector() {
    BenchmarkRun run = dedicated();
    run.spec.sut.nodeSelector.clear();
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally))
        .containsExactly("spec.sut.dedicatedNode: " + PlacementRules.NEEDS_SELECTOR_MESSAGE);
  }

  @Test
  void everyTierSelectingOnlyTheSutsNodesIsRefusedByName() {
    BenchmarkRun run = dedicated();
    run.spec.stub.nodeSelector.put("vtbench.dev/tier", "sut");
    run.spec.database.nodeSelector.put("vtbench.dev/tier", "sut");
    run.spec.database.nodeSelector.put("disk", "ssd");
    run.spec.load.nodeSelector.put("vtbench.dev/tier", "sut");
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally))
        .containsExactly(
            "spec.stub.nodeSelector: " + PlacementRules.SUT_NODES_MESSAGE,
            "spec.database.nodeSelector: " + PlacementRules.SUT_NODES_MESSAGE,
            "spec.load.nodeSelector: " + PlacementRules.SUT_NODES_MESSAGE);
  }

  @Test
  void tiersThatMayReachOtherNodesAndAnUnsharedSutAreAccepted() {
    BenchmarkRun run = dedicated();
    run.spec.sut.nodeSelector.put("disk", "ssd");
    run.spec.stub.nodeSelector.put("vtbench.dev/tier", "load");
    run.spec.database.nodeSelector.put("disk", "ssd"); // a node with disk=ssd but no tier=sut
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally)).isEmpty();

    BenchmarkRun shared = dedicated();
    shared.spec.sut.dedicatedNode = false;
    shared.spec.stub.nodeSelector.put("vtbench.dev/tier", "sut");
    assertThat(SpecValidation.crd(shared, PlatformRules::appliesLocally)).isEmpty();
  }

  /** The user's own database has no node vtbench places: its node selector does not apply. */
  @Test
  void anExternalDatabasesSelectorIsNotChecked() {
    BenchmarkRun run = ExternalDatabaseSpecTest.valid();
    run.spec.sut.dedicatedNode = true;
    run.spec.sut.nodeSelector.put("vtbench.dev/tier", "sut");
    run.spec.database.nodeSelector.put("vtbench.dev/tier", "sut");
    assertThat(SpecValidation.crd(run, PlatformRules::appliesLocally)).isEmpty();
  }

  @Test
  void offByDefault() {
    assertThat(new BenchmarkRunSpec().sut.dedicatedNode).isFalse();
  }
}
