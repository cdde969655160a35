package dev.vtbench.engine.crd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The OpenAPI part of the API server's judgement, one keyword at a time. */
class SchemaWalkerTest {

  static List<String> problems(String schemaJson, Object value) {
    return new CrdValidator(CrdSchema.fromJson(schemaJson)).validate(Map.of("f", value));
  }

  static String object(String property) {
    return "{\"type\": \"object\", \"properties\": {\"f\": " + property + "}}";
  }

  @Test
  void typesAreStrictAndNameTheField() {
    assertThat(problems(object("{\"type\": \"integer\"}"), "3"))
        .containsExactly("f: '3' must be an integer");
    assertThat(problems(object("{\"type\": \"integer\"}"), 3.5))
        .containsExactly("f: 3.5 must be an integer");
    assertThat(problems(object("{\"type\": \"string\"}"), 512))
        .containsExactly("f: 512 must be a string");
    assertThat(problems(object("{\"type\": \"boolean\"}"), "true"))
        .containsExactly("f: 'true' must be true or false");
    assertThat(problems(object("{\"type\": \"number\"}"), 2)).isEmpty();
    assertThat(problems(object("{\"type\": \"array\", \"items\": {\"type\": \"integer\"}}"), 1))
        .containsExactly("f: 1 must be a list");
  }

  @Test
  void intOrStringTakesEitherAndNothingElse() {
    String s = object("{\"x-kubernetes-int-or-string\": true, \"maxLength\": 3}");
    assertThat(problems(s, 4)).isEmpty();
    assertThat(problems(s, "500m"))
        .containsExactly("f: '500m' is 4 characters long; at most 3 allowed");
    assertThat(problems(s, 1.5)).containsExactly("f: 1.5 must be an integer or a string");
  }

  @Test
  void boundsLengthsCountsAndPatterns() {
    assertThat(problems(object("{\"type\": \"integer\", \"minimum\": 1.0, \"maximum\": 100.0}"), 0))
        .containsExactly("f: 0 must be from 1 to 100");
    assertThat(problems(object("{\"type\": \"number\", \"maximum\": 1.5}"), 2.0))
        .containsExactly("f: 2 must be at most 1.5");
    // characters, not bytes or UTF-16 units, as Kubernetes counts them
    assertThat(problems(object("{\"type\": \"string\", \"maxLength\": 2}"), "é😀")).isEmpty();
    assertThat(problems(object("{\"type\": \"string\", \"minLength\": 1}"), ""))
        .containsExactly("f: '' must be at least 1 character long");
    assertThat(
            problems(
                object("{\"type\": \"array\", \"maxItems\": 1, \"items\": {\"type\": \"string\"}}"),
                List.of("a", "b")))
        .containsExactly("f: 2 items; at most 1 allowed");
    assertThat(
            problems(
                object(
                    "{\"type\": \"object\", \"maxProperties\": 1,"
                        + " \"additionalProperties\": {\"type\": \"string\"}}"),
                Map.of("a", "1", "b", "2")))
        .containsExactly("f: 2 entries; at most 1 allowed");
    assertThat(
            problems(
                object(
                    "{\"type\": \"string\", \"pattern\": \"^[a-z]+$\","
                        + " \"description\": \"Lower case.\"}"),
                "A"))
        .containsExactly("f: 'A' must match ^[a-z]+$ (Lower case.)");
    assertThat(problems(object("{\"type\": \"string\", \"enum\": [\"a\", \"b\"]}"), "c"))
        .containsExactly("f: 'c' must be one of [a, b]");
  }

  @Test
  void unknownRequiredNullAndNestedPaths() {
    String s =
        "{\"type\": \"object\", \"required\": [\"r\"], \"properties\": {\"r\": {\"type\": \"string\"},"
            + " \"m\": {\"type\": \"object\", \"additionalProperties\": {\"type\": \"integer\"}},"
            + " \"l\": {\"type\": \"array\", \"items\": {\"type\": \"integer\"}}}}";
    CrdValidator v = new CrdValidator(CrdSchema.fromJson(s));
    java.util.Map<String, Object> value = new java.util.LinkedHashMap<>();
    value.put("x", 1);
    value.put("m", Map.of("k", "v"));
    value.put("l", java.util.Arrays.asList(1, null));
    assertThat(v.validate(value))
        .containsExactly(
            "x: unknown field; known fields: [r, m, l]",
            "m[k]: 'v' must be an integer",
            "l[1]: must not be null",
            "r: required");
  }

  @Test
  void defaultsAreFilledInBeforeTheRulesSeeThem() {
    SchemaWalker walker = new SchemaWalker();
    Object typed =
        walker.walk(
            CrdSchema.fromJson(
                "{\"type\": \"object\", \"properties\": {\"p\": {\"type\": \"boolean\","
                    + " \"default\": true}, \"n\": {\"type\": \"number\"}}}"),
            new java.util.HashMap<>(Map.of("n", 2)),
            "");
    assertThat(typed).isEqualTo(Map.of("p", true, "n", 2.0));
    assertThat(walker.findings).isEmpty();
  }
}
