package dev.vtbench.operator.e2e;

import dev.vtbench.operator.e2e.NetworkProbes.Target;
import dev.vtbench.operator.resources.Labels;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.StubTier;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import java.util.Map;

/**
 * What {@code VTBENCH_E2E_BREAK_POLICY=1} breaks on purpose in {@link NetworkPolicyE2E}, so that
 * every refusal check is shown able to fail: a policy that lets anyone into one tier at a time (the
 * SUT, the stub, the database, the operator), and a Service with no pods behind it, which no one
 * reaches, so its refusal cannot be told from down and must fail too.
 */
final class PolicyBreaker {

  static final String ENV = "VTBENCH_E2E_BREAK_POLICY";
  static final String POLICY = "netpol-e2e-lets-anyone-in";
  static final String DOWN = "netpol-e2e-no-pods";

  /** A tier opened to anyone: where its pods are and how they are selected. */
  enum Tier {
    SUT("the SUT opened to anyone"),
    STUB("the stub opened to anyone"),
    DATABASE("the database opened to anyone"),
    OPERATOR("the operator opened to anyone");

    final String round;

    Tier(String round) {
      this.round = round;
    }
  }

  private final E2eContext e2e;
  private final String run;

  PolicyBreaker(E2eContext e2e, String run) {
    this.e2e = e2e;
    this.run = run;
  }

  void open(Tier tier) {
    System.out.println("  " + ENV + "=1: " + tier.round + " on purpose (" + POLICY + ")");
    e2e.k8s
        .network()
        .v1()
        .networkPolicies()
        .inNamespace(namespace(tier))
        .resource(policy(tier))
        .serverSideApply();
  }

  void close(Tier tier) {
    e2e.k8s.network().v1().networkPolicies().inNamespace(namespace(tier)).withName(POLICY).delete();
  }

  /** A Service of the run's namespace that selects no pod: a target that is down. */
  Target down(NetworkProbes probes) {
    System.out.println("  " + ENV + "=1: probing " + DOWN + ", a Service with no pods, on purpose");
    e2e.k8s
        .services()
        .inNamespace(e2e.namespace())
        .resource(
            new ServiceBuilder()
                .withNewMetadata()
                .withName(DOWN)
                .endMetadata()
                .withNewSpec()
                .withSelector(Map.of("vtbench.dev/netpol-e2e", "no-such-pod"))
                .addNewPort()
                .withPort(8080)
                .endPort()
                .endSpec()
                .build())
        .serverSideApply();
    return probes.service("a Service with no pods behind it", e2e.namespace(), DOWN);
  }

  /** Everything this class made, gone: before the run's deletion is checked for orphans. */
  void removeAll() {
    for (Tier t : Tier.values()) {
      close(t);
    }
    e2e.k8s.services().inNamespace(e2e.namespace()).withName(DOWN).delete();
  }

  private String namespace(Tier tier) {
    return tier == Tier.OPERATOR ? e2e.settings.operatorNamespace() : e2e.namespace();
  }

  private NetworkPolicy policy(Tier tier) {
    Map<String, String> pods =
        switch (tier) {
          case SUT -> Map.of(Labels.RUN, run, Labels.COMPONENT, SutTier.COMPONENT);
          case STUB -> Map.of(Labels.RUN, run, Labels.COMPONENT, StubTier.COMPONENT);
          case DATABASE -> Map.of("cnpg.io/cluster", ResourceNames.database(run));
          case OPERATOR -> Map.of("app.kubernetes.io/name", "vtbench");
        };
    return new NetworkPolicyBuilder()
        .withNewMetadata()
        .withName(POLICY)
        .endMetadata()
        .withNewSpec()
        .withNewPodSelector()
        .withMatchLabels(pods)
        .endPodSelector()
        .withIngress(new NetworkPolicyIngressRule())
        .withPolicyTypes("Ingress")
        .endSpec()
        .build();
  }
}
