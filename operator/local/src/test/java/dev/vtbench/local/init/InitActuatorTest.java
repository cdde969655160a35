package dev.vtbench.local.init;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.vtbench.local.init.InitSpecYaml.Downstream;
import dev.vtbench.local.process.HttpJson;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What init reads from Actuator besides mappings, on configprops recorded from the examples. */
class InitActuatorTest {

  @Test
  void theOtherServiceEachExampleCallsIsFoundInItsConfigProperties() throws IOException {
    assertThat(InitActuator.downstreams(ActuatorMappingsTest.recorded("orders-configprops.json")))
        .containsExactly(
            new Downstream(
                "shipping.quote-url", "SHIPPING_QUOTE_URL", "http://localhost:9000/downstream"));
    assertThat(InitActuator.downstreams(ActuatorMappingsTest.recorded("clinic-configprops.json")))
        .containsExactly(
            new Downstream(
                "insurance.quote-url", "INSURANCE_QUOTE_URL", "http://localhost:9000/downstream"));
  }

  @Test
  void aDatasourceInConfigpropsOrAPoolInMetricsMeansADatabase() throws IOException {
    assertThat(
            InitActuator.usesDatabase(
                Map.of(), ActuatorMappingsTest.recorded("orders-configprops.json")))
        .isTrue();
    assertThat(
            InitActuator.usesDatabase(Map.of("names", List.of("hikaricp.connections")), Map.of()))
        .isTrue();
    assertThat(InitActuator.usesDatabase(Map.of("names", List.of("jvm.info")), Map.of())).isFalse();
  }

  @Test
  void noActuatorIsRefusedNamingTheDependencyAndTheExposure() {
    assertThatThrownBy(() -> InitActuator.exposed("app.jar", "/actuator", 404, Map.of()))
        .isInstanceOf(InitTarget.Refused.class)
        .hasMessageContaining("no Spring Boot Actuator at /actuator (GET answered 404)")
        .hasMessageContaining("org.springframework.boot:spring-boot-starter-actuator")
        .hasMessageContaining("management.endpoints.web.exposure.include: health,metrics,mappings");
  }

  @Test
  void actuatorWithoutMappingsIsRefusedNamingWhatToAdd() {
    Map<String, Object> root =
        HttpJson.parse(
            "{\"_links\": {\"self\": {}, \"health\": {}, \"metrics\": {},"
                + " \"metrics-requiredMetricName\": {\"templated\": true}}}");
    assertThatThrownBy(() -> InitActuator.exposed("http://x", "/actuator", 200, root))
        .isInstanceOf(InitTarget.Refused.class)
        .hasMessageContaining("does not expose the mappings endpoint (it lists health, metrics)")
        .hasMessageContaining("add mappings to management.endpoints.web.exposure.include")
        .hasMessageContaining("MANAGEMENT_ENDPOINTS_WEB_EXPOSURE_INCLUDE=health,metrics,mappings");
    assertThat(
            InitActuator.exposed(
                "http://x", "/actuator", 200, Map.of("_links", Map.of("mappings", Map.of()))))
        .containsExactly("mappings");
  }

  @Test
  void theRunGetsMetricsExposedWhenTheServiceItselfDoesNot() {
    assertThat(InitActuator.runEnv("health,metrics")).isEmpty();
    assertThat(InitActuator.runEnv("*")).isEmpty();
    assertThat(InitActuator.runEnv(null))
        .containsEntry(InitActuator.EXPOSURE_ENV, "health,metrics");
    assertThat(InitActuator.runEnv("info"))
        .containsEntry(InitActuator.EXPOSURE_ENV, "info,health,metrics");
  }

  @Test
  void theServicesOwnExposureIsTheFirstSourceOtherThanTheEnvironment() {
    Map<String, Object> env =
        Map.of(
            "propertySources",
            List.of(
                Map.of("name", "server.ports"),
                Map.of("name", "systemEnvironment", "property", Map.of("value", "health,mappings")),
                Map.of(
                    "name",
                    "Config resource 'class path resource [application.yaml]'",
                    "property",
                    Map.of("value", "health,metrics"))));
    assertThat(InitActuator.ownExposure(env)).isEqualTo("health,metrics");
    assertThat(InitActuator.ownExposure(Map.of())).isNull();
    assertThat(InitActuator.envName("a.b-c.d-url")).isEqualTo("A_B_C_D_URL");
  }
}
