package dev.vtbench.operator;

import static dev.vtbench.operator.KubeApi.await;
import static dev.vtbench.operator.OperatorIT.WAIT;
import static dev.vtbench.operator.OperatorIT.awaitStatus;
import static dev.vtbench.operator.OperatorIT.condition;
import static dev.vtbench.operator.OperatorIT.conditionOf;
import static dev.vtbench.operator.OperatorIT.create;
import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.operator.api.BenchmarkRunResource;
import dev.vtbench.operator.api.BenchmarkRunStatus;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.Operator;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A BenchmarkRun stored under a looser schema (no maximum on an integer, as every CRD before issue
 * 13 had) with a value the model cannot hold, next to a valid run, against the real API server: the
 * operator starts, the valid run gets a status, and the unreadable one fails with an Event naming
 * the field and the value, and with a condition where the API server takes a status for an object
 * that breaks the current CRD (1.32 does not: it checks the spec on status writes too).
 */
class UnreadableRunIT {

  static final KubernetesClient k8s = KubeApi.client();

  @Test
  void aRunTheOperatorCannotReadFailsAloneAndTheOthersProceed() throws Exception {
    String ns = KubeApi.namespace("unreadable");
    CustomResourceDefinition ours = ourCrd();
    try {
      k8s.resource(withoutMaxima(ours)).serverSideApply();
      // The looser schema is served within moments of the update.
      await("the bad run stored", WAIT, () -> storeBadRun(ns));
    } finally {
      k8s.resource(ours).serverSideApply();
    }
    create(
        ns,
        "good",
        OperatorIT.SMALL.formatted("job", "0s")
            + "matrix: {threadModes: [platform], hikariPoolSizes: [10], concurrency: [10],"
            + " repetitions: 1}\n");

    Operator operator = OperatorIT.startOperator(ns);
    try {
      Controllers play = new Controllers(k8s, ns);
      await("the valid run's Cluster", WAIT, () -> play.cluster("good-db"));
      awaitStatus(ns, "good", "provisioning", condition("DatabaseReady", "False", null));
      // The Event records the failure on every API server.
      await(
          "the bad run's InvalidSpec Event",
          WAIT,
          () ->
              events(ns, "bad").stream()
                      .anyMatch(
                          e ->
                              e.startsWith("InvalidSpec: ")
                                  && e.contains(
                                      "spec.matrix.concurrency[0]: 3000000000 is out of range"))
                  ? true
                  : null);
      if (statusWritable(ns, "bad")) {
        BenchmarkRunStatus bad =
            awaitStatus(ns, "bad", "InvalidSpec", condition("Succeeded", "False", "InvalidSpec"));
        assertThat(conditionOf(bad, "Succeeded").getMessage())
            .contains("spec.matrix.concurrency[0]: 3000000000 is out of range");
      } else {
        // kube-apiserver 1.32 (what these tests run) validates the whole object against the
        // current CRD on a status write, without ratcheting the unchanged spec, and refuses it
        // (422): no condition can be written, and the operator must not hang on trying.
        assertThat(raw(ns, "bad").getAdditionalProperties().get("status")).isNull();
      }
      // One failure, reported once: no retried pass, no error from a hanging status write.
      assertThat(events(ns, "bad")).allSatisfy(e -> assertThat(e).startsWith("InvalidSpec: "));
      assertThat(operator.getRuntimeInfo().allEventSourcesAreHealthy()).isTrue();
      // Still unreadable as stored: nothing rewrote its spec.
      assertThat(raw(ns, "bad").getAdditionalProperties().get("spec").toString())
          .contains("3000000000");

      // Deleting it works too (the finalizer is removed without reading the spec).
      k8s.resources(BenchmarkRunResource.class).inNamespace(ns).withName("bad").delete();
      await("bad deleted", WAIT, () -> raw(ns, "bad") == null ? true : null);
    } finally {
      operator.stop();
    }
  }

  private static Boolean storeBadRun(String ns) {
    GenericKubernetesResource run = new GenericKubernetesResource();
    run.setApiVersion(BenchmarkRunResource.GROUP + "/" + BenchmarkRunResource.VERSION);
    run.setKind("BenchmarkRun");
    run.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withName("bad").build());
    run.setAdditionalProperty(
        "spec", Map.of("matrix", Map.of("concurrency", List.of(3_000_000_000L))));
    try {
      k8s.resource(run).inNamespace(ns).create();
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 422) {
        return null; // the stricter schema still served: try again
      }
      throw e;
    }
  }

  private static List<String> events(String ns, String name) {
    return k8s.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> name.equals(e.getInvolvedObject().getName()))
        .map(e -> e.getReason() + ": " + e.getMessage())
        .toList();
  }

  /**
   * Whether the API server takes a status write for the stored run (a dry run, so nothing is
   * stored): kube-apiserver 1.32 checks spec too on a status write, and this spec breaks the
   * restored CRD's CEL rule on spec.matrix.concurrency.
   */
  private static boolean statusWritable(String ns, String name) {
    GenericKubernetesResource run = raw(ns, name);
    run.setAdditionalProperty("status", Map.of("phase", "Failed"));
    try {
      k8s.genericKubernetesResources(
              BenchmarkRunResource.GROUP + "/" + BenchmarkRunResource.VERSION, "BenchmarkRun")
          .inNamespace(ns)
          .resource(run)
          .dryRun()
          .updateStatus();
      return true;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 422) {
        return false;
      }
      throw e;
    }
  }

  private static GenericKubernetesResource raw(String ns, String name) {
    return k8s.genericKubernetesResources(
            BenchmarkRunResource.GROUP + "/" + BenchmarkRunResource.VERSION, "BenchmarkRun")
        .inNamespace(ns)
        .withName(name)
        .get();
  }

  static CustomResourceDefinition ourCrd() throws Exception {
    Path file = KubeApi.ourCrds().resolve("benchmarkruns.vtbench.dev-v1.yml");
    try (InputStream in = Files.newInputStream(file)) {
      return k8s.apiextensions().v1().customResourceDefinitions().load(in).item();
    }
  }

  /** The CRD as an older release had it: every integer without a maximum. */
  @SuppressWarnings("unchecked")
  static CustomResourceDefinition withoutMaxima(CustomResourceDefinition crd) {
    var json = k8s.getKubernetesSerialization();
    Map<String, Object> tree = json.convertValue(crd, LinkedHashMap.class);
    strip(tree);
    return json.convertValue(tree, CustomResourceDefinition.class);
  }

  @SuppressWarnings("unchecked")
  private static void strip(Object node) {
    if (node instanceof Map<?, ?> m) {
      ((Map<String, Object>) m).remove("maximum");
      ((Map<String, Object>) m).remove("x-kubernetes-validations");
      m.values().forEach(UnreadableRunIT::strip);
    } else if (node instanceof List<?> l) {
      l.forEach(UnreadableRunIT::strip);
    }
  }
}
