package dev.vtbench.engine.crd;

import dev.cel.runtime.CelEvaluationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Judges an object as the API server judges it on create: first the CRD's OpenAPI schema ({@link
 * SchemaWalker}), then, unless the schema found a blocking error (a wrong type, a missing required
 * field, a value too long, too many items, a value not in an enum: the API server's
 * hasBlockingErr), every {@code x-kubernetes-validations} rule with {@code self} the node it sits
 * on. Transition rules ({@code oldSelf}) do not apply to a new object. Each problem names the field
 * (the node's path plus the rule's {@code fieldPath}) and says what is allowed: the rule's {@code
 * message} or {@code messageExpression}, after the value itself where the rule sits on one.
 */
public final class CrdValidator {

  private static final Pattern OLD_SELF = Pattern.compile("\\boldSelf\\b");

  private static volatile CrdValidator benchmarkRun;

  private final Map<String, Object> schema;

  public CrdValidator(Map<String, Object> openApiV3Schema) {
    this.schema = openApiV3Schema;
  }

  /** The validator of the BenchmarkRun CRD on the classpath ({@link CrdSchema#RESOURCE}). */
  public static CrdValidator benchmarkRun() {
    CrdValidator v = benchmarkRun;
    if (v == null) {
      v = new CrdValidator(CrdSchema.openApiV3Schema());
      benchmarkRun = v;
    }
    return v;
  }

  /** Every problem of {@code object}, one line each ("spec.x.y: what is wrong"); empty if valid. */
  public List<String> validate(Map<String, Object> object) {
    return validate(object, rule -> true);
  }

  /**
   * As {@link #validate(Map)}, evaluating only the CEL rules {@code applies} accepts (by their
   * expression): a platform leaves out rules about the other platform's inputs.
   */
  public List<String> validate(Map<String, Object> object, Predicate<String> applies) {
    SchemaWalker walker = new SchemaWalker();
    walker.walk(schema, object, "");
    List<String> problems = new ArrayList<>();
    walker.findings.forEach(f -> problems.add(f.toString()));
    if (walker.findings.stream().anyMatch(SchemaWalker.Finding::blocksRules)) {
      return problems;
    }
    Set<String> found = new java.util.HashSet<>();
    walker.findings.forEach(f -> found.add(f.path()));
    for (SchemaWalker.RuleSite site : walker.sites) {
      for (Map<String, Object> rule : rules(site.schema())) {
        String expression = (String) rule.get("rule");
        if (!OLD_SELF.matcher(expression).find() && applies.test(expression)) {
          // a rule the value's own schema problem kept from evaluating says nothing more
          check(site, rule, expression, found.contains(site.path())).ifPresent(problems::add);
        }
      }
    }
    return problems;
  }

  /** Every rule expression of the schema, in document order (for tests and rule lists). */
  public Set<String> ruleExpressions() {
    Set<String> all = new java.util.LinkedHashSet<>();
    collect(schema, all);
    return all;
  }

  @SuppressWarnings("unchecked")
  private static void collect(Object node, Set<String> into) {
    if (node instanceof Map<?, ?> m) {
      if (m.get("x-kubernetes-validations") instanceof List<?> rules) {
        rules.forEach(r -> into.add((String) ((Map<String, Object>) r).get("rule")));
      }
      m.values().forEach(v -> collect(v, into));
    } else if (node instanceof List<?> l) {
      l.forEach(v -> collect(v, into));
    }
  }

  private static java.util.Optional<String> check(
      SchemaWalker.RuleSite site,
      Map<String, Object> rule,
      String expression,
      boolean schemaFoundIt) {
    String fieldPath = (String) rule.getOrDefault("fieldPath", "");
    String path = site.path() + fieldPath;
    if (path.startsWith(".")) {
      path = path.substring(1);
    }
    Object result;
    try {
      result = KubernetesCel.eval(expression, site.self());
    } catch (CelEvaluationException e) {
      if (schemaFoundIt) {
        return java.util.Optional.empty();
      }
      return java.util.Optional.of(
          path
              + ": "
              + message(site, rule, expression)
              + " (not evaluated: "
              + e.getMessage()
              + ")");
    }
    if (Boolean.TRUE.equals(result)) {
      return java.util.Optional.empty();
    }
    String shown =
        fieldPath.isEmpty() && isScalar(site.self()) ? SchemaWalker.show(site.self()) + " " : "";
    return java.util.Optional.of(at(path) + shown + message(site, rule, expression));
  }

  /** The rule's messageExpression, else its message, else the API server's "failed rule". */
  private static String message(
      SchemaWalker.RuleSite site, Map<String, Object> rule, String expression) {
    Object messageExpression = rule.get("messageExpression");
    if (messageExpression instanceof String e) {
      try {
        Object text = KubernetesCel.eval(e, site.self());
        if (text instanceof String s && !s.isBlank()) {
          return s;
        }
      } catch (CelEvaluationException ignored) {
        // the API server falls back to the message, as here
      }
    }
    Object message = rule.get("message");
    return message instanceof String s ? s : "failed rule: " + expression;
  }

  /** A rule on the root names its field in its message ("metadata.name must …"). */
  private static String at(String path) {
    return path.isEmpty() ? "" : path + ": ";
  }

  private static boolean isScalar(Object value) {
    return value instanceof String || value instanceof Number || value instanceof Boolean;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> rules(Map<String, Object> schema) {
    return (List<Map<String, Object>>) schema.get("x-kubernetes-validations");
  }
}
