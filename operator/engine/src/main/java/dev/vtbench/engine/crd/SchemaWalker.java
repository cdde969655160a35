package dev.vtbench.engine.crd;

import com.google.re2j.Pattern;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a value against a structural OpenAPI v3 schema node by node, as the API server does before
 * it runs any CEL rule: type, int-or-string, required, unknown fields, defaults, pattern (RE2, as
 * Go's regexp), string length in characters, minimum and maximum, item and property counts, enum.
 * It returns the value typed as CEL sees it (integers as {@code Long}, numbers as {@code Double},
 * defaults filled in) and lists every node that carries {@code x-kubernetes-validations}.
 */
final class SchemaWalker {

  /** One thing wrong at {@code path}; {@code blocksRules} as the API server's hasBlockingErr. */
  record Finding(String path, String message, boolean blocksRules) {
    @Override
    public String toString() {
      return path + ": " + message;
    }
  }

  /** A node with CEL rules, and the typed value its {@code self} is. */
  record RuleSite(String path, Map<String, Object> schema, Object self) {}

  /** What the API server allows at the root besides the schema's own properties. */
  private static final Set<String> ROOT_FIELDS = Set.of("apiVersion", "kind", "metadata");

  final List<Finding> findings = new ArrayList<>();
  final List<RuleSite> sites = new ArrayList<>();

  /** {@code value} checked against {@code schema} at {@code path} ("" for the root). */
  Object walk(Map<String, Object> schema, Object value, String path) {
    Object typed = typed(schema, value, path);
    if (typed != null && schema.containsKey("x-kubernetes-validations")) {
      sites.add(new RuleSite(path, schema, typed));
    }
    return typed;
  }

  private Object typed(Map<String, Object> schema, Object value, String path) {
    if (value == null) {
      if (!Boolean.TRUE.equals(schema.get("nullable"))) {
        block(path, "must not be null");
      }
      return null;
    }
    if (Boolean.TRUE.equals(schema.get("x-kubernetes-int-or-string"))) {
      if (value instanceof String s) {
        return string(schema, s, path);
      }
      if (isInteger(value)) {
        return integer(schema, value, path);
      }
      return wrongType(schema, value, path, "an integer or a string");
    }
    String type = (String) schema.get("type");
    if (type == null) {
      return value;
    }
    return switch (type) {
      case "object" ->
          value instanceof Map<?, ?> m
              ? object(schema, m, path)
              : wrongType(schema, value, path, "an object");
      case "array" ->
          value instanceof List<?> l
              ? array(schema, l, path)
              : wrongType(schema, value, path, "a list");
      case "string" ->
          value instanceof String s
              ? string(schema, s, path)
              : wrongType(schema, value, path, "a string");
      case "integer" ->
          isInteger(value)
              ? integer(schema, value, path)
              : wrongType(schema, value, path, "an integer");
      case "number" ->
          value instanceof Number n
              ? number(schema, n.doubleValue(), path)
              : wrongType(schema, value, path, "a number");
      case "boolean" ->
          value instanceof Boolean ? value : wrongType(schema, value, path, "true or false");
      default -> value;
    };
  }

  @SuppressWarnings("unchecked")
  private Object object(Map<String, Object> schema, Map<?, ?> value, String path) {
    Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
    Object additional = schema.get("additionalProperties");
    Map<String, Object> typed = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : value.entrySet()) {
      String key = String.valueOf(e.getKey());
      if (properties != null && properties.containsKey(key)) {
        if (e.getValue() != null) { // the API server prunes a null where none is allowed
          put(
              typed,
              key,
              walk((Map<String, Object>) properties.get(key), e.getValue(), child(path, key)));
        }
      } else if (additional instanceof Map<?, ?> items) {
        put(typed, key, walk((Map<String, Object>) items, e.getValue(), path + "[" + key + "]"));
      } else if (path.isEmpty() && ROOT_FIELDS.contains(key)) {
        typed.put(key, e.getValue());
      } else if (!Boolean.TRUE.equals(schema.get("x-kubernetes-preserve-unknown-fields"))) {
        findings.add(
            new Finding(
                child(path, key),
                "unknown field; known fields: "
                    + (properties == null ? "none" : properties.keySet()),
                false));
      }
    }
    if (properties != null) {
      properties.forEach(
          (key, property) -> {
            Object fallback = ((Map<String, Object>) property).get("default");
            if (fallback != null && value.get(key) == null) {
              put(typed, key, walk((Map<String, Object>) property, fallback, child(path, key)));
            }
          });
    }
    List<String> required = (List<String>) schema.getOrDefault("required", List.of());
    for (String key : required) {
      if (!typed.containsKey(key)) {
        block(child(path, key), "required");
      }
    }
    count(schema, value.size(), path, "minProperties", "maxProperties", "entries");
    return typed;
  }

  @SuppressWarnings("unchecked")
  private Object array(Map<String, Object> schema, List<?> value, String path) {
    Map<String, Object> items = (Map<String, Object>) schema.get("items");
    List<Object> typed = new ArrayList<>(value.size());
    for (int i = 0; i < value.size(); i++) {
      typed.add(items == null ? value.get(i) : walk(items, value.get(i), path + "[" + i + "]"));
    }
    count(schema, value.size(), path, "minItems", "maxItems", "items");
    return typed;
  }

  private Object string(Map<String, Object> schema, String value, String path) {
    int length = value.codePointCount(0, value.length());
    Number min = (Number) schema.get("minLength");
    Number max = (Number) schema.get("maxLength");
    if (max != null && length > max.longValue()) {
      block(path, show(value) + " is " + length + " characters long; at most " + max + " allowed");
    } else if (min != null && length < min.longValue()) {
      add(
          path,
          show(value)
              + " must be at least "
              + min
              + " character"
              + (min.longValue() == 1 ? "" : "s")
              + " long");
    }
    String pattern = (String) schema.get("pattern");
    if (pattern != null && !Pattern.compile(pattern).matcher(value).find()) {
      add(path, show(value) + " must match " + pattern + described(schema));
    }
    enumeration(schema, value, path);
    return value;
  }

  private Object integer(Map<String, Object> schema, Object value, String path) {
    long n = ((Number) value).longValue();
    bounds(schema, n, path, String.valueOf(n));
    enumeration(schema, n, path);
    return n;
  }

  private Object number(Map<String, Object> schema, double n, String path) {
    bounds(schema, n, path, plain(n));
    enumeration(schema, n, path);
    return n;
  }

  private void bounds(Map<String, Object> schema, double n, String path, String shown) {
    Number min = (Number) schema.get("minimum");
    Number max = (Number) schema.get("maximum");
    boolean low =
        min != null
            && (Boolean.TRUE.equals(schema.get("exclusiveMinimum"))
                ? n <= min.doubleValue()
                : n < min.doubleValue());
    boolean high =
        max != null
            && (Boolean.TRUE.equals(schema.get("exclusiveMaximum"))
                ? n >= max.doubleValue()
                : n > max.doubleValue());
    if (low || high) {
      String range =
          min != null && max != null
              ? "from " + plain(min.doubleValue()) + " to " + plain(max.doubleValue())
              : low
                  ? "at least " + plain(min.doubleValue())
                  : "at most " + plain(max.doubleValue());
      add(path, shown + " must be " + range);
    }
  }

  @SuppressWarnings("unchecked")
  private void enumeration(Map<String, Object> schema, Object value, String path) {
    List<Object> allowed = (List<Object>) schema.get("enum");
    if (allowed != null
        && allowed.stream().noneMatch(a -> String.valueOf(a).equals(String.valueOf(value)))) {
      block(path, show(value) + " must be one of " + allowed);
    }
  }

  private void count(
      Map<String, Object> schema,
      int size,
      String path,
      String minKey,
      String maxKey,
      String what) {
    Number min = (Number) schema.get(minKey);
    Number max = (Number) schema.get(maxKey);
    if (max != null && size > max.longValue()) {
      block(path, size + " " + what + "; at most " + max + " allowed");
    } else if (min != null && size < min.longValue()) {
      add(path, size + " " + what + "; at least " + min + " needed");
    }
  }

  private Object wrongType(Map<String, Object> schema, Object value, String path, String expected) {
    block(path, show(value) + " must be " + expected + described(schema));
    return null;
  }

  private static void put(Map<String, Object> typed, String key, Object value) {
    if (value != null) {
      typed.put(key, value);
    }
  }

  private void add(String path, String message) {
    findings.add(new Finding(path, message, false));
  }

  private void block(String path, String message) {
    findings.add(new Finding(path, message, true));
  }

  private static boolean isInteger(Object value) {
    return value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof BigInteger
        || (value instanceof BigDecimal d && d.scale() <= 0);
  }

  static String child(String path, String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  private static String described(Map<String, Object> schema) {
    Object description = schema.get("description");
    return description == null ? "" : " (" + description + ")";
  }

  /** A value as a message shows it: text quoted and cut at 80 characters. */
  static String show(Object value) {
    if (!(value instanceof String s)) {
      return value instanceof Double d ? plain(d) : String.valueOf(value);
    }
    return "'"
        + (s.length() > 80 ? s.substring(0, 60) + "…' (" + s.length() + " characters)" : s + "'");
  }

  private static String plain(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e18 ? String.valueOf((long) d) : String.valueOf(d);
  }
}
