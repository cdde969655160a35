package dev.vtbench.engine.model;

import java.util.Map;

/**
 * {@link SpecValidator}'s checks of {@code spec.sut.dedicatedNode}, with the {@link PlacementRules}
 * the CRD is built from: it needs the SUT's node selector, and no other tier may select only the
 * nodes that selector keeps for the SUT.
 */
final class PlacementChecks {

  private PlacementChecks() {}

  static void check(BenchmarkRunSpec s, FieldChecks check) {
    if (s.sut == null || !s.sut.dedicatedNode) {
      return;
    }
    Map<String, String> sut = s.sut.nodeSelector;
    if (sut == null || sut.isEmpty()) {
      check.add("spec.sut.dedicatedNode: " + PlacementRules.NEEDS_SELECTOR_MESSAGE);
      return;
    }
    if (s.stub != null) {
      notOnlySutNodes(check, "spec.stub.nodeSelector", s.stub.nodeSelector, sut);
    }
    if (s.database != null && s.database.provisioned()) {
      notOnlySutNodes(check, "spec.database.nodeSelector", s.database.nodeSelector, sut);
    }
    if (s.load != null) {
      notOnlySutNodes(check, "spec.load.nodeSelector", s.load.nodeSelector, sut);
    }
  }

  private static void notOnlySutNodes(
      FieldChecks check, String field, Map<String, String> tier, Map<String, String> sut) {
    if (tier != null && tier.entrySet().containsAll(sut.entrySet())) {
      check.add(field + ": " + tier + " " + PlacementRules.SUT_NODES_MESSAGE);
    }
  }
}
