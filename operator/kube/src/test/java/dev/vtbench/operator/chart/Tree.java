package dev.vtbench.operator.chart;

import java.util.List;
import java.util.Map;

/**
 * Reads a path in a decoded YAML or JSON tree: a missing key gives an empty map or list, as the
 * chart checks treat an absent section like an empty one.
 */
final class Tree {

  private Tree() {}

  static Object at(Object node, String... path) {
    Object o = node;
    for (String step : path) {
      if (!(o instanceof Map<?, ?> m)) {
        return null;
      }
      o = m.get(step);
    }
    return o;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object node, String... path) {
    return at(node, path) instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object node, String... path) {
    return at(node, path) instanceof List<?> l ? (List<Object>) l : List.of();
  }

  /** The maps of a list, e.g. the containers of a pod spec. */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> maps(Object node, String... path) {
    return list(node, path).stream()
        .filter(Map.class::isInstance)
        .map(o -> (Map<String, Object>) o)
        .toList();
  }

  static String str(Object node, String... path) {
    Object o = at(node, path);
    return o == null ? null : String.valueOf(o);
  }
}
