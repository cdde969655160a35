package dev.vtbench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.engine.plan.SutConfig;
import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.load.TestLoads;
import dev.vtbench.operator.resources.DatabaseTier;
import dev.vtbench.operator.resources.NetworkPolicyTier;
import dev.vtbench.operator.resources.ResourceNames;
import dev.vtbench.operator.resources.StubTier;
import dev.vtbench.operator.resources.SutTier;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.FieldValidateable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A run's NetworkPolicies against the real API server: accepted with strict field validation, and
 * their selectors, evaluated by the API server's own label selection, pick exactly the pods they
 * mean, labelled the way the operator's builders (and CloudNativePG, from the Cluster's
 * inheritedMetadata) label them: the SUT's policy protects the SUT and lets in this run's load pods
 * only, the stub's lets in this run's SUT and load pods only, the database's this run's SUT, its
 * own instances and CloudNativePG's operator. A second run in the same namespace is never selected.
 */
class NetworkPolicyIT {

  static final KubernetesClient k8s = KubeApi.client();

  @Test
  void thePoliciesAreAcceptedAndSelectExactlyTheRunsPods() {
    String ns = KubeApi.namespace("netpol");
    String cnpgNs = KubeApi.namespace("cnpg-system");
    String spec = OperatorIT.SMALL.formatted("testrun", "0s");
    BenchmarkRunResource run = OperatorIT.create(ns, "np", spec);
    BenchmarkRunResource other = OperatorIT.create(ns, "np-other", spec);
    for (BenchmarkRunResource r : List.of(run, other)) {
      tierPods(r).forEach((name, labels) -> pod(ns, name, labels));
    }
    // CloudNativePG's operator, in its own namespace, as its release manifest labels it.
    pod(cnpgNs, "cnpg-controller-manager", Map.of("app.kubernetes.io/name", "cloudnative-pg"));

    List<NetworkPolicy> policies = NetworkPolicyTier.policies(run);
    assertThat(policies).hasSize(3);
    for (NetworkPolicy p : policies) {
      NetworkPolicy stored =
          k8s.resource(p)
              .fieldValidation(FieldValidateable.Validation.STRICT)
              .fieldManager("vtbench-operator")
              .forceConflicts()
              .serverSideApply();
      assertThat(stored.getSpec()).isEqualTo(p.getSpec());
    }
    Map<String, NetworkPolicy> byName = new HashMap<>();
    policies.forEach(p -> byName.put(p.getMetadata().getName(), p));

    NetworkPolicy sut = byName.get(ResourceNames.sut(run));
    assertThat(selected(ns, sut.getSpec().getPodSelector())).containsExactly("np-sut-pod");
    assertThat(sut.getSpec().getPolicyTypes()).containsExactly("Ingress", "Egress");
    assertThat(podPeers(ns, sut.getSpec().getIngress().stream().flatMap(i -> i.getFrom().stream())))
        .containsExactlyInAnyOrder("np-load-job-pod", "np-load-testrun-pod");
    assertThat(podPeers(ns, sut.getSpec().getEgress().stream().flatMap(e -> e.getTo().stream())))
        .containsExactlyInAnyOrder("np-stub-pod", "np-db-1");

    NetworkPolicy stub = byName.get(ResourceNames.stub(run));
    assertThat(selected(ns, stub.getSpec().getPodSelector())).containsExactly("np-stub-pod");
    assertThat(
            podPeers(ns, stub.getSpec().getIngress().stream().flatMap(i -> i.getFrom().stream())))
        // the load pods read the stub's CPU time around the hold (stub_cpu_pct)
        .containsExactlyInAnyOrder("np-sut-pod", "np-load-job-pod", "np-load-testrun-pod");
    // Egress: DNS only.
    assertThat(stub.getSpec().getEgress())
        .singleElement()
        .satisfies(e -> assertThat(e.getTo()).isEmpty());

    NetworkPolicy db = byName.get(ResourceNames.database(run));
    assertThat(selected(ns, db.getSpec().getPodSelector())).containsExactly("np-db-1");
    assertThat(db.getSpec().getPolicyTypes()).containsExactly("Ingress");
    assertThat(podPeers(ns, db.getSpec().getIngress().stream().flatMap(i -> i.getFrom().stream())))
        .containsExactlyInAnyOrder("np-sut-pod", "np-db-1");
    List<String> operators = new ArrayList<>();
    for (var rule : db.getSpec().getIngress()) {
      for (NetworkPolicyPeer peer : rule.getFrom()) {
        if (peer.getNamespaceSelector() != null && peer.getPodSelector() != null) {
          // An empty namespaceSelector: every namespace.
          assertThat(peer.getNamespaceSelector().getMatchLabels()).isNullOrEmpty();
          k8s.pods()
              .inAnyNamespace()
              .withLabelSelector(peer.getPodSelector())
              .list()
              .getItems()
              .forEach(
                  p ->
                      operators.add(
                          p.getMetadata().getNamespace() + "/" + p.getMetadata().getName()));
        }
      }
    }
    assertThat(operators).containsExactly(cnpgNs + "/cnpg-controller-manager");
  }

  /**
   * The chart's NetworkPolicy on the operator: accepted strictly, selects the operator's pods (as
   * the chart's Deployment labels them), lets in only the operator's HTTP port from namespaces
   * carrying the label the runs' policies let scrapers in by; switched off, it is not rendered.
   */
  @Test
  void theChartsPolicyLetsOnlyScrapersReachTheOperator() throws Exception {
    ChartRbacIT.releaseNamespace();
    ChartRbacIT.Rendered chart = ChartRbacIT.render();
    NetworkPolicy policy = chart.of(NetworkPolicy.class).getFirst();
    k8s.resource(policy)
        .fieldValidation(FieldValidateable.Validation.STRICT)
        .fieldManager("chart-test")
        .forceConflicts()
        .serverSideApply();
    var template = chart.of(Deployment.class).getFirst().getSpec().getTemplate();
    pod(ChartIT.RELEASE_NS, "least-operator-pod", template.getMetadata().getLabels());
    assertThat(selected(ChartIT.RELEASE_NS, policy.getSpec().getPodSelector()))
        .containsExactly("least-operator-pod");
    assertThat(policy.getSpec().getPolicyTypes()).containsExactly("Ingress");
    var rule = policy.getSpec().getIngress().getFirst();
    assertThat(policy.getSpec().getIngress()).hasSize(1);
    assertThat(rule.getFrom())
        .singleElement()
        .satisfies(
            peer -> {
              assertThat(peer.getPodSelector()).isNull();
              assertThat(peer.getNamespaceSelector().getMatchLabels())
                  .isEqualTo(Map.of(NetworkPolicyTier.SCRAPE_LABEL, "true"));
            });
    int http =
        template.getSpec().getContainers().getFirst().getPorts().stream()
            .filter(p -> "http".equals(p.getName()))
            .findFirst()
            .orElseThrow()
            .getContainerPort();
    assertThat(rule.getPorts())
        .singleElement()
        .satisfies(p -> assertThat(p.getPort().getIntVal()).isEqualTo(http));
    assertThat(ChartRbacIT.render("networkPolicy.enabled=false").of(NetworkPolicy.class)).isEmpty();
  }

  /**
   * The run's pods by name, with the labels the builders put on them (and CloudNativePG on its
   * instance pods, from the Cluster's inheritedMetadata and its own cnpg.io labels).
   */
  @SuppressWarnings("unchecked")
  static Map<String, Map<String, String>> tierPods(BenchmarkRunResource run) {
    String n = run.getMetadata().getName();
    String load = ResourceNames.load(run, 0, false);
    SutConfig config =
        new SutConfig(
            "virtual", 10, "released", "normal", 200, java.time.Duration.ofSeconds(60), Map.of());
    Map<String, Object> testRun =
        (Map<String, Object>)
            TestLoads.testRun(run, load, "s1").getAdditionalProperties().get("spec");
    Map<String, Object> runner = (Map<String, Object>) testRun.get("runner");
    var cluster = DatabaseTier.cluster(run);
    Map<String, Object> clusterSpec =
        (Map<String, Object>) cluster.getAdditionalProperties().get("spec");
    Map<String, String> db =
        new HashMap<>(
            (Map<String, String>)
                ((Map<String, Object>) clusterSpec.get("inheritedMetadata")).get("labels"));
    db.put("cnpg.io/cluster", cluster.getMetadata().getName());
    db.put("cnpg.io/podRole", "instance");
    Map<String, Map<String, String>> pods = new HashMap<>();
    pods.put(
        n + "-sut-pod",
        SutTier.deployment(run, config).getSpec().getTemplate().getMetadata().getLabels());
    pods.put(
        n + "-stub-pod",
        StubTier.deployment(run).getSpec().getTemplate().getMetadata().getLabels());
    pods.put(
        n + "-load-job-pod",
        TestLoads.job(run, load, "s1").getSpec().getTemplate().getMetadata().getLabels());
    pods.put(
        n + "-load-testrun-pod",
        (Map<String, String>) ((Map<String, Object>) runner.get("metadata")).get("labels"));
    pods.put(cluster.getMetadata().getName() + "-1", db);
    return pods;
  }

  static void pod(String ns, String name, Map<String, String> labels) {
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(ns)
            .withLabels(labels)
            .endMetadata()
            .withNewSpec()
            .addNewContainer()
            .withName("c")
            .withImage("registry.invalid/none:1")
            .endContainer()
            .endSpec()
            .build();
    k8s.pods().inNamespace(ns).resource(pod).create();
  }

  /** The pods of {@code ns} a selector picks, by the API server's label selection. */
  static List<String> selected(String ns, LabelSelector selector) {
    return k8s.pods().inNamespace(ns).withLabelSelector(selector).list().getItems().stream()
        .map(p -> p.getMetadata().getName())
        .sorted()
        .toList();
  }

  /** The pods of {@code ns} the same-namespace peers (a podSelector only) pick. */
  static List<String> podPeers(String ns, Stream<NetworkPolicyPeer> peers) {
    return peers
        .filter(p -> p.getNamespaceSelector() == null && p.getPodSelector() != null)
        .flatMap(p -> selected(ns, p.getPodSelector()).stream())
        .distinct()
        .toList();
  }
}
