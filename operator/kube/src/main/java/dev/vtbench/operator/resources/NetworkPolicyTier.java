package dev.vtbench.operator.resources;

import dev.vtbench.operator.api.BenchmarkRunResource;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRuleBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRuleBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeerBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPortBuilder;
import java.util.List;
import java.util.Map;

/**
 * Who may talk to whom in one run: load → SUT → stub and database, nothing else. One policy per
 * tier the run's traffic reaches, created before any of the run's pods and deleted with the run:
 *
 * <ul>
 *   <li>SUT: ingress only from this run's load pods (the measured requests and {@code POST
 *       /api/runtime-info/reset}); egress only to this run's stub and database, and DNS (not
 *       restricted for a service on its own database, spec.database.external: its address is in a
 *       Secret the operator does not read).
 *   <li>stub: ingress only from this run's SUT, and from its load pods, which read the stub's CPU
 *       time ({@code GET /api/runtime-info}) at the hold's start and end; egress only DNS.
 *   <li>database: ingress on PostgreSQL's port from this run's SUT and the Cluster's own instances
 *       (replication), on the instance manager's status port from CloudNativePG's operator. Egress
 *       is left open: the instance manager talks to the API server, whose address no pod selector
 *       names.
 * </ul>
 *
 * <p>The load pods get no policy: they reach the SUT and, with {@code prometheusRemoteWrite}, a URL
 * the spec names, and k6-operator's starter reaches them on k6's REST port. Prometheus scrapes the
 * metrics ports from namespaces labelled {@value #SCRAPE_LABEL}{@code =true} (docs/cluster.md).
 * These policies take effect only where the cluster's network plugin enforces NetworkPolicy.
 */
public final class NetworkPolicyTier {

  /** A namespace label: Prometheus pods there may scrape the run's metrics ports. */
  public static final String SCRAPE_LABEL = "vtbench.dev/scrape";

  /** CloudNativePG's label on every pod of a Cluster: the Cluster's name. */
  static final String CNPG_CLUSTER_LABEL = "cnpg.io/cluster";

  /** CloudNativePG's operator pods (the release manifest's label). */
  static final Map<String, String> CNPG_OPERATOR =
      Map.of("app.kubernetes.io/name", "cloudnative-pg");

  static final int POSTGRES_PORT = 5432;

  /** The instance manager's status API, which CloudNativePG's operator polls. */
  static final int CNPG_STATUS_PORT = 8000;

  /** The PostgreSQL exporter of the instance manager. */
  static final int CNPG_METRICS_PORT = 9187;

  private NetworkPolicyTier() {}

  /**
   * Every policy of the run: SUT, stub, database; with the user's own database
   * (spec.database.external) no database policy, the run has no database pods.
   */
  public static List<NetworkPolicy> policies(BenchmarkRunResource run) {
    if (run.getSpec().database.external != null) {
      return List.of(sut(run), stub(run));
    }
    return List.of(sut(run), stub(run), database(run));
  }

  /**
   * The SUT's policy. With the user's own database its egress is not restricted: the database's
   * address is in the user's Secret, which the operator does not read, and may be anywhere.
   */
  static NetworkPolicy sut(BenchmarkRunResource run) {
    List<NetworkPolicyEgressRule> egress =
        run.getSpec().database.external != null
            ? List.of()
            : List.of(
                egress(pods(Labels.selector(run, StubTier.COMPONENT)), AppTier.HTTP_PORT),
                egress(pods(databasePods(run)), POSTGRES_PORT),
                dns());
    return javaTier(
        run,
        ResourceNames.sut(run),
        SutTier.COMPONENT,
        SutTier.containerPort(run),
        List.of(Labels.LOAD_COMPONENT),
        egress);
  }

  static NetworkPolicy stub(BenchmarkRunResource run) {
    return javaTier(
        run,
        ResourceNames.stub(run),
        StubTier.COMPONENT,
        AppTier.HTTP_PORT,
        List.of(SutTier.COMPONENT, Labels.LOAD_COMPONENT),
        List.of(dns()));
  }

  /**
   * The SUT or the stub ({@code component}): its HTTP port ({@code port}, the container's) open to
   * the run's {@code clients} pods and to scrapers, only the {@code egress} rules out.
   */
  private static NetworkPolicy javaTier(
      BenchmarkRunResource run,
      String name,
      String component,
      int port,
      List<String> clients,
      List<NetworkPolicyEgressRule> egress) {
    return policy(
        run,
        name,
        component,
        Labels.selector(run, component),
        List.of(
            ingress(clients.stream().map(c -> pods(Labels.selector(run, c))).toList(), port),
            ingress(List.of(scrapers()), port)),
        egress);
  }

  static NetworkPolicy database(BenchmarkRunResource run) {
    NetworkPolicyPeer cnpgOperator =
        new NetworkPolicyPeerBuilder()
            .withNamespaceSelector(new LabelSelector())
            .withPodSelector(new LabelSelectorBuilder().withMatchLabels(CNPG_OPERATOR).build())
            .build();
    NetworkPolicyPeer instances = pods(databasePods(run));
    return policy(
        run,
        ResourceNames.database(run),
        DatabaseTier.COMPONENT,
        databasePods(run),
        List.of(
            ingress(
                List.of(pods(Labels.selector(run, SutTier.COMPONENT)), instances), POSTGRES_PORT),
            ingress(List.of(cnpgOperator, instances), CNPG_STATUS_PORT),
            ingress(List.of(scrapers()), CNPG_METRICS_PORT)),
        List.of());
  }

  /** The pods of the run's CloudNativePG Cluster, by the label CloudNativePG puts on them. */
  static Map<String, String> databasePods(BenchmarkRunResource run) {
    return Map.of(CNPG_CLUSTER_LABEL, ResourceNames.database(run));
  }

  /**
   * A policy on the pods {@code selector} picks: only the {@code ingress} rules, and only the
   * {@code egress} rules unless there are none (then egress is not restricted at all).
   */
  private static NetworkPolicy policy(
      BenchmarkRunResource run,
      String name,
      String component,
      Map<String, String> selector,
      List<NetworkPolicyIngressRule> ingress,
      List<NetworkPolicyEgressRule> egress) {
    return new NetworkPolicyBuilder()
        .withMetadata(RunMeta.of(run, name, component, true))
        .withNewSpec()
        .withNewPodSelector()
        .withMatchLabels(selector)
        .endPodSelector()
        .withPolicyTypes(egress.isEmpty() ? List.of("Ingress") : List.of("Ingress", "Egress"))
        .withIngress(ingress)
        .withEgress(egress)
        .endSpec()
        .build();
  }

  /** Pods of the policy's own namespace (the run's). */
  private static NetworkPolicyPeer pods(Map<String, String> labels) {
    return new NetworkPolicyPeerBuilder()
        .withPodSelector(new LabelSelectorBuilder().withMatchLabels(labels).build())
        .build();
  }

  /** Any pod in a namespace labelled {@value #SCRAPE_LABEL}=true. */
  private static NetworkPolicyPeer scrapers() {
    return new NetworkPolicyPeerBuilder()
        .withNamespaceSelector(
            new LabelSelectorBuilder().withMatchLabels(Map.of(SCRAPE_LABEL, "true")).build())
        .build();
  }

  private static NetworkPolicyIngressRule ingress(List<NetworkPolicyPeer> from, int port) {
    return new NetworkPolicyIngressRuleBuilder().withFrom(from).withPorts(tcp(port)).build();
  }

  private static NetworkPolicyEgressRule egress(NetworkPolicyPeer to, int port) {
    return new NetworkPolicyEgressRuleBuilder().withTo(to).withPorts(tcp(port)).build();
  }

  /** Name lookups: port 53 over UDP and TCP, to wherever the cluster's DNS runs. */
  private static NetworkPolicyEgressRule dns() {
    return new NetworkPolicyEgressRuleBuilder().withPorts(port("UDP", 53), port("TCP", 53)).build();
  }

  private static NetworkPolicyPort tcp(int port) {
    return port("TCP", port);
  }

  private static NetworkPolicyPort port(String protocol, int port) {
    return new NetworkPolicyPortBuilder()
        .withProtocol(protocol)
        .withPort(new IntOrString(port))
        .build();
  }
}
