package dev.vtbench.local.init;

import static org.assertj.core.api.Assertions.assertThat;

import dev.vtbench.local.init.ActuatorMappings.Endpoint;
import dev.vtbench.local.process.HttpJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The GET endpoints read from Actuator's mappings as recorded from examples/byo-orders and
 * examples/byo-clinic (Spring Boot 4.0.7, /actuator/mappings with mappings exposed), and from
 * handcrafted entries for what those two do not have.
 */
class ActuatorMappingsTest {

  static Map<String, Object> recorded(String name) throws IOException {
    try (InputStream in = ActuatorMappingsTest.class.getResourceAsStream(name)) {
      return HttpJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @Test
  void byoOrdersHasItsTwoGetsAndNothingOfActuatorOrTheErrorPage() throws IOException {
    var found = ActuatorMappings.of(recorded("orders-mappings.json"), "/actuator");
    assertThat(found.endpoints())
        .extracting(Endpoint::path)
        .containsExactly("/orders", "/orders/{id}");
    assertThat(found.endpoints().get(1).handler())
        .isEqualTo("com.example.orders.OrderController#order");
    assertThat(found.endpoints().get(1).variables()).containsExactly("id");
    assertThat(found.skipped()).isEmpty();
  }

  @Test
  void byoClinicHasItsPagesAndTheVetsJson() throws IOException {
    var found = ActuatorMappings.of(recorded("clinic-mappings.json"), "/actuator");
    assertThat(found.endpoints())
        .extracting(Endpoint::path)
        .containsExactly("/owners", "/owners/{id}", "/vets", "/vets.json");
  }

  static Map<String, Object> entry(String className, List<String> methods, List<String> patterns) {
    return entry(className, methods, patterns, List.of(), List.of());
  }

  static Map<String, Object> entry(
      String className,
      List<String> methods,
      List<String> patterns,
      List<Object> params,
      List<Object> headers) {
    return Map.of(
        "handler",
        className + "#h()",
        "details",
        Map.of(
            "handlerMethod",
            Map.of("className", className, "name", "h"),
            "requestMappingConditions",
            Map.of(
                "methods", methods,
                "patterns", patterns,
                "params", params,
                "headers", headers)));
  }

  static Map<String, Object> mappings(String kind, List<Object> entries) {
    return Map.of(
        "contexts",
        Map.of("app", Map.of("mappings", Map.of(kind, Map.of("dispatcherServlet", entries)))));
  }

  @Test
  void regexVariablesParamsAndHeadersBecomeTheRequestAndWildcardsAreSkipped() {
    var found =
        ActuatorMappings.of(
            mappings(
                "dispatcherServlets",
                List.of(
                    entry("a.B", List.of("GET"), List.of("/items/{id:\\d+}/parts/{partId}")),
                    entry("a.B", List.of("POST"), List.of("/items")),
                    entry("a.B", List.of(), List.of("/any")),
                    entry("a.B", List.of("GET"), List.of("/files/{*path}")),
                    entry("a.B", List.of("GET"), List.of("/docs/**")),
                    entry(
                        "a.B",
                        List.of("GET"),
                        List.of("/search"),
                        List.of(
                            Map.of("name", "v", "value", "2", "negated", false),
                            Map.of("name", "q", "negated", false)),
                        List.of(Map.of("name", "X-Api", "value", "1", "negated", false))),
                    entry(
                        "a.B",
                        List.of("GET"),
                        List.of("/legacy"),
                        List.of(Map.of("name", "old", "negated", true)),
                        List.of()),
                    entry("a.B", List.of("GET"), List.of("/actuator/info")),
                    entry("org.springframework.x.Y", List.of("GET"), List.of("/spring")))),
            "/actuator");

    assertThat(found.endpoints())
        .extracting(Endpoint::path)
        .containsExactly("/any", "/items/{id}/parts/{partId}", "/search?v=2&q={q}");
    assertThat(found.endpoints().get(2).headers()).containsEntry("X-Api", "1");
    assertThat(found.endpoints().get(2).variables()).containsExactly("q");
    assertThat(found.skipped())
        .extracting(ActuatorMappings.Skipped::reason)
        .containsExactly(
            "a catch-all path variable", "a wildcard pattern", "it needs a parameter to be absent");
  }

  @Test
  void webFluxHandlersCountToo() {
    var found =
        ActuatorMappings.of(
            mappings("dispatcherHandlers", List.of(entry("a.B", List.of("GET"), List.of("/x")))),
            "/actuator");
    assertThat(found.endpoints()).extracting(Endpoint::path).containsExactly("/x");
    assertThat(ActuatorMappings.isMappings(Map.of("status", "UP"))).isFalse();
  }
}
