package dev.vtbench.operator.gitops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The oracle's rules on hand-made objects, one per rule of cli-utils' checkGenericProperties and
 * checkReadyCondition, so a wrong oracle fails here; ArgoHealthTest and OperatorIT then apply it to
 * real statuses.
 */
class KStatusTest {

  static Map<String, Object> cr(Long generation, Map<String, Object> status) {
    Map<String, Object> metadata = new java.util.HashMap<>(Map.of("name", "x"));
    if (generation != null) {
      metadata.put("generation", generation);
    }
    Map<String, Object> obj = new java.util.HashMap<>();
    obj.put("kind", "BenchmarkRun");
    obj.put("metadata", metadata);
    if (status != null) {
      obj.put("status", status);
    }
    return obj;
  }

  static Map<String, Object> cond(String type, String status, String message) {
    return Map.of("type", type, "status", status, "reason", "R", "message", message);
  }

  static String of(Map<String, Object> obj) {
    return KStatus.compute(obj).status();
  }

  @Test
  @SuppressWarnings("unchecked")
  void theGenericRulesInTheirOrder() {
    assertThat(of(cr(1L, null))).as("no status at all").isEqualTo(KStatus.CURRENT);
    assertThat(of(cr(2L, Map.of("observedGeneration", 1))))
        .as("generation not observed")
        .isEqualTo(KStatus.IN_PROGRESS);
    Map<String, Object> deleting = cr(1L, null);
    ((Map<String, Object>) deleting.get("metadata"))
        .put("deletionTimestamp", "2026-11-22T00:00:00Z");
    assertThat(of(deleting)).isEqualTo(KStatus.TERMINATING);

    var reconciling = List.of(cond("Ready", "True", "r"), cond("Reconciling", "True", "busy"));
    KStatus.Result r =
        KStatus.compute(cr(1L, Map.of("observedGeneration", 1, "conditions", reconciling)));
    assertThat(r).isEqualTo(new KStatus.Result(KStatus.IN_PROGRESS, "busy"));

    var stalled = List.of(cond("Stalled", "True", "broke"), cond("Ready", "False", "r"));
    assertThat(KStatus.compute(cr(1L, Map.of("conditions", stalled))))
        .isEqualTo(new KStatus.Result(KStatus.FAILED, "broke"));

    assertThat(of(cr(1L, Map.of("conditions", List.of(cond("Ready", "False", "no"))))))
        .isEqualTo(KStatus.IN_PROGRESS);
    assertThat(of(cr(1L, Map.of("conditions", List.of(cond("Ready", "Unknown", "?"))))))
        .isEqualTo(KStatus.IN_PROGRESS);
    assertThat(of(cr(1L, Map.of("conditions", List.of(cond("Ready", "True", "ok"))))))
        .isEqualTo(KStatus.CURRENT);
    assertThat(
            of(
                cr(
                    1L,
                    Map.of(
                        "conditions",
                        List.of(
                            cond("Reconciling", "False", "done"), cond("Stalled", "False", ""))))))
        .as("False abnormal-true conditions and no Ready")
        .isEqualTo(KStatus.CURRENT);
  }
}
