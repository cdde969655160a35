package dev.vtbench.operator.bench;

import io.fabric8.kubeapitest.KubeAPIServer;
import io.fabric8.kubeapitest.KubeAPIServerConfigBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A kube-apiserver and etcd of its own for the benchmark (fabric8 kube-api-test, offline, as the
 * ITs' KubeApi), with an audit log of every request's verb, resource and user agent: the count of
 * the operator's requests is taken at the server, not in either client.
 */
final class BenchApiServer implements AutoCloseable {

  /** The driver's user agent: its requests are told apart from the operator's in the audit log. */
  static final String DRIVER_AGENT = "vtbench-bench-driver";

  private final KubeAPIServer server;
  private final Path auditLog;
  private final KubernetesClient client;
  private boolean closed;

  private BenchApiServer(KubeAPIServer server, Path auditLog) {
    this.server = server;
    this.auditLog = auditLog;
    this.client =
        new KubernetesClientBuilder()
            .withConfig(
                new ConfigBuilder(Config.fromKubeconfig(server.getKubeConfigYaml()))
                    .withUserAgent(DRIVER_AGENT)
                    .withMaxConcurrentRequests(128)
                    .withMaxConcurrentRequestsPerHost(64)
                    .build())
            .build();
  }

  /** Starts the server with auditing into {@code dir}, and installs every CRD the ITs install. */
  static BenchApiServer start(Path dir) throws IOException {
    String testDir = System.getenv("KUBE_API_TEST_DIR");
    if (testDir == null || !Files.isDirectory(Path.of(testDir, "k8s"))) {
      throw new IllegalStateException(
          "no kube-apiserver/etcd (KUBE_API_TEST_DIR="
              + testDir
              + "): run through `make operator-bench`, or `eval \"$(bash hack/kube-tools.sh"
              + " env)\"` after `make kube-tools`");
    }
    Files.createDirectories(dir);
    Path policy = dir.resolve("audit-policy.yaml");
    // One event per request once its response is complete (a watch also when it starts, so one
    // still open at the end is counted): the auditID tells them apart.
    Files.writeString(
        policy,
        """
        apiVersion: audit.k8s.io/v1
        kind: Policy
        omitStages: [RequestReceived]
        rules:
          - level: Metadata
        """);
    Path audit = dir.resolve("audit.log");
    Files.deleteIfExists(audit);
    KubeAPIServer server =
        new KubeAPIServer(
            KubeAPIServerConfigBuilder.anAPIServerConfig()
                .withTestDir(widerServiceRange(Path.of(testDir), dir).toString())
                .withOfflineMode(true)
                .withUpdateKubeConfig(false)
                .withStartupTimeout(120_000)
                .withApiServerFlag("--audit-policy-file", policy.toAbsolutePath().toString())
                .withApiServerFlag("--audit-log-path", audit.toAbsolutePath().toString())
                .withApiServerFlag("--audit-log-format", "json")
                .withApiServerFlag("--audit-log-mode", "blocking")
                .build());
    server.start();
    BenchApiServer b = new BenchApiServer(server, audit);
    b.installCrds();
    return b;
  }

  /**
   * kube-api-test's binaries under a test dir of the bench's own, the kube-apiserver wrapped so
   * that its Service range is a /16: kube-api-test appends a /24 after any flag of ours, and 200
   * runs hold 400 ClusterIP Services (a SUT and a stub each), which a /24 refuses past 254.
   */
  private static Path widerServiceRange(Path testDir, Path dir) throws IOException {
    Path root = dir.resolve("kube-api-test");
    try (Stream<Path> versions = Files.list(testDir.resolve("k8s"))) {
      for (Path version : versions.filter(Files::isDirectory).toList()) {
        Path to = root.resolve("k8s").resolve(version.getFileName());
        Files.createDirectories(to);
        for (String tool : List.of("etcd", "kubectl")) {
          Path link = to.resolve(tool);
          Files.deleteIfExists(link);
          Files.createSymbolicLink(link, version.resolve(tool).toAbsolutePath());
        }
        Path wrapper = to.resolve("kube-apiserver");
        Files.writeString(
            wrapper,
            "#!/bin/sh\nexec '"
                + version.resolve("kube-apiserver").toAbsolutePath()
                + "' \"$@\" --service-cluster-ip-range=10.0.0.0/16\n");
        wrapper.toFile().setExecutable(true);
      }
    }
    return root;
  }

  KubernetesClient client() {
    return client;
  }

  String kubeconfig() {
    return server.getKubeConfigYaml();
  }

  Path auditLog() {
    return auditLog;
  }

  /** {@code count} namespaces {@code bench-1…}, each with its default ServiceAccount. */
  List<String> namespaces(int count) {
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      String ns = "bench-" + i;
      client
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
      client
          .serviceAccounts()
          .inNamespace(ns)
          .resource(
              new ServiceAccountBuilder()
                  .withNewMetadata()
                  .withName("default")
                  .endMetadata()
                  .build())
          .create();
      names.add(ns);
    }
    return names;
  }

  private void installCrds() throws IOException {
    Path ours = Path.of(System.getProperty("vtbench.crds", "../../crds"));
    String third = System.getenv("VTBENCH_CRDS");
    Path theirs =
        third != null
            ? Path.of(third)
            : Path.of(System.getProperty("user.home"), ".cache/vtbench/crds");
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.list(ours)) {
      files.addAll(s.filter(p -> p.toString().endsWith(".yml")).sorted().toList());
    }
    for (String f : dev.vtbench.operator.KubeApi.THIRD_PARTY) {
      Path crd = theirs.resolve(f);
      if (!Files.exists(crd)) {
        throw new IllegalStateException(crd + " missing: run `make kube-tools`");
      }
      files.add(crd);
    }
    for (Path file : files) {
      dev.vtbench.operator.KubeApi.installCrd(client, file);
    }
  }

  /** Stops the server (once), which flushes the audit log. */
  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      client.close();
      server.stop();
    }
  }
}
