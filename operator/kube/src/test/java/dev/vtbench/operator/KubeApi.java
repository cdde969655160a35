package dev.vtbench.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubeapitest.KubeAPIServer;
import io.fabric8.kubeapitest.KubeAPIServerConfigBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * One real kube-apiserver and etcd for every *IT in the JVM (fabric8 kube-api-test, offline), with
 * the BenchmarkRun CRD from {@code crds/} and the CloudNativePG, k6-operator and
 * prometheus-operator CRDs from {@code hack/kube-tools.sh}. Missing binaries or CRDs fail the tests
 * with the command that provides them; nothing is skipped.
 */
public final class KubeApi {

  private static KubeAPIServer server;
  private static KubernetesClient client;
  private static final AtomicInteger NAMESPACES = new AtomicInteger();

  /** The third-party CRDs the tests install, by file name in $VTBENCH_CRDS. */
  public static final List<String> THIRD_PARTY =
      List.of(
          "postgresql.cnpg.io_clusters.yaml",
          "k6.io_testruns.yaml",
          "monitoring.coreos.com_servicemonitors.yaml",
          "monitoring.coreos.com_podmonitors.yaml");

  private KubeApi() {}

  public static synchronized KubernetesClient client() {
    if (client == null) {
      start();
    }
    return client;
  }

  /** A fresh namespace with a default ServiceAccount (no controller-manager creates one here). */
  public static String namespace(String prefix) {
    String ns = prefix + "-" + NAMESPACES.incrementAndGet();
    client()
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
        .create();
    client()
        .serviceAccounts()
        .inNamespace(ns)
        .resource(
            new ServiceAccountBuilder().withNewMetadata().withName("default").endMetadata().build())
        .create();
    return ns;
  }

  /** A client for the same server, e.g. for a second operator instance. */
  public static KubernetesClient newClient() {
    client();
    return new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(server.getKubeConfigYaml()))
        .build();
  }

  /** The server's admin kubeconfig. */
  public static String kubeconfig() {
    client();
    return server.getKubeConfigYaml();
  }

  static Path thirdPartyCrds() {
    String dir = System.getenv("VTBENCH_CRDS");
    return dir != null
        ? Path.of(dir)
        : Path.of(System.getProperty("user.home"), ".cache/vtbench/crds");
  }

  static Path ourCrds() {
    return Path.of(System.getProperty("vtbench.crds", "../../crds"));
  }

  private static void start() {
    String dir = System.getenv("KUBE_API_TEST_DIR");
    assertThat(dir)
        .as(
            "KUBE_API_TEST_DIR is not set: run the tests through `make test`, or `eval \"$(bash"
                + " hack/kube-tools.sh env)\"` first")
        .isNotNull();
    assertThat(Path.of(dir, "k8s"))
        .as("no kube-apiserver/etcd under %s: run `make kube-tools`", dir)
        .isDirectory();
    server =
        new KubeAPIServer(
            KubeAPIServerConfigBuilder.anAPIServerConfig()
                .withOfflineMode(true)
                .withUpdateKubeConfig(false)
                .withStartupTimeout(120_000)
                .build());
    server.start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
    client =
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(server.getKubeConfigYaml()))
            .build();
    try (Stream<Path> ours = Files.list(ourCrds())) {
      for (Path crd : ours.filter(p -> p.toString().endsWith(".yml")).toList()) {
        installCrd(client, crd);
      }
      for (String f : THIRD_PARTY) {
        Path crd = thirdPartyCrds().resolve(f);
        assertThat(crd).as("%s missing: run `make kube-tools`", crd).exists();
        installCrd(client, crd);
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Applies the CRD in {@code file} to the API server {@code k8s} talks to and waits (at most 60 s)
   * until it is Established; the ITs' server and operator-bench's share it.
   */
  public static void installCrd(io.fabric8.kubernetes.client.KubernetesClient k8s, Path file)
      throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      CustomResourceDefinition crd =
          k8s.apiextensions().v1().customResourceDefinitions().load(in).item();
      k8s.resource(crd).serverSideApply();
      k8s.apiextensions()
          .v1()
          .customResourceDefinitions()
          .withName(crd.getMetadata().getName())
          .waitUntilCondition(
              c ->
                  c.getStatus() != null
                      && c.getStatus().getConditions() != null
                      && c.getStatus().getConditions().stream()
                          .anyMatch(
                              x ->
                                  "Established".equals(x.getType())
                                      && "True".equals(x.getStatus())),
              60,
              TimeUnit.SECONDS);
    }
  }

  /** Polls {@code read} until it is non-null, as a test waits on the operator. */
  public static <T> T await(String what, Duration timeout, java.util.function.Supplier<T> read) {
    long end = System.nanoTime() + timeout.toNanos();
    while (true) {
      T t = read.get();
      if (t != null) {
        return t;
      }
      if (System.nanoTime() > end) {
        throw new AssertionError(
            "timed out after " + timeout.toSeconds() + " s waiting for " + what);
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  static String name(HasMetadata o) {
    return o.getMetadata().getName();
  }
}
