package dev.vtbench.operator.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.vtbench.operator.reconciler.BenchmarkRunValidation;
import io.fabric8.kubernetes.api.model.DefaultKubernetesResourceList;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A stored BenchmarkRun whose values the model cannot hold still reads: the informer that serves
 * every run deserializes a list of them at once, and one bad item must not fail the list.
 */
class UnreadableTest {

  static final KubernetesSerialization JSON = new KubernetesSerialization();

  static String run(String name, String spec, String status) {
    return """
        {"apiVersion": "vtbench.dev/v1alpha1", "kind": "BenchmarkRun",
         "metadata": {"name": "%s", "namespace": "ns", "uid": "u-%s"},
         "spec": %s, "status": %s}
        """
        .formatted(name, name, spec, status);
  }

  @Test
  void anIntegerTooLargeFailsThatRunOnlyNamingTheFieldAndTheValue() {
    String list =
        """
        {"apiVersion": "vtbench.dev/v1alpha1", "kind": "BenchmarkRunList", "metadata": {},
         "items": [%s, %s]}
        """
            .formatted(
                run("bad", "{\"matrix\": {\"concurrency\": [10, 3000000000]}}", "null"),
                run("good", "{\"matrix\": {\"concurrency\": [10, 20]}}", "null"));
    // As the informer reads a list: typed, all items at once.
    List<BenchmarkRunResource> runs =
        JSON.unmarshal(
                new ByteArrayInputStream(list.getBytes(StandardCharsets.UTF_8)),
                new TypeReference<DefaultKubernetesResourceList<BenchmarkRunResource>>() {})
            .getItems();
    BenchmarkRunResource bad = runs.get(0);
    BenchmarkRunResource good = runs.get(1);
    assertThat(bad.unreadableSpec())
        .isEqualTo("spec.matrix.concurrency[1]: 3000000000 is out of range");
    // Copied as java-operator-sdk copies a resource before each reconcile: still unreadable, and
    // the stored spec is written back as it was, so no patch computed from the copy changes it.
    BenchmarkRunResource copy = JSON.clone(bad);
    assertThat(copy.unreadableSpec()).isEqualTo(bad.unreadableSpec());
    assertThat(JSON.asJson(copy))
        .contains("\"spec\":{\"matrix\":{\"concurrency\":[10,3000000000]}}");
    assertThat(BenchmarkRunValidation.problems(bad))
        .singleElement()
        .asString()
        .startsWith("spec.matrix.concurrency[1]: 3000000000 is out of range (the stored object");
    assertThat(good.unreadableSpec()).isNull();
    assertThat(good.getSpec().matrix.concurrency).containsExactly(10, 20);
  }

  @Test
  void aValueOfTheWrongShapeNamesItsField() {
    BenchmarkRunResource r =
        JSON.unmarshal(
            run("shape", "{\"load\": {\"hold\": {\"seconds\": 3}}}", "null"),
            BenchmarkRunResource.class);
    assertThat(r.unreadableSpec()).startsWith("spec.load.hold: cannot be read (");
  }

  @Test
  void anUnreadableStatusReadsAsNoneAndTheSpecStillReads() {
    BenchmarkRunResource r =
        JSON.unmarshal(
            run(
                "status",
                "{\"matrix\": {\"concurrency\": [10]}}",
                "{\"scenariosDone\": 3000000000}"),
            BenchmarkRunResource.class);
    assertThat(r.getStatus()).isNull();
    assertThat(r.getSpec().matrix.concurrency).isEqualTo(List.of(10));
    assertThat(r.unreadableSpec()).isNull();
  }

  @Test
  void aReadableRunWritesBackTheSameJson() {
    String json = run("same", "{\"matrix\": {\"concurrency\": [10]}}", "{\"scenariosDone\": 3}");
    BenchmarkRunResource r = JSON.unmarshal(json, BenchmarkRunResource.class);
    BenchmarkRunResource again = JSON.unmarshal(JSON.asJson(r), BenchmarkRunResource.class);
    assertThat(JSON.asJson(again)).isEqualTo(JSON.asJson(r));
    assertThat(again.getStatus().scenariosDone).isEqualTo(3);
    assertThat(JSON.asJson(r)).doesNotContain("unreadable");
  }
}
