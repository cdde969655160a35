package dev.vtbench.operator.e2e;

import dev.vtbench.operator.resources.Labels;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.dsl.ContainerResource;
import io.fabric8.kubernetes.client.dsl.ExecWatch;
import io.fabric8.kubernetes.client.dsl.PodResource;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Pods outside a run that try to open TCP connections to its tiers and to the operator: one in the
 * run's own namespace without any of the run's labels, one in an unlabelled namespace, one in a
 * namespace labelled {@code vtbench.dev/scrape=true}, as Prometheus's would be. Each is a busybox
 * pod under the restricted Pod Security profile that sleeps; a probe is {@code nc} run in it,
 * {@link #CONNECT} long at most. The database's primary is a prober too ({@link #primary}): an
 * instance of the run's Cluster, which the database's policy lets in, tries with {@code
 * pg_isready}.
 */
final class NetworkProbes implements AutoCloseable {

  /** How long one connection attempt may take: a policy's drop shows as this timeout. */
  static final Duration CONNECT = Duration.ofSeconds(3);

  /** How a probe connects: busybox's {@code nc}, or PostgreSQL's {@code pg_isready}. */
  enum Tool {
    NC,
    PG_ISREADY
  }

  /** Where a probe runs from: a pod, its container (null: its only one), and the tool there. */
  record From(String namespace, String pod, String what, String container, Tool tool) {}

  /** A busybox prober's pod. */
  static From from(String namespace, String pod, String what) {
    return new From(namespace, pod, what, null, Tool.NC);
  }

  /** A Service's ClusterIP and first port, by name. */
  record Target(String what, String ip, int port) {}

  static final String FOREIGN_NS = "vtbench-e2e-foreign";
  static final String SCRAPE_NS = "vtbench-e2e-scrape";

  private final E2eContext e2e;
  private final From sameNamespace;
  private final From otherNamespace;
  private final From scraper;

  NetworkProbes(E2eContext e2e) {
    this.e2e = e2e;
    namespace(FOREIGN_NS, Map.of());
    namespace(SCRAPE_NS, Map.of("vtbench.dev/scrape", "true"));
    String image = busyboxImage();
    sameNamespace =
        pod(
            e2e.namespace(),
            "netpol-stranger",
            "a pod of the run's namespace, not the run's",
            image);
    otherNamespace = pod(FOREIGN_NS, "netpol-stranger", "a pod of an unlabelled namespace", image);
    scraper =
        pod(
            SCRAPE_NS,
            "netpol-scraper",
            "a pod of a namespace labelled vtbench.dev/scrape=true",
            image);
  }

  From sameNamespace() {
    return sameNamespace;
  }

  From otherNamespace() {
    return otherNamespace;
  }

  From scraper() {
    return scraper;
  }

  /** The Service {@code name} in {@code namespace} as a target. */
  Target service(String what, String namespace, String name) {
    Service s = e2e.k8s.services().inNamespace(namespace).withName(name).get();
    if (s == null) {
      throw new IllegalStateException("no Service " + namespace + "/" + name);
    }
    return new Target(
        what, s.getSpec().getClusterIP(), s.getSpec().getPorts().getFirst().getPort());
  }

  /**
   * The primary instance of the run's CloudNativePG Cluster {@code cluster}, as a prober: its
   * {@code postgres} container has {@code pg_isready}.
   */
  From primary(String cluster) {
    Pod primary =
        e2e.primary(cluster)
            .orElseThrow(() -> new IllegalStateException("no primary pod of " + cluster));
    return new From(
        e2e.namespace(),
        primary.getMetadata().getName(),
        "the database's primary, an instance of the run's Cluster",
        "postgres",
        Tool.PG_ISREADY);
  }

  /** Whether a TCP connection from {@code from} to {@code to} opens within {@link #CONNECT}. */
  boolean reaches(From from, Target to) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String seconds = String.valueOf(CONNECT.toSeconds());
    String port = String.valueOf(to.port());
    String[] command =
        from.tool() == Tool.PG_ISREADY
            ? new String[] {"pg_isready", "-h", to.ip(), "-p", port, "-t", seconds}
            : new String[] {
              "sh", "-c", "nc -w " + seconds + " " + to.ip() + " " + port + " </dev/null"
            };
    PodResource pod = e2e.k8s.pods().inNamespace(from.namespace()).withName(from.pod());
    ContainerResource in = from.container() == null ? pod : pod.inContainer(from.container());
    try (ExecWatch exec = in.writingOutput(out).writingError(out).exec(command)) {
      Integer code = exec.exitCode().get(30, TimeUnit.SECONDS);
      // pg_isready: 0 accepting, 1 rejecting (a server answered either way), 2 no answer
      return code != null && (code == 0 || (code == 1 && from.tool() == Tool.PG_ISREADY));
    } catch (Exception e) {
      throw new IllegalStateException("probe from " + from + " to " + to + " did not run: " + e, e);
    }
  }

  private void namespace(String name, Map<String, String> labels) {
    e2e.k8s
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(name)
                .withLabels(labels)
                .endMetadata()
                .build())
        .serverSideApply();
  }

  /** The busybox image the cluster builds (hack/offline/cluster-builds.sh), from the node. */
  private String busyboxImage() {
    return e2e.k8s.nodes().list().getItems().stream()
        .flatMap(n -> n.getStatus().getImages().stream())
        // an image whose tag a newer load took is listed with no names at all (null)
        .filter(i -> i.getNames() != null)
        .flatMap(i -> i.getNames().stream())
        .filter(n -> n.startsWith("docker.io/vtbench/busybox:"))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no vtbench/busybox image on the node"));
  }

  private From pod(String namespace, String name, String what, String image) {
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(namespace)
            .withLabels(Map.of("app.kubernetes.io/name", "netpol-probe"))
            .endMetadata()
            .withNewSpec()
            .withAutomountServiceAccountToken(false)
            .withTerminationGracePeriodSeconds(0L)
            .withNewSecurityContext()
            .withRunAsNonRoot(true)
            .withRunAsUser(65534L)
            .withNewSeccompProfile()
            .withType("RuntimeDefault")
            .endSeccompProfile()
            .endSecurityContext()
            .withContainers(
                new ContainerBuilder()
                    .withName("probe")
                    .withImage(image)
                    .withImagePullPolicy("Never")
                    .withCommand("sleep", "3600")
                    .withNewResources()
                    .withRequests(Map.of("cpu", new Quantity("5m"), "memory", new Quantity("16Mi")))
                    .withLimits(Map.of("memory", new Quantity("16Mi")))
                    .endResources()
                    .withNewSecurityContext()
                    .withAllowPrivilegeEscalation(false)
                    .withNewCapabilities()
                    .withDrop("ALL")
                    .endCapabilities()
                    .endSecurityContext()
                    .build())
            .endSpec()
            .build();
    e2e.k8s.pods().inNamespace(namespace).resource(pod).serverSideApply();
    e2e.k8s.pods().inNamespace(namespace).withName(name).waitUntilReady(120, TimeUnit.SECONDS);
    if (pod.getMetadata().getLabels().containsKey(Labels.RUN)) {
      throw new IllegalStateException(name + " must not carry the run's labels");
    }
    return from(namespace, name, what);
  }

  /**
   * The stranger in the run's namespace gone, so the run's deletion leaves that namespace clean.
   */
  void removeSameNamespace() {
    e2e.k8s
        .pods()
        .inNamespace(sameNamespace.namespace())
        .withName(sameNamespace.pod())
        .withGracePeriod(0)
        .delete();
    e2e.k8s
        .pods()
        .inNamespace(sameNamespace.namespace())
        .withName(sameNamespace.pod())
        .waitUntilCondition(java.util.Objects::isNull, 60, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    for (From f : List.of(sameNamespace, otherNamespace, scraper)) {
      e2e.k8s.pods().inNamespace(f.namespace()).withName(f.pod()).withGracePeriod(0).delete();
    }
    e2e.k8s.namespaces().withName(FOREIGN_NS).delete();
    e2e.k8s.namespaces().withName(SCRAPE_NS).delete();
  }
}
