package dev.vtbench.engine.crd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CRD's own rules through the validator: where they sit, what they say, when they run. */
class CrdValidatorTest {

  static final CrdValidator CRD = CrdValidator.benchmarkRun();

  static Map<String, Object> run(Map<String, Object> spec) {
    return Map.of("metadata", Map.of("name", "ok"), "spec", spec);
  }

  @Test
  void everyRuleOfTheShippedCrdCompilesAndCarriesAMessage() {
    assertThat(CRD.ruleExpressions()).hasSizeGreaterThan(60);
    CRD.ruleExpressions().forEach(KubernetesCel::program);
    List<Map<String, Object>> withoutMessage = new java.util.ArrayList<>();
    collectWithoutMessage(CrdSchema.openApiV3Schema(), withoutMessage);
    // "self == oldSelf" alone may say nothing more than the API server's own wording
    assertThat(withoutMessage).allMatch(r -> String.valueOf(r.get("rule")).contains("oldSelf"));
  }

  @SuppressWarnings("unchecked")
  private static void collectWithoutMessage(Object node, List<Map<String, Object>> into) {
    if (node instanceof Map<?, ?> m) {
      if (m.get("x-kubernetes-validations") instanceof List<?> rules) {
        rules.stream()
            .map(r -> (Map<String, Object>) r)
            .filter(r -> !r.containsKey("message") && !r.containsKey("messageExpression"))
            .forEach(into::add);
      }
      m.values().forEach(v -> collectWithoutMessage(v, into));
    } else if (node instanceof List<?> l) {
      l.forEach(v -> collectWithoutMessage(v, into));
    }
  }

  @Test
  void anEmptySpecIsValidAndTheRunsNameIsCheckedAtTheRoot() {
    assertThat(CRD.validate(run(Map.of()))).isEmpty();
    assertThat(CRD.validate(Map.of("metadata", Map.of("name", "Run"), "spec", Map.of())))
        .singleElement()
        .asString()
        .startsWith("metadata.name must start with a lower-case letter");
  }

  @Test
  void aRuleOnAValueShowsItAndTheCrdsMessage() {
    assertThat(CRD.validate(run(Map.of("workload", Map.of("endpoint", "index")))))
        .containsExactly(
            "spec.workload.endpoint: 'index' must be one of order-summary, downstream, db-sleep,"
                + " sleep, users");
  }

  @Test
  void fieldPathNamesTheFieldARuleOnTheSpecIsAbout() {
    Map<String, Object> spec =
        Map.of(
            "workload", Map.of("pathMode", "synchronized"),
            "matrix", Map.of("threadModes", List.of("platform", "reactive")));
    assertThat(CRD.validate(run(spec)))
        .singleElement()
        .asString()
        .startsWith("spec.workload.pathMode: synchronized has no reactive counterpart");
  }

  @Test
  void aBlockingSchemaErrorKeepsTheRulesFromRunningAsOnTheApiServer() {
    // a wrong type blocks: the endpoint's rule is not run
    Map<String, Object> spec =
        Map.of("load", Map.of("maxVUs", "many"), "workload", Map.of("endpoint", "index"));
    assertThat(CRD.validate(run(spec)))
        .singleElement()
        .asString()
        .startsWith("spec.load.maxVUs: 'many' must be an integer (Most VUs k6 may start");
  }

  @Test
  void theCallerChoosesWhichRulesApplyAndTransitionRulesNeverRunOnCreate() {
    Map<String, Object> spec = Map.of("thresholds", Map.of("baseline", Map.of("file", "base.csv")));
    assertThat(CRD.validate(run(spec)))
        .singleElement()
        .asString()
        .startsWith("spec.thresholds.baseline: set configMapRef");
    assertThat(CRD.validate(run(spec), rule -> !rule.contains("configMapRef"))).isEmpty();
  }
}
