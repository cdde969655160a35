package dev.vtbench.engine.model.rules;

/**
 * The validation rules of {@code spec.sut.dedicatedNode}: constants the CRD's CEL rules are built
 * from, which {@link dev.vtbench.engine.model.SpecValidation} applies. The nodes {@code
 * spec.sut.nodeSelector} selects are kept for the SUT, so the option needs that selector, and a
 * tier whose own selector holds every entry of it selects only such nodes: it could never be
 * scheduled. A schema cannot count a cluster's nodes; everything else is the scheduler's to say.
 */
public final class PlacementRules {

  private PlacementRules() {}

  /**
   * The node label the SUT's pod anti-affinity is per (its {@code topologyKey}): the kubelet sets
   * it to the node's hostname, so each value is one node.
   */
  public static final String HOSTNAME_LABEL = "kubernetes.io/hostname";

  public static final String NEEDS_SELECTOR_RULE =
      "!has(self.dedicatedNode) || !self.dedicatedNode"
          + " || (has(self.nodeSelector) && size(self.nodeSelector) > 0)";
  public static final String NEEDS_SELECTOR_MESSAGE =
      "spec.sut.dedicatedNode needs spec.sut.nodeSelector: the nodes it selects are kept for the"
          + " SUT, and without it the database and the stub, scheduled first, could take every node"
          + " the SUT might have; label a node for the SUT, e.g. vtbench.dev/tier=sut";

  private static final String DEDICATED =
      "has(self.sut) && has(self.sut.dedicatedNode) && self.sut.dedicatedNode"
          + " && has(self.sut.nodeSelector) && size(self.sut.nodeSelector) > 0";

  // Each tier's selector lacks (or differs in) at least one entry of the SUT's. Annotation values
  // must be constants, so spelled out per tier.
  public static final String STUB_RULE =
      "!("
          + DEDICATED
          + ") || !has(self.stub) || !has(self.stub.nodeSelector)"
          + " || !self.sut.nodeSelector.all(k, k in self.stub.nodeSelector"
          + " && self.stub.nodeSelector[k] == self.sut.nodeSelector[k])";

  /** Only a database vtbench runs has a node: not a disabled one, nor the user's external one. */
  public static final String DATABASE_RULE =
      "!("
          + DEDICATED
          + ") || !has(self.database) || (has(self.database.enabled) && !self.database.enabled)"
          + " || has(self.database.external) || !has(self.database.nodeSelector)"
          + " || !self.sut.nodeSelector.all(k, k in self.database.nodeSelector"
          + " && self.database.nodeSelector[k] == self.sut.nodeSelector[k])";

  public static final String LOAD_RULE =
      "!("
          + DEDICATED
          + ") || !has(self.load) || !has(self.load.nodeSelector)"
          + " || !self.sut.nodeSelector.all(k, k in self.load.nodeSelector"
          + " && self.load.nodeSelector[k] == self.sut.nodeSelector[k])";

  public static final String SUT_NODES_MESSAGE =
      "selects only nodes spec.sut.nodeSelector selects too (it holds every label of it), which"
          + " spec.sut.dedicatedNode keeps for the SUT alone: this tier could never be scheduled;"
          + " select nodes without the SUT's label, or set spec.sut.dedicatedNode false";
}
