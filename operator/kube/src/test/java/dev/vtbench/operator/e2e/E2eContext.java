package dev.vtbench.operator.e2e;

import dev.vtbench.operator.Checks;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every part of an end-to-end run uses: the settings, a client of the real cluster, the checks
 * of the test class and the operator's pods. BenchmarkRuns are read as plain objects (the checks
 * read the status the way kubectl, Flux and Argo CD do, not through the Java model).
 */
final class E2eContext implements AutoCloseable {

  static final String API_VERSION = "vtbench.dev/v1alpha1";

  final E2eSettings settings;
  final KubernetesClient k8s;
  final Checks checks = new Checks();
  final OperatorPods operator;
  final NodeFacts node;

  E2eContext(E2eSettings settings) {
    this.settings = settings;
    try {
      Files.createDirectories(settings.artifacts());
      Config config = Config.fromKubeconfig(Files.readString(settings.kubeconfig()));
      // hack/offline/local-cluster.sh issues EC client keys; fabric8 assumes RSA unless told.
      config.setClientKeyAlgo("EC");
      this.k8s = new KubernetesClientBuilder().withConfig(config).build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.operator = new OperatorPods(k8s, settings.operatorNamespace());
    this.node = new NodeFacts(settings.kubeletDir());
  }

  String namespace() {
    return settings.namespace();
  }

  Resource<GenericKubernetesResource> run(String name) {
    return k8s.genericKubernetesResources(API_VERSION, "BenchmarkRun")
        .inNamespace(namespace())
        .withName(name);
  }

  /** A field of a condition of {@code run} ("status", "reason", "message"), or "" without one. */
  @SuppressWarnings("unchecked")
  static String condition(GenericKubernetesResource run, String type, String field) {
    if (run == null) {
      return "";
    }
    List<Map<String, Object>> conditions = run.get("status", "conditions");
    if (conditions == null) {
      return "";
    }
    return conditions.stream()
        .filter(c -> type.equals(c.get("type")))
        .map(c -> String.valueOf(c.getOrDefault(field, "")))
        .findFirst()
        .orElse("");
  }

  /** The primary instance of the run's CloudNativePG Cluster {@code cluster}, if it has one. */
  Optional<Pod> primary(String cluster) {
    return k8s
        .pods()
        .inNamespace(namespace())
        .withLabels(Map.of("cnpg.io/cluster", cluster, "cnpg.io/instanceRole", "primary"))
        .list()
        .getItems()
        .stream()
        .findFirst();
  }

  /** A status field as text, "" when it is not set. */
  static String status(GenericKubernetesResource run, String field) {
    Object v = run == null ? null : run.get("status", field);
    return v == null ? "" : String.valueOf(v);
  }

  /** The run as the JSON decoder of kstatus and the Argo CD health check sees it. */
  @SuppressWarnings("unchecked")
  Map<String, Object> asMap(GenericKubernetesResource run) {
    return k8s.getKubernetesSerialization().convertValue(run, Map.class);
  }

  void write(String file, String text) {
    try {
      Files.writeString(settings.artifacts().resolve(file), text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits between two looks at the cluster. */
  static void sleep(Duration d) {
    try {
      Thread.sleep(d);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  @Override
  public void close() {
    k8s.close();
  }
}
