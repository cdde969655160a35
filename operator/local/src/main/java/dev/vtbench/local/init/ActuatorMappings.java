package dev.vtbench.local.init;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GET endpoints of a Spring Boot service, read from Actuator's {@code mappings} endpoint
 * (Spring MVC's dispatcher servlets, WebFlux's dispatcher handlers): the service's own handlers
 * only, not Actuator's, the error page's, Spring's or static resources ({@code /**}). A pattern's
 * path variables ({@code {id}}, {@code {id:\d+}}) keep their names; a {@code params} condition
 * becomes part of the query.
 */
final class ActuatorMappings {

  private ActuatorMappings() {}

  /**
   * One GET endpoint: its path (with a query from its params condition), the handler that serves
   * it, the header values its headers condition demands.
   */
  record Endpoint(String path, String handler, Map<String, String> headers) {
    /** The {@code {name}} placeholders of the path, in order. */
    List<String> variables() {
      List<String> names = new ArrayList<>();
      Matcher m = VARIABLE.matcher(path);
      while (m.find()) {
        names.add(m.group(1));
      }
      return names;
    }
  }

  /** A skipped handler and why (the generated spec lists them as comments). */
  record Skipped(String pattern, String handler, String reason) {}

  /** What the mappings offer: the endpoints to send GETs to, and the handlers left out. */
  record Found(List<Endpoint> endpoints, List<Skipped> skipped) {}

  static final Pattern VARIABLE = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)\\}");

  /** {@code {name}} or {@code {name:regex}}; a catch-all {@code {*name}} is never a variable. */
  private static final Pattern SPRING_VARIABLE =
      Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)(?::[^{}]*(?:\\{[^{}]*\\}[^{}]*)*)?\\}");

  /**
   * The service's GET endpoints in {@code mappings} (the parsed body of {@code
   * <actuator>/mappings}), by path; {@code actuatorPath} is left out.
   */
  static Found of(Map<String, Object> mappings, String actuatorPath) {
    Map<String, Endpoint> endpoints = new TreeMap<>();
    List<Skipped> skipped = new ArrayList<>();
    for (Map<String, Object> entry : entries(mappings)) {
      Map<String, Object> details = map(entry.get("details"));
      Map<String, Object> method = map(details.get("handlerMethod"));
      Map<String, Object> conditions = map(details.get("requestMappingConditions"));
      String className = string(method.get("className"));
      if (className == null || conditions.isEmpty()) {
        continue; // static resources, functional routes without a handler method
      }
      String handler = className + "#" + string(method.get("name"));
      if (className.startsWith("org.springframework.")) {
        continue; // Actuator's own endpoints, the error page
      }
      List<String> methods = strings(conditions.get("methods"));
      if (!methods.isEmpty() && !methods.contains("GET")) {
        continue;
      }
      for (String pattern : strings(conditions.get("patterns"))) {
        if (pattern.equals(actuatorPath) || pattern.startsWith(actuatorPath + "/")) {
          continue;
        }
        String why = unusable(pattern);
        if (why != null) {
          skipped.add(new Skipped(pattern, handler, why));
          continue;
        }
        String path = SPRING_VARIABLE.matcher(pattern).replaceAll("{$1}");
        String query = query(list(conditions.get("params")));
        if (query == null) {
          skipped.add(new Skipped(pattern, handler, "it needs a parameter to be absent"));
          continue;
        }
        endpoints.putIfAbsent(
            path + query,
            new Endpoint(path + query, handler, headers(list(conditions.get("headers")))));
      }
    }
    return new Found(List.copyOf(endpoints.values()), skipped);
  }

  /** Why a pattern cannot be a request of the mix, or null when it can. */
  private static String unusable(String pattern) {
    if (pattern.contains("{*")) {
      return "a catch-all path variable";
    }
    if (pattern.contains("*")) {
      return "a wildcard pattern";
    }
    String rest = SPRING_VARIABLE.matcher(pattern).replaceAll("x");
    if (rest.contains("{") || rest.contains("}")) {
      return "a path variable vtbench cannot fill";
    }
    return null;
  }

  /**
   * The query a params condition demands ({@code ?a=1&b={b}}), empty without one, null when it
   * demands that a parameter be absent.
   */
  private static String query(List<Object> params) {
    StringBuilder q = new StringBuilder();
    for (Object o : params) {
      Map<String, Object> p = map(o);
      String name = string(p.get("name"));
      if (name == null || Boolean.TRUE.equals(p.get("negated"))) {
        return null;
      }
      String value = string(p.get("value"));
      q.append(q.isEmpty() ? "?" : "&")
          .append(name)
          .append('=')
          .append(value != null ? value : "{" + name + "}");
    }
    return q.toString();
  }

  private static Map<String, String> headers(List<Object> conditions) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Object o : conditions) {
      Map<String, Object> h = map(o);
      String name = string(h.get("name"));
      String value = string(h.get("value"));
      if (name != null && value != null && !Boolean.TRUE.equals(h.get("negated"))) {
        out.put(name, value);
      }
    }
    return out;
  }

  /** Every mapping entry of every context: Spring MVC's and WebFlux's. */
  private static List<Map<String, Object>> entries(Map<String, Object> mappings) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Object context : map(mappings.get("contexts")).values()) {
      Map<String, Object> m = map(map(context).get("mappings"));
      for (String kind : List.of("dispatcherServlets", "dispatcherHandlers")) {
        for (Object servlet : map(m.get(kind)).values()) {
          list(servlet).forEach(e -> out.add(map(e)));
        }
      }
    }
    return out;
  }

  /** Whether {@code mappings} is Actuator's mappings document at all. */
  static boolean isMappings(Map<String, Object> mappings) {
    return mappings.get("contexts") instanceof Map<?, ?>;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  @SuppressWarnings("unchecked")
  static List<Object> list(Object o) {
    return o instanceof List<?> l ? (List<Object>) l : List.of();
  }

  static String string(Object o) {
    return o instanceof String s ? s : null;
  }

  private static List<String> strings(Object o) {
    return list(o).stream().map(ActuatorMappings::string).filter(s -> s != null).toList();
  }
}
