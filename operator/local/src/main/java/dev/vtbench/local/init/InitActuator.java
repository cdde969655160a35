package dev.vtbench.local.init;

import static dev.vtbench.local.init.ActuatorMappings.list;
import static dev.vtbench.local.init.ActuatorMappings.map;
import static dev.vtbench.local.init.ActuatorMappings.string;

import dev.vtbench.local.init.InitSpecYaml.Downstream;
import dev.vtbench.local.process.HttpJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * What {@code vtbench init} reads from a service's Spring Boot Actuator besides its mappings: which
 * endpoints are exposed (a refusal saying what to add when mappings is not), the URLs of other
 * services in its configuration properties (a candidate for the stub), whether it has a JDBC pool,
 * and which endpoints its own configuration exposes (the run needs metrics).
 */
final class InitActuator {

  /** The variable that exposes Actuator's endpoints; the run needs health and metrics. */
  static final String EXPOSURE_ENV = "MANAGEMENT_ENDPOINTS_WEB_EXPOSURE_INCLUDE";

  static final String EXPOSURE_PROPERTY = "management.endpoints.web.exposure.include";

  private InitActuator() {}

  /**
   * The endpoints Actuator's root lists at {@code actuatorPath} (a GET answering {@code status}
   * with {@code body}), e.g. [health, metrics, mappings].
   *
   * @throws InitTarget.Refused when Actuator is absent or does not expose mappings, saying what to
   *     add
   */
  static List<String> exposed(
      String where, String actuatorPath, int status, Map<String, Object> body) {
    Map<String, Object> links = map(body.get("_links"));
    if (status != 200 || links.isEmpty()) {
      throw new InitTarget.Refused(
          where
              + " has no Spring Boot Actuator at "
              + actuatorPath
              + " (GET answered "
              + (status == 0 ? "nothing" : Integer.toString(status))
              + "): vtbench init reads the service's endpoints from Actuator's mappings. Add"
              + " the dependency org.springframework.boot:spring-boot-starter-actuator and"
              + " expose the endpoints, e.g. in application.yaml: "
              + EXPOSURE_PROPERTY
              + ": health,metrics,mappings (or "
              + EXPOSURE_ENV
              + "=health,metrics,mappings); a base path other than /actuator: pass"
              + " --actuator-path");
    }
    // a templated link (health-path, metrics-requiredMetricName) is a sub-path of an endpoint
    List<String> names =
        links.entrySet().stream()
            .filter(e -> !Boolean.TRUE.equals(map(e.getValue()).get("templated")))
            .map(Map.Entry::getKey)
            .toList();
    if (!names.contains("mappings")) {
      throw new InitTarget.Refused(
          where
              + "'s Actuator does not expose the mappings endpoint (it lists "
              + String.join(", ", names.stream().filter(n -> !n.equals("self")).toList())
              + "): add mappings to "
              + EXPOSURE_PROPERTY
              + ", e.g. "
              + EXPOSURE_PROPERTY
              + ": health,metrics,mappings in application.yaml, or "
              + EXPOSURE_ENV
              + "=health,metrics,mappings in its environment");
    }
    return names;
  }

  /**
   * Configuration properties of the service's own (not spring.*, management.*, server.*) whose name
   * ends in url or uri and whose value is an http(s) URL: another service it calls, which vtbench's
   * stub can stand in for. {@code configprops} is the parsed configprops document.
   */
  static List<Downstream> downstreams(Map<String, Object> configprops) {
    List<Downstream> out = new ArrayList<>();
    for (Object context : map(configprops.get("contexts")).values()) {
      for (Object bean : map(map(context).get("beans")).values()) {
        String prefix = string(map(bean).get("prefix"));
        if (prefix == null || prefix.matches("(spring|management|server|logging)(\\..*)?")) {
          continue;
        }
        walk(prefix, map(map(bean).get("properties")), out);
      }
    }
    return out;
  }

  private static void walk(String prefix, Map<String, Object> props, List<Downstream> out) {
    props.forEach(
        (key, value) -> {
          String property = prefix + "." + kebab(key);
          if (value instanceof Map<?, ?>) {
            walk(property, map(value), out);
          } else if (value instanceof String s
              && key.toLowerCase(Locale.ROOT).matches(".*(url|uri)")
              && s.matches("https?://\\S+")
              && out.stream().noneMatch(d -> d.property().equals(property))) {
            out.add(new Downstream(property, envName(property), s));
          }
        });
  }

  /** camelCase → kebab-case, as Spring Boot names a property: quoteUrl → quote-url. */
  static String kebab(String key) {
    return key.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
  }

  /**
   * A property as its environment variable (relaxed binding): shipping.quote-url →
   * SHIPPING_QUOTE_URL.
   */
  static String envName(String property) {
    return property.replaceAll("[.\\-\\[\\]]+", "_").replaceAll("_+$", "").toUpperCase(Locale.ROOT);
  }

  /**
   * Whether the service has a JDBC pool: Actuator's metrics name one, or configprops a datasource.
   */
  static boolean usesDatabase(Map<String, Object> metrics, Map<String, Object> configprops) {
    if (list(metrics.get("names")).stream()
        .anyMatch(n -> "hikaricp.connections".equals(n) || "jdbc.connections.active".equals(n))) {
      return true;
    }
    for (Object context : map(configprops.get("contexts")).values()) {
      if (map(map(context).get("beans")).keySet().stream().anyMatch(b -> b.equals("dataSource"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The exposure the service's own configuration sets ({@code /actuator/env/<property>}: the first
   * source other than the environment init set it in), or null when it sets none (Spring Boot then
   * exposes health only).
   */
  static String ownExposure(Map<String, Object> envProperty) {
    for (Object source : list(envProperty.get("propertySources"))) {
      String name = string(map(source).get("name"));
      Object value = map(map(source).get("property")).get("value");
      if (name != null && !name.equals("systemEnvironment") && value instanceof String s) {
        return s;
      }
    }
    return null;
  }

  /**
   * The variables the run needs for the service to offer what vtbench reads: Actuator's metrics,
   * added to {@code own} (the service's own exposure, null for Spring Boot's default: health) when
   * it lacks them; empty when it has them.
   */
  static Map<String, String> runEnv(String own) {
    String include = own == null ? "health" : own.replace(" ", "");
    List<String> ids = List.of(include.split(","));
    if (ids.contains("*") || ids.contains("metrics")) {
      return Map.of();
    }
    String with = (ids.contains("health") ? include : include + ",health") + ",metrics";
    return Map.of(EXPOSURE_ENV, with.replaceAll("^,", ""));
  }

  /** The parsed JSON of {@code path}, empty when it answers no JSON object. */
  static Map<String, Object> read(Function<String, HttpJson.Response> get, String path) {
    try {
      HttpJson.Response r = get.apply(path);
      return r.status() == 200 ? r.json() : Map.of();
    } catch (RuntimeException e) {
      return Map.of();
    }
  }
}
