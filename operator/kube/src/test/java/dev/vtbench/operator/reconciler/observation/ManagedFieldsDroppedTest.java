package dev.vtbench.operator.reconciler.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntryBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ManagedFieldsDroppedTest {

  @Test
  void keepsTheObjectWithoutItsManagedFields() {
    ManagedFieldsDropped<ConfigMap> store = new ManagedFieldsDropped<>();
    ConfigMap cm =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withName("r001-results")
            .withNamespace("ns1")
            .withResourceVersion("42")
            .withLabels(Map.of("vtbench.dev/run", "r001"))
            .withManagedFields(
                new ManagedFieldsEntryBuilder()
                    .withManager("vtbench-operator")
                    .withOperation("Apply")
                    .build())
            .endMetadata()
            .withData(Map.of("rows.csv", "a,b\n1,2\n"))
            .build();

    String key = store.getKey(cm);
    store.put(key, cm);

    assertEquals("ns1/r001-results", key);
    ConfigMap cached = store.get(key);
    assertNull(cached.getMetadata().getManagedFields(), "managedFields dropped");
    assertEquals("42", cached.getMetadata().getResourceVersion());
    assertEquals(Map.of("vtbench.dev/run", "r001"), cached.getMetadata().getLabels());
    assertEquals(Map.of("rows.csv", "a,b\n1,2\n"), cached.getData());
    assertEquals(List.of(key), store.keySet().toList());
    assertEquals(1, store.size());
    assertEquals(cached, store.remove(key));
    assertEquals(0, store.values().count());
  }
}
